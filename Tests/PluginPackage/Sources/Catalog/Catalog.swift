import Platform

/// Catalog's service, as the app and the other features see it.
public protocol CatalogService: AnyObject, Sendable {
  func summary() -> String
}

/// Catalog's implementation, internal to the module: its graph file builds it.
final class DefaultCatalogService: CatalogService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "catalog@\(http.host)" }
}
