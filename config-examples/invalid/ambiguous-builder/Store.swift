import Foundation

final class Logger {}

final class Store {
  static func mirror(logger: Logger, primary: Bool = true) -> Store { Store() }
  static func mirror(logger: Logger, region: String = "eu") -> Store { Store() }
}
