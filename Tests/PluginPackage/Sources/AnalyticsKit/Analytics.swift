import NetworkKit

// A feature module built by a public factory object over internal implementations; it needs an
// HTTP client from whoever wires it.

public protocol Tracking: Sendable {
  var screen: String { get }
  var endpoint: String { get }
}

public final class AnalyticsFactory: Sendable {
  let client: any HTTPClient
  public init(client: any HTTPClient) { self.client = client }

  public func makeTracker(screen: String) -> any Tracking {
    ScreenTracker(screen: screen, endpoint: client.get("/events"))
  }

  public func makeSessionLog(name: String) -> SessionLog {
    SessionLog(name: name, endpoint: client.get("/sessions"))
  }
}

/// A log of the app's session, made once by a factory that is made anew each time.
public final class SessionLog: Sendable {
  public let name: String
  public let endpoint: String
  init(name: String, endpoint: String) {
    self.name = name
    self.endpoint = endpoint
  }
}

struct ScreenTracker: Tracking {
  let screen: String
  let endpoint: String
}
