import Platform

/// Billing's service, as the app and the other features see it.
public protocol BillingService: AnyObject, Sendable {
  func summary() -> String
}

/// Billing's implementation, internal to the module: its graph file builds it.
final class DefaultBillingService: BillingService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "billing@\(http.host)" }
}
