// A layer module: a public protocol and an internal implementation, which the graph file names and
// the module's generated code builds; a public way in for code wired by hand.

public protocol HTTPClient: AnyObject, Sendable {
  var baseURL: String { get }
  func get(_ path: String) -> String
}

final class DefaultHTTPClient: HTTPClient {
  let baseURL: String
  let retries: UInt8
  init(baseURL: String, retries: UInt8 = 1) {
    self.baseURL = baseURL
    self.retries = retries
  }
  func get(_ path: String) -> String { baseURL + path }
}

/// The module's public way in: it builds its internal client.
public enum NetworkModule {
  public static let name = "network"
  public static func makeClient(baseURL: String) -> any HTTPClient { DefaultHTTPClient(baseURL: baseURL) }
}
