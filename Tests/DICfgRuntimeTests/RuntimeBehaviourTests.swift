import DICfg
import DICfgTestSupport
import Foundation
import Testing

/// Compiles one in-memory graph file and links it.
func link(
  _ text: String, registry: Registry, externals: [String: Any] = [:], environment: [String: String] = [:]
) throws -> Container {
  let result = GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": text])).compile(
    CompileRequest(file: "app.yaml"))
  guard let plan = result.plan else { throw DiagnosticsError(result.diagnostics) }
  return try Container(plan: plan, registry: registry, externals: externals, environment: environment)
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

@Suite struct RuntimeBehaviourTests {
  @Test func untypedFactoriesAskForArgumentsByLabelAndLiteralsConvert() throws {
    var registry = Registry()
    try registry.register("Engine") { arguments in
      Engine(power: try arguments("power"), name: try arguments("name"))
    }
    let container = try link(
      "dicfg: 1\nservices:\n  engine: { type: Engine, init: { power: { value: 3 }, name: { value: V8 } } }\n",
      registry: registry)
    let engine = try container.resolve("engine", as: Engine.self)
    #expect(engine.power == 3.0, "an Int literal converts to Double")
    #expect(engine.name == "V8")
  }

  @Test func untypedFactoryAskingForAMissingLabelFailsWithThePath() throws {
    var registry = Registry()
    try registry.register("Engine") { arguments in Engine(power: try arguments("power"), name: try arguments("nme")) }
    let container = try link(
      "dicfg: 1\nservices:\n  engine: { type: Engine, init: { power: { value: 3 }, name: { value: V8 } } }\n",
      registry: registry)
    let error = #expect(throws: ResolutionError.self) { try container.resolve("engine", as: Engine.self) }
    #expect(error?.code == .missingArgument)
    #expect(error?.path == ["engine"])
    #expect(error?.location == SourceLocation(file: "app.yaml", line: 3, column: 3, offset: 21))
    #expect(error?.message.contains("asks for 'nme'") == true)
  }

