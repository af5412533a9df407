import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader
import Foundation
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// The fixture apps of `config-examples/import`, one per library: a shopping app of four modules.
enum Fixture: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case swinject, resolver, factory

  var folder: String { repositoryRoot + "/config-examples/import/" + rawValue }
  var testDescription: String { rawValue }

  var library: ImportedLibrary {
    switch self {
    case .swinject: .swinject
    case .resolver: .resolver
    case .factory: .factory
    }
  }

  /// Its Swift files, by path inside it, as `dicfg import Sources` run there names them.
  var files: [(path: String, text: String)] {
    let sources = folder + "/Sources"
    let names = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    return names.compactMap { name in
      (try? String(contentsOfFile: sources + "/" + name, encoding: .utf8)).map { ("Sources/" + name, $0) }
    }
  }

  /// Each registration as its REGISTRATIONS.md declares it: file, line, key, the concrete type it
  /// builds (nil where it builds none of its own), and its scope as written (nil for the default).
  var declared: [(file: String, line: Int, key: String, concrete: String?, scope: String?)] {
    let text = (try? String(contentsOfFile: folder + "/REGISTRATIONS.md", encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count > 7, Int(cells[1]) != nil, let number = Int(cells[3]) else { return nil }
      let keyTicks = Self.backticked(cells[4])
      // Factory's key is `Container.name`: `Type`; the others' is `Type`, name `…`.
      let key = self == .factory ? keyTicks.dropFirst().first : keyTicks.first
      let concrete = cells[5].hasPrefix("`") ? Self.backticked(cells[5]).first : nil
      let scope = cells[6].hasPrefix("`") ? Self.backticked(cells[6]).first : nil
      return (cells[2], number, key ?? "", concrete, scope)
    }
  }

  private static func backticked(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  /// dicfg's scope for a scope as the fixture's REGISTRATIONS.md writes it (`.container`,
  /// `.scope(.session)`), or the library's default: the mapping the migration guides document.
  func dicfgScope(_ written: String?) -> String {
    guard var written else { return self == .factory ? "unique" : "graph" }
    if written.hasPrefix(".scope(") { written = String(written.dropFirst(7).dropLast()) }
    let name = written.hasPrefix(".") ? String(written.dropFirst()) : written
    let table: [String: String] =
      switch self {
      case .swinject: ["container": "singleton", "transient": "unique", "graph": "graph", "weak": "weak"]
      case .resolver:
        ["application": "singleton", "cached": "cached", "shared": "weak", "graph": "graph", "unique": "unique"]
      case .factory:
        ["singleton": "singleton", "cached": "cached", "shared": "weak", "graph": "graph", "unique": "unique"]
      }
    return table[name] ?? name
  }
}

@Suite struct ImportTests {
  /// At least nine registrations in ten import, as graph entries or generated factory functions;
  /// each of the rest is listed with its line and why.
  @Test(arguments: Fixture.allCases)
  func atLeastNineInTenImportAndTheRestSayWhy(_ fixture: Fixture) {
    let imported = RegistrationImport(files: fixture.files)
    let report = ImportReport(imported)
    #expect(report.totals.registrations >= 22)
    #expect(report.totals.importedPercent >= 90, "\(report.text)")
    #expect(imported.unreadable.isEmpty)
    for registration in imported.registrations where !registration.isImported {
      #expect(report.text.contains("\(registration.file):\(registration.line):\(registration.column): not imported: "))
    }
    #expect(imported.registrations.allSatisfy { $0.library == fixture.library })
  }

  /// The written graph, its layers and the factory functions, checked against the app's own Swift
  /// in every environment: no error (the run `dicfg validate --all-envs --swift` makes).
  @Test(arguments: Fixture.allCases)
  func theWrittenGraphValidatesWithNoErrorAgainstTheAppsSwift(_ fixture: Fixture) {
    let imported = RegistrationImport(files: fixture.files)
    let run = writtenGraphRun(imported, swift: fixture.files)
    #expect(run.results.count == 1 + imported.layers.count)
    let errors = run.findings.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map { "\($0.location): \($0.message)" })\n\(imported.graphFile)")
  }

  /// Each registration of the fixture's table is imported with the type it builds, the key it is
  /// resolved by (its type or an `as:` binding) and dicfg's scope for the one it is written with.
  @Test(arguments: Fixture.allCases)
  func eachRegistrationKeepsItsTypeKeyAndScope(_ fixture: Fixture) throws {
    let imported = RegistrationImport(files: fixture.files)
    let declared = fixture.declared
    #expect(declared.count >= 22)
    for row in declared {
      let found = imported.registrations.filter { $0.file == row.file && $0.line == row.line }
      let registration = try #require(found.first, "\(row.file):\(row.line)")
      #expect(Self.normalized(registration.key) == Self.normalized(row.key), "\(row.file):\(row.line)")
      guard registration.isImported else { continue }
      if case .binding = registration.outcome { continue }
      // A registration another one forwards to in a longer scope takes that scope (decision 152).
      let raised = imported.registrations.contains {
        $0.note?.contains("'\(registration.id)' takes its scope") == true
      }
      #expect(
        (registration.scope ?? "graph") == fixture.dicfgScope(row.scope) || raised, "\(row.file):\(row.line)")
      let keys = [registration.type] + registration.bindings
      #expect(keys.map(Self.normalized).contains(Self.normalized(row.key)), "\(row.file):\(row.line): \(keys)")
      if let concrete = row.concrete, registration.factory == nil, concrete != "nil" {
        #expect(registration.type == concrete, "\(row.file):\(row.line)")
      }
    }
  }

  private static func normalized(_ type: String) -> String {
    type.replacingOccurrences(of: "any ", with: "").replacingOccurrences(of: "?", with: "")
  }

  /// A closure with code becomes a function that carries it unchanged, the services it resolved
  /// its parameters, and the graph passes them by id.
  @Test func aClosureWithCodeBecomesAFunctionWhoseResolvesAreItsParameters() throws {
    let imported = RegistrationImport(files: Fixture.swinject.files)
    let registration = try #require(
      imported.registrations.first { $0.file.hasSuffix("NetworkingAssembly.swift") && $0.line == 20 })
    #expect(registration.outcome == .factoryFunction("makeAPIConfiguration"))
    let function = try #require(registration.function)
    #expect(
      function.contains(
        "func makeAPIConfiguration(\n  networkEnvironment: NetworkEnvironment,\n  apiConfigurationStaging: APIConfiguration,\n"
          + "  apiConfigurationProduction: APIConfiguration\n) -> APIConfiguration {\n"
          + "  let environment = networkEnvironment\n"))
    #expect(!function.contains("r.resolve"))
    #expect(
      imported.graphFile.contains(
        "    factory: makeAPIConfiguration\n    init: { networkEnvironment: networkEnvironment, "
          + "apiConfigurationStaging: apiConfigurationStaging, apiConfigurationProduction: apiConfigurationProduction }\n"
      ))
    #expect(imported.functions?.contains(function) == true)
  }

  /// One module imported alone, as an app moving a module at a time does: what it takes from the
  /// modules not read (Factory's calls of their factories included) is an external of the type it is
  /// passed as, and the graph validates with no error against the app's Swift.
  @Test(arguments: Fixture.allCases)
  func oneModuleImportedAloneTakesTheRestAsExternals(_ fixture: Fixture) {
    let profile = fixture.files.filter { $0.path.hasPrefix("Sources/Profile/") }
    let imported = RegistrationImport(files: profile)
    #expect(imported.graphFile.contains("externals:\n"))
    var request = GraphRun.Request(files: ["import/dicfg.yaml"])
    request.fileSystem = InMemoryFileSystem(["import/dicfg.yaml": imported.graphFile])
    request.environmentVariables = [:]
    request.swift = SwiftDeclarationReader().read(files: fixture.files)
    let errors = GraphRun(request).findings.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map { "\($0.location): \($0.message)" })\n\(imported.graphFile)")
    if fixture == .factory {
      #expect(imported.graphFile.contains("  apiClient: { type: APIClientProtocol }\n"))
    }
  }

  /// A registration that returns another's instance is an `as:` binding of that one: one instance,
  /// as the old container shared it.
  @Test func aRegistrationReturningAnothersInstanceIsABindingOfIt() throws {
    let imported = RegistrationImport(files: Fixture.swinject.files)
    let forward = try #require(imported.registrations.first { $0.key == "ProfileCoordinatorDelegate" })
    #expect(forward.outcome == .binding(of: "appRouter"))
    let router = try #require(imported.registrations.first { $0.id == "appRouter" })
    #expect(router.bindings == ["ProfileCoordinatorDelegate"])
  }

  /// Dependencies hidden in `= Resolver.resolve()` defaults are written in `init:`, with the type the
  /// initializer declares; an environment's registrations go to its layer, under its condition.
  @Test func resolverDefaultsAndEnvironmentsAreRead() throws {
    let imported = RegistrationImport(files: Fixture.resolver.files)
    #expect(
      imported.graphFile.contains(
        "  profileService:  # Sources/Profile/Resolver+Profile.swift:8\n"
          + "    type: RemoteProfileService\n    as: [ProfileService]\n    init: { api: apiClientProtocol, imageCache: imageCaching }\n"
      ))
    let mock = try #require(imported.layers.first { $0.environment == "mock" })
    #expect(mock.text.contains("condition: DEBUG\n"))
    #expect(
      mock.text.contains(
        "  apiClientProtocol:  # Sources/App/AppDelegate+Injection.swift:40\n    type: MockAPIClient\n"))
    // Registered only in debug builds: the base takes it as an optional reference, nil without the layer.
    #expect(imported.graphFile.contains("logger: requestLogging? }"))
  }

  /// Factory's contexts become layers, and a factory of nil leaves the service out where it gives
  /// nil, so what takes it takes an optional reference.
  @Test func factoryContextsAreLayers() throws {
    let imported = RegistrationImport(files: Fixture.factory.files)
    #expect(imported.layers.map(\.environment).sorted() == ["debug", "preview", "test"])
    let test = try #require(imported.layers.first { $0.environment == "test" })
    #expect(!test.text.contains("condition:"))
    #expect(
      test.text.contains("  apiClient:  # Sources/Networking/Container+Networking.swift:63\n    type: MockAPIClient\n"))
    #expect(imported.graphFile.contains("logger: requestLogger? }"))
    #expect(!imported.graphFile.contains("  requestLogger:"))
    #expect(imported.graphFile.contains("scopes:\n  session: {}\n"))
  }

  /// Swinject's closure may be passed as `factory:`; an initializer with a literal `as` binding reads
  /// the same either way.
  @Test func aFactoryClosurePassedAsAnArgumentIsRead() throws {
    let imported = RegistrationImport(files: [
      (
        "Sources/App/Assembly.swift",
        """
        import Swinject

        func assemble(_ container: Container) {
          container.register(Logger.self, name: "console", factory: { _ in ConsoleLogger(level: 2) })
        }
        """
      )
    ])
    let registration = try #require(imported.registrations.first)
    #expect(registration.outcome == .asWritten)
    #expect(registration.id == "loggerConsole" && registration.name == "console")
    #expect(
      imported.graphFile.hasSuffix(
        "  loggerConsole:  # Sources/App/Assembly.swift:4\n    type: ConsoleLogger\n    as: [Logger]\n"
          + "    init: { level: { value: 2 } }\n"))
  }

  /// A scope written with its type (`ObjectScope.container`) is the same scope; registrations in
  /// each branch of an `#if` go to a layer of their own, under that branch's condition.
  @Test func scopesWrittenWithTheirTypeAndBothBranchesOfAnIf() throws {
    let imported = RegistrationImport(files: [
      (
        "Sources/App/Assembly.swift",
        """
        import Swinject

        func assemble(_ container: Container) {
          container.register(Clock.self) { _ in SystemClock() }.inObjectScope(ObjectScope.container)
          #if DEBUG
            container.register(Logger.self) { _ in ConsoleLogger() }
          #else
            container.register(Logger.self) { _ in SilentLogger() }
          #endif
        }
        """
      )
    ])
    #expect(imported.registrations.map(\.scope) == ["singleton", nil, nil])
    #expect(imported.registrations.map(\.environment) == [nil, "debug", "notDebug"])
    #expect(imported.layers.map(\.environment) == ["debug", "notDebug"])
    #expect(imported.layers[1].text.contains("condition: \"!DEBUG\"\n"))
    #expect(imported.layers[1].text.contains("    type: SilentLogger\n"))
  }

  /// With fragments, each module's registrations go into its folder, requiring what they take from
  /// other modules; the app's graph imports them. Each fragment checks alone against its module's
  /// Swift, and the app's graph, with them, against the app's: no error, in every environment.
  @Test(arguments: Fixture.allCases)
  func fragmentsCheckAloneAndTogether(_ fixture: Fixture) throws {
    let imported = RegistrationImport(files: fixture.files, module: "App")
    let parts = imported.fragments(output: "Sources/App") { folder, file in
      "../" + file.split(separator: "/").dropFirst(1).joined(separator: "/")
    }
    #expect(parts.first?.module == nil && parts.first?.folder == "Sources/App")
    #expect(parts.dropFirst().map(\.module) == ["Networking", "Profile", "Storage"])
    var files: [String: String] = [:]
    for part in parts {
      files[part.folder + "/dicfg.yaml"] = part.graphFile
      for layer in part.layers { files[part.folder + "/dicfg.\(layer.environment).yaml"] = layer.text }
    }
    func check(_ file: String, swift: [(path: String, text: String)]) -> [String] {
      var request = GraphRun.Request(files: [file], allEnvironments: true)
      request.fileSystem = InMemoryFileSystem(files)
      request.environmentVariables = [:]
      request.swift = SwiftDeclarationReader().read(files: swift)
      return GraphRun(request).findings.filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
    }
    let functions = parts.compactMap { part in part.functions.map { (part.folder + "/DICfgImported.swift", $0) } }
    #expect(check("Sources/App/dicfg.yaml", swift: fixture.files + functions) == [], "\(files)")
    for part in parts.dropFirst() {
      let own =
        fixture.files.filter { $0.path.hasPrefix(part.folder + "/") }
        + (part.functions.map { [(part.folder + "/DICfgImported.swift", $0)] } ?? [])
      #expect(check(part.folder + "/dicfg.yaml", swift: own) == [], "\(part.graphFile)")
    }
    #expect(parts[0].graphFile.contains("imports:\n  - ../Networking/dicfg.yaml\n  - ../Profile/dicfg.yaml\n"))
    if fixture == .swinject {
      let profile = try #require(parts.first { $0.module == "Profile" })
      #expect(
        profile.graphFile.contains(
          "requires:\n  apiClient: { type: APIClient }\n  imageCaching: { type: ImageCaching }\n"
            + "  notesRepository: { type: NotesRepository }\n  analytics: { type: Analytics }\n"
            + "  appRouter: { type: ProfileCoordinatorDelegate }\n"))
    }
  }

  /// SwinjectAutoregistration's helpers, as Swinject apps commonly write them: `r ~> A.self` is a
  /// resolve, and `autoregister(P.self, initializer: Impl.init)` builds `Impl` with each parameter
  /// resolved by its type, as the initializer the Swift read declares says.
  @Test func swinjectAutoregistrationsHelpersAreRead() throws {
    let imported = RegistrationImport(files: [
      (
        "Sources/App/Types.swift",
        """
        protocol Clock {}
        final class SystemClock: Clock { init() {} }
        final class Scheduler { init(clock: Clock, name: String?) {} }
        final class Cache { init(clock: Clock) {}; init(clock: Clock, limit: Int) {} }
        """
      ),
      (
        "Sources/App/Assembly.swift",
        """
        import Swinject
        import SwinjectAutoregistration

        func assemble(_ container: Container) {
          container.autoregister(Clock.self, initializer: SystemClock.init).inObjectScope(.container)
          container.register(Scheduler.self) { r in Scheduler(clock: r ~> Clock.self, name: r ~> (String.self, name: "n")) }
          container.autoregister(Scheduler.self, name: "auto", initializer: Scheduler.init)
          container.autoregister(Cache.self, initializer: Cache.init)
          container.autoregister(Cache.self, name: "small", initializer: Cache.init(clock:))
        }
        """
      ),
    ])
    let outcomes = imported.registrations.map { "\($0.line): \($0.outcome)" }
    #expect(
      outcomes == [
        "5: asWritten", "6: asWritten", "7: asWritten",
        "8: notImported(\"the Swift read declares no one initializer of \\'Cache\\' with labels that \\'initializer:\\' "
          + "names; write them (\\'Cache.init(a:b:)\\')\")",
        "9: asWritten",
      ])
    #expect(
      imported.graphFile.contains(
        "  clock:  # Sources/App/Assembly.swift:5\n    type: SystemClock\n    as: [Clock]\n    scope: singleton\n"))
    #expect(imported.graphFile.contains("    type: Scheduler\n    init: { clock: clock, name: stringN }\n"))
    #expect(imported.graphFile.contains("    type: Scheduler\n    init: { clock: clock, name: string? }\n"))
    #expect(
      imported.graphFile.contains(
        "  cacheSmall:  # Sources/App/Assembly.swift:9\n    type: Cache\n    init: { clock: clock }\n"))
  }

  // MARK: Bad input

  /// A file that is not Swift is named and read no further; registrations the import cannot read
  /// are each listed at their line with why, and nothing else is written for them.
  @Test func badInputIsReportedAtItsLineAndNothingElseIsWritten() throws {
    let imported = RegistrationImport(files: [
      ("Sources/App/Broken.swift", "import Swinject\nlet x = \"unclosed\n"),
      (
        "Sources/App/Assembly.swift",
        """
        import Swinject

        final class AppAssembly: Assembly {
          func assemble(container: Container) {
            container.register(Clock.self) { _ in SystemClock() }.inObjectScope(.custom)
            container.register(Store.self) { r in Store(clock: r.resolve(Clock.self, argument: 3)!) }
            container.register(Cache.self) { r in
              let cache = Cache()
              r.resolve(Logger.self)!.log("made")
              return cache
            }
            container.register(Feed.self) { r in makeFeed(r) }
          }
        }
        """
      ),
      ("Sources/App/Plain.swift", "struct Plain { func register() {} }\n"),
    ])
    #expect(imported.unreadable == ["Sources/App/Broken.swift"])
    let outcomes = imported.registrations.map { "\($0.line): \($0.outcome)" }
    #expect(
      outcomes == [
        "5: asWritten",
        "6: notImported(\"it resolves with arguments, which the import does not read\")",
        "7: factoryFunction(\"makeCache\")",
        "12: notImported(\"its closure passes the resolver \\'r\\' on, for the service to resolve for itself, which a "
          + "graph file cannot say; give it what it resolves as dependencies\")",
      ])
    // A scope the library does not have is left as written, for the graph file to name.
    #expect(imported.registrations[0].scope == "custom")
    #expect(!imported.graphFile.contains("store:"))
    #expect(!imported.graphFile.contains("feed:"))
    let report = ImportReport(imported)
    #expect(report.text.hasPrefix("Sources/App/Broken.swift: warning: not Swift the import can read"))
    #expect(report.text.contains("Sources/App/Assembly.swift:6:"))
    let totals = report.totals
    let counts: [Int] = [
      totals.registrations, totals.asWritten, totals.factoryFunctions, totals.bindings, totals.notImported,
    ]
    #expect(counts == [4, 1, 1, 0, 2])
  }

  /// What `dicfg import Sources --output imported` writes from the Swinject fixture, kept beside it:
  /// the plugin fixture's SwinjectShop builds and runs those files beside Swinject's container.
  @Test func theSwinjectFixturesImportedFilesAreTheImportsOutput() throws {
    let imported = RegistrationImport(files: Fixture.swinject.files)
    let folder = Fixture.swinject.folder + "/imported/"
    #expect(try String(contentsOfFile: folder + "dicfg.yaml", encoding: .utf8) == imported.graphFile)
    #expect(try String(contentsOfFile: folder + "DICfgImported.swift", encoding: .utf8) == imported.functions)
    #expect(imported.layers.isEmpty)
    // One module's registrations alone: what it takes from the others becomes externals.
    let profile = RegistrationImport(files: Fixture.swinject.files.filter { $0.path.hasPrefix("Sources/Profile/") })
    #expect(
      try String(contentsOfFile: Fixture.swinject.folder + "/moving/dicfg.yaml", encoding: .utf8) == profile.graphFile)
    #expect(
      profile.graphFile.contains(
        "externals:\n  apiClient: { type: APIClient }\n  imageCaching: { type: ImageCaching }\n"
          + "  notesRepository: { type: NotesRepository }\n  analytics: { type: Analytics }\n"
          + "  profileCoordinatorDelegate: { type: ProfileCoordinatorDelegate }\n"))
    let linked = try FileManager.default.destinationOfSymbolicLink(
      atPath: repositoryRoot + "/Tests/PluginPackage/Sources/SwinjectShop/dicfg.yaml")
    #expect(linked.hasSuffix("config-examples/import/swinject/imported/dicfg.yaml"))
  }

  // MARK: The command

  @Test func theCommandWritesTheFilesAndTheReport() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-import-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let command = try #require(
      try DICfgCommand.parseAsRoot([
        "import", Fixture.factory.folder + "/Sources", "--output", output, "--report", "json",
      ])
        as? ImportCommand)
    let result = command.execute()
    #expect(result.exitCode == 0)
    let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
    #expect(
      written == ["DICfgImported.swift", "dicfg.debug.yaml", "dicfg.preview.yaml", "dicfg.test.yaml", "dicfg.yaml"])
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let totals = try #require(document?["totals"] as? [String: Int])
    #expect(totals["registrations"] == 28 && totals["notImported"] == 1)
    // The written files were validated against the Swift read: no error, and the fixture's two
    // captive dependencies (a singleton holding a session-scoped and a weak service) as warnings.
    let findings = try #require(document?["findings"] as? [[String: Any]])
    #expect(findings.map { $0["severity"] as? String } == ["warning", "warning"])
    #expect(findings.map { $0["code"] as? String } == ["captive-dependency", "captive-dependency"])

    // A file there that holds something else is kept unless asked.
    try Data("dicfg: 1\nservices: {}\n".utf8).write(to: URL(fileURLWithPath: output + "/dicfg.yaml"))
    let again = try #require(
      try DICfgCommand.parseAsRoot(["import", Fixture.factory.folder + "/Sources", "--output", output])
        as? ImportCommand)
    let kept = again.execute()
    #expect(kept.exitCode == 1)
    #expect(
      kept.standardError
        == "error: '\(output)/dicfg.yaml' exists and holds something else; pass --force to replace it, "
        + "or write into another folder with --output\n")
    #expect(try String(contentsOfFile: output + "/dicfg.yaml", encoding: .utf8) == "dicfg: 1\nservices: {}\n")
    let forced = try #require(
      try DICfgCommand.parseAsRoot(["import", Fixture.factory.folder + "/Sources", "--output", output, "--force"])
        as? ImportCommand)
    #expect(forced.execute().exitCode == 0)

    // A file that is not UTF-8 is named, as one the import cannot read, and the others are imported;
    // a folder named like a Swift file is walked into, not read.
    let folder = output + "-latin1"
    try FileManager.default.createDirectory(
      atPath: folder + "/Service.swift", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data([0x69, 0x6D, 0x70, 0x6F, 0x72, 0x74, 0x20, 0xE9, 0x0A]).write(
      to: URL(fileURLWithPath: folder + "/Old.swift"))
    try """
    import Resolver

    final class Clock { init() {} }
    extension Resolver: ResolverRegistering {
      public static func registerAllServices() { register { Clock() } }
    }

    """.write(toFile: folder + "/Service.swift/Registrations.swift", atomically: true, encoding: .utf8)
    let latin1 = try #require(
      try DICfgCommand.parseAsRoot(["import", folder, "--output", folder + "/out"]) as? ImportCommand)
    let unreadable = latin1.execute()
    #expect(unreadable.exitCode == 0, "\(unreadable.standardError)")
    #expect(
      unreadable.standardOutput.contains(
        "\(folder)/Old.swift: warning: not Swift the import can read; its registrations are not imported"),
      "\(unreadable.standardOutput)")
    #expect(
      unreadable.standardOutput.contains("\(folder)/Service.swift/Registrations.swift:5:46: imported"),
      "\(unreadable.standardOutput)")

    // An Xcode target is one module however deep its files sit, and so is a package target whose
    // path is `Sources` itself: a file of either sees the `@_exported import` of another of its files.
    let project = output + "-xcode"
    defer { try? FileManager.default.removeItem(atPath: project) }
    let files = [
      "Package.swift": "// swift-tools-version:6.0\n",
      "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n",
      "App/Sources/Support/Exports.swift": "@_exported import Factory\n",
      "App/Sources/Features/Feed/FeedDI.swift":
        "final class Feed { init() {} }\nextension Container {\n  var feed: Factory<Feed> { self { Feed() } }\n}\n",
      "Modules/Kit/Package.swift": "// swift-tools-version:6.0\n",
      "Modules/Kit/Sources/KitDI.swift": "@_exported import Factory\n",
      "Modules/Kit/Sources/Kit/Clock.swift":
        "public final class Clock { public init() {} }\npublic extension Container {\n"
        + "  var clock: Factory<Clock> { self { Clock() }.singleton }\n}\n",
    ]
    for (name, text) in files {
      let path = project + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let xcode = try #require(
      try DICfgCommand.parseAsRoot(["import", project + "/App", project + "/Modules", "--output", project + "/out"])
        as? ImportCommand)
    let targets = xcode.execute()
    #expect(targets.exitCode == 0, "\(targets.standardError)")
    #expect(
      targets.standardOutput.hasSuffix(
        "2 registrations: 2 as written, 0 through a factory function, 0 as a binding, 0 not imported (100% imported); "
          + "the written graph validates\n"), "\(targets.standardOutput)")
    #expect(!targets.standardOutput.contains("warning"), "\(targets.standardOutput)")

    let missing = try #require(
      try DICfgCommand.parseAsRoot(["import", output + "/nothing", "--output", output]) as? ImportCommand)
    let failed = missing.execute()
    #expect(failed.exitCode == 1)
    #expect(failed.standardError == "error: no Swift file or folder at '\(output)/nothing'\n")
  }
}
