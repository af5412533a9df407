import DICfg
import DICfgTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct LinkCheckTests {
  @Test func aLiteralOfTheWrongTypeForATypedFactoryIsALinkError() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:), labels: ["power", "name"])
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters:
        label: 42
      services:
        engine: { type: Engine, init: { 1️⃣power: { value: ten }, 2️⃣name: $label } }
        whole: { type: Engine, init: { power: { value: 10 }, name: { value: V8 } } }
      """
    ])
    let error = #expect(throws: LinkError.self) { try link(files.texts["app.yaml"] ?? "", registry: registry) }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'power' of 'engine' is the string 'ten', but the factory registered for 'Engine' takes 'Double' "
            + "there; write a value of that type"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'name' of 'engine' is the integer 42, but the factory registered for 'Engine' takes 'String' "
            + "there; write a value of that type"),
      ])
    #expect(
      ResolutionPlan.Literal.null.fits("Optional<Double>") && ResolutionPlan.Literal.int(3).fits("Optional<Float>"))
    #expect(!ResolutionPlan.Literal.string("x").fits("Optional<Int>") && ResolutionPlan.Literal.string("x").fits("URL"))
  }

  @Test func numbersWidenTheSameWayInTheChecksAndInTheResolve() throws {
    // One table: an Int goes where a Double or a Float is taken, a Double where a Float is.
    #expect(ResolutionPlan.Literal.double(0.5).fits("Float") && !ResolutionPlan.Literal.double(0.5).fits("Int"))
    #expect(!ResolutionPlan.Literal.int(1).fits("Bool") && !ResolutionPlan.Literal.double(1).fits("String"))
    let float = try #require(TypeShape.probe(Float.self))
    let double = try #require(TypeShape.probe(Double.self))
    #expect(TypeShape.probeAccepts(float, double) && !TypeShape.probeAccepts(double, float))
    var registry = Registry()
    try registry.register(WidenedGauge.init(level:ratio:), labels: ["level", "ratio"])
    let container = try link(
      """
      dicfg: 1
      services:
        gauge: { type: WidenedGauge, init: { level: { value: 3 }, ratio: { value: 0.5 } } }
      """, registry: registry)
    let gauge = try container.resolve("gauge", as: WidenedGauge.self)
    #expect(gauge.level == 3 && gauge.ratio == 0.5)
  }

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
    try registry.register(Flaky.init, typeName: "OtherFlaky")
    #expect(registry.names == ["Flaky", "OtherFlaky"])
  }

  @Test func aTypeHasAFactoryPerInitializerAndATwiceRegisteredOneChangesNothing() throws {
    var registry = Registry()
    try registry.register(Engine.init(power:name:), labels: ["power", "name"])
    try registry.register(Engine.self) { arguments in Engine(power: try arguments("power"), name: "plain") }
    try registry.register(Engine.init(power:name:), typeName: "Engine", labels: ["watts", "title"])
    let error = #expect(throws: RegistryError.self) {
      try registry.register(Engine.init(power:name:), labels: ["power", "name"])
    }
    #expect(error?.description.hasPrefix("'Engine(power:name:)' is registered twice") == true)
    // The refused registration left every earlier one in place.
    let container = try link(
      """
      dicfg: 1
      services:
        labelled: { type: Engine, init: { power: { value: 1.0 }, name: { value: a } } }
        renamed: { type: Engine, init: { watts: { value: 2.0 }, title: { value: b } } }
        plain: { type: Engine, init: { power: { value: 3.0 } } }
      """, registry: registry)
    #expect(try container.resolve("labelled", as: Engine.self).name == "a")
    #expect(try container.resolve("renamed", as: Engine.self).name == "b")
    #expect(try container.resolve("plain", as: Engine.self).name == "plain")
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

  private func shapeRegistry() throws -> Registry {
    var registry = Registry()
    try registry.register(ShapeBase.init)
    try registry.register(ShapeDerived.init)
    try registry.register(ShapeStranger.init)
    try registry.register(ShapeConsole.init)
    try registry.register(ShapePort.init)
    try registry.register(ShapeCount.init)
    try registry.register({ () -> any ShapeLogging in ShapeConsole() }, typeName: "AnyLogging")
    try registry.register(ShapeUser.init(base:logging:port:), labels: ["base", "logging", "port"])
    try registry.property("spare", of: ShapeUser.self, \.spare)
    try registry.property("count", of: ShapeUser.self, \.count)
    return registry
  }

  @Test func aServiceOfAnotherTypeThanTheArgumentTakesIsALinkError() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        base: { type: ShapeBase }
        derived: { type: ShapeDerived }
        stranger: { type: ShapeStranger }
        console: { type: ShapeConsole }
        anyLogging: { type: AnyLogging }
        port: { type: ShapePort }
        count: { type: ShapeCount }
        fits:
          type: ShapeUser
          init: { base: derived, logging: anyLogging, port: port }
          properties: { spare: base, count: { value: 3 } }
        wrong:
          type: ShapeUser
          init: { 1️⃣base: stranger, logging: console, 2️⃣port: count }
          properties: { 3️⃣count: port, 4️⃣spare: console }
      """
    ])
    let plan = try compiledPlan(files.texts["app.yaml"] ?? "")
    let registry = try shapeRegistry()
    let error = #expect(throws: LinkError.self) { try Container(plan: plan, registry: registry) }
    let expected = [
      DiagnosticFacts(
        .typeMismatch, at: files["app.yaml", "1️⃣"],
        "argument 'base' of 'wrong' is service 'stranger', built as 'ShapeStranger', but "
          + "'ShapeUser' takes a 'ShapeBase' there; pass a service that is a "
          + "'ShapeBase'"),
      DiagnosticFacts(
        .typeMismatch, at: files["app.yaml", "2️⃣"],
        "argument 'port' of 'wrong' is service 'count', built as 'ShapeCount', but "
          + "'ShapeUser' takes a 'ShapePort' there; pass a service that is a "
          + "'ShapePort'"),
      DiagnosticFacts(
        .typeMismatch, at: files["app.yaml", "3️⃣"],
        "property 'count' of 'wrong' is service 'port', built as 'ShapePort', but "
          + "'ShapeUser' takes a 'Int' there; pass a service that is a 'Int'"),
      DiagnosticFacts(
        .typeMismatch, at: files["app.yaml", "4️⃣"],
        "property 'spare' of 'wrong' is service 'console', built as 'ShapeConsole', but "
          + "'ShapeUser' takes a 'ShapeBase' there; pass a service that is a "
          + "'ShapeBase'"),
    ]
    #expect(error?.diagnostics.map(DiagnosticFacts.init) == expected)
    // The manifest carries what the checks need, so CI finds the same mistakes without the app.
    let manifest = try RegistryManifest(jsonText: try registry.manifest().jsonText())
    #expect(LinkChecks.check(plan: plan, manifest: manifest).map(DiagnosticFacts.init) == expected)
    // Without the mistaken service, the rest links and resolves.
    var corrected = plan
    corrected.containers[0].services.removeAll { $0.id == "wrong" }
    let user = try Container(plan: corrected, registry: registry).resolve("fits", as: ShapeUser.self)
    #expect(user.base is ShapeDerived && user.count == 3)
  }

  @Test func shapesTellOnlyWhatCannotFit() throws {
    let base = try #require(TypeShape.probe(ShapeBase.self))
    let derived = try #require(TypeShape.probe(ShapeDerived.self))
    #expect(derived.names == ["DICfgRuntimeTests.ShapeDerived", "DICfgRuntimeTests.ShapeBase"])
    #expect(TypeShape.probeAccepts(base, derived) && TypeShape.probeAccepts(derived, base))
    // Protocols, generic types, functions and tuples have no shape: the resolve decides.
    for open: Any.Type in [
      (any ShapeLogging).self, Any.self, AnyObject.self, [ShapeBase].self, Provider<ShapeBase>.self,
      ((Int) -> Int).self, (Int, Int).self, AnyHashable.self,
    ] {
      #expect(TypeShape.probe(open) == nil, "\(open)")
    }
    // An optional parameter takes what it wraps; numbers widen as the resolve widens them.
    let int = try #require(TypeShape.probe(Int.self))
    #expect(TypeShape.probe(Double?.self).map { TypeShape.probeAccepts($0, int) } == true)
    #expect(TypeShape.probe(String.self).map { TypeShape.probeAccepts($0, int) } == false)
  }

  @Test func anExternalOfAnotherTypeThanItsUseTakesIsALinkError() throws {
    var registry = Registry()
    try registry.register(ShapeTracker.init(key:), labels: ["key"])
    try registry.property("port", of: ShapeTracker.self, \.port)
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      externals:
        analyticsKey: { type: String }
        port: { type: ShapePort }
      services:
        tracker: { type: ShapeTracker, init: { 1️⃣key: analyticsKey }, properties: { 2️⃣port: port } }
      """
    ])
    let plan = try compiledPlan(files.texts["app.yaml"] ?? "")
    let error = #expect(throws: LinkError.self) {
      try Container(plan: plan, registry: registry, externals: ["analyticsKey": 42, "port": "8080"])
    }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'key' of 'tracker' is external 'analyticsKey', supplied as a 'Int', but 'ShapeTracker' takes "
            + "a 'String' there; supply a 'String' for 'analyticsKey' in 'externals:'"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "property 'port' of 'tracker' is external 'port', supplied as a 'String', but 'ShapeTracker' takes "
            + "a 'Optional<ShapePort>' there; supply a 'Optional<ShapePort>' for 'port' in 'externals:'"),
      ])
    let tracker = try Container(
      plan: plan, registry: registry, externals: ["analyticsKey": "abc", "port": ShapePort()]
    ).resolve("tracker", as: ShapeTracker.self)
    #expect(tracker.key == "abc" && tracker.port != nil)
  }

  @Test func runTimeArgumentsOfAnotherTypeAreFoundBeforeAnythingIsBuilt() throws {
    var registry = Registry()
    try registry.register(ShapeProfile.init(key:), labels: ["key"])
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        tracker: { type: ShapeProfile, arguments: { key: String }, init: { 1️⃣key: $key } }
      """
    ])
    let container = try Container(plan: try compiledPlan(files.texts["app.yaml"] ?? ""), registry: registry)
    let error = #expect(throws: ResolutionError.self) {
      try container.resolve("tracker", as: ShapeProfile.self, arguments: ["key": 7])
    }
    #expect(
      error.map { DiagnosticFacts(error: $0) }
        == DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "run-time argument 'key' (declared String) of 'tracker' is a 'Int', but 'ShapeProfile' takes a 'String' "
            + "for 'key'; pass a 'String' in 'arguments:'"))
    #expect(ShapeProfile.built.withLock { $0 } == 0)
    #expect(try container.resolve("tracker", as: ShapeProfile.self, arguments: ["key": "k"]).key == "k")
  }
}

