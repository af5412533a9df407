// What every feature module of the suite takes: a client and a log, behind public protocols.

public protocol HTTPClient: AnyObject, Sendable {
  var host: String { get }
}

public protocol Logging: AnyObject, Sendable {
  func log(_ message: String)
}

public final class SessionClient: HTTPClient {
  public let host: String
  public init(host: String) { self.host = host }
}

public final class MemoryLog: Logging {
  public init() {}
  public func log(_ message: String) {}
}
