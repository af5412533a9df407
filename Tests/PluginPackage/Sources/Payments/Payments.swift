import Orders
import Platform

/// Payments's service, as the app and the other features see it.
public protocol PaymentsService: AnyObject, Sendable {
  func summary() -> String
}

/// Payments's implementation, internal to the module: its graph file builds it.
final class DefaultPaymentsService: PaymentsService {
  let http: any HTTPClient
  let log: any Logging
  let orders: any OrdersService
  init(http: any HTTPClient, log: any Logging, orders: any OrdersService) {
    self.http = http
    self.log = log
    self.orders = orders
  }
  func summary() -> String { "payments@\(http.host)" + "+" + orders.summary() }
}
