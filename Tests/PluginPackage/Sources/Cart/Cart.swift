import Billing
import Platform

/// Cart's service, as the app and the other features see it.
public protocol CartService: AnyObject, Sendable {
  func summary() -> String
}

/// Cart's implementation, internal to the module: its graph file builds it.
final class DefaultCartService: CartService {
  let http: any HTTPClient
  let log: any Logging
  let billing: any BillingService
  init(http: any HTTPClient, log: any Logging, billing: any BillingService) {
    self.http = http
    self.log = log
    self.billing = billing
  }
  func summary() -> String { "cart@\(http.host)" + "+" + billing.summary() }
}