  @Test func taggedServicesArriveInFileOrder() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:))
    try registry.register(Car.init(engine:))
    try registry.property("plugins", of: Car.self, \.plugins)
    try registry.register(LoggingPlugin.init)
    try registry.register(MetricsPlugin.init)
    let container = try link(
      """
      dicfg: 1
      services:
        engine: { type: Engine, init: { power: { value: 1.5 }, name: { value: e } } }
        car: { type: Car, init: { engine: engine }, properties: { plugins: { tagged: plugin } } }
        metrics: { type: MetricsPlugin, tags: [plugin] }
        logging: { type: LoggingPlugin, tags: [plugin] }
      """, registry: registry)
    let car = try container.resolve(Car.self)
    #expect(car.plugins.count == 2)
    #expect(car.plugins.first is MetricsPlugin)
    #expect(car.plugins.last is LoggingPlugin)
  }

  @Test func throwingSingletonLeavesNothingCachedAndTheNextResolveRetries() throws {
    let attempts = Attempts(failures: 1)
    var registry = Registry()
    try registry.register { () throws -> Flaky in
      attempts.counter.increment()
      if attempts.failuresLeft > 0 {
        attempts.failuresLeft -= 1
        throw FlakyError()
      }
      return Flaky()
    }
    try registry.register(Holder.init(flaky:))
    let container = try link(
      "dicfg: 1\nservices:\n  flaky: { type: Flaky, scope: singleton }\n  holder: { type: Holder, init: { flaky: flaky } }\n",
      registry: registry)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Holder.self) }
    #expect(error?.code == .factoryFailed)
    #expect(error?.path == ["holder", "flaky"])
    #expect(error?.message == "the factory of 'flaky' threw: the network is down")
    #expect(error?.location?.line == 3)
    #expect(error?.underlying is FlakyError)
    let holder = try container.resolve(Holder.self)
    #expect(try container.resolve(Flaky.self) === holder.flaky)
    #expect(attempts.counter.count == 2)
  }

  @Test func factoryResolvingItselfThroughTheContainerGetsACycleError() throws {
    var registry = Registry()
    try registry.register(Reentrant.init(container:))
    let container = try link(
      "dicfg: 1\nservices:\n  reentrant: { type: Reentrant, scope: singleton, init: { container: $container } }\n",
      registry: registry)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Reentrant.self) }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.message.contains("'reentrant' is requested again while its factory is still running") == true)
  }

  @Test func lazyValuesResolveOnceOnFirstUse() throws {
    let counter = Counter()
    var registry = Registry()
    try registry.register { (power: Double, name: String) -> Engine in
      counter.increment()
      return Engine(power: power, name: name)
    }
    try registry.register(LazyUser.init(engine:))
    let container = try link(
      """
      dicfg: 1
      services:
        engine: { type: Engine, scope: unique, init: { power: { value: 1 }, name: { value: e } } }
        user: { type: LazyUser, init: { engine: { lazy: engine } } }
      """, registry: registry)
    let user = try container.resolve(LazyUser.self)
    #expect(counter.count == 0)
    #expect(try user.engine.get() === user.engine.get())
    #expect(counter.count == 1)
  }

  @Test func unknownIdsAndTypesAndWrongTypesAreTypedErrors() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    let container = try link("dicfg: 1\nservices:\n  flaky: { type: Flaky }\n", registry: registry)
    let unknown = #expect(throws: ResolutionError.self) { try container.resolve("flakey", as: Flaky.self) }
    #expect(unknown?.code == .unknownService)
    #expect(unknown?.message == "container 'main' has no service 'flakey'; did you mean 'flaky'?")
    let wrong = #expect(throws: ResolutionError.self) { try container.resolve("flaky", as: Holder.self) }
    #expect(wrong?.code == .typeMismatch)
    #expect(wrong?.message == "'flaky' is a 'Flaky', not a 'Holder'")
  }

  @Test func handleResolvesWithoutALookup() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    let container = try link("dicfg: 1\nservices:\n  flaky: { type: Flaky, scope: singleton }\n", registry: registry)
    let handle = try container.handle("flaky", as: Flaky.self)
    #expect(try handle.resolve() === container.resolve(Flaky.self))
  }

  @Test func eagerSingletonIsBuiltWhenTheContainerIsCreated() throws {
    let counter = Counter()
    var registry = Registry()
    try registry.register { () -> Flaky in
      counter.increment()
      return Flaky()
    }
    let container = try link(
      "dicfg: 1\nservices:\n  flaky: { type: Flaky, scope: singleton, eager: true }\n", registry: registry)
    #expect(counter.count == 1)
    _ = try container.resolve(Flaky.self)
    #expect(counter.count == 1)
  }
}

