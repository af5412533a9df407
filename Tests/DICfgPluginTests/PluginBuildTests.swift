import Foundation
import Testing

/// `Tests/PluginPackage`: a package applying the build-tool plugin.
private let fixturePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("PluginPackage").path

/// The `swift` executable running these tests, or the one on the path.
private let swiftExecutable: String = {
  let environment = ProcessInfo.processInfo.environment
  if let toolchain = environment["SWIFT_EXEC"].map({ URL(fileURLWithPath: $0).deletingLastPathComponent().path }),
    FileManager.default.isExecutableFile(atPath: toolchain + "/swift")
  {
    return toolchain + "/swift"
  }
  for folder in (environment["PATH"] ?? "").split(separator: ":")
  where FileManager.default.isExecutableFile(
    atPath: "\(folder)/swift")
  {
    return "\(folder)/swift"
  }
  return "/usr/bin/swift"
}()

/// Runs `swift ARGUMENTS` in the fixture package (or `package`); its exit status and its output
/// (both streams).
/// The build output's warnings but the one Swinject's package gives whenever the fixture package is
/// loaded (files of its own it declares neither as sources nor as resources).
private func warnings(_ output: String) -> [Substring] {
  output.split(separator: "\n").filter { $0.contains("warning:") && !$0.contains("'swinject': found") }
}

private func swift(_ arguments: [String], in package: String = fixturePackage) throws -> (status: Int32, output: String)
{
  try run(swiftExecutable, arguments, in: package)
}

/// Runs `executable` with `arguments` in `folder`, with `environment` added to this process's; its exit
/// status and its output (both streams).
private func run(
  _ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
  }
  if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// One clean scratch folder for every build of the suite, removed when the process ends.
private let scratch: String = {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-plugin-\(UUID().uuidString)")
  atexit { try? FileManager.default.removeItem(atPath: scratch) }
  return folder.path
}()

/// The scratch folder of the suite's release builds, which run the prebuilt generator
/// (`DICFG_GENERATOR_BUNDLE=1`, its bundle written by `Scripts/generator-bundle.sh build`, which CI
/// runs first): with dicfg's own plugin a release build compiles the whole generator optimized, for
/// minutes, which the debug builds already prove from source. So each app's modes and configurations
/// are built with both plugins: from source in debug, prebuilt in release.
private let releaseScratch: String = {
  let folder = scratch + "-release"
  atexit { try? FileManager.default.removeItem(atPath: scratch + "-release") }
  return folder
}()

/// The suite's scratch folder for builds in `configuration`.
private func scratch(_ configuration: String) -> String { configuration == "release" ? releaseScratch : scratch }

/// `swift build` (of `product`) in `configuration`, in that configuration's scratch folder, with the
/// prebuilt generator in release; or, for `run`, the program that build made, run in the fixture's
/// folder (directly: `swift run --skip-build` can wait on after its program has ended).
private func app(_ verb: String, _ product: String, _ configuration: String) throws -> (status: Int32, output: String) {
  guard verb == "build" else {
    return try run(scratch(configuration) + "/" + configuration + "/" + product, [], in: fixturePackage)
  }
  let release = configuration == "release"
  return try run(
    swiftExecutable, ["build", "--scratch-path", scratch(configuration), "-c", configuration, "--product", product],
    in: fixturePackage, environment: release ? ["DICFG_GENERATOR_BUNDLE": "1"] : [:])
}

/// The lines of a build's output that are compiler errors, with the fixture's path made relative.
/// The lines of a generated file whose accessor resolves its service through the dynamic link, but
/// for stand-ins (`if isReplaced`).
private func linkedResolves(_ generated: String) -> [Substring] {
  generated.split(separator: "\n").filter {
    ($0.contains("_link.resolve") || $0.contains("dynamicContainer.resolve")) && !$0.contains("if isReplaced")
  }
}

private func errors(_ output: String) -> [String] {
  output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") && !$0.hasPrefix(" ") }
    .map { $0.replacingOccurrences(of: fixturePackage + "/", with: "") }
}

/// The fixture package's builds take minutes, so they run where `DICFG_PLUGIN_FIXTURES=1` asks for
/// them: CI runs them as a phase of their own.
private let fixturesRequested = ProcessInfo.processInfo.environment["DICFG_PLUGIN_FIXTURES"] == "1"

@Suite(
  .serialized,
  .enabled(
    if: fixturesRequested, "the plugin fixture builds run with DICFG_PLUGIN_FIXTURES=1 (a CI phase of their own)"))
