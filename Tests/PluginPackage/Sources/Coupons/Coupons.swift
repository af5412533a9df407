import Checkout
import Platform

/// Coupons's service, as the app and the other features see it.
public protocol CouponsService: AnyObject, Sendable {
  func summary() -> String
}

/// Coupons's implementation, internal to the module: its graph file builds it.
final class DefaultCouponsService: CouponsService {
  let http: any HTTPClient
  let log: any Logging
  let checkout: any CheckoutService
  init(http: any HTTPClient, log: any Logging, checkout: any CheckoutService) {
    self.http = http
    self.log = log
    self.checkout = checkout
  }
  func summary() -> String { "coupons@\(http.host)" + "+" + checkout.summary() }
}