@Suite struct LinkCheckTests {
  @Test func reportsEveryProblemTogetherAtItsLocation() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:), labels: ["power", "name"])
    try registry.register(Car.init(engine:))
    try registry.register(LoggingPlugin.init)
    let text = """
      dicfg: 1
      parameters:
        key: ${DICFG_TEST_NEVER_SET}
      services:
        1️⃣engine: { type: Engine, init: { 2️⃣name: $key, power: { value: 1 } } }
        car: { type: Car, init: { engine: engine }, properties: { 3️⃣plugns: { value: [] } } }
        4️⃣plugin: { type: LoggingPlugin, scope: weak }
        5️⃣truck: { type: Truck }
      """
    let marked = MarkedText(text, file: "app.yaml")
    let error = #expect(throws: LinkError.self) { try link(marked.text, registry: registry) }
    let diagnostics = try #require(error?.diagnostics)
    #expect(
      summaries(diagnostics) == [
        "unset-environment-variable@3:3", "factory-mismatch@\(marked["2️⃣"].line):\(marked["2️⃣"].column)",
        "unknown-property@\(marked["3️⃣"].line):\(marked["3️⃣"].column)",
        "weak-value-type@\(marked["4️⃣"].line):\(marked["4️⃣"].column)",
        "unregistered-type@\(marked["5️⃣"].line):\(marked["5️⃣"].column)",
      ])
    #expect(
      diagnostics[1].message
        == "the factory registered for 'Engine' takes 'power', 'name' in that order, but 'engine' gives 'name', 'power' in 'init:'"
    )
    #expect(diagnostics[2].message.hasPrefix("'Car' has no registered property 'plugns'"))
    #expect(diagnostics[4].message.hasPrefix("no factory is registered for 'Truck' (service 'truck')"))
  }

  @Test func arityMismatchNamesBothSides() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:))
    let error = #expect(throws: LinkError.self) {
      try link("dicfg: 1\nservices:\n  engine: { type: Engine, init: { power: { value: 1 } } }\n", registry: registry)
    }
    #expect(
      error?.diagnostics.first?.message
        == "the factory registered for 'Engine' takes 2 arguments (Double, String), but 'engine' gives 1 in 'init:' ('power'); make them match"
    )
  }

  @Test func registeringOneNameTwiceIsAnError() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    #expect(throws: RegistryError.self) { try registry.register(Flaky.init) }
    try registry.register(Flaky.init, name: "OtherFlaky")
    #expect(registry.names == ["Flaky", "OtherFlaky"])
  }

  @Test func manifestRunsTheSameChecksWithoutTheApp() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:), labels: ["power", "name"])
    try registry.register(Car.init(engine:))
    try registry.property("plugins", of: Car.self, \.plugins)
    let manifest = try RegistryManifest(jsonText: try registry.manifest().jsonText())
    #expect(manifest == registry.manifest())
    #expect(manifest.types.map(\.name) == ["Car", "Engine"])
    #expect(manifest.types[0].properties.map(\.name) == ["plugins"])
    #expect(manifest.types[1].arguments?.map(\.type) == ["Double", "String"])
    let result = GraphCompiler(
      fileSystem: InMemoryFileSystem([
        "app.yaml":
          "dicfg: 1\nservices:\n  car: { type: Car, init: { engine: engine }, properties: { wheels: { value: 4 } } }\n  engine: { type: Engine }\n"
      ])
    ).compile(CompileRequest(file: "app.yaml"))
    let plan = try #require(result.plan)
    #expect(LinkChecks.check(plan: plan, manifest: manifest).map(\.code) == [.unknownProperty, .factoryMismatch])
  }
}

struct Seven: Sendable {
  let values: [Int]
  init(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) { values = [a, b, c, d, e, f, g] }
}

@Suite struct TypedArgumentTests {
  /// A factory of two arguments (a fixed-arity overload) and one of seven (the variadic one).
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(Engine.init(power:name:))
    try registry.register(Seven.init(a:b:c:d:e:f:g:))
    return registry
  }

  @Test func fixedArityAndVariadicFactoriesReceiveTheirArgumentsInOrder() throws {
    let container = try link(
      """
      dicfg: 1
      services:
        engine: { type: Engine, init: { power: { value: 3 }, name: { value: v8 } } }
        seven: { type: Seven, init: { a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, d: { value: 4 }, e: { value: 5 }, f: { value: 6 }, g: { value: 7 } } }
      """, registry: try registry())
    let engine = try container.resolve("engine", as: Engine.self)
    #expect(engine.power == 3.0)
    #expect(engine.name == "v8")
    #expect(try container.resolve("seven", as: Seven.self).values == [1, 2, 3, 4, 5, 6, 7])
  }

  @Test func aValueOfTheWrongTypeNamesTheArgumentTheServiceAndItsLocation() throws {
    let container = try link(
      """
      dicfg: 1
      parameters:
        label: fast
      services:
        engine: { type: Engine, init: { power: $label, name: { value: v8 } } }
        seven: { type: Seven, init: { a: { value: 1 }, b: $label, c: { value: 3 }, d: { value: 4 }, e: { value: 5 }, f: { value: 6 }, g: { value: 7 } } }
      """, registry: try registry())
    let engine = #expect(throws: ResolutionError.self) { try container.resolve("engine", as: Engine.self) }
    #expect(engine?.code == .typeMismatch)
    #expect(
      engine?.description
        == "cannot resolve 'engine': argument 1 of 'Engine' is a 'String', but the factory takes 'Double'; "
        + "fix the graph file's value or the registered type [#type-mismatch] (app.yaml:5:3)")
    let seven = #expect(throws: ResolutionError.self) { try container.resolve("seven", as: Seven.self) }
    #expect(seven?.code == .typeMismatch)
    #expect(
      seven?.description
        == "cannot resolve 'seven': argument 2 of 'Seven' is a 'String', but the factory takes 'Int'; "
        + "fix the graph file's value or the registered type [#type-mismatch] (app.yaml:6:3)")
  }
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

