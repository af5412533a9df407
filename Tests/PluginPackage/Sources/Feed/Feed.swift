import Platform

/// Feed's service, as the app and the other features see it.
public protocol FeedService: AnyObject, Sendable {
  func summary() -> String
}

/// Feed's implementation, internal to the module: its graph file builds it.
final class DefaultFeedService: FeedService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "feed@\(http.host)" }
}
