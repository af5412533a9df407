import Platform

/// Settings's service, as the app and the other features see it.
public protocol SettingsService: AnyObject, Sendable {
  func summary() -> String
}

/// Settings's implementation, internal to the module: its graph file builds it.
final class DefaultSettingsService: SettingsService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "settings@\(http.host)" }
}
