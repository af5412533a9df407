import AlertsKit

final class Logger: Logging {
  func log(_ message: String) {}
}
