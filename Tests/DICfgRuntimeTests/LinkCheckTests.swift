import DICfg
import DICfgTestSupport
import Foundation
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
    #expect(LinkChecks.fits(.null, "Optional<Double>") && LinkChecks.fits(.int(3), "Optional<Float>"))
    #expect(!LinkChecks.fits(.string("x"), "Optional<Int>") && LinkChecks.fits(.string("x"), "URL"))
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
