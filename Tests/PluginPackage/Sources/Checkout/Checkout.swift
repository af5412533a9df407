import Platform

/// Checkout's service, as the app and the other features see it.
public protocol CheckoutService: AnyObject, Sendable {
  func summary() -> String
}

/// Checkout's implementation, internal to the module: its graph file builds it.
final class DefaultCheckoutService: CheckoutService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "checkout@\(http.host)" }
}
