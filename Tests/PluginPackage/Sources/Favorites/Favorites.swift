import Platform

/// Favorites's service, as the app and the other features see it.
public protocol FavoritesService: AnyObject, Sendable {
  func summary() -> String
}

/// Favorites's implementation, internal to the module: its graph file builds it.
final class DefaultFavoritesService: FavoritesService {
  let http: any HTTPClient
  let log: any Logging
  init(http: any HTTPClient, log: any Logging) {
    self.http = http
    self.log = log
  }
  func summary() -> String { "favorites@\(http.host)" }
}