private protocol ShapeLogging: Sendable {}
private class ShapeBase: @unchecked Sendable { init() {} }
private final class ShapeDerived: ShapeBase, @unchecked Sendable {}
private final class ShapeStranger: Sendable {}
private final class ShapeConsole: ShapeLogging {}
private struct ShapePort: Sendable {}
private struct ShapeCount: Sendable {}
private final class ShapeUser: @unchecked Sendable {
  let base: ShapeBase
  let logging: any ShapeLogging
  let port: ShapePort
  var spare: ShapeBase?
  var count = 0
  init(base: ShapeBase, logging: any ShapeLogging, port: ShapePort) {
    self.base = base
    self.logging = logging
    self.port = port
  }
}
private final class ShapeTracker: @unchecked Sendable {
  let key: String
  var port: ShapePort?
  init(key: String) { self.key = key }
}

extension TypeShape {
  fileprivate static func probe(_ type: Any.Type) -> TypeShape? { TypeShape(type, unwrappingOptional: true) }
  fileprivate static func probeAccepts(_ taken: TypeShape, _ built: TypeShape) -> Bool { taken.accepts(built) }
}

extension DiagnosticFacts {
  fileprivate init?(error: ResolutionError) {
    guard let location = error.location else { return nil }
    self.init(error.code, at: location, error.message)
  }
}

private final class ShapeProfile: Sendable {
  static let built = Mutex(0)
  let key: String
  init(key: String) {
    self.key = key
    Self.built.withLock { $0 += 1 }
  }
}

final class WidenedGauge: Sendable {
  let level: Float
  let ratio: Float
  init(level: Float, ratio: Float) {
    self.level = level
    self.ratio = ratio
  }
}
