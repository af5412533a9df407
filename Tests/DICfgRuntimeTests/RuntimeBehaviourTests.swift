import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct RuntimeBehaviourTests {
  @Test func aPropertyMayBeRegisteredBeforeItsTypesFactoryUnderTheSameTypeName() throws {
    var registry = Registry()
    // The type name follows the type in every by-label registration, the property's first.
    try registry.property("plugins", of: Car.self, \.plugins, typeName: "Sedan")
    try registry.register(Car.self, typeName: "Sedan") { arguments in Car(engine: try arguments("engine")) }
    try registry.register(Engine.init(power:name:), typeName: "Motor", labels: ["power", "name"])
    try registry.register(LoggingPlugin.init)
    let container = try link(
      """
      dicfg: 1
      services:
        motor: { type: Motor, init: { power: { value: 90 }, name: { value: E } } }
        plugin: { type: LoggingPlugin }
        car: { type: Sedan, init: { engine: motor }, properties: { plugins: [plugin] } }
      """, registry: registry)
    let car = try container.resolve("car", as: Car.self)
    #expect(car.engine.power == 90 && car.engine.name == "E")
    #expect(car.plugins.count == 1)
    #expect(registry.names == ["LoggingPlugin", "Motor", "Sedan"])
  }

  @Test func untypedFactoriesAskForArgumentsByLabelAndLiteralsConvert() throws {
    var registry = Registry()
    try registry.register(Engine.self) { arguments in
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
    try registry.register(Engine.self) { arguments in Engine(power: try arguments("power"), name: try arguments("nme"))
    }
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