struct PluginBuildTests {
  @Test func aPackageApplyingThePluginBuildsAndResolvesFromTheEmbeddedPlanAndFromTheBundledFile() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "ShopApp"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    // The build names the `async` initializer that makes an accessor `async`, at its service's line.
    #expect(
      build.output.contains(
        "Sources/Shop/dicfg.yaml:33:3: note: 'orders' is built by 'OrderStore.init(path:)', which is 'async', so the "
          + "typed accessor 'orders' is 'async'; call it with 'await'"), "\(build.output)")
    let run = try app("run", "ShopApp", "debug")
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains(
        "base: client URLSessionClient, fee 0.25, retries 3, environment production, banner Welcome, one client: true"))
    #expect(
      run.output.contains(
        "test: client StubClient, fee 0.25, retries 3, environment production, banner Welcome, one client: true"))
    #expect(run.output.contains("bundled graph file: fee 0.25"))
    #expect(run.output.contains("awaited: orders /var/orders.db, one store: true"))
    #expect(run.output.contains("main actor: view model Cart, banner Welcome, badge 0"))
    #expect(run.output.contains("awaited: view model Cart, fee 0.25"))
    #expect(
      run.output.contains(
        "launch argument: no compiled plan for environment 'tset'; did you mean 'test'? The plans are 'base', 'test', "
          + "one for each layer beside 'dicfg.yaml'; to add 'tset', add the layer 'dicfg.tset.yaml' beside it"))
    #expect(run.output.contains("replaced: retries 3, client StubClient"))
    #expect(run.output.contains("dynamic: production"))
    #expect(run.output.contains("snippet, typed container: StubClient 42 /var/orders.db test"))
    #expect(run.output.contains("snippet, straight line: 3 URLSessionClient 0.25"))
    #expect(run.output.contains("snippet, replaced: StubClient"))
    #expect(run.output.contains("snippet, test plan: StubClient"))
    #expect(run.output.contains("top level: orders /var/orders.db"))
  }

  // Each mistake between the graph file and the Swift is one dicfg error at the graph file's key or
  // value, found from the Swift declarations (here those of `Shop`, a target the failing one
  // depends on), before the Swift compiler sees generated code.
  @Test(arguments: [
    (
      "WrongLabel",
      "Sources/WrongLabel/dicfg.yaml:6:7: error: 'Shipping.Gateway' has no initializer taking 'retires' with the other "
        + "arguments of 'shipping'; did you mean 'retries'? [#initializer-mismatch]"
    ),
    (
      "SwappedArguments",
      "Sources/SwappedArguments/dicfg.yaml:6:7: error: 'init:' of 'config' lists 'baseURL' where "
        + "'AppConfig.init(environment:baseURL:)' takes 'environment'; list the arguments in the initializer's order "
        + "('environment', 'baseURL') [#initializer-mismatch]"
    ),
    (
      "WrongArgumentType",
      "Sources/WrongArgumentType/dicfg.yaml:9:15: error: argument 'client' of 'payments' is the service 'shipping' of "
        + "type 'Shipping.Gateway', but 'Payments.Gateway.init(client:fee:)' takes 'any HTTPClient' there; pass a "
        + "service of that type [#type-mismatch]"
    ),
    (
      "StringForDouble",
      "Sources/StringForDouble/dicfg.yaml:8:12: error: argument 'fee' of 'payments' is the string \"ten\", but "
        + "'Payments.Gateway.init(client:fee:)' takes 'Double' there; write a value of that type [#type-mismatch]"
    ),
    (
      "UnknownType",
      "Sources/UnknownType/dicfg.yaml:4:11: error: 'payments' is of type 'Paymnts.Gateway', which the target's Swift "
        + "does not declare; did you mean 'Payments.Gateway'? [#unknown-type]"
    ),
    (
      "RenamedType",
      "Sources/RenamedType/dicfg.yaml:14:11: error: 'checkout' is of type 'Purchase', which the target's Swift does not "
        + "declare; did you mean 'Checkout', the one type no service names with an initializer "
        + "'init(payments:shipping:config:)'? [#unknown-type]"
    ),
    (
      "LostConformance",
      "Sources/LostConformance/dicfg.yaml:5:10: error: 'client' is bound as 'HTTPClient', but 'LegacyClient' does not "
        + "conform to 'HTTPClient'; declare the conformance ('extension LegacyClient: HTTPClient {}'), or remove "
        + "'HTTPClient' from 'as:' [#type-mismatch]"
    ),
    (
      "LayerValue",
      "Sources/LayerValue/dicfg.production.yaml:5:12: error: argument 'fee' of 'payments' is the string \"30\", but "
        + "'Payments.Gateway.init(client:fee:)' takes 'Double' there; write a value of that type [#type-mismatch]"
    ),
    (
      "ShortenedType",
      "Sources/ShortenedType/dicfg.yaml:4:11: error: 'badge' is of type 'Badge', which the target's Swift does not "
        + "declare; did you mean 'CartBadge'? [#unknown-type]"
    ),
    (
      "LayerParameter",
      "Sources/LayerParameter/dicfg.production.yaml:3:8: error: parameter 'fee' is the string \"ten\" in environment "
        + "'production', but argument 'fee' of 'payments' passes it to 'Payments.Gateway.init(client:fee:)', which "
        + "takes 'Double' there; write a value of that type [#type-mismatch]"
    ),
  ])
  func aMistakeBetweenTheGraphFileAndTheSwiftIsOneErrorAtItsLine(target: String, error: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status != 0)
    #expect(errors(build.output) == [error], "\(build.output)")
    #expect(build.output.contains("Sources/Shop/Shop.swift:"), "a note at the Swift declaration: \(build.output)")
  }

  // A member of an SDK type the graph names (`URLSession.shard`): the generator reads what the target
  // imports from the toolchain's account of it, so the build's one error is the graph's, at the value,
  // with a note at the SDK's declaration, as `validate --swift` says it.
  @Test func aMisspeltMemberOfAnSDKTypeIsOneErrorAtItsValue() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", "SwiftValueMistake"])
    #expect(build.status != 0)
    #expect(
      Set(errors(build.output)) == [
        "Sources/SwiftValueMistake/dicfg.yaml:3:53: error: argument 'session' of 'sync' is 'URLSession.shard', but "
          + "'URLSession' has no member 'shard'; did you mean 'URLSession.shared'? [#type-mismatch]"
      ], "\(build.output)")
    #expect(build.output.contains("note: 'URLSession' is declared here"), "\(build.output)")
  }

  // What only the Swift compiler sees is one error at the graph file's line, none inside the
  // generated file. A type that neither the target's Swift nor a module the generator reads
  // declares, with no declared name close to it, may come from another module (an SDK's, a
  // package's): the generated file names it once, at its service's line, so where no module
  // declares it either, that line has the build's one error.
  @Test(arguments: [
    ("UndeclaredType", "Sources/UndeclaredType/dicfg.yaml:4:11: error: cannot find type 'Ledger' in scope")
  ])
  func aMistakeOnlyTheCompilerSeesIsOneErrorAtItsLine(target: String, error: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status != 0)
    // Swift's jobs for the module's files each print an error they meet: one error, printed by each.
    #expect(Set(errors(build.output)) == [error], "\(build.output)")
    #expect(!build.output.contains("Registry+GraphFile.swift:"), "\(build.output)")
  }

  @Test func servicesOfTypesFromAnotherModuleBuildAndResolve() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "SDKTypes"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", "SDKTypes", "debug")
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains(
        "one decoder: true\nfraction digits: 2\nmoment: 3.0\nboxed: 3\nglobal queue: true\nsnake case: Ada\n"
          + "shared centre and defaults: true, true\nstand-in: true\n"),
      "\(run.output)")
  }

  // An app's composition root as apps write it (a non-Sendable database handle as an external,
  // defaulted arguments left out, a defaulted closure and a queue defaulted to a static member, Swift
  // values: an enum case, a static member, a Foundation enum's case set as a property, an expression
  // (`URL(string: "…")!`); services built
  // by a static method with a defaulted closure parameter and by a free function; a test
  // layer limited to debug builds swapping in a test double declared under `#if DEBUG`), in Swift 5
  // and Swift 6 language modes, in debug and release: no warning from the graph file or the generated
  // file; a release build has no test environment.
  @Test(arguments: ["NotesApp", "NotesApp6"], ["debug", "release"])
  func anAppShapedCompositionRootBuildsWithoutWarningsInEveryModeAndConfiguration(
    product: String, configuration: String
  ) throws {
    let build = try app("build", product, configuration)
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", product, configuration)
    #expect(run.status == 0, "\(run.output)")
    // The store, a singleton built by a static method with code in it, is built on first use.
    let base =
      "created\nmigrating to schema 3\n"
      + "base: store sql, one store: true, page 20, export page 50 markdown oldest, main queue: true, order oldest, "
      + "snake case: true, shared session: true, sync host notes.example.com, font 12\n"
    let environments =
      "backup of /var/notes.db every 60.0\nmigrating to schema 3\nproduction: export page 200\n"
      + (configuration == "debug"
        ? "test: store memory, backup of /var/notes.db\n" : "environments: [\"base\", \"production\"]\n")
    #expect(run.output.contains(base + environments), "\(run.output)")
    // The generated helper a test calls builds every service of every environment this build has.
    let every = configuration == "debug" ? #"["base", "production", "test"]"# : #"["base", "production"]"#
    #expect(run.output.hasSuffix("every environment builds: \(every)\n"), "\(run.output)")
    // Every environment's accessors build their services, the layers' changes and removal included,
    // the decoder (Foundation's, configured through a property) among them: none goes through the link.
    let generated = try #require(
      FileManager.default.enumerator(atPath: scratch(configuration) + "/plugins/outputs")?.compactMap { $0 as? String }
        .first { $0.contains("/\(product)/") && $0.hasSuffix(".swift") })
    let linked = linkedResolves(
      try String(contentsOfFile: scratch(configuration) + "/plugins/outputs/" + generated, encoding: .utf8))
    #expect(linked.isEmpty, "\(linked)")
  }

  // An app of collaborating containers (Dip's shape) over two modules: each story's container takes
  // what it needs from the root and from another story, and the root from a story, each through
  // that container's accessor; a singleton built by a module's factory, one loaded by an async
  // factory and one by a main-actor async factory, a service taking a run-time argument, main-actor
  // screens, a dev layer; Swift 5 and 6
  // modes, debug and release, no warning, and every accessor typed: none goes through the link; and the
  // same over the typed runtime alone.
  @Test(arguments: ["EventsApp", "EventsApp6", "EventsAppTyped", "EventsAppTyped5"], ["debug", "release"])
  func collaboratingContainersReachOneAnothersAccessors(product: String, configuration: String) throws {
    let build = try app("build", product, configuration)
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", product, configuration)
    #expect(run.status == 0, "\(run.output)")
    let lines: [String] = [
      "owner ada, one store: true, one client: true, new add-event screen: true, home shows the list: true",
      "details 7 from https://events.example.com/events, one catalog: true",
      "feed of https://events.example.com/events, one feed: true",
      "dev client: https://dev.events.example.com, dev store: true",
      "one sync session: true, one sync: true, editor Launch",
    ]
    // Over the typed runtime, a router takes the window the app holds and the container itself, and
    // an opener the details' provider as a function of the id.
    let typed = product.hasPrefix("EventsAppTyped")
    let router =
      typed ? ["router in Events, with its container: true", "opener gives details 9, one catalog: true"] : []
    let printed = lines + router + ["every environment builds: [\"base\", \"dev\"]"]
    #expect(run.output.hasSuffix(printed.joined(separator: "\n") + "\n"), "\(run.output)")
    let generated = try String(contentsOfFile: try generatedFile(of: product, configuration), encoding: .utf8)
    let linked = linkedResolves(generated)
    #expect(linked.isEmpty, "\(linked)")
    // Over the typed runtime alone, nothing of the link is generated.
    if typed {
      for name in ["DICfgRuntime", "fromGraphFile", "graphFilePlan", "DeferredLink", "dynamicContainer"] {
        #expect(!generated.contains(name), "\(name) in \(generated)")
      }
      #expect(generated.contains("@_spi(Generated) import DICfgTypedRuntime"))
    }
    // The stories' containers reach the root's accessors, and the root a story's; over the typed
    // runtime, a service taken as a protocol it is bound as is a test's stand-in for it where one is given.
    let dataStore =
      product.hasPrefix("EventsAppTyped")
      ? "StandIn.build(_typeStandIns.dataStore) { _root.dataStore }" : "_root.dataStore"
    #expect(
      generated.contains("EventsListWireframe(dataStore: \(dataStore), addEvent: _root.addEvent.addEventWireframe)"),
      "\(generated)")
    #expect(generated.contains("Home(events: eventsList.eventsListWireframe)"), "\(generated)")
  }

  // The app's test target replaces services on its typed container, with mocks of its own: by service
  // (one built by a factory function, another container's singleton, a unique-scoped screen) and by a
  // protocol the graph binds; every service taking a replaced one gets the stand-in, in the test's
  // container alone. A release build of the app has no stand-ins: its generated file's replacement
  // API is under `#if DEBUG`.
  @Test func theAppsTestsReplaceServicesOnTheTypedContainer() throws {
    // The fixture's other targets include mistakes that must fail their builds: only the tests' product is built.
    let build = try swift(["build", "--scratch-path", scratch, "--product", "PluginPackagePackageTests"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let test = try swift(["test", "--scratch-path", scratch, "--skip-build", "--filter", "EventsAppTypedTests"])
    #expect(test.status == 0, "\(test.output)")
    #expect(test.output.contains("Test run with 14 tests in 3 suites passed"), "\(test.output)")
    let generated = try String(contentsOfFile: try generatedFile(of: "EventsAppTyped"), encoding: .utf8)
    // Each line that names a stand-in, and whether it is inside `#if DEBUG`.
    var inDebug = false
    var replacing: [(line: Substring, inDebug: Bool)] = []
    for line in generated.split(separator: "\n") {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "#if DEBUG": inDebug = true
      case "#else", "#endif": inDebug = false
      default:
        if line.contains("mutating func replace(") || line.contains("replacing replacements: Replacements") {
          replacing.append((line, inDebug))
        }
      }
    }
    #expect(replacing.count == 21, "\(replacing)")
    let outside = replacing.filter { !$0.inDebug }.map(\.line)
    #expect(outside.isEmpty, "outside #if DEBUG: \(outside)")
  }

  // An app of twenty feature modules over a platform module: each feature checks its fragment in its
  // own build, whose Swift it reads whole, so its generated file is only the builder the app's code
  // calls (no registration, no container, nothing of dicfg imported); the app's graph imports the
  // twenty fragments and builds every service in its one container, each accessor typed and none
  // throwing (main.swift, in Swift 6 mode, calls them without `try`), over the typed runtime alone.
  @Test func twentyFeatureModulesBuildWithTheAppsOneContainer() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "FeatureSuite"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", "FeatureSuite", "debug")
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.hasSuffix(
        "wallet@api.example.com+settings@api.example.com\ndev: coupons@dev.example.com+checkout@dev.example.com\n"),
      "\(run.output)")
    let features = [
      "Accounts", "Auth", "Billing", "Cart", "Catalog", "Chat", "Checkout", "Coupons", "Delivery", "Favorites", "Feed",
      "Inbox", "Loyalty", "Maps", "Orders", "Payments", "Reviews", "Search", "Settings", "Wallet",
    ]
    for module in features {
      let text = try String(contentsOfFile: try generatedFile(of: module), encoding: .utf8)
      let declarations = text.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.hasPrefix("  //") }
      #expect(
        !text.contains("DICfgRuntime") && !text.contains("fromGraphFile") && !text.contains("Container"), "\(text)")
      #expect(
        declarations.filter { $0.contains("public ") }.map { $0.trimmingCharacters(in: .whitespaces) }
          .allSatisfy { $0 == "public enum \(module)Services {" || $0.hasPrefix("public static func make") },
        "\(module): \(text)")
      #expect(declarations.count <= 14, "\(module): \(declarations.count) lines")
    }
    let app = try String(contentsOfFile: try generatedFile(of: "FeatureSuite"), encoding: .utf8)
    #expect(app.components(separatedBy: "final class MainContainer").count == 2)
    // Over the typed runtime alone: the app's file names nothing of the link.
    #expect(app.contains("@_spi(Generated) import DICfgTypedRuntime") && !app.contains("DICfgRuntime"), "\(app)")
    let linked = linkedResolves(app)
    #expect(linked.isEmpty, "\(linked)")
  }

  // A modular app of six modules, five of them with a fragment their own build checks and the app's
  // graph imports, meeting their requirements by id and by type; internal implementations behind
  // public protocols, built by module factories, factory objects and shared instances of the modules
  // and of a third-party package (whose Swift the generator reads, and whose module the generated file
  // imports, because the app depends on its product); every accessor typed; a screen main-actor through a UIKit-style superclass, so its accessor is main-actor;
  // an external taken by its type; a dev layer; a singleton built by the method of a factory object
  // that is not one, in the base and the dev layer; Swift 5 and 6 modes, debug and release, no warning.
  @Test(arguments: ["ModularApp", "ModularApp6"], ["debug", "release"])
  func aModularAppWiresItsModulesFragments(product: String, configuration: String) throws {
    let build = try app("build", product, configuration)
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", product, configuration)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.hasSuffix(
        "log: alert 'Welcome'\nalert: Welcome\nmade by the one factory: true\nsound: chime, shared: true\n"
          + "scanner: camera\nreceipts: receipt@600\nclock: 7.0\nlog: alert 'Welcome'\nprofile of ada, shared store: true\n"
          + "one client: true, tracker: https://api.example.com/events\nlog: alert 'Welcome'\n"
          + "dev: https://dev.example.com/events\n"
          + "session log: https://api.example.com/sessions, one: true, dev: https://dev.example.com/sessions\n"),
      "\(run.output)")
    // The modules whose graph files are fragments (`requires:`) check them in their own builds and
    // declare no container: the app's graph builds their services.
    for module in ["AlertsKit", "AnalyticsKit", "ProfileFeature"] {
      let text = try String(contentsOfFile: try generatedFile(of: module, configuration), encoding: .utf8)
      #expect(!text.contains("class MainContainer") && !text.contains("enum GraphFile"), "\(module): \(text)")
    }
    // Every accessor builds its service in the generated code, the SDK's shared instance included:
    // none goes through the link.
    let linked = linkedResolves(
      try String(contentsOfFile: try generatedFile(of: product, configuration), encoding: .utf8))
    #expect(linked.isEmpty, "\(linked)")
  }

  // The prebuilt generator (Distribution/dicfg-generator, its bundle written by
  // `Scripts/generator-bundle.sh build`, which CI runs first): the apps' release builds apply that
  // package's plugin, so their scratch folder holds nothing compiled of the tool (no module of the
  // generator, no tool of a plugin), whichever apps were built there first; the modular app built
  // there in Swift 6 mode has no warning and runs the same.
  @Test func theReleaseBuildsWithThePrebuiltGeneratorCompileNoneOfIt() throws {
    let (product, configuration) = ("ModularApp6", "release")
    let root = URL(fileURLWithPath: fixturePackage).deletingLastPathComponent().deletingLastPathComponent().path
    let bundle = root + "/Distribution/dicfg-generator/dicfg-generate.artifactbundle/info.json"
    try #require(
      FileManager.default.fileExists(atPath: bundle), "no bundle at \(bundle): run Scripts/generator-bundle.sh build")
    let build = try app("build", product, configuration)
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    // What the builds compiled: a module's folder with object files in it.
    let products = releaseScratch + "/" + configuration
    let compiled = try FileManager.default.contentsOfDirectory(atPath: products).filter { folder in
      folder.hasSuffix(".build")
        && (FileManager.default.enumerator(atPath: products + "/" + folder)?.contains {
          ($0 as? String)?.hasSuffix(".o") == true
        } ?? false)
    }.map { String($0.dropLast(".build".count)) }.sorted()
    let tool = ["DICfgGeneration", "DICfgCompiler", "DICfgLoader", "DICfgSwiftReader", "dicfg_generate", "CYAML"]
    #expect(compiled.filter { tool.contains($0) || $0.hasSuffix("-tool") }.isEmpty, "\(compiled)")
    #expect(compiled.contains("DICfgRuntime") && compiled.contains(product), "\(compiled)")
    // Of the prebuilt package's plugins, the build compiled its build plugin alone: no command.
    let plugins = try FileManager.default.contentsOfDirectory(atPath: releaseScratch + "/plugins/cache")
    #expect(plugins.contains("DICfgGenerator") && !plugins.contains("GenerateRegistry"), "\(plugins)")
    let program = try run(products + "/" + product, [])
    #expect(program.status == 0, "\(program.output)")
    #expect(
      program.output.hasSuffix(
        "session log: https://api.example.com/sessions, one: true, dev: https://dev.example.com/sessions\n"),
      "\(program.output)")
  }

  // The round trip of `dicfg import`: a Swinject app of four modules (the assemblies of
  // config-examples/import/swinject) with, in its app target, the graph file and factory functions the
  // import writes from them (DICfgImportTests pins them to its output). It builds with no warning of its
  // own, and each of its 35 registrations resolves to the same type, shared the same way, from
  // Swinject's container and from the generated one, with the same properties set. A debug build in
  // Swift 5 mode, as the Swinject app is written; the generator's release and Swift 6 builds are the
  // other apps'.
  @Test func aSwinjectAppsImportedGraphResolvesAsItsContainerDoes() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "SwinjectShop"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", "SwinjectShop", "debug")
    #expect(run.status == 0, "\(run.output)")
    let answers = run.output.split(separator: "\n").filter { $0.hasSuffix("| same") || $0.hasSuffix("| DIFFERS") }
    #expect(answers.count == 45, "\(run.output)")
    #expect(answers.allSatisfy { $0.hasSuffix("| same") }, "\(run.output)")
  }

  // One module at a time: the same Swinject app with only its Profile module's registrations imported
  // (config-examples/import/swinject/moving). Swinject's container resolves the Profile services by
  // asking the generated one, which takes what Profile needs from the other modules as externals that
  // Swinject's container supplies: one app router, one analytics, shared across the two.
  @Test func aSwinjectAppMovesOneModuleAtATime() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "SwinjectShopMoving"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
    let run = try app("run", "SwinjectShopMoving", "debug")
    #expect(run.status == 0, "\(run.output)")
    let answers = run.output.split(separator: "\n").filter { $0.hasSuffix(": same") || $0.hasSuffix(": DIFFERS") }
    #expect(answers.count == 4 && answers.allSatisfy { $0.hasSuffix(": same") }, "\(run.output)")
  }

  // Mistakes at a module boundary, each one error where its cause lives, in dicfg's words, none inside
  // the generated file: a feature module's internal type named in another module's graph file; a
  // graph referring to a service of a module's fragment it does not import; a fragment's requirement
  // the importing graph does not meet; an initializer internal to its module; a singleton holding a
  // screen that is main-actor through its superclass in a UI-kit module.
  @Test(arguments: [
    (
      "InternalAcrossModules",
      "Sources/InternalAcrossModules/dicfg.yaml:5:11: error: 'factory' is of type 'DefaultAlertFactory', which is "
        + "internal in module 'AlertsKit', so the code generated for module 'InternalAcrossModules' cannot name "
        + "it; make 'DefaultAlertFactory' public in AlertsKit, or build 'factory' with a public factory of "
        + "AlertsKit and bind it by a public protocol [#inaccessible-declaration]"
    ),
    (
      "MissingFragment",
      "Sources/MissingFragment/dicfg.yaml:1:1: error: this file refers to 'welcome', which "
        + "'Sources/AlertsKit/dicfg.yaml' defines, and does not import it; add '../AlertsKit/dicfg.yaml' to its "
        + "'imports:' [#unknown-reference]"
    ),
    (
      "UnmetRequirement",
      "Sources/AlertsKit/dicfg.yaml:5:3: error: this file requires 'logger' of type 'Logging', which nothing in the "
        + "graph of 'Sources/UnmetRequirement/dicfg.yaml' provides; define a service or external "
        + "'logger' there, bind one service to 'Logging' with 'as', or import the file that does [#unmet-requirement]"
    ),
    (
      "ForgottenImport",
      "Sources/AnalyticsKit/dicfg.yaml:5:3: error: this file requires 'http' of type 'HTTPClient', which "
        + "'Sources/NetworkKit/dicfg.yaml' provides, and 'Sources/ForgottenImport/dicfg.yaml' does not import it; "
        + "add '../NetworkKit/dicfg.yaml' to the 'imports:' of 'Sources/ForgottenImport/dicfg.yaml' [#unmet-requirement]"
    ),
    (
      "InternalInitializer",
      "Sources/InternalInitializer/dicfg.yaml:5:13: error: 'store' is built with 'DiskStore.init(path:)', which is "
        + "internal in module 'StorageKit', so the code generated for module 'InternalInitializer' cannot call it; "
        + "make it public in StorageKit [#inaccessible-declaration]"
    ),
    (
      "MainActorScreenInSingleton",
      "Sources/MainActorScreenInSingleton/dicfg.yaml:7:19: error: singleton 'navigator' is nonisolated but builds "
        + "main-actor 'settings' (argument 'root'), so it would hold a main-actor object on any thread; inject "
        + "'{ provider: settings }' or '{ lazy: settings }' and call it on the main actor, or give 'navigator' "
        + "'isolation: MainActor' [#main-actor-dependency]"
    ),
    (
      "AmbiguousSDKFactory",
      "Sources/AmbiguousSDKFactory/dicfg.yaml:3:48: error: 'frames' is built by "
        + "'ScannerKit.stream(kind:buffered:)' or 'ScannerKit.stream(kind:live:)': with only 'kind' in 'init:' Swift "
        + "cannot choose between them; add 'buffered' or 'live' to 'init:' to name one [#ambiguous-builder]"
    ),
    (
      // A module of the package the target does not depend on: only its types' names are read.
      "UndependedModule",
      "Sources/UndependedModule/dicfg.yaml:3:50: error: cannot find 'NetworkModule' in the scope of module "
        + "'UndependedModule': it is declared in module 'NetworkKit', which module 'UndependedModule' does not depend "
        + "on; add \"NetworkKit\" to the dependencies of target 'UndependedModule' in Package.swift "
        + "[#inaccessible-declaration]"
    ),
    (
      // Another package's static, read from that package's product as the build reads it.
      "MisspeltSDKStatic",
      "Sources/MisspeltSDKStatic/dicfg.yaml:3:49: error: 'scanner' is built by 'ScannerKit.foregrund', which "
        + "'ScannerKit' does not declare; did you mean 'ScannerKit.foreground'? [#initializer-mismatch]"
    ),
  ])
  func aModuleBoundaryMistakeIsOneErrorAtItsLine(target: String, error: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status != 0)
    #expect(
      errors(build.output) == [error], "\(build.output)")
    #expect(!build.output.contains("Registry+GraphFile.swift:"), "\(build.output)")
  }

  // The build reports the graph file's warnings as `dicfg validate` does, at their lines, and
  // succeeds: a captive dependency; a third-party SDK's deprecated overload that the graph's labels
  // call, which Swift does not say again.
  @Test(arguments: [
    (
      "CaptiveSingleton",
      "Sources/CaptiveSingleton/dicfg.yaml:4:64: warning: singleton 'tracker' holds cached 'session' (argument "
        + "'session'), keeping it alive past its scope; inject '{ provider: session }' and resolve it when needed, "
        + "or give 'session' a longer scope [#captive-dependency]"
    ),
    (
      "DeprecatedSDKFactory",
      "Sources/DeprecatedSDKFactory/dicfg.yaml:4:51: warning: 'documents' is built by 'ScannerKit.scanner(kind:)', "
        + "which is deprecated: pass a resolution: scanner(kind:resolution:) (Swift calls it with only 'kind' in "
        + "'init:'); add 'resolution' (its default is `1080`) to 'init:' to call "
        + "'ScannerKit.scanner(kind:resolution:)' [#deprecated-builder]"
    ),
  ])
  func theBuildReportsTheGraphFilesWarningsAtTheirLines(target: String, warning: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status == 0, "\(build.output)")
    let warnings = build.output.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") }
      .map { $0.replacingOccurrences(of: fixturePackage + "/", with: "") }
    #expect(warnings == [warning], "\(build.output)")
  }

  @Test func aMainActorTypeNeedsNoIsolationKeyInTheGraphFile() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", "IsolationFromSwift"])
    #expect(build.status == 0, "\(build.output)")
    #expect(warnings(build.output).isEmpty, "\(build.output)")
  }

  // Mistakes only an environment's layer makes fail the build at their line, each naming the
  // environment, none left to the link when the app runs.
  @Test(arguments: [
    (
      "LayerRemovedReference",
      "Sources/LayerRemovedReference/dicfg.test.yaml:4:3: error: this override removes service 'analytics', which "
        + "a service still requests; remove those requests in this layer too, or replace 'analytics' (give it a "
        + "'type') instead of removing it [#unknown-reference]",
      "note: with environment 'test'"
    ),
    (
      "LayerMainActorSingleton",
      "Sources/LayerMainActorSingleton/dicfg.debug.yaml:3:63: error: singleton 'overlay' is nonisolated but builds "
        + "main-actor 'banner' (argument 'banner'), so it would hold a main-actor object on any thread; inject "
        + "'{ provider: banner }' or '{ lazy: banner }' and call it on the main actor, or give 'overlay' "
        + "'isolation: MainActor' [#main-actor-dependency]",
      "note: with environment 'debug'"
    ),
    (
      "LayerUndeclaredExternal",
      "Sources/LayerUndeclaredExternal/dicfg.test.yaml:3:40: error: argument 'clock' of 'timer' refers to 'clock', "
        + "which nothing provides; define a service or external with that id, or bind the type with 'as' "
        + "[#unknown-reference]",
      "note: with environment 'test'"
    ),
    (
      // A debug-only stand-in named by a layer that release builds have too: the debug build says so.
      "LayerDebugStandIn",
      "Sources/LayerDebugStandIn/dicfg.staging.yaml:3:18: error: 'clock' names 'FixedClock', which is declared only "
        + "where 'DEBUG' is set, but the files 'clock' is built from apply in builds without 'DEBUG' (a release "
        + "build), whose generated code could not name it; declare 'clock' in an environment layer whose file says "
        + "'condition: DEBUG' (a test or preview layer), or declare 'FixedClock' outside '#if' [#conditional-type]",
      "note: with environment 'staging'"
    ),
    (
      // A literal Swift would type as the property's NSNumber, which the link passes as an Int.
      "LayerForeignLiteral",
      "Sources/LayerForeignLiteral/dicfg.production.yaml:4:31: error: cannot assign value of type 'Int' to type "
        + "'NSNumber'",
      "dicfg.production.yaml:4"
    ),
    (
      // A misspelt label would add an argument beside the base's, so the dev build would call the
      // initializer with the production value: an error with the label offered.
      "LayerMisspeltArgument",
      "Sources/LayerMisspeltArgument/dicfg.dev.yaml:3:18: error: 'APIClient' has no initializer taking 'baseURL' "
        + "with the other arguments of 'api'; did you mean 'baseUrl'? 'api' is given 'baseUrl' in "
        + "'Sources/LayerMisspeltArgument/dicfg.yaml', so 'baseURL' adds an argument beside it instead of replacing "
        + "it [#initializer-mismatch]",
      "note: with environment 'dev'"
    ),
  ])
  func anEnvironmentOnlyMistakeFailsTheBuildAtItsLine(target: String, error: String, note: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status != 0)
    #expect(errors(build.output) == [error], "\(build.output)")
    #expect(build.output.contains(note), "\(build.output)")
  }

  @Test func aGraphFileErrorFailsTheBuildWithTheDiagnosticValidatePrints() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", "BrokenGraph"])
    #expect(build.status != 0)
    #expect(
      errors(build.output).first
        == "Sources/BrokenGraph/dicfg.yaml:6:15: error: argument 'client' of 'payments' refers to 'httpClinet', which "
        + "nothing provides; define a service or external with that id, or bind the type with 'as' [#unknown-reference]",
      "\(build.output)")
  }

  @Test func aSyntaxErrorInAnImportedFileFailsTheBuildOnceWhateverTheEnvironments() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", "ImportedSyntaxError"])
    #expect(build.status != 0)
    #expect(
      errors(build.output)
        == ["Sources/ImportedSyntaxError/parts.yaml:4:1: error: did not find expected node content [#syntax-error]"],
      "\(build.output)")
  }

  // Both command plugins: dicfg's, its tool built from source, and the prebuilt generator's
  // (Distribution/dicfg-generate-registry, a package of its own so that an app's build compiles no
  // command; its bundle written by `Scripts/generator-bundle.sh build`).
  @Test(arguments: [nil, "dicfg-generate-registry"])
  func theCommandPluginWritesTheRegistrationIntoTheSourcesWithPathsRelativeToThePackage(prebuilt: String?) throws {
    // A copy of the fixture package, depending on this repository by its absolute path, at the same
    // depth below a folder whose `config-examples` is this repository's, which its sources link into.
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-plugin-copy-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: base) }
    let copy = base + "/Tests/PluginPackage"
    let root = URL(fileURLWithPath: fixturePackage).deletingLastPathComponent().deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: base + "/Tests", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: base + "/config-examples", withDestinationPath: root + "/config-examples")
    try FileManager.default.copyItem(atPath: fixturePackage, toPath: copy)
    let manifest = copy + "/Package.swift"
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    try text.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(root)\"")
      .replacingOccurrences(of: "path: \"../../Distribution/", with: "path: \"\(root)/Distribution/")
      .replacingOccurrences(
        of: ".package(path: \"\(root)/Distribution/dicfg-generator\"),",
        with: ".package(path: \"\(root)/Distribution/dicfg-generator\"),"
          + (prebuilt.map { " .package(path: \"\(root)/Distribution/\($0)\")," } ?? "")
      )
      .write(toFile: manifest, atomically: true, encoding: .utf8)
    let run = try swift(
      [
        // The package whose plugin runs, by its identity: dicfg's is its folder's name.
        "package", "--scratch-path", copy + "/.build", "plugin", "--allow-writing-to-package-directory",
        "--package", prebuilt ?? URL(fileURLWithPath: root).lastPathComponent.lowercased(), "generate-registry",
        "--target", "Shop",
      ], in: copy)
    #expect(run.status == 0, "\(run.output)")
    let generated = try String(contentsOfFile: copy + "/Sources/Shop/Registry+GraphFile.swift", encoding: .utf8)
    #expect(
      generated.hasPrefix("// Generated by `dicfg generate` from Sources/Shop/dicfg.yaml with its environments test."))
    #expect(generated.contains("#sourceLocation(file: \"Sources/Shop/dicfg.yaml\", line: 3)"))
    #expect(generated.contains("static func fromGraphFile() throws -> Registry {"))

    // The package still applies the build plugin to `Shop`: the committed copy is found and named,
    // with what to do, before SwiftPM sees two producers of one file.
    let build = try swift(["build", "--scratch-path", copy + "/.build", "--target", "Shop"], in: copy)
    #expect(build.status != 0)
    #expect(
      build.output.contains(
        "target 'Shop' holds 'Registry+GraphFile.swift', written by `dicfg generate` or the generate-registry "
          + "command, and also applies the DICfgGenerator build plugin"), "\(build.output)")
    #expect(!build.output.contains("multiple producers"), "\(build.output)")
  }

  // The generator reads the configuration on every run: an edit to it is seen by the next build,
  // with no change to Package.swift and no clean build.
  @Test func anEditToTheGeneratorConfigurationTakesEffectOnTheNextBuild() throws {
    let configuration = fixturePackage + "/Sources/IsolationFromSwift/dicfg-generator-config.json"
    let original = try String(contentsOfFile: configuration, encoding: .utf8)
    defer { try? original.write(toFile: configuration, atomically: true, encoding: .utf8) }
    let first = try swift(["build", "--scratch-path", scratch, "--target", "IsolationFromSwift"])
    #expect(first.status == 0, "\(first.output)")
    let generated = try generatedFile(of: "IsolationFromSwift")
    #expect(try String(contentsOfFile: generated, encoding: .utf8).contains("final class MainContainer"))
    // The target imports nothing in its configuration: the generated file imports the module whose
    // Swift the plugin reads (`Shop`).
    #expect(try String(contentsOfFile: generated, encoding: .utf8).contains("\nimport Shop\n"))
    try #"{ "files": ["dicfg.yaml"], "containerTypes": { "main": "CheckoutContainer" } }"#.write(
      toFile: configuration, atomically: true, encoding: .utf8)
    let second = try swift(["build", "--scratch-path", scratch, "--target", "IsolationFromSwift"])
    #expect(second.status == 0, "\(second.output)")
    #expect(try String(contentsOfFile: generated, encoding: .utf8).contains("final class CheckoutContainer"))
    // A mistake in it is the build's one error, naming the file and the fix.
    try #"{ "files": ["dicfg.yaml"], "acess": "public" }"#.write(
      toFile: configuration, atomically: true, encoding: .utf8)
    let third = try swift(["build", "--scratch-path", scratch, "--target", "IsolationFromSwift"])
    #expect(third.status != 0)
    #expect(
      errors(third.output) == [
        "Sources/IsolationFromSwift/dicfg-generator-config.json: error: unknown key 'acess' in the generator "
          + "configuration; did you mean 'access'?"
      ], "\(third.output)")
  }

  /// The registration the build plugin wrote for `target` in the suite's scratch folder of
  /// `configuration` (dicfg's plugin's in debug, the prebuilt generator's in release).
  private func generatedFile(of target: String, _ configuration: String = "debug") throws -> String {
    let plugin = configuration == "release" ? "DICfgGenerator" : "DICfgGeneratorPlugin"
    let folder = scratch(configuration) + "/plugins/outputs/pluginpackage/\(target)/destination/\(plugin)"
    let path = folder + "/Registry+GraphFile.swift"
    try #require(FileManager.default.fileExists(atPath: path), "no generated file at \(path)")
    return path
  }

  // The Xcode adaptors compile only where Xcode's XcodeProjectPlugin module is; here they are
  // compiled against a stand-in of its documented API (`Tests/XcodeProjectPluginStandIn`), so a
  // mistake in them fails this test.
  @Test func theXcodeAdaptorsCompileAgainstXcodeProjectPluginsAPI() throws {
    let root = URL(fileURLWithPath: fixturePackage).deletingLastPathComponent().deletingLastPathComponent().path
    let toolchain = URL(fileURLWithPath: swiftExecutable).resolvingSymlinksInPath().deletingLastPathComponent()
    let swiftc = toolchain.appendingPathComponent("swiftc").path
    let pluginAPI = toolchain.deletingLastPathComponent().appendingPathComponent("lib/swift/pm/PluginAPI").path
    try #require(FileManager.default.fileExists(atPath: pluginAPI), "no PackagePlugin module at \(pluginAPI)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-xcode-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let common = ["-parse-as-library", "-swift-version", "6", "-package-description-version", "6.1", "-I", pluginAPI]
    let standIn = try run(
      swiftc,
      common + [
        "-emit-module", "-module-name", "XcodeProjectPlugin", "-emit-module-path",
        folder + "/XcodeProjectPlugin.swiftmodule", root + "/Tests/XcodeProjectPluginStandIn/XcodeProjectPlugin.swift",
      ])
    #expect(standIn.status == 0, "\(standIn.output)")
    for plugin in ["DICfgGeneratorPlugin", "GenerateRegistryCommand"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Plugins/" + plugin).sorted()
        .filter { $0.hasSuffix(".swift") }.map { root + "/Plugins/\(plugin)/" + $0 }
      let check = try run(swiftc, common + ["-typecheck", "-I", folder] + files)
      #expect(check.status == 0 && check.output.isEmpty, "\(plugin): \(check.output)")
      // The Xcode branch is compiled: a name the stand-in lacks in it fails.
      let broken = folder + "/\(plugin).swift"
      let text = try String(contentsOfFile: files.first { $0.hasSuffix("/plugin.swift") } ?? "", encoding: .utf8)
      try text.replacingOccurrences(of: "context.xcodeProject.directoryURL", with: "context.xcodeProject.folderURL")
        .write(toFile: broken, atomically: true, encoding: .utf8)
      let mistake = try run(
        swiftc, common + ["-typecheck", "-I", folder] + files.filter { !$0.hasSuffix("/plugin.swift") } + [broken])
      #expect(mistake.status != 0 && mistake.output.contains("folderURL"), "\(plugin): \(mistake.output)")
    }
  }

}
