import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgPlanning
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// A module's graph file may name the module's internal implementations: the module's generated
/// code declares a public builder for each (``ModuleBuilder``), and the app's graph importing the
/// file builds the service with it, as a service of its public type. What no builder can build is
/// one `inaccessible-declaration` error at the fragment's line, naming the fix.
@Suite struct ModuleBuilderTests {
  static let swift = MarkedFiles([
    "Sources/Kit/Kit.swift": """
    public protocol Logging: Sendable {}
    public protocol Reporter: Sendable {}
    final class ReporterImpl: Reporter {
      init(logger: any Logging, level: Int) {}
    }
    public final class Clock: Sendable {
      init(zone: String) throws {}
      init(zone: String, offset: Int) {}
    }
    @MainActor final class Banner: Reporter {
      init() {}
    }
    1️⃣final class Secret {
      init() {}
    }
    enum Level { case low, high }
    final class Detailed: Reporter {
      init(level: Level) {}
    }
    enum Factories {
      static func makeQuiet(level: Int) async -> ReporterImpl { ReporterImpl(logger: Silent(), level: level) }
    }
    struct Silent: Logging {}
    """,
    "Sources/App/App.swift": """
    import Kit
    struct PrintLogger: Logging {}
    final class Home {
      init(reporter: any Reporter, clock: Clock) {}
    }
    """,
  ])

  static let fragment = """
    dicfg: 1
    requires:
      logger: { type: Logging }
    services:
      reporter: { type: ReporterImpl, as: [Reporter], init: { logger: logger, level: { value: 3 } } }
      clock: { type: Clock, init: { zone: { value: UTC } } }
      banner: { type: Banner, as: [Reporter] }
      quiet: { type: ReporterImpl, as: [Reporter], factory: Factories.makeQuiet, init: { level: { value: 1 } } }

    """

