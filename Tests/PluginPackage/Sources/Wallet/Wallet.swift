import Platform
import Settings

/// Wallet's service, as the app and the other features see it.
public protocol WalletService: AnyObject, Sendable {
  func summary() -> String
}

/// Wallet's implementation, internal to the module: its graph file builds it.
final class DefaultWalletService: WalletService {
  let http: any HTTPClient
  let log: any Logging
  let settings: any SettingsService
  init(http: any HTTPClient, log: any Logging, settings: any SettingsService) {
    self.http = http
    self.log = log
    self.settings = settings
  }
  func summary() -> String { "wallet@\(http.host)" + "+" + settings.summary() }
}
