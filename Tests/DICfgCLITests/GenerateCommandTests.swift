import DICfgCLI
import DICfgTestSupport
import Foundation
import Testing

/// The folders of config-examples/ holding a graph file with Swift types behind it.
private let examples = [
  "weather", "dip-collaboration", "saber-externals", "resolver-scopes", "knights", "environments",
  "swinject", "reference",
]

@Suite struct GenerateCommandTests {
  @Test(arguments: examples)
  func writesTheRegistrationOfEveryExample(example: String) throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand(["generate", "config-examples/\(example)/app.yaml", "--all-envs", "--output", output])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8).replacingOccurrences(
      of: repositoryRoot + "/", with: "")
    expectGolden(text, "generated/\(example).swift.txt")
  }

  @Test func aGraphFileErrorIsReportedAsValidateReportsItAndNothingIsWritten() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    let result = try runCommand([
      "generate", "config-examples/invalid/unknown-reference.yaml", "--output", output, "--color", "never",
    ])
    let validate = try runCommand(["validate", "config-examples/invalid/unknown-reference.yaml", "--color", "never"])
    #expect(result.exitCode == 1)
    #expect(result.standardError == validate.standardError)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  // `$container` where the initializer takes another type (an imported app's Swinject `Resolver`): over
  // the typed runtime the one fix is the parameter's type, which the full runtime would not build either.
  @Test func theContainerWhereSwiftExpectsAnotherTypeSaysWhichTypeToDeclare() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-container-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    protocol Resolver {}
    final class BaseRouter { init(resolver: Resolver) {} }

    """.write(toFile: folder + "/Router.swift", atomically: true, encoding: .utf8)
    try """
    dicfg: 1
    services:
      router: { type: BaseRouter, scope: singleton, init: { resolver: $container } }

    """.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    let validated = try runCommand([
      "validate", folder + "/app.yaml", "--swift", folder + "/Router.swift", "--runtime", "typed", "--color", "never",
    ])
    #expect(validated.exitCode == 1)
    let errors: [String] = validated.standardError.split(separator: "\n").map(String.init).filter {
      $0.contains(": error: ")
    }
    let expected: String =
      "\(folder)/app.yaml:3:3: error: 'router' is built through dicfg's link, which 'DICfgTypedRuntime' does not "
      + "have: its typed accessor cannot build it because it takes '$container' where Swift expects 'Resolver', "
      + "not the container's type 'MainContainer'; declare the parameter that takes it as 'MainContainer' "
      + "[#needs-full-runtime]"
    #expect(errors == [expected], "\(validated.standardError)")
  }

  // Over the typed runtime alone (`--runtime typed`, which the build plugin passes for a target that
  // depends on DICfgTypedRuntime), the file holds only the typed containers, providers included; a
  // service only the link builds is an error at its key, naming what it takes and the product to
  // depend on instead.
  @Test func overTheTypedRuntimeTheFileHoldsOnlyTheTypedContainers() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-typed-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    import DICfgTypedRuntime
    final class Clock: Sendable { init() {} }
    final class Feed: Sendable { let clock: Clock; init(clock: Clock) { self.clock = clock } }
    final class Router: Sendable { let feeds: Provider<Feed>; init(feeds: Provider<Feed>) { self.feeds = feeds } }

    """.write(toFile: folder + "/Types.swift", atomically: true, encoding: .utf8)
    try """
    dicfg: 1
    services:
      clock: { type: Clock, scope: singleton }
      feed: { type: Feed, init: { clock: clock } }
      latest: { type: Feed, scope: cached, init: { clock: clock } }

    """.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    let output = folder + "/Generated.swift"
    let arguments = [
      "generate", folder + "/app.yaml", "--swift", folder + "/Types.swift", "--runtime", "typed", "--output", output,
      "--color", "never",
    ]
    let built = try runCommand(arguments)
    #expect(built.exitCode == 0, "\(built.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    // The Swift imports no Foundation, so neither does the file.
    #expect(text.contains("\n@_spi(Generated) import DICfgTypedRuntime\n\n"), "\(text)")
    for linked in ["DICfgRuntime", "Registry", "DeferredLink", "dynamicContainer", "byID"] {
      #expect(!text.contains(linked), "\(linked) in \(text)")
    }
    // A test's stand-in, read before the service is built, in debug builds only.
    #expect(
      text.contains(
        "if let standIn = _standIns.clock { return _singletons.singleton(0, as: Clock.self) { standIn() } }"),
      "\(text)")
    #expect(text.contains("    #if DEBUG\n    fileprivate var clock: (@Sendable () -> Clock)?\n"), "\(text)")
    #expect(text.contains("return _singletons.singleton(0, as: Clock.self) { Clock() }"), "\(text)")
    #expect(text.contains("Feed(clock: clock)"), "\(text)")
    #expect(text.contains("return _singletons.cached(2, as: Feed.self) { Feed(clock: clock) }"), "\(text)")
    #expect(text.contains("  func resetCached() { _singletons.resetCached() }"), "\(text)")
    try "import Foundation\n".write(toFile: folder + "/Dates.swift", atomically: true, encoding: .utf8)
    #expect(try runCommand(arguments + ["--swift", folder + "/Dates.swift"]).exitCode == 0)
    #expect(
      try String(contentsOfFile: output, encoding: .utf8).contains(
        "\n@_spi(Generated) import DICfgTypedRuntime\nimport Foundation\n"))

    try """
    dicfg: 1
    services:
      clock: { type: Clock, scope: singleton }
      feed: { type: Feed, init: { clock: clock } }
      router: { type: Router, init: { feeds: { provider: feed } } }

    """.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    // A provider is the typed runtime's, built by the accessor.
    let provided = try runCommand(arguments)
    #expect(provided.exitCode == 0, "\(provided.standardError)")
    let withProvider = try String(contentsOfFile: output, encoding: .utf8)
    #expect(
      withProvider.contains(
        "Router(feeds: Provider(container: \"main\", building: { [weak self] in self?.feed }))"), "\(withProvider)")
    try FileManager.default.removeItem(atPath: output)

    // A Swift file that does not parse: the file is written, and the build says the Swift compiler checks
    // the services in it.
    try "final class Broken {\n".write(toFile: folder + "/Broken.swift", atomically: true, encoding: .utf8)
    let unread = try runCommand(arguments + ["--swift", folder + "/Broken.swift"])
    #expect(unread.exitCode == 0, "\(unread.standardError)")
    #expect(
      unread.standardError.contains(
        "\(folder)/app.yaml: warning: dicfg could not read '\(folder)/Broken.swift', so the Swift compiler checks "
          + "the services that name it in the generated typed container"), "\(unread.standardError)")
    #expect(!(try String(contentsOfFile: output, encoding: .utf8)).contains("Registry"))
    try FileManager.default.removeItem(atPath: output)

    // A failable initializer, a lazy value of a service that awaits, and a provider of one passed as a
    // function that does not await: the link builds them.
    try """
    dicfg: 1
    services:
      client: { type: Named, init: { name: { value: feed } } }
      loader: { type: Loader, init: { api: { lazy: api } } }
      api: { type: Api }
      details: { type: Details, arguments: { id: Int }, init: { id: $id } }
      opener: { type: Opener, init: { open: { provider: details } } }

    """.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    try """
    final class Named: Sendable { let name: String; init?(name: String) { self.name = name } }
    final class Api: Sendable { init() async {} }
    final class Loader: Sendable { init(api: Lazy<Api>) {} }
    final class Details: Sendable { init(id: Int) async {} }
    final class Opener: Sendable { init(open: @escaping @Sendable (Int) throws -> Details) {} }

    """.write(toFile: folder + "/Named.swift", atomically: true, encoding: .utf8)
    let linked = try runCommand(arguments + ["--swift", folder + "/Named.swift"])
    #expect(linked.exitCode == 1)
    let located = linked.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
      .map { $0.replacingOccurrences(of: folder + "/", with: "") }
    #expect(
      located.map { String($0.prefix(while: { $0 != "'" })) + ($0.hasSuffix("[#needs-full-runtime]") ? "ok" : "") }
        == ["app.yaml:3:3: error: ok", "app.yaml:4:3: error: ok", "app.yaml:7:3: error: ok"],
      "\(linked.standardError)")
    // Each with the one thing that stops its typed accessor.
    #expect(
      located.map { $0.components(separatedBy: "build it because ").last?.prefix(while: { $0 != ";" }) ?? "" } == [
        "'Named.init' is failable",
        "it takes a lazy value of 'api', whose build awaits, and a Lazy's closure is synchronous",
        "it takes a provider of 'details' as '@Sendable (Int) throws -> Details', which does not await, and its "
          + "build awaits",
      ], "\(linked.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    // `dicfg validate --runtime typed` says the same, at the same lines, before the build.
    let validated = try runCommand([
      "validate", folder + "/app.yaml", "--swift", folder + "/Types.swift", "--swift", folder + "/Named.swift",
      "--runtime", "typed", "--color", "never",
    ])
    #expect(validated.exitCode == 1)
    #expect(
      validated.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        == linked.standardError.split(separator: "\n").filter { $0.contains(": error: ") }, "\(validated.standardError)"
    )
    let full = try runCommand([
      "validate", folder + "/app.yaml", "--swift", folder + "/Types.swift", "--swift", folder + "/Named.swift",
      "--color", "never",
    ])
    #expect(full.exitCode == 0, "over the full runtime, the link builds them: \(full.standardError)")

    // An eager main-actor singleton: the link builds it when the container is created.
    try """
    dicfg: 1
    services:
      screen: { type: Screen, scope: singleton, eager: true }

    """.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    try "@MainActor final class Screen { init() {} }\n".write(
      toFile: folder + "/Screen.swift", atomically: true, encoding: .utf8)
    let eager = try runCommand(arguments + ["--swift", folder + "/Screen.swift"])
    #expect(eager.exitCode == 1)
    #expect(
      eager.standardError.hasPrefix(
        "\(folder)/app.yaml:3:3: error: 'screen' is eager, and dicfg's link builds it when the container is created"),
      "\(eager.standardError)")

    #expect {
      _ = try runCommand(arguments.dropLast(2) + ["--runtime", "lean"])
    } throws: { error in
      "\(error)".contains("'--runtime lean' is not full or typed.")
    }
  }

  @Test func optionsSetTheAccessLevelAndTheImports() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand([
      "generate", "config-examples/knights/app.yaml", "--output", output, "--access", "public", "--import", "Knights",
      "--import", "Quests",
    ])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(
      text.contains(
        "import DICfgCore\n@_spi(Generated) import DICfgRuntime\nimport Foundation\nimport Knights\nimport Quests\n"))
    // The `Registry` extension stays internal; other modules reach it through `GraphFile`, which
    // their module's name tells apart where two modules each generate one.
    #expect(text.contains("\n  static func fromGraphFile() throws -> Registry {"))
    #expect(text.contains("\n  static func graphFilePlan(environment: String? = nil) throws -> ResolutionPlan {"))
    #expect(text.contains("\npublic enum GraphFile {\n"))
    #expect(text.contains("  public static func registry() throws -> Registry { try Registry.fromGraphFile() }"))
    #expect(text.contains("  public static func plan(environment: String? = nil) throws -> ResolutionPlan {"))
  }

  // A module's fragment (a graph file that `requires:` what its importer provides) is checked in its
  // module's build and built by the graph that imports it: where the run read its Swift whole, the
  // run's checks are its checks, and its generated file declares nothing of dicfg's (only the
  // builders other modules call, none here); where a type it names went unread, its registrations
  // stay, for the Swift compiler to check at their lines. Neither has a container, embedded plan or
  // public namespace, even where its access is public. A graph file without requirements still gets
  // its container.
  @Test func aFragmentsGeneratedFileChecksItAndDeclaresNoContainer() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-fragment-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let swift = "protocol HTTPClient {}\nfinal class Tracker { init(client: HTTPClient) {} }\n"
    try swift.write(toFile: folder + "/Types.swift", atomically: true, encoding: .utf8)
    let tracker = "  tracker: { type: Tracker, init: { client: http } }\n"
    for (name, requires, services) in [
      ("fragment", true, tracker), ("unread", true, tracker + "  ledger: { type: Ledger }\n"), ("root", false, tracker),
    ] {
      let graph =
        "dicfg: 1\n"
        + (requires ? "requires:\n  http: { type: HTTPClient }\n" : "externals:\n  http: { type: HTTPClient }\n")
        + "services:\n" + services
      try graph.write(toFile: folder + "/\(name).yaml", atomically: true, encoding: .utf8)
      let result = try runCommand([
        "generate", folder + "/\(name).yaml", "--swift", folder + "/Types.swift", "--access", "public", "--output",
        folder + "/\(name).swift",
      ])
      #expect(result.exitCode == 0, "\(result.standardError)")
      let text = try String(contentsOfFile: folder + "/\(name).swift", encoding: .utf8)
      #expect(text.contains("Tracker(client: $0)") == (name != "fragment"), "\(name): \(text)")
      #expect(text.contains("import DICfgRuntime") == (name != "fragment"), "\(name): \(text)")
      #expect(text.contains("typealias DicfgLedger") == (name == "unread"), "\(name): \(text)")
      #expect(text.contains("class MainContainer") == !requires, "\(name): \(text)")
      #expect(text.contains("public enum GraphFile") == !requires, "\(name): \(text)")
      #expect(text.contains("graphFilePlan") == !requires, "\(name): \(text)")
    }
  }

  // A builder the module's generated code publishes makes an internal initializer callable from
  // every module importing it: the generation says so in a note at the service's line.
  @Test func aPublishedBuilderIsStatedWhereTheFragmentNamesTheService() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-builder-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/Sources/Kit", withIntermediateDirectories: true)
    try "public protocol Reporting: AnyObject {}\nfinal class Reporter: Reporting { init(level: Double) {} }\n".write(
      toFile: folder + "/Sources/Kit/Kit.swift", atomically: true, encoding: .utf8)
    let graph = folder + "/Sources/Kit/dicfg.yaml"
    try
      "dicfg: 1\nrequires:\n  level: { type: Double }\nservices:\n  reporter: { type: Reporter, as: [Reporting], init: { level: level } }\n"
      .write(toFile: graph, atomically: true, encoding: .utf8)
    let result = try runCommand([
      "generate", graph, "--swift", folder + "/Sources/Kit", "--output", folder + "/Kit.swift",
    ])
    #expect(result.exitCode == 0)
    #expect(
      result.standardError
        == graph + ":5:3: note: 'reporter' is built by 'Reporter.init(level:)', which module 'Kit' keeps internal; its "
        + "generated 'KitServices.makeReporter(level:)' is public, so any module that imports Kit can build it\n")
  }

  // A module of another package is imported where the graph names what it declares (a type, a
  // factory's owner), and not otherwise: an unused one brings no name of its own into the file.
  @Test func aModuleIsImportedIfTheGraphUsesWhatItDeclares() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-imports-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = [
      "Scanner/Scanner.swift": "public enum ScannerKit { public static let foreground = Camera() }\n"
        + "public final class Camera: Sendable {}\n",
      "Injection/Container.swift": "public final class Container {}\n",
      "App/dicfg.yaml": "dicfg: 1\nservices:\n  camera: { type: Camera, factory: ScannerKit.foreground }\n",
    ]
    for (path, text) in files {
      let url = URL(fileURLWithPath: folder + "/" + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let output = folder + "/out.swift"
    let result = try runCommand([
      "generate", folder + "/App/dicfg.yaml", "--output", output, "--swift", folder + "/Scanner/Scanner.swift",
      "--swift", folder + "/Injection/Container.swift", "--import-if-used", "ScannerSDK=\(folder)/Scanner",
      "--import-if-used", "Swinject=\(folder)/Injection",
    ])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("\nimport ScannerSDK\n"))
    #expect(!text.contains("import Swinject"))
    #expect(throws: (any Error).self) {
      try runCommand(["generate", "app.yaml", "--output", output, "--import-if-used", "Swinject"])
    }
  }

  @Test func aContainerTypeNamesTheTypedContainerAndAnUnknownContainerIsAnError() throws {
    let text = try generated(["config-examples/knights/app.yaml", "--container-type", "main=KnightsContainer"])
    #expect(text.contains("\nfinal class KnightsContainer: Sendable {\n"))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    let result = try runCommand([
      "generate", "config-examples/knights/app.yaml", "--container-type", "mian=KnightsContainer", "--output", output,
    ])
    #expect(result.exitCode == 1)
    #expect(
      result.standardError
        == "error: '--container-type mian=…' names no container of config-examples/knights/app.yaml; did you mean "
        + "'main'? The containers are 'main'.\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func theInternalDefaultGeneratesNoGraphFileNamespace() throws {
    let text = try generated(["config-examples/knights/app.yaml"])
    #expect(!text.contains("enum GraphFile"))
    #expect(!text.contains("public "))
  }

  @Test func aSourceRootMakesTheEmbeddedPlansAndCommentsRelative() throws {
    let root = FileManager.default.currentDirectoryPath
    let text = try generated([root + "/config-examples/environments/app.yaml", "--all-envs", "--source-root", root])
    #expect(text.hasPrefix("// Generated by `dicfg generate` from config-examples/environments/app.yaml with"))
    #expect(
      text.contains(
        "private static let dicfgPlanFiles = [\"config-examples/environments/app.yaml\", "
          + "\"config-examples/environments/app.production.yaml\""))
    // Compile errors keep the path the build gave, so they open in the editor.
    #expect(text.contains("#sourceLocation(file: \"\(root)/config-examples/environments/app.yaml\""))
    let embedded = text.split(separator: "\n").filter { !$0.hasPrefix("#sourceLocation") }
    #expect(!embedded.contains { $0.contains(root) })
  }

  /// The generated Swift grows by at most 18 lines a service (each statement a graph file value causes
  /// may stand on two lines, to be reported at its line and column), and an environment adds lines only
  /// for what its layer changes.
  @Test func theGeneratedSwiftIsAtMostEighteenLinesAServiceAndALayerAddsOnlyItsChanges() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-size-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 200
    var graph = "dicfg: 1\nservices:\n  s0: { type: S0, scope: singleton }\n"
    var swift = "final class S0: Sendable { init() {} }\n"
    for index in 1..<count {
      graph += "  s\(index): { type: S\(index), scope: singleton, init: { dependency: s\(index - 1) } }\n"
      swift += "final class S\(index): Sendable { init(dependency: S\(index - 1)) {} }\n"
    }
    try graph.write(to: folder.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
    try swift.write(to: folder.appendingPathComponent("Types.swift"), atomically: true, encoding: .utf8)
    let file = folder.appendingPathComponent("app.yaml").path
    let base = try generated([file, "--swift", folder.path]).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(base.count <= 18 * count, "\(base.count) lines for \(count) services")
    // A layer that makes one service eager: its plan is that service, written again, and its
    // accessor resolves through the link.
    try "dicfg: 1\nservices:\n  s7: { eager: true }\n".write(
      to: folder.appendingPathComponent("app.test.yaml"), atomically: true, encoding: .utf8)
    let layered = try generated([file, "--swift", folder.path, "--all-envs"])
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(layered.count - base.count <= 25, "\(layered.count - base.count) lines for one changed service")
  }

  /// Generates from `arguments` into a temporary file and returns its text.
  private func generated(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand(["generate"] + arguments + ["--output", output])
    #expect(result.exitCode == 0, "\(result.standardError)")
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  @Test func envStacksALayerUnderThePlanAsInValidate() throws {
    let base = try generated(["config-examples/environments/app.yaml"])
    let production = try generated(["config-examples/environments/app.yaml", "--env", "production"])
    #expect(!base.contains("FirebaseAnalytics"))
    #expect(production.contains("FirebaseAnalytics.init"), "the layer's services are registered")
    #expect(production.contains("    case nil:\n"))
    #expect(!production.contains("case \"production\":"), "'--env' adds no plan of its own, as it adds no check")
    #expect(production.contains("RegistryError.unknownEnvironment(environment, known: [nil], graphFile: \"app.yaml\")"))
  }

  @Test func aLayerNamedOnTheCommandLineAddsItsPlanAsInValidate() throws {
    let text = try generated([
      "config-examples/environments/app.yaml", "config-examples/environments/app.production.yaml",
    ])
    #expect(text.contains("    case nil:\n"))
    #expect(text.contains("    case \"production\":\n"))
    #expect(!text.contains("case \"test\":"))
    #expect(
      text.contains(
        "RegistryError.unknownEnvironment(environment, known: [nil, \"production\"], graphFile: \"app.yaml\")"),
      "a wrong environment's error lists the plans")
  }
}