  private func compile(
    _ file: String, app: String = "", layer: String? = nil, environments: [String] = [], kit: String = fragment
  ) -> (CompileResult, MarkedFiles) {
    var texts = [
      "Sources/Kit/dicfg.yaml": kit,
      "Sources/App/dicfg.yaml": "dicfg: 1\nimports: [../Kit/dicfg.yaml]\nservices:\n"
        + "  logger: { type: PrintLogger, as: [Logging] }\n" + app,
    ]
    if let layer { texts["Sources/App/dicfg.dev.yaml"] = layer }
    let files = MarkedFiles(texts)
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: file, environments: environments, environmentVariables: [:], swift: declarations))
    return (result, files)
  }

  @Test func theAppBuildsAnotherModulesInternalImplementationsWithTheModulesBuilders() throws {
    let (result, _) = compile(
      "Sources/App/dicfg.yaml", app: "  home: { type: Home, init: { reporter: reporter, clock: clock } }\n")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let services = try #require(result.plan?.containers.first?.services)
    let built = services.filter { $0.id != "logger" && $0.id != "home" }.map { [$0.id, $0.type, $0.factory ?? ""] }
    #expect(
      built == [
        ["reporter", "Reporter", "KitServices.makeReporter"], ["clock", "Clock", "KitServices.makeClock"],
        ["banner", "Reporter", "KitServices.makeBanner"], ["quiet", "Reporter", "KitServices.makeQuiet"],
      ])
    // The builder keeps what Swift says of the initializer: the banner is built on the main actor.
    #expect(services.first { $0.id == "banner" }?.isolation == .mainActor)
    #expect(services.first { $0.id == "home" }?.initializer.map(\.label) == ["reporter", "clock"])
  }

  @Test func theModulesOwnCompileBuildsItsTypesAndPublishesTheBuilders() throws {
    let (result, _) = compile("Sources/Kit/dicfg.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let services = try #require(result.plan?.containers.first?.services)
    #expect(services.first { $0.id == "reporter" }?.type == "ReporterImpl")
    #expect(services.first { $0.id == "reporter" }?.factory == nil)
    #expect(
      ModuleBuilder.swift(result.publishedBuilders, atGraphLines: true) == """

        /// Builds the services of Kit's graph files whose types or initializers Kit keeps
        /// internal, for the graphs that import the files.
        public enum KitServices {
          /// Builds 'reporter'.
          public static func makeReporter(logger: any Logging, level: Int) -> any Reporter {
        #sourceLocation(file: "Sources/Kit/dicfg.yaml", line: 5)
            ReporterImpl(logger: logger, level: level)
        #sourceLocation()
          }
          /// Builds 'clock'.
          public static func makeClock(zone: String) throws -> Clock {
        #sourceLocation(file: "Sources/Kit/dicfg.yaml", line: 6)
            try Clock(zone: zone)
        #sourceLocation()
          }
          /// Builds 'banner'.
          @MainActor public static func makeBanner() -> any Reporter {
        #sourceLocation(file: "Sources/Kit/dicfg.yaml", line: 7)
            Banner()
        #sourceLocation()
          }
          /// Builds 'quiet'.
          public static func makeQuiet(level: Int) async -> any Reporter {
        #sourceLocation(file: "Sources/Kit/dicfg.yaml", line: 8)
            await Factories.makeQuiet(level: level)
        #sourceLocation()
          }
        }

        """)
  }

  @Test func anInternalTypeWithNoPublicBindingIsOneErrorAtTheFragmentsLineNamingTheFix() {
    let kit = Self.fragment + "  secret: { type: 1️⃣Secret }\n"
    let (result, files) = compile("Sources/App/dicfg.yaml", kit: kit)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/Kit/dicfg.yaml", "1️⃣"],
          "'secret' is of type 'Secret', which is internal in module 'Kit', so the code generated for module 'App' "
            + "cannot name it; bind 'secret' 'as:' a public type 'Secret' conforms to, with public types for the "
            + "arguments it takes and no 'properties:', so Kit's generated code builds it, or make 'Secret' public "
            + "in Kit")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/Kit/Kit.swift", "1️⃣"])
    // Checked alone, the module's file reaches its own type.
    #expect(compile("Sources/Kit/dicfg.yaml", kit: kit).0.diagnostics.isEmpty)
  }

  @Test func anInternalParameterTypeLeavesTheServiceToTheReachCheck() {
    let kit = Self.fragment + "  detailed: { type: 1️⃣Detailed, as: [Reporter], init: { level: { swift: .low } } }\n"
    let (result, files) = compile("Sources/App/dicfg.yaml", kit: kit)
    #expect(result.diagnostics.map(\.code) == [.inaccessibleDeclaration])
    #expect(result.diagnostics.first?.location == files["Sources/Kit/dicfg.yaml", "1️⃣"])
  }

  // Builders are functions of one enum per module: two services of a module with one id (here in
  // two containers) get none, and each is the reach error.
  @Test func twoServicesOfAModuleWithOneIdAreEachTheReachError() {
    let kit = """
      dicfg: 1
      containers:
        main:
          services:
            clock: { type: Clock, init: { 2️⃣zone: { value: UTC } } }
        other:
          services:
            clock: { type: Clock, init: { 3️⃣zone: { value: CET } } }

      """
    let (result, files) = compile("Sources/App/dicfg.yaml", kit: kit)
    #expect(result.diagnostics.map(\.code).allSatisfy { $0 == .inaccessibleDeclaration }, "\(result.diagnostics)")
    #expect(
      Set(result.diagnostics.map(\.location)).isSuperset(of: [
        files["Sources/Kit/dicfg.yaml", "2️⃣"], files["Sources/Kit/dicfg.yaml", "3️⃣"],
      ]), "\(result.diagnostics)")
    #expect(compile("Sources/Kit/dicfg.yaml", kit: kit).0.publishedBuilders.isEmpty)
  }

  // A layer of the app passing another value keeps the builder; one adding an argument the
  // module's file does not pass cannot use it.
  @Test func aLayerChangingAValueKeepsTheBuilderAndOneAddingAnArgumentIsTheReachError() throws {
    let changed = compile(
      "Sources/App/dicfg.yaml", layer: "dicfg: 1\nservices:\n  reporter: { init: { level: { value: 5 } } }\n",
      environments: ["dev"])
    #expect(changed.0.diagnostics.isEmpty, "\(changed.0.diagnostics)")
    let reporter = try #require(changed.0.plan?.containers.first?.services.first { $0.id == "reporter" })
    #expect(reporter.factory == "KitServices.makeReporter")
    #expect(reporter.initializer.last?.value == .literal(.int(5)))

    let kit = """
      dicfg: 1
      services:
        clock: { type: Clock, init: { zone: { value: UTC } } }

      """
    let added = compile(
      "Sources/App/dicfg.yaml",
      layer: "dicfg: 1\nservices:\n  clock: { init: { zone: { value: UTC }, offset: { value: 1 } } }\n",
      environments: ["dev"], kit: kit)
    #expect(added.0.diagnostics.map(\.code) == [.inaccessibleDeclaration], "\(added.0.diagnostics)")
  }
}
