// The types of dicfg.yaml. Every class counts its instances, so the tests can tell how many of
// each a resolve built.

import Atomics
import DICfgRuntime

public final class Node: Sendable {
  public let label: String
  public init(label: String) { self.label = label }
}

public final class Pair: Sendable {
  public let first: Node
  public let second: Node
  public init(first: Node, second: Node) {
    self.first = first
    self.second = second
  }
}

public final class Diamond: Sendable {
  public let left: Pair
  public let right: Pair
  public init(left: Pair, right: Pair) {
    self.left = left
    self.right = right
  }
}

public final class DiamondHolder: Sendable {
  public let diamond: Diamond
  public init(diamond: Diamond) { self.diamond = diamond }
}

public final class Token: Sendable {
  public init() {}
}

public final class TwoTokens: Sendable {
  public let first: Token
  public let second: Token
  public init(first: Token, second: Token) {
    self.first = first
    self.second = second
  }
}

/// Counts the stores built, so a test can see a singleton built once.
public final class BuildCounter: Sendable {
  private let count = ManagedAtomic(0)
  public init() {}
  public var builds: Int { count.load(ordering: .relaxed) }
  func record() { count.wrappingIncrement(ordering: .relaxed) }
}

public protocol Storing: AnyObject, Sendable {}

public final class Store: Storing {
  public let counter: BuildCounter
  public init(counter: BuildCounter) {
    self.counter = counter
    counter.record()
  }
}

/// Counts its builds in the counter it takes.
public final class Tally: Sendable {
  public let counter: BuildCounter
  public init(counter: BuildCounter) {
    self.counter = counter
    counter.record()
  }
}

public final class NullStore: Storing {
  public init() {}
}

public final class Session: Sendable {
  public init() {}
}

public final class Cache: Sendable {
  public init() {}
}

public final class Photo: Sendable {
  public init() {}
}

public struct Clock: Sendable {
  public var now: Int
  public init(now: Int) { self.now = now }
}

public final class Screen: Sendable {
  public let store: any Storing
  public let session: Session
  public let cache: Cache
  public let clock: Clock
  public let container: Container
  public init(store: any Storing, session: Session, cache: Cache, clock: Clock, container: Container) {
    self.store = store
    self.session = session
    self.cache = cache
    self.clock = clock
    self.container = container
  }
}

public final class View: @unchecked Sendable {
  public weak var controller: Controller?
  public init() {}
}

public final class Controller: Sendable {
  public let view: View
  public init(view: View) { self.view = view }
}

public final class Details: Sendable {
  public let name: String
  public let store: any Storing
  public init(name: String, store: any Storing) {
    self.name = name
    self.store = store
  }
}

public final class TitledDetails: @unchecked Sendable {
  public let built: Node
  public var title = ""
  public var node: Node?
  public init(node: Node) { built = node }
}

public struct ParserError: Error {}

public final class Parser: Sendable {
  public init(strict: Bool) throws {
    if !strict { throw ParserError() }
  }
}

/// Values of any type: a literal is passed as the link passes it (an integer as an `Int`).
public final class Labelled: @unchecked Sendable {
  public let label: Any
  public let ratio: Float
  public init(label: Any, ratio: Float) {
    self.label = label
    self.ratio = ratio
  }
}

public final class Regional: Sendable {
  public let region: String
  public init(region: String) { self.region = region }
}

public final class Launcher: Sendable {
  public let makeScreen: Provider<Screen>
  public init(makeScreen: Provider<Screen>) { self.makeScreen = makeScreen }
}

public final class Formatter: @unchecked Sendable {
  public var digits = 0
  public init() {}
}

public final class Limits: @unchecked Sendable {
  public var count = 0
  public var formatter: Formatter?
  public init() {}
}

/// A singleton whose observer holds it back.
public final class Connection: @unchecked Sendable {
  public var observer: ConnectionObserver?
  public init() {}
}

public final class ConnectionObserver: @unchecked Sendable {
  public private(set) weak var connection: Connection?
  public let label: String
  public init(connection: Connection, label: String) {
    self.connection = connection
    self.label = label
  }
}

public final class DetailsLauncher: Sendable {
  public let makeDetails: Provider<Details>
  public init(makeDetails: Provider<Details>) { self.makeDetails = makeDetails }
}

@MainActor public final class Banner {
  public init() {}
}

/// A main-actor singleton its accessor builds.
@MainActor public final class Toolbar {
  public let banner: Banner
  public init(banner: Banner) { self.banner = banner }
}

public final class Loader: Sendable {
  public init() async {}
}

/// A screen's model, loaded on the main actor from what the loader gives.
@MainActor public final class ScreenModel {
  public let loader: Loader
  private init(loader: Loader) { self.loader = loader }
  public static func load(loader: Loader) async -> ScreenModel {
    await Task.yield()
    return ScreenModel(loader: loader)
  }
}

// A factory object, as modular apps write one: a public protocol whose method builds what the
// module keeps internal.
public protocol AlertFactory: Sendable {
  func makeAlert(title: String) -> Alert
}

final class DefaultAlertFactory: AlertFactory {
  init() {}
  func makeAlert(title: String) -> Alert { Alert(title: title, madeBy: self) }
}

public final class Alert: Sendable {
  public let title: String
  /// The factory object that made it.
  public let madeBy: any AlertFactory
  init(title: String, madeBy: any AlertFactory) {
    self.title = title
    self.madeBy = madeBy
  }
}

/// A shared instance, as a third-party SDK offers one.
public final class Scanner: Sendable {
  public static let shared = Scanner()
  private init() {}
}

/// Takes the external by its type, as `r.resolve(Clock.self)` would.
public struct ClockReader: Sendable {
  public let clock: Clock
  public init(clock: Clock) { self.clock = clock }
}

public protocol Plugin: AnyObject, Sendable {}
public final class AudioPlugin: Plugin { public init() {} }
public final class VideoPlugin: Plugin { public init() {} }
public final class Note: Sendable { public init() {} }

/// The services carrying a tag, and an external the app may leave out.
public final class PluginSet: Sendable {
  public let all: [any Plugin]
  public let note: Note?
  public init(all: [any Plugin], note: Note?) {
    self.all = all
    self.note = note
  }
}
