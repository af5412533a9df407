import Foundation

final class Logger {}

final class Store {
  @available(*, deprecated, message: "use open(logger:retries:), which retries a busy database")
  static func open(logger: Logger) -> Store { Store() }

  static func open(logger: Logger, retries: Int = 3) -> Store { Store() }
}
