import AlertsKit

final class QuietLogger: Logging {
  func log(_ message: String) {}
}

final class WelcomeBanner {
  let alert: any Alerting
  init(alert: any Alerting) { self.alert = alert }
}
