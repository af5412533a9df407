import Platform

/// Orders's service, as the app and the other features see it.
public protocol OrdersService: AnyObject, Sendable {
  func summary() -> String
}

/// Orders's implementation, internal to the module: its graph file builds it.
final class DefaultOrdersService: OrdersService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "orders@\(http.host)" }
}
