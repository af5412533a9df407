import Platform

/// Maps's service, as the app and the other features see it.
public protocol MapsService: AnyObject, Sendable {
  func summary() -> String
}

/// Maps's implementation, internal to the module: its graph file builds it.
final class DefaultMapsService: MapsService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "maps@\(http.host)" }
}
