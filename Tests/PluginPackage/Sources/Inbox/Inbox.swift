import Feed
import Platform

/// Inbox's service, as the app and the other features see it.
public protocol InboxService: AnyObject, Sendable {
  func summary() -> String
}

/// Inbox's implementation, internal to the module: its graph file builds it.
final class DefaultInboxService: InboxService {
  let http: any HTTPClient
  let log: any Logging
  let feed: any FeedService
  init(http: any HTTPClient, log: any Logging, feed: any FeedService) {
    self.http = http
    self.log = log
    self.feed = feed
  }
  func summary() -> String { "inbox@\(http.host)" + "+" + feed.summary() }
}
