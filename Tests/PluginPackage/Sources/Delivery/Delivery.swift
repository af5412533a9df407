import Platform

/// Delivery's service, as the app and the other features see it.
public protocol DeliveryService: AnyObject, Sendable {
  func summary() -> String
}

/// Delivery's implementation, internal to the module: its graph file builds it.
final class DefaultDeliveryService: DeliveryService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "delivery@\(http.host)" }
}
