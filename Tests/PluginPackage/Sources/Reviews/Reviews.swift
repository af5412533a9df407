import Platform

/// Reviews's service, as the app and the other features see it.
public protocol ReviewsService: AnyObject, Sendable {
  func summary() -> String
}

/// Reviews's implementation, internal to the module: its graph file builds it.
final class DefaultReviewsService: ReviewsService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "reviews@\(http.host)" }
}
