import AnalyticsKit

final class UsageReport: Sendable {
  let tracker: any Tracking
  init(tracker: any Tracking) { self.tracker = tracker }
}
