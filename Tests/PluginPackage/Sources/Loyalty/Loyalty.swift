import Platform

/// Loyalty's service, as the app and the other features see it.
public protocol LoyaltyService: AnyObject, Sendable {
  func summary() -> String
}

/// Loyalty's implementation, internal to the module: its graph file builds it.
final class DefaultLoyaltyService: LoyaltyService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "loyalty@\(http.host)" }
}
