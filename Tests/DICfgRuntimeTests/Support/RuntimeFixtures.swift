import DICfg
import DICfgCore
import DICfgTestSupport
import Foundation
import Testing

/// Compiles one in-memory graph file and links it.
func link(
  _ text: String, registry: Registry, externals: Externals = [:], environment: [String: String] = [:]
) throws -> Container {
  try Container(plan: compiledPlan(text), registry: registry, externals: externals, environment: environment)
}

/// The plan of `text` compiled as `app.yaml`.
func compiledPlan(_ text: String) throws -> ResolutionPlan {
  let result = GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": text])).compile(
    CompileRequest(file: "app.yaml"))
  guard let plan = result.plan else { throw DiagnosticsError(result.diagnostics) }
  return plan
}

final class Engine: @unchecked Sendable {
  let power: Double
  let name: String
  init(power: Double, name: String) {
    self.power = power
    self.name = name
  }
}
final class Car: @unchecked Sendable {
  let engine: Engine
  var plugins: [Plugin] = []
  init(engine: Engine) { self.engine = engine }
}
protocol Plugin: Sendable {}
struct LoggingPlugin: Plugin {}
struct MetricsPlugin: Plugin {}
final class Flaky: Sendable {}
struct FlakyError: Error, CustomStringConvertible {
  var description: String { "the network is down" }
}
final class Attempts: @unchecked Sendable {
  let counter = Counter()
  var failuresLeft: Int
  init(failures: Int) { failuresLeft = failures }
}
final class Holder: Sendable {
  let flaky: Flaky
  init(flaky: Flaky) { self.flaky = flaky }
}
final class Reentrant: Sendable {
  init(container: Container) throws {
    _ = try container.resolve("reentrant", as: Reentrant.self)
  }
}
final class LazyUser: Sendable {
  let engine: Lazy<Engine>
  init(engine: Lazy<Engine>) { self.engine = engine }
}

struct Seven: Sendable {
  let values: [Int]
  init(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) { values = [a, b, c, d, e, f, g] }
}

protocol Store: AnyObject, Sendable {}
final class MemoryStore: Store {}
struct Settings: Sendable { var retries: Int }
final class Sync: Sendable {
  let first: any Store
  let second: any Store
  let settings: Settings
  init(first: any Store, second: any Store, settings: Settings) {
    self.first = first
    self.second = second
    self.settings = settings
  }
}

final class Lookup: Sendable {
  let container: Container
  init(container: Container) { self.container = container }
}

final class Fleet: @unchecked Sendable {
  // Immutable after init.
  let stores: [any Store]
  let anything: [Any]
  init(stores: [any Store], anything: [Any]) {
    self.stores = stores
    self.anything = anything
  }
}

final class TypeA: Sendable {}
final class TypeB: Sendable {}
final class TypeC: Sendable {}
final class TypeD: Sendable {}
final class TypeE: Sendable {}
final class TypeF: Sendable {}
final class TypeG: Sendable {}
final class TypeH: Sendable {}
final class TypeI: Sendable {}
final class TypeJ: Sendable {}
