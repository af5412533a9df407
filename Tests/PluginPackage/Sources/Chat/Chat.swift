import Platform

/// Chat's service, as the app and the other features see it.
public protocol ChatService: AnyObject, Sendable {
  func summary() -> String
}

/// Chat's implementation, internal to the module: its graph file builds it.
final class DefaultChatService: ChatService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "chat@\(http.host)" }
}
