// Swinject's basic example, as Getting Started declares it, and the types the snippets register by
// hand (the graph file does not name them).
import Foundation

public protocol Animal: Sendable {
  var name: String? { get }
}
public final class Cat: Animal {
  public let name: String?
  public init(name: String?) { self.name = name }
}
public protocol Person: Sendable {
  func play() -> String
}
public final class PetOwner: Person {
  let pet: any Animal
  public init(pet: any Animal) { self.pet = pet }
  public func play() -> String { "I'm playing with \(pet.name ?? "someone")." }
}

final class ConsoleLogger: Sendable {
  let level: String
  init(level: String) { self.level = level }
}
final class AppConfig: Sendable {
  let environment: String
  let baseURL: String
  init(environment: String, baseURL: String) {
    self.environment = environment
    self.baseURL = baseURL
  }
}
final class ReportPrinter: @unchecked Sendable {
  var delegate: ConsoleLogger?
  init() {}
}
@MainActor final class DebugMenuView {
  var delegate: ConsoleLogger?
}
final class ImageCache: Sendable {
  init() {}
}
final class NullImageCache: Sendable {
  init() {}
}

enum AppError: Error {
  case noGraphFile
  case noPlan
}

// Resolver's documented example: one service resolved as two protocols, for the Resolver guide.
public protocol XYZFetching: AnyObject {}
public protocol XYZUpdating: AnyObject {}
public final class XYZCombinedService: XYZFetching, XYZUpdating {
  public init() {}
}
public final class XYZViewModel {
  public let fetcher: any XYZFetching
  public let updater: any XYZUpdating
  public init(fetcher: any XYZFetching, updater: any XYZUpdating) {
    self.fetcher = fetcher
    self.updater = updater
  }
}
