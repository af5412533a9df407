import AlertsKit

final class AlertBanner {
  let alert: any Alerting
  init(alert: any Alerting) { self.alert = alert }
}
