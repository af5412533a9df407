// A feature module as modular apps write one: public protocols, internal implementations, and a
// public factory object that builds them.

public protocol Alerting: Sendable {
  var title: String { get }
  var factoryID: ObjectIdentifier { get }
}

public protocol AlertFactory: AnyObject, Sendable {
  func makeAlert(title: String) -> any Alerting
  /// The title of the first alert, which the graph reads as a property of the factory object.
  var greeting: String { get }
}

public protocol Logging: Sendable {
  func log(_ message: String)
}

final class DefaultAlertFactory: AlertFactory {
  let logger: any Logging
  init(logger: any Logging) { self.logger = logger }

  var greeting: String { "Welcome" }

  func makeAlert(title: String) -> any Alerting {
    logger.log("alert '\(title)'")
    return BannerAlert(title: title, factoryID: ObjectIdentifier(self))
  }
}

struct BannerAlert: Alerting {
  let title: String
  let factoryID: ObjectIdentifier
}

/// The module's public way in: it builds its internal factory.
public enum AlertsModule {
  public static func makeFactory(logger: any Logging) -> any AlertFactory { DefaultAlertFactory(logger: logger) }
}

/// A shared instance of the module.
public final class AlertSound: Sendable {
  public static let standard = AlertSound(name: "chime")
  public let name: String
  init(name: String) { self.name = name }
}
