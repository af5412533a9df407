import Platform

/// Accounts's service, as the app and the other features see it.
public protocol AccountsService: AnyObject, Sendable {
  func summary() -> String
}

/// Accounts's implementation, internal to the module: its graph file builds it.
final class DefaultAccountsService: AccountsService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "accounts@\(http.host)" }
}
