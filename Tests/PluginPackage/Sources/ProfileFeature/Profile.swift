import AlertsKit
import AnalyticsKit
import NetworkKit
import ScreensKit
import StorageKit

/// A feature's screen: main-actor through its superclass, built from four modules' services.
public final class ProfileController: ScreenController {
  public let client: any HTTPClient
  public let store: any KeyValueStore
  public let tracker: any Tracking
  public let alert: any Alerting

  public init(client: any HTTPClient, store: any KeyValueStore, tracker: any Tracking, alert: any Alerting) {
    self.client = client
    self.store = store
    self.tracker = tracker
    self.alert = alert
    super.init()
  }

  public override var title: String { "profile of \(store.value(for: "user") ?? "nobody")" }
}