@Suite struct InstanceKindTests {
  @Test func protocolTypedFactoriesAndValueTypesKeepTheirIdentityAndValue() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, name: "MemoryStore")
    try registry.register(Settings.init(retries:))
    try registry.register(Sync.init(first:second:settings:))
    let container = try link(
      """
      dicfg: 1
      services:
        store: { type: MemoryStore }
        settings: { type: Settings, init: { retries: { value: 3 } } }
        sync: { type: Sync, scope: unique, init: { first: store, second: store, settings: settings } }
        otherSync: { type: Sync, scope: unique, init: { first: store, second: store, settings: settings } }
      """, registry: registry)
    let sync = try container.resolve("sync", as: Sync.self)
    #expect(sync.first === sync.second)
    #expect(sync.first is MemoryStore)
    #expect(sync.settings.retries == 3)
    let other = try container.resolve("otherSync", as: Sync.self)
    #expect(other.first !== sync.first)
    #expect(try container.resolve("store", as: (any Store).self) is MemoryStore)
    #expect(try container.resolve("settings", as: Settings.self).retries == 3)
  }
}

final class Lookup: Sendable {
  let container: Container
  init(container: Container) { self.container = container }
}

@Suite struct IDLookupTests {
  @Test func builtSingletonsResolveByIdHoweverTheIdIsSpelledAndFromWhicheverContainer() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    try registry.register(Lookup.init(container:))
    let main = try link(
      """
      dicfg: 1
      containers:
        main:
          collaborators: [other]
          services:
            short: { type: Flaky, scope: singleton }
            aServiceIdLongerThanFifteenBytes: { type: Flaky, scope: singleton }
            lookup: { type: Lookup, init: { container: $container } }
        other:
          services:
            remote: { type: Flaky, scope: singleton }
      """, registry: registry)
    let short = try main.resolve("short", as: Flaky.self)
    #expect(try main.resolve("short", as: Flaky.self) === short)
    #expect(try main.resolve(String(decoding: Array("short".utf8), as: UTF8.self), as: Flaky.self) === short)
    #expect(try main.resolve(["sh", "ort"].joined(), as: Flaky.self, arguments: [:]) === short)
    let long = try main.resolve("aServiceIdLongerThanFifteenBytes", as: Flaky.self)
    #expect(try main.resolve(String("aServiceIdLongerThanFifteenBytes".reversed().reversed()), as: Flaky.self) === long)
    let remote = try main.resolve("remote", as: Flaky.self)
    let other = try #require(main.container(named: "other"))
    #expect(try other.resolve("remote", as: Flaky.self) === remote)
    let observing = try main.resolve("lookup", as: Lookup.self).container
    #expect(try observing.resolve("short", as: Flaky.self) === short)
    let wrong = #expect(throws: ResolutionError.self) { try main.resolve("short", as: Lookup.self) }
    #expect(wrong?.message == "'short' is a 'Flaky', not a 'Lookup'")
  }

  @Test func everyIdOfALargeContainerResolvesToItsOwnServiceAndOthersAreUnknown() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    var text = "dicfg: 1\nservices:\n"
    for index in 0..<300 { text += "  s\(index): { type: Flaky, scope: singleton }\n" }
    let container = try link(text, registry: registry)
    var seen: [ObjectIdentifier: String] = [:]
    for index in 0..<300 {
      let instance = try container.resolve("s\(index)", as: Flaky.self)
      #expect(instance === (try container.resolve("s\(index)", as: Flaky.self)))
      #expect(seen.updateValue("s\(index)", forKey: ObjectIdentifier(instance)) == nil)
    }
    for missing in ["s300", "s", "", "S1", "s01"] {
      let error = #expect(throws: ResolutionError.self) { try container.resolve(missing, as: Flaky.self) }
      #expect(error?.code == .unknownService)
    }
  }
}

