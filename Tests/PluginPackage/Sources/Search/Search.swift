import Platform

/// Search's service, as the app and the other features see it.
public protocol SearchService: AnyObject, Sendable {
  func summary() -> String
}

/// Search's implementation, internal to the module: its graph file builds it.
final class DefaultSearchService: SearchService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "search@\(http.host)" }
}
