import AlertsKit
import Foundation
import ScannerSDK

final class PrintLogger: Logging {
  func log(_ message: String) { print("log: \(message)") }
}

final class SilentLogger: Logging {
  func log(_ message: String) {}
}

/// A screen of the app, wired from three modules: an alert its module's factory object builds, a
/// shared instance of that module, and the SDK's shared scanner.
final class HomeScreen: Sendable {
  let alert: any Alerting
  let sound: AlertSound
  let scanner: any ForegroundScanning
  let clock: AppClock

  init(alert: any Alerting, sound: AlertSound, scanner: any ForegroundScanning, clock: AppClock) {
    self.alert = alert
    self.sound = sound
    self.scanner = scanner
    self.clock = clock
  }
}

/// What the app supplies when it creates the container; services take it by its type.
struct AppClock: Sendable {
  var now: Double
}
