import AlertsKit
import AnalyticsKit
import NetworkKit
import ProfileFeature
import StorageKit

let container = MainContainer(externals: .init(appClock: AppClock(now: 7)))
let home = container.home
print("alert: \(home.alert.title)")
print("made by the one factory: \(home.alert.factoryID == ObjectIdentifier(container.alertFactory))")
print("sound: \(home.sound.name), shared: \(home.sound === AlertSound.standard)")
print("scanner: \(home.scanner.name)")
print("receipts: \(container.receipts.name)")
print("clock: \(home.clock.now)")
await showProfile(of: container)

/// The profile screen is main-actor through its UIKit-style superclass, so its accessor is too.
@MainActor func showProfile(of container: MainContainer) async {
  let profile = container.profile
  print("\(profile.title), shared store: \(profile.store === StorageModule.shared)")
  print("one client: \(profile.client === container.httpClient), tracker: \(profile.tracker.endpoint)")
  let dev = MainContainer(environment: .dev, externals: .init(appClock: AppClock(now: 8)))
  print("dev: \(dev.profile.tracker.endpoint)")
  print(
    "session log: \(container.sessionLog.endpoint), one: \(container.sessionLog === container.sessionLog), "
      + "dev: \(dev.sessionLog.endpoint)")
}
