import Platform

/// Auth's service, as the app and the other features see it.
public protocol AuthService: AnyObject, Sendable {
  func summary() -> String
}

/// Auth's implementation, internal to the module: its graph file builds it.
final class DefaultAuthService: AuthService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "auth@\(http.host)" }
}
