import DICfgCompiler
import DICfgGeneration
import DICfgPlanning
import Foundation
import Testing

/// What `validate` passes, the build compiles: graphs drawn over the plan's shapes (initializers taking
/// services by id and by a protocol they bind, literals and Swift values, factory objects' methods and
/// properties,
/// shared instances, static factory functions, externals, every scope) with a layer changing a scope, a
/// value, a type or a factory; each passes `validate --all-envs --swift`, and the file `generate
/// --all-envs` writes from it type-checks with `swiftc` against the runtime, in Swift 5 and Swift 6
/// modes. A graph is drawn from its seed, so a failure names the seed that reproduces it.
@Suite struct GeneratedCodeTypecheckTests {
  static let seeds: Range<UInt64> = 0..<40

  @Test(arguments: seeds)
  func aGraphValidatePassesTypeChecks(seed: UInt64) throws {
    let drawn = DrawnGraph(seed: seed)
    var (folder, generation) = try generation(
      of: ["app.yaml": drawn.graph, "app.dev.yaml": drawn.layer, "Types.swift": drawn.swift])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shown = "seed \(seed):\n\(drawn.graph)\n--- app.dev.yaml\n\(drawn.layer)\n--- Types.swift\n\(drawn.swift)"
    // The run `dicfg validate --all-envs --swift` makes, then the one `dicfg generate --all-envs` does.
    var request = GraphRun.Request(files: [folder + "/app.yaml"], environments: [], allEnvironments: true)
    request.readSwift([folder + "/Types.swift"], toolchain: nil)
    let validate = GraphRun(request)
    try #require(!validate.hasErrors, "\(validate.findings.map(\.message))\n\(shown)")
    generation.allEnvironments = true
    let generate = generation.run()
    try #require(generate.exitCode == 0, "\(generate.standardError)\n\(shown)")
    for mode in ["5", "6"] {
      let check = try typecheck([folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode)
      #expect(check.status == 0, "Swift \(mode): \(check.output)\n\(shown)")
    }
    // Over the typed runtime alone: the same graph's typed containers, without the link, type-check
    // against DICfgTypedRuntime; or the generator names each service only the link builds.
    generation.runtime = .typed
    let typed = generation.run()
    guard typed.exitCode == 0 else {
      #expect(typed.standardError.contains("[#needs-full-runtime]"), "\(typed.standardError)\n\(shown)")
      return
    }
    let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
    #expect(text.contains("import DICfgTypedRuntime") && !text.contains("DICfgRuntime"), "\(text)")
    for mode in ["5", "6"] {
      let check = try typecheck([folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode)
      #expect(check.status == 0, "typed runtime, Swift \(mode): \(check.output)\n\(shown)")
    }
  }

  /// Most drawn graphs are built whole by their typed accessors, so the typed runtime alone serves them.
  @Test func mostDrawnGraphsNeedOnlyTheTypedRuntime() throws {
    var typed = 0
    for seed in Self.seeds {
      var (folder, generation) = try baseGeneration(of: DrawnGraph(seed: seed))
      defer { try? FileManager.default.removeItem(atPath: folder) }
      generation.runtime = .typed
      if generation.run().exitCode == 0 { typed += 1 }
    }
    #expect(typed >= Self.seeds.count / 2, "\(typed) of \(Self.seeds.count) graphs")
  }

  /// A feature container's accessors build what they take of the root through the root's
  /// accessors, where a resolve does not share the service: in the drawn graphs of two containers,
  /// some accessors reach across (the root's reach into a feature is EventsApp's, in the fixture).
  @Test func collaboratingContainersReachEachOthersAccessors() throws {
    var across = 0
    for seed in Self.seeds where seed % 3 == 2 {
      let (folder, generation) = try baseGeneration(of: DrawnGraph(seed: seed))
      defer { try? FileManager.default.removeItem(atPath: folder) }
      try #require(generation.run().exitCode == 0)
      let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
      #expect(text.contains("struct FeatureContainer: Sendable {"), "seed \(seed)")
      // An accessor of the root called in the feature's code (not the state a view reads of it).
      if text.split(separator: "\n").contains(where: { $0.contains("_root.") && !$0.contains("private var ") }) {
        across += 1
      }
    }
    #expect(across >= 3, "\(across) graphs reach across containers")
  }

  /// A layer that points a feature container's singleton at a service only the layer adds to the
  /// root: the feature's view calls that environment's accessor of the root, which the file keeps
  /// to itself; the generated file type-checks in both modes.
  @Test func aViewReachesAnAccessorOnlyALayerAdds() throws {
    let files = [
      "Types.swift": """
      protocol Dep: AnyObject, Sendable {}
      final class A: Dep { init() {} }
      final class B: Dep { init() {} }
      final class F: Sendable { let dep: any Dep; init(dep: any Dep) { self.dep = dep } }

      """,
      "app.yaml": """
      dicfg: 1
      containers:
        root:
          services:
            a: { type: A, as: [Dep], scope: singleton }
        feature:
          collaborators: [root]
          services:
            f: { type: F, scope: singleton, init: { dep: a } }

      """,
      "app.dev.yaml": """
      dicfg: 1
      containers:
        root:
          services:
            b: { type: B, scope: singleton }
        feature:
          services:
            f: { init: { dep: b } }

      """,
    ]
    var (folder, generation) = try generation(of: files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    generation.allEnvironments = true
    let generate = generation.run()
    try #require(generate.exitCode == 0, "\(generate.standardError)")
    let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
    #expect(text.contains("F(dep: _root.b)") && text.contains("F(dep: _root.a)"), "\(text)")
    for mode in ["5", "6"] {
      let check = try typecheck([folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode)
      #expect(check.status == 0, "Swift \(mode): \(check.output)")
    }
  }

  /// Providers and lazy values over the typed runtime: a provider of a service without run-time
  /// arguments, one of a service that takes them (as a `Provider` and as a function of them), and a
  /// lazy value, each built by its accessor; the generated file type-checks against
  /// DICfgTypedRuntime in both modes.
  @Test func providersAndLazyValuesTypeCheckOverTheTypedRuntime() throws {
    let files = [
      "Types.swift": """
      import DICfgTypedRuntime
      final class Clock: Sendable { init() {} }
      final class Details: Sendable { let id: Int; init(id: Int, clock: Clock) { self.id = id } }
      final class Router: Sendable {
        let clocks: Provider<Clock>
        let details: Provider<Details>
        let clock: Lazy<Clock>
        let open: @Sendable (Int) throws -> Details
        init(
          clocks: Provider<Clock>, details: Provider<Details>, clock: Lazy<Clock>,
          open: @escaping @Sendable (_ id: Int) throws -> Details
        ) {
          self.clocks = clocks
          self.details = details
          self.clock = clock
          self.open = open
        }
      }

      """,
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: Clock, scope: singleton }
        details: { type: Details, arguments: { id: Int }, init: { id: $id, clock: clock } }
        router:
          type: Router
          scope: singleton
          init:
            clocks: { provider: clock }
            details: { provider: details }
            clock: { lazy: clock }
            open: { provider: details }

      """,
    ]
    var (folder, generation) = try generation(of: files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    generation.runtime = .typed
    let generate = generation.run()
    try #require(generate.exitCode == 0, "\(generate.standardError)")
    let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
    #expect(text.contains("throw ProviderError.arguments(service: \"details\", takes: [\"id: Int\"]"), "\(text)")
    #expect(text.contains("Lazy(container: \"main\", building: { [weak self] in self?.clock })"), "\(text)")
    #expect(
      text.contains(
        "{ [weak self] id in guard let self else { throw Provider<Details>.releasedContainerError(\"main\") }; "
          + "return self.details(id: id) }"), "\(text)")
    for mode in ["5", "6"] {
      let check = try typecheck([folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode)
      #expect(check.status == 0, "Swift \(mode): \(check.output)\n\(text)")
    }
  }

  /// Parameters read from the environment over the typed runtime: the root reads every `${NAME}` of
  /// its environment when it is created, each as the types its builds take it as (one taken as an
  /// `Int` and a `Double` twice), a layer may set one as a literal, and a feature container's code
  /// reads the root's; the file type-checks against DICfgTypedRuntime in both modes.
  @Test func parametersReadFromTheEnvironmentTypeCheckOverTheTypedRuntime() throws {
    let files = [
      "Types.swift": """
      final class Client: Sendable { init(baseURL: String, timeout: Double, retries: Int, region: String?) {} }
      final class Screen: Sendable { init(client: Client, pageSize: Int, verbose: Bool) {} }

      """,
      "app.yaml": """
      dicfg: 1
      parameters:
        baseURL: https://${HOST:-api.example.com}/v${VERSION}
        timeout: ${TIMEOUT:-30}
        region: ${REGION:-~}
        verbose: ${VERBOSE:-false}
        token: ${TOKEN}
      containers:
        main:
          services:
            client:
              type: Client
              scope: singleton
              init: { baseURL: $baseURL, timeout: $timeout, retries: $timeout, region: $region }
        feature:
          collaborators: [main]
          services:
            screen: { type: Screen, init: { client: client, pageSize: $timeout, verbose: $verbose } }

      """,
      "app.dev.yaml": """
      dicfg: 1
      parameters:
        verbose: true

      """,
    ]
    var (folder, generation) = try generation(of: files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    generation.allEnvironments = true
    generation.runtime = .typed
    let generate = generation.run()
    try #require(generate.exitCode == 0, "\(generate.standardError)")
    let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
    #expect(!text.contains("needs-full-runtime"))
    for expected in [
      "let timeoutAsDouble: Double", "let timeoutAsInt: Int", "let region: Optional<String>", "let baseURL: String",
      "self.baseURL = try EnvironmentParameter(\"baseURL\", [.text(\"https://\"), "
        + ".variable(\"HOST\", default: \"api.example.com\"), .text(\"/v\"), .variable(\"VERSION\", default: nil)], "
        + "typed: false, at: \"app.yaml:3:3\").value(in: variables)",
      "_ = try EnvironmentParameter(\"token\", [.variable(\"TOKEN\", default: nil)], typed: true, "
        + "at: \"app.yaml:7:3\").text(in: variables)",
      "private var _parameters: MainContainer.Parameters { _root._parameters }",
      "Screen(client: _root.client, pageSize: _parameters.timeoutAsInt, verbose: _parameters.verbose)",
      "Screen(client: _root.client, pageSize: _parameters.timeoutAsInt, verbose: true)",
      "init(environment: Environment = .base, variables: [String: String]? = nil) throws {",
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
    for mode in ["5", "6"] {
      let check = try typecheck([folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode)
      #expect(check.status == 0, "Swift \(mode): \(check.output)\n\(text)")
    }
  }

  /// Types of a module dicfg cannot read (UIKit on Linux; here a module the reader finds nowhere):
  /// the typed container builds them anyway, calling their initializers as the graph file says, and
  /// the Swift compiler checks each call at the service's line.
  @Test func aTypeOfAModuleDicfgCannotReadIsBuiltAndCheckedAtItsLine() throws {
    let files = [
      "UIKitLike.swift": """
      @MainActor open class UIViewController {
        public init() {}
        public init(nibName: String?) {}
      }
      @MainActor public final class UIApplication { public static let shared = UIApplication() }
      public final class NotificationCenter: Sendable { public static func current() -> NotificationCenter { .init() } }
      @MainActor public final class UINavigationController: UIViewController {
        public let root: UIViewController
        public init(rootViewController: UIViewController) {
          root = rootViewController
          super.init()
        }
      }
      public final class ImageCache: Sendable { public init(capacity: Int) {} }

      """,
      "Types.swift": """
      import UIKitLike
      final class Feed: Sendable { init(images: ImageCache) {} }
      final class FeedViewController: UIViewController {
        let feed: Feed
        init(feed: Feed) { self.feed = feed }
      }
      final class SettingsViewController: UIViewController {}
      @MainActor final class Coordinator {
        init(root: UIViewController, application: UIApplication, notifications: NotificationCenter) {}
      }

      """,
      "app.yaml": """
      dicfg: 1
      services:
        feed: { type: Feed, scope: singleton, init: { images: images } }
        images: { type: ImageCache, scope: singleton, init: { capacity: { value: 100 } } }
        feedScreen: { type: FeedViewController, init: { feed: feed } }
        navigation:
          type: UINavigationController
          isolation: MainActor
          init: { rootViewController: feedScreen }
        settings: { type: SettingsViewController, isolation: MainActor, init: { nibName: { value: Settings } } }
        application: { type: UIApplication, factory: UIApplication.shared, isolation: MainActor }
        notifications: { type: NotificationCenter, factory: NotificationCenter.current }
        coordinator:
          type: Coordinator
          init: { root: navigation, application: application, notifications: notifications }

      """,
    ]
    var (folder, generation) = try generation(of: files)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    generation.runtime = .typed
    let module = try emitModule(folder + "/UIKitLike.swift", named: "UIKitLike", into: folder)
    try #require(module.status == 0, "\(module.output)")
    let generate = generation.run()
    try #require(generate.exitCode == 0, "\(generate.standardError)")
    let text = try String(contentsOfFile: folder + "/Registry+GraphFile.swift", encoding: .utf8)
    #expect(!text.contains("_link") && !text.contains("resolve("), "\(text)")
    // A view controller's initializer inherited from UIKit's; a static property and a static function of
    // UIKit's types; a build taking a UIKit type where the Swift read cannot tell it converts: each call at
    // its service's line.
    #expect(text.contains("    return SettingsViewController(nibName: \"Settings\")"), "\(text)")
    #expect(text.contains("    dicfgTypedMake(UIApplication.shared)"), "\(text)")
    #expect(text.contains("    dicfgTypedMake(NotificationCenter.current)"), "\(text)")
    #expect(
      text.contains(
        "#sourceLocation(file: \"\(folder)/app.yaml\", line: 13)\n    return Coordinator(root: _makeNavigation(), "),
      "\(text)")
    #expect(text.contains("#if canImport(UIKitLike)\nimport UIKitLike\n#endif"), "\(text)")
    #expect(text.contains("@MainActor var navigation: TUINavigationController {"), "\(text)")
    #expect(
      text.contains(
        "#sourceLocation(file: \"\(folder)/app.yaml\", line: 6)\n    DicfgUINavigationController("
          + "rootViewController: _makeFeedScreen())"), "\(text)")
    for mode in ["5", "6"] {
      let check = try typecheck(
        [folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: mode, including: folder)
      #expect(check.status == 0, "Swift \(mode): \(check.output)\n\(text)")
    }

    // A misspelt label of the unread initializer: the Swift compiler's error, at the service's line.
    try files["app.yaml"]!.replacingOccurrences(of: "init: { rootViewController:", with: "init: { rootController:")
      .write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    try #require(generation.run().exitCode == 0)
    let misspelt = try typecheck(
      [folder + "/Types.swift", folder + "/Registry+GraphFile.swift"], mode: "6", including: folder)
    #expect(misspelt.status != 0)
    #expect(misspelt.output.contains("\(folder)/app.yaml:6:"), "\(misspelt.output)")
    #expect(!misspelt.output.contains("Registry+GraphFile.swift:"), "\(misspelt.output)")
  }

  /// The drawing itself: every shape and every change of a layer is drawn by some seed of the suite's.
  @Test func theSeedsCoverEveryShape() {
    let graphs = Self.seeds.map { DrawnGraph(seed: $0) }
    let text = graphs.map { $0.graph + $0.layer }.joined()
    for shape in [
      "method: makeProduct", "property: product", "factory: Shared", "factory: Made", "externals:", "as: [",
      "{ value: ", "{ swift: ",
      "scope: singleton", "scope: graph", "scope: unique", "scope: weak", "type: Test", "collaborators: [root]",
    ] {
      #expect(text.contains(shape), "no seed draws \(shape)")
    }
    #expect(Set(graphs.map(\.layer)).count > 20, "the layers change different things")
  }

  /// A drawn graph's base file (no layer) and its Swift, written to a new folder, and the generation
  /// of its file there; the caller removes the folder.
  private func baseGeneration(of drawn: DrawnGraph) throws -> (folder: String, generation: RegistryGeneration) {
    try generation(of: ["app.yaml": drawn.graph, "Types.swift": drawn.swift])
  }

  /// `files` (by name) written to a new folder, and the generation there of `app.yaml`'s file against
  /// `Types.swift`; the caller removes the folder.
  private func generation(of files: [String: String]) throws -> (folder: String, generation: RegistryGeneration) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-typecheck-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
    var generation = RegistryGeneration(files: [folder + "/app.yaml"], output: folder + "/Registry+GraphFile.swift")
    generation.swiftSources = [folder + "/Types.swift"]
    return (folder, generation)
  }

  /// `swiftc -typecheck` of `files` as module `App`, against the runtime this test run built.
  private func typecheck(
    _ files: [String], mode: String, including modulesFolder: String? = nil
  ) throws -> (status: Int32, output: String) {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var modules = products.appendingPathComponent("Modules")
    if !FileManager.default.fileExists(atPath: modules.appendingPathComponent("DICfgRuntime.swiftmodule").path) {
      modules = products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Modules")
    }
    // swift-atomics' C shims, which the runtime's interface imports.
    var root = products
    while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("checkouts").path) {
      root = root.deletingLastPathComponent()
    }
    let shims = root.appendingPathComponent("checkouts/swift-atomics/Sources/_AtomicsShims/include/module.modulemap")
    // The typed runtime's C part.
    let atomics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/CDICfgAtomics/include/module.modulemap")
    let swiftc = URL(fileURLWithPath: swiftExecutable()).deletingLastPathComponent().appendingPathComponent("swiftc")
    let process = Process()
    process.executableURL = swiftc
    process.arguments =
      [
        "-typecheck", "-swift-version", mode, "-module-name", "App", "-I", modules.path, "-Xcc",
        "-fmodule-map-file=\(shims.path)", "-Xcc", "-fmodule-map-file=\(atomics.path)",
      ] + (modulesFolder.map { ["-I", $0] } ?? []) + files
    return try run(process)
  }

  /// The module `name` of the Swift file `source`, written into `folder` for `typecheck` to import.
  private func emitModule(
    _ source: String, named name: String, into folder: String
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftExecutable()).deletingLastPathComponent()
      .appendingPathComponent("swiftc")
    process.arguments = [
      "-emit-module", "-parse-as-library", "-module-name", name, "-emit-module-path", "\(folder)/\(name).swiftmodule",
      source,
    ]
    return try run(process)
  }

  /// Runs `process` to its end: its status and what it wrote to either stream.
  private func run(_ process: Process) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  private func swiftExecutable() -> String {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(folder)/swiftc") {
      return "\(folder)/swift"
    }
    return "/usr/bin/swift"
  }
}

/// A graph file, a layer of it and the Swift they name, drawn from a seed: services `s0`, `s1`, … of
/// types `S0`, `S1`, …, each taking only services drawn before it, so there is no cycle.
struct DrawnGraph {
  var graph = ""
  var layer = ""
  var swift = ""

  private enum Kind: CaseIterable { case initializer, shared, made, product }

  init(seed: UInt64) {
    var random = SplitMix(state: seed &+ 0x9E37_79B9)
    let count = 4 + Int(random.next() % 4)
    let scopes = ["singleton", "graph", "unique", "weak"]
    var services: [String] = []
    var declarations = ["final class Config: Sendable { init() {} }"]
    var kinds: [Kind] = []
    var types: [String] = []
    var fields: [[String]] = []
    var bound: [Int: String] = [:]
    let hasExternal = random.next() % 2 == 0
    for index in 0..<count {
      var kind = Kind.allCases[Int(random.next() % 4)]
      // A factory object's product needs a receiver drawn before it.
      if kind == .product && index == 0 { kind = .initializer }
      if index == 0 && seed % 4 == 1 { kind = .shared }
      kinds.append(kind)
      let scope = scopes[Int(random.next() % 4)]
      var lines = ["  s\(index):"]
      var parameters: [(label: String, type: String, value: String)] = []
      // Up to two services drawn before, by id or by the protocol one binds.
      for _ in 0..<Int(random.next() % 3) where index > 0 {
        let other = Int(random.next() % UInt64(index))
        guard !parameters.contains(where: { $0.label == "d\(other)" }) else { continue }
        if let binding = bound[other], random.next() % 2 == 0 {
          parameters.append(("d\(other)", "any \(binding)", binding))
        } else {
          parameters.append(("d\(other)", types[other], "s\(other)"))
        }
      }
      switch random.next() % 4 {
      case 0: parameters.append(("count", "Int", "{ value: \(random.next() % 100) }"))
      case 1: parameters.append(("name", "String", "{ value: \"n\(index)\" }"))
      case 2: parameters.append(("queue", "DispatchQueue", "{ swift: DispatchQueue.main }"))
      default: break
      }
      if hasExternal && index == count - 1 { parameters.append(("config", "Config", "config")) }
      let type = Self.typeName(of: index, kind)
      lines.append("    type: \(type)")
      if random.next() % 3 == 0 && kind != .product {
        bound[index] = "P\(index)"
        lines.append("    as: [P\(index)]")
        declarations.append("protocol P\(index): AnyObject, Sendable {}")
      }
      lines.append("    scope: \(scope)")
      let conformance = ": " + ([bound[index]].compactMap { $0 } + ["@unchecked Sendable"]).joined(separator: ", ")
      let signature = parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
      switch kind {
      case .initializer:
        declarations.append(
          "class \(type)\(conformance) { init(\(signature)) {}; func makeProduct() -> Product\(index) { Product\(index)() }; "
            + "var product: Product\(index) { Product\(index)() } }"
        )
        declarations.append("final class Test\(type): \(type), @unchecked Sendable {}")
      case .shared:
        parameters = []
        declarations.append("final class \(type)\(conformance) { static let shared = \(type)(); private init() {} }")
        lines.append("    factory: \(type).shared")
      case .made:
        declarations.append(
          "final class \(type)\(conformance) { init() {}; static func make(\(signature)) -> \(type) { \(type)() }; "
            + "static func makeAgain(\(signature)) -> \(type) { \(type)() } }")
        lines.append("    factory: \(type).make")
      case .product:
        // The method of a service drawn before, built by an initializer.
        guard let receiver = (0..<index).last(where: { kinds[$0] == .initializer }) else {
          kinds[index] = .shared
          types.append(type)
          parameters = []
          declarations.append("final class \(type): Sendable { static let shared = \(type)(); private init() {} }")
          lines.append("    factory: \(type).shared")
          break
        }
        lines[1] = "    type: Product\(receiver)"
        types.append("Product\(receiver)")
        parameters = []
        // Its method, or its property, read.
        lines.append(
          (seed &+ UInt64(index)) % 2 == 0
            ? "    factory: { receiver: s\(receiver), method: makeProduct }"
            : "    factory: { receiver: s\(receiver), property: product }")
      }
      if types.count == index { types.append(type) }
      if !parameters.isEmpty {
        lines.append("    init: { " + parameters.map { "\($0.label): \($0.value)" }.joined(separator: ", ") + " }")
      }
      services.append(lines.joined(separator: "\n"))
      fields.append(lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
    }
    for index in 0..<count where kinds[index] == .initializer {
      declarations.append("final class Product\(index): Sendable { init() {} }")
    }
    // Some graphs are two collaborating containers: the later services in a feature container that
    // finds the earlier ones in the root, as Dip's collaborators do.
    let split = seed % 3 == 2 ? max(1, count / 2) : nil
    let externals = hasExternal ? "externals:\n  config: { type: Config }\n" : ""
    if let split {
      let indented = { (lines: ArraySlice<String>) in
        lines.map { $0.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") }.joined(separator: "\n")
      }
      graph =
        "dicfg: 1\ncontainers:\n  root:\n"
        + (hasExternal ? "    externals:\n      config: { type: Config }\n" : "")
        + "    services:\n" + indented(services[..<split]) + "\n"
        + "  feature:\n    collaborators: [root]\n    services:\n" + indented(services[split...]) + "\n"
    } else {
      graph = "dicfg: 1\n" + externals + "services:\n" + services.joined(separator: "\n") + "\n"
    }
    // The layer: a scope, a type, a value or a factory changed, for one service drawn at random.
    let changed = Int(random.next() % UInt64(count))
    var change: String
    switch (kinds[changed], random.next() % 3) {
    case (.initializer, 0):
      // A layer's `type:` replaces the service: the rest of it is said again.
      change = (["type: Test\(Self.typeName(of: changed, .initializer))"] + fields[changed].dropFirst())
        .joined(separator: ", ")
    case (.made, 0): change = "factory: \(Self.typeName(of: changed, .made)).makeAgain"
    default: change = "scope: \(scopes[Int(random.next() % 4)])"
    }
    if let split {
      layer =
        "dicfg: 1\ncontainers:\n  \(changed < split ? "root" : "feature"):\n    services:\n"
        + "      s\(changed): { \(change) }\n"
    } else {
      layer = "dicfg: 1\nservices:\n  s\(changed): { \(change) }\n"
    }
    swift = "import Dispatch\n\n" + declarations.joined(separator: "\n") + "\n"
  }

  private static func typeName(of index: Int, _ kind: Kind) -> String {
    switch kind {
    case .shared: return "Shared\(index)"
    case .made: return "Made\(index)"
    default: return "S\(index)"
    }
  }
}

/// A small seeded generator (SplitMix64), the same draw on every platform.
struct SplitMix {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