@Suite struct HandleTests {
  /// A value singleton, a class-bound protocol singleton, a class singleton and a unique service.
  private func linkHandleServices() throws -> Container {
    var registry = Registry()
    try registry.register(Settings.init(retries:))
    try registry.register({ () -> any Store in MemoryStore() }, name: "MemoryStore")
    try registry.register(Flaky.init)
    return try link(
      """
      dicfg: 1
      services:
        settings: { type: Settings, scope: singleton, init: { retries: { value: 4 } } }
        store: { type: MemoryStore, scope: singleton }
        shared: { type: Flaky, scope: singleton }
        flaky: { type: Flaky, scope: unique }
      """, registry: registry)
  }

  @Test func handlesOfValueAndClassSingletonsKeepTheirInstance() throws {
    let container = try linkHandleServices()
    let settings = try container.handle("settings", as: Settings.self)
    #expect(try settings.resolve().retries == 4)
    #expect(try settings.resolve().retries == 4)
    let store = try container.handle("store", as: (any Store).self)
    #expect(try store.resolve() === store.resolve())
    #expect(try store.withInstance { ObjectIdentifier($0) } == ObjectIdentifier(try store.resolve()))
    let anyObject = try container.handle("store", as: AnyObject.self)
    #expect(try anyObject.withInstance { $0 === (try store.resolve()) })
    #expect(try store.resolve() === container.resolve("store", as: (any Store).self))
    let flaky = try container.handle("flaky", as: Flaky.self)
    #expect(try flaky.resolve() !== flaky.resolve())
  }