/// The typed container's make functions, over the shapes a factory object's method takes and the
/// ways a layer changes a graph: every make function the generated file calls, it declares (a
/// singleton built by a receiver's method once called one only an environment's plan named).
@Suite struct GeneratedMakeFunctionTests {
  /// What the receiver and its service are, and what the layer changes.
  static let cases: [(receiverScope: String, serviceScope: String, layer: String)] = {
    var cases: [(String, String, String)] = []
    let layers = [
      "clock: { scope: singleton }", "clock: { scope: unique }", "userFactory: { scope: singleton }",
      "session: { scope: graph }", "userFactory: { type: TestUserFactory }", "session: { type: Session }",
    ]
    for receiver in ["graph", "singleton", "unique"] {
      for service in ["singleton", "graph", "unique"] {
        for layer in layers { cases.append((receiver, service, layer)) }
      }
    }
    return cases
  }()

  @Test(arguments: cases)
  func everyMakeFunctionCalledIsDeclared(_ shape: (receiverScope: String, serviceScope: String, layer: String))
    throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-makers-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let graph = """
      dicfg: 1
      services:
        userFactory: { type: UserFactory, scope: \(shape.receiverScope) }
        session:
          type: Session
          scope: \(shape.serviceScope)
          factory: { receiver: userFactory, method: makeSession }
        clock: { type: Clock, init: { session: session } }
      """
    let swift = """
      class UserFactory { init() {}; func makeSession() -> Session { Session() } }
      final class TestUserFactory: UserFactory { override init() {} }
      final class Session { init() {} }
      final class Clock { init(session: Session) {} }
      """
    try graph.write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    try "dicfg: 1\nservices:\n  \(shape.layer)\n".write(
      toFile: folder + "/app.dev.yaml", atomically: true, encoding: .utf8)
    try swift.write(toFile: folder + "/Types.swift", atomically: true, encoding: .utf8)
    let result = try runCommand([
      "generate", folder + "/app.yaml", "--all-envs", "--swift", folder + "/Types.swift", "--output",
      folder + "/Gen.swift",
    ])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: folder + "/Gen.swift", encoding: .utf8)
    let called = Set(text.matches(of: /(_make\w+)\(/).map { String($0.output.1) })
    let declared = Set(text.matches(of: /func (_make\w+)\(/).map { String($0.output.1) })
    #expect(!declared.isEmpty, "\(text)")
    #expect(called.subtracting(declared).isEmpty, "\(called.subtracting(declared).sorted())\n\(text)")
  }
}