  @Test func withInstanceLendsTheSingletonOrResolvesWhatIsNotOne() throws {
    let container = try linkHandleServices()
    let shared = try container.handle("shared", as: Flaky.self)
    let first = try shared.withInstance { ObjectIdentifier($0) }
    #expect(first == ObjectIdentifier(try container.resolve("shared", as: Flaky.self)))
    #expect(try shared.withInstance { ObjectIdentifier($0) } == first)
    let fresh = try container.handle("flaky", as: Flaky.self)
    let lent = try fresh.withInstance { $0 }
    #expect(try lent !== fresh.resolve())
    #expect(try container.handle("settings", as: Settings.self).withInstance(\.retries) == 4)
    struct Refused: Error {}
    #expect(throws: Refused.self) { try shared.withInstance { _ in throw Refused() } }
  }
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

@Suite struct ListTests {
  @Test func listsConvertElementByElementToTheParameterType() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, name: "MemoryStore")
    try registry.register(Fleet.init(stores:anything:))
    try registry.register("Untyped") { arguments in
      let items: [Any] = try arguments("items")
      return items.count
    }
    let container = try link(
      """
      dicfg: 1
      services:
        a: { type: MemoryStore, scope: singleton }
        b: { type: MemoryStore, scope: singleton }
        fleet: { type: Fleet, init: { stores: [a, b, a], anything: [a, { value: 3 }, { value: x }] } }
        wrong: { type: Fleet, init: { stores: [a, { value: 3 }], anything: [] } }
        untyped: { type: Untyped, init: { items: [a, b] } }
      """, registry: registry)
    let fleet = try container.resolve("fleet", as: Fleet.self)
    #expect(fleet.stores.count == 3)
    #expect(fleet.stores[0] === fleet.stores[2])
    #expect(fleet.stores[0] !== fleet.stores[1])
    #expect(fleet.stores[0] === (try container.resolve("a", as: (any Store).self)))
    #expect(fleet.anything.count == 3)
    #expect(fleet.anything[1] as? Int == 3)
    #expect(fleet.anything[2] as? String == "x")
    #expect(try container.resolve("untyped", as: Int.self) == 2)
    let wrong = #expect(throws: ResolutionError.self) { try container.resolve("wrong", as: Fleet.self) }
    #expect(wrong?.code == .typeMismatch)
    #expect(wrong?.message.hasPrefix("argument 1 of 'Fleet' is a 'Array<Any>'") == true)
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

@Suite struct ResolveByTypeTests {
  @Test func manyTypesEachKeepTheirOwnServiceAsTheLinkLearnsThem() throws {
    var registry = Registry()
    try registry.register(TypeA.init)
    try registry.register(TypeB.init)
    try registry.register(TypeC.init)
    try registry.register(TypeD.init)
    try registry.register(TypeE.init)
    try registry.register(TypeF.init)
    try registry.register(TypeG.init)
    try registry.register(TypeH.init)
    try registry.register(TypeI.init)
    try registry.register(TypeJ.init)
    var text = "dicfg: 1\nservices:\n"
    for name in "ABCDEFGHIJ" { text += "  service\(name): { type: Type\(name), scope: singleton }\n" }
    let container = try link(text, registry: registry)
    for _ in 0..<2 {
      #expect(try container.resolve(TypeA.self) === container.resolve("serviceA", as: TypeA.self))
      #expect(try container.resolve(TypeB.self) === container.resolve("serviceB", as: TypeB.self))
      #expect(try container.resolve(TypeC.self) === container.resolve("serviceC", as: TypeC.self))
      #expect(try container.resolve(TypeD.self) === container.resolve("serviceD", as: TypeD.self))
      #expect(try container.resolve(TypeE.self) === container.resolve("serviceE", as: TypeE.self))
      #expect(try container.resolve(TypeF.self) === container.resolve("serviceF", as: TypeF.self))
      #expect(try container.resolve(TypeG.self) === container.resolve("serviceG", as: TypeG.self))
      #expect(try container.resolve(TypeH.self) === container.resolve("serviceH", as: TypeH.self))
      #expect(try container.resolve(TypeI.self) === container.resolve("serviceI", as: TypeI.self))
      #expect(try container.resolve(TypeJ.self) === container.resolve("serviceJ", as: TypeJ.self))
    }
    let missing = #expect(throws: ResolutionError.self) { try container.resolve(Flaky.self) }
    #expect(missing?.code == .unknownService)
  }

  @Test func eachContainerFindsItsOwnServiceForATypeEveryTime() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, name: "MemoryStore")
    try registry.register(Flaky.init)
    let main = try link(
      """
      dicfg: 1
      containers:
        main:
          collaborators: [shared]
          services:
            local: { type: MemoryStore, as: [Store], scope: singleton }
        shared:
          services:
            common: { type: MemoryStore, as: [Store], scope: singleton }
            first: { type: Flaky, scope: singleton }
            second: { type: Flaky, scope: singleton }
      """, registry: registry)
    let shared = try #require(main.container(named: "shared"))
    for _ in 0..<3 {
      #expect(try main.resolve((any Store).self) === main.resolve("local", as: (any Store).self))
      #expect(try shared.resolve((any Store).self) === shared.resolve("common", as: (any Store).self))
      let ambiguous = #expect(throws: ResolutionError.self) { try shared.resolve(Flaky.self) }
      #expect(ambiguous?.code == .ambiguousReference)
    }
    let seen = Collected<ObjectIdentifier>()
    #expect(
      runOnThreads(8) { _ in
        for _ in 0..<100 { if let store = try? main.resolve((any Store).self) { seen.append(ObjectIdentifier(store)) } }
      })
    #expect(seen.all.count == 800)
    #expect(Set(seen.all) == [ObjectIdentifier(try main.resolve("local", as: (any Store).self))])
  }
}
