import ArgumentParser
import DICfgCLI
import DICfgTestSupport
import Foundation
import Testing

private let fixtures = testsDirectory + "/Fixtures"

/// Runs `dicfg ARGUMENTS` in-process, with fixture paths shown relative to the tests folder.
private func run(_ arguments: [String]) throws -> CommandResult {
  let command = try #require(try DICfgCommand.parseAsRoot(arguments) as? ValidateCommand)
  var result = command.execute()
  result.standardOutput = result.standardOutput.replacingOccurrences(of: testsDirectory + "/", with: "")
  result.standardError = result.standardError.replacingOccurrences(of: testsDirectory + "/", with: "")
  return result
}

@Suite struct ValidateCommandTests {
  /// What the Swift imports from the SDK is read from the toolchain: a misspelt static function of
  /// Dispatch is one error at the graph line with a note at Dispatch's declaration, and a module the
  /// toolchain cannot load is named, never passed over.
  @Test func theSDKIsCheckedAndAModuleNotReadIsNamed() throws {
    let folder = try temporaryFolder([
      "app.yaml": "dicfg: 1\nservices:\n  queue: { type: DispatchQueue, factory: DispatchQueue.globl }\n",
      "Sources/App/App.swift": "import Dispatch\nimport NoSuchModuleForDICfgTests\nfinal class App {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "validate", folder.path + "/app.yaml", "--swift", folder.path + "/Sources", "--color", "never",
    ])
    #expect(result.exitCode == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("note: the declarations of module 'NoSuchModuleForDICfgTests' were not read (") == true)
    #expect(lines.first?.hasSuffix("); the Swift compiler checks what the graph uses of it") == true)
    #expect(
      lines.contains {
        $0.hasSuffix(
          "app.yaml:3:42: error: 'queue' is built by 'DispatchQueue.globl', which 'DispatchQueue' does not declare; "
            + "did you mean 'DispatchQueue.global'? [#initializer-mismatch]")
      }, "\(result.standardError)")
    #expect(
      lines.contains {
        $0.hasSuffix("Dispatch.swift") == false && $0.contains("/Dispatch.swift:")
          && $0.contains("note: 'DispatchQueue' is declared here")
      })
  }

  /// The typed container's checks run in `validate` as in the build: an environment that changes
  /// the type of a service to one the Swift proves unrelated, with no `as:` type binding both, is
  /// the same error in both.
  @Test func theTypedContainersChecksRunInValidateAsInTheBuild() throws {
    let folder = try temporaryFolder([
      "app.yaml": "dicfg: 1\nservices:\n  client: { type: LiveClient }\n",
      "app.test.yaml": "dicfg: 1\nservices:\n  client: { type: StubClient }\n",
      "Clients.swift": "final class LiveClient {}\nfinal class StubClient {}\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.yaml").path
    // Without the Swift, a swap may convert (a subclass, say): no error.
    let unknown = try #require(try DICfgCommand.parseAsRoot(["validate", file, "--all-envs"]) as? ValidateCommand)
    #expect(unknown.execute().exitCode == 0)
    let outputs = try ["validate", "generate"].map { command in
      var arguments = [command, file, "--all-envs", "--color", "never", "--swift", folder.path]
      if command == "generate" { arguments += ["--output", folder.appendingPathComponent("Out.swift").path] }
      let parsed = try DICfgCommand.parseAsRoot(arguments)
      let result = try (parsed as? ValidateCommand)?.execute() ?? #require(parsed as? GenerateCommand).execute()
      #expect(result.exitCode == 1)
      return result.standardError.replacingOccurrences(of: folder.path + "/", with: "")
    }
    let finding = outputs[0].split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      finding.hasPrefix(
        "app.test.yaml:3:3: error: 'client' is 'StubClient' in environment 'test' but 'LiveClient' in the base"),
      "\(outputs[0])")
    #expect(outputs[1].split(separator: "\n").first.map(String.init) == finding, "\(outputs[1])")
  }

  /// A syntax error in an imported file, which every environment's compile meets, is one finding:
  /// in `validate` and in `generate` alike, with the note the layer's compile adds.
  @Test(arguments: ["validate", "generate"])
  func aSyntaxErrorInAnImportedFileIsReportedOnceWhateverTheEnvironments(command: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-imported-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "app.yaml": "dicfg: 1\nimports: [parts.yaml]\nservices:\n  app: { type: App }\n",
      "parts.yaml": "dicfg: 1\nservices:\n  part: { type: [ \n",
      "app.prod.yaml": "dicfg: 1\nservices:\n  part: { init: { size: { value: 1 } } }\n",
    ]
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    var arguments = [command, folder.appendingPathComponent("app.yaml").path, "--all-envs", "--color", "never"]
    if command == "generate" { arguments += ["--output", folder.appendingPathComponent("Out.swift").path] }
    let parsed = try DICfgCommand.parseAsRoot(arguments)
    let result =
      try (parsed as? ValidateCommand)?.execute() ?? #require(parsed as? GenerateCommand).execute()
    let error = result.standardError.replacingOccurrences(of: folder.path + "/", with: "")
    #expect(result.exitCode == 1)
    #expect(error.components(separatedBy: ": error: ").count == 2, "\(error)")
    #expect(error.hasPrefix("parts.yaml:4:1: error: did not find expected node content [#syntax-error]"), "\(error)")
    #expect(error.contains("note: 1 finding that may follow from what 'parts.yaml' defines is left out"), "\(error)")
  }

  @Test func aFragmentAnotherFileImportsIsCheckedThroughItsImporterWhateverTheOrder() throws {
    // The fragment sorts first, as `config/*.yaml` would pass it, and uses the importer's parameter.
    let folder = try temporaryFolder([
      "a-network.yaml": "dicfg: 1\nservices:\n  client: { type: Client, init: { url: $baseURL } }\n",
      "b-app.yaml": "dicfg: 1\nimports: [a-network.yaml]\nparameters: { baseURL: https://example.com }\n"
        + "services:\n  app: { type: App, init: { client: client } }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["a-network.yaml", "b-app.yaml"].map { folder.appendingPathComponent($0).path }
    let clean = try run(["validate", "--color", "never"] + paths)
    #expect(clean.exitCode == 0, "\(clean.standardError)")
    #expect(clean.standardError.contains("no errors or warnings in 2 files"))

    // A mistake in the fragment is still found, once, at its line, through the importer.
    try "dicfg: 1\nservices:\n  client: { type: Client, init: { url: $baseURL, key: $apiKey } }\n".write(
      to: folder.appendingPathComponent("a-network.yaml"), atomically: true, encoding: .utf8)
    let broken = try run(["validate", "--color", "never"] + paths)
    #expect(broken.exitCode == 1)
    #expect(broken.standardError.components(separatedBy: ": error: ").count == 2, "\(broken.standardError)")
    #expect(broken.standardError.contains("a-network.yaml:3:55: error: argument 'key' of 'client' refers to '$apiKey'"))
    #expect(broken.standardError.hasSuffix("1 error, 0 warnings in 2 files\n"))
  }

  @Test(arguments: ["duplicate-key.yaml", "syntax-error.yaml", "trailing-comma.json"])
  func printsCompilerStyleTextToStandardError(fixture: String) throws {
    let result = try run(["validate", "\(fixtures)/\(fixture)", "--color", "never"])
    #expect(result.exitCode == 1)
    #expect(result.standardOutput.isEmpty)
    let mismatch = goldenMismatch(result.standardError, golden: "\(testsDirectory)/Golden/\(fixture).txt")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func printsOneJSONDocumentToStandardOutput() throws {
    let result = try run([
      "validate", "\(fixtures)/duplicate-key.yaml", "\(fixtures)/trailing-comma.json", "--format", "json",
    ])
    #expect(result.exitCode == 1)
    #expect(result.standardError.isEmpty)
    let mismatch = goldenMismatch(result.standardOutput, golden: "\(testsDirectory)/Golden/validate-two-files.json")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(document["serializationVersion"] as? Int == 1)
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.compactMap { $0["code"] as? String } == ["duplicate-key", "syntax-error"])
    #expect((document["summary"] as? [String: Int]) == ["errors": 2, "warnings": 0])
  }

  @Test func validFileExitsZeroWithASummary() throws {
    let example = testsDirectory + "/../../config-examples/weather/app.yaml"
    let result = try run(["validate", example])
    #expect(result.exitCode == 0)
    #expect(result.standardError == "no errors or warnings in 1 file\n")
  }

  @Test func missingFileIsALocatedIOError() throws {
    let result = try run(["validate", "\(fixtures)/absent.yaml", "--color", "never"])
    #expect(result.exitCode == 1)
    #expect(
      result.standardError == """
        Fixtures/absent.yaml:1:1: error: cannot read 'Fixtures/absent.yaml': no such file [#io-error]
        1 error, 0 warnings in 1 file

        """)
  }

  @Test func colorAlwaysColorsAndAutoFollowsTheTerminal() throws {
    let path = "\(fixtures)/duplicate-key.yaml"
    let always = try run(["validate", path, "--color", "always"])
    #expect(always.standardError.contains("\u{1B}[1;31merror"))
    let command = try #require(try DICfgCommand.parseAsRoot(["validate", path]) as? ValidateCommand)
    #expect(command.execute(colorTerminal: true).standardError.contains("\u{1B}["))
    #expect(!command.execute(colorTerminal: false).standardError.contains("\u{1B}["))
  }

  @Test(arguments: [["validate"], ["validate", "x.yaml", "--format", "xml"], ["validate", "--bogus", "x.yaml"]])
  func usageErrorsExitWith64(arguments: [String]) {
    #expect(throws: (any Error).self) { try DICfgCommand.parseAsRoot(arguments) }
    do {
      _ = try DICfgCommand.parseAsRoot(arguments)
    } catch {
      #expect(DICfgCommand.exitCode(for: error).rawValue == 64)
    }
  }
}

@Suite struct EnvironmentFindingTests {
  /// A base whose timer the test layer makes a singleton, which then holds a cached session.
  private func files() throws -> URL {
    try temporaryFolder([
      "app.yaml":
        "dicfg: 1\nservices:\n  session: { type: Session, scope: cached }\n"
        + "  timer: { type: Timer, init: { session: session } }\n",
      "app.test.yaml": "dicfg: 1\nservices:\n  timer: { scope: singleton }\n",
    ])
  }

  @Test(arguments: [["app.yaml", "--env", "test"], ["app.test.yaml"], ["app.yaml", "--all-envs"]])
  func aFindingOnlyAnEnvironmentBringsNamesItHoweverTheRunNamesTheEnvironment(arguments: [String]) throws {
    let folder = try files()
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = arguments.map { $0.hasSuffix(".yaml") ? folder.appendingPathComponent($0).path : $0 }
    let result = try runCommand(["validate", "--format", "json"] + paths)
    #expect(result.exitCode == 0)
    let base = folder.appendingPathComponent("app.yaml").path
    let layer = folder.appendingPathComponent("app.test.yaml").path
    #expect(result.standardOutput.contains("\"code\" : \"captive-dependency\""))
    #expect(
      result.standardOutput.contains(
        "with environment 'test' (\(layer)); '\(base)' alone does not have it"), "\(result.standardOutput)")
  }

  @Test func aFindingTheFileAloneHasTooNamesNoEnvironment() throws {
    let folder = try temporaryFolder([
      "app.yaml": "dicfg: 1\nexternals:\n  clock: { type: Clock }\nservices:\n  timer: { type: Timer }\n",
      "app.test.yaml": "dicfg: 1\nservices:\n  timer: { type: StubTimer }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runCommand(["validate", "--format", "json", folder.appendingPathComponent("app.test.yaml").path])
    #expect(result.standardOutput.contains("\"code\" : \"unused-external\""))
    #expect(!result.standardOutput.contains("with environment"))
  }

  /// An external the base uses and the test layer's replacement does not, or one only the test
  /// layer's service uses, is used in some environment: no edit could remove it, so it is no finding,
  /// however the run names the environments. One nothing uses anywhere still is.
  @Test(arguments: [["app.yaml", "--env", "test"], ["app.test.yaml"], ["app.yaml", "--all-envs"]])
  func anExternalSomeEnvironmentUsesIsNotUnused(arguments: [String]) throws {
    let folder = try temporaryFolder([
      "app.yaml": """
      dicfg: 1
      externals:
        database: { type: Database }
        fixtures: { type: Fixtures }
        nobody: { type: Nobody }
      services:
        store: { type: Store, init: { database: database } }
      """,
      "app.test.yaml": "dicfg: 1\nservices:\n  store: { type: MemoryStore, init: { fixtures: fixtures } }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = arguments.map { $0.hasSuffix(".yaml") ? folder.appendingPathComponent($0).path : $0 }
    let result = try runCommand(["validate", "--color", "never"] + paths)
    let findings = result.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }
      .map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
    #expect(
      findings == [
        "app.yaml:5:3: warning: external 'nobody' is never used; remove it, or the host app supplies it for nothing "
          + "[#unused-external]"
      ], "\(result.standardError)")
  }

  // `--package`: another package's product the module depends on is read from its sources, as the
  // build plugin reads it: a misspelt static member of it (`ScannerKit.foregrund`) is one error at the
  // graph line with did-you-mean, where `--swift` alone leaves it to the build.
  @Test func anotherPackagesProductIsReadAsTheModulesBuildSeesIt() throws {
    let root = try temporaryFolder(
      [
        "App/Package.swift": """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(
          name: "App", dependencies: [.package(path: "../ScannerSDK")],
          targets: [.executableTarget(name: "App", dependencies: [.product(name: "ScannerSDK", package: "ScannerSDK")])])
        """,
        "App/Sources/App/main.swift": "import ScannerSDK\nprint(ScannerKit.foreground)\n",
        "App/Sources/App/dicfg.yaml":
          "dicfg: 1\nservices:\n  scanner: { type: Scanning, factory: ScannerKit.foregrund }\n",
      ].merging(scannerSDKPackage) { own, _ in own })
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.path + "/App"
    let graph = app + "/Sources/App/dicfg.yaml"
    let checked = try runCommand(["validate", graph, "--package", app, "--color", "never"])
    #expect(checked.exitCode == 1)
    #expect(
      checked.standardError.hasPrefix(
        graph + ":3:39: error: 'scanner' is built by 'ScannerKit.foregrund', which 'ScannerKit' does not declare; "
          + "did you mean 'ScannerKit.foreground'? [#initializer-mismatch]"), "\(checked.standardError)")
    // Without the package, the module's Swift alone: ScannerSDK is named as not read.
    let alone = try runCommand(["validate", graph, "--swift", app + "/Sources", "--color", "never"])
    #expect(alone.exitCode == 0)
    #expect(alone.standardError.hasPrefix("note: the declarations of module 'ScannerSDK' were not read ("))
  }

  // `--package`: a module that depends on the typed runtime alone (a product named DICfgTypedRuntime,
  // as the build plugin reads it) is checked for it: a service its typed container could not build is
  // the build's error, at the same line and with the same cause, before the build; over the full
  // runtime the same graph passes.
  @Test(arguments: ["DICfgTypedRuntime", "DICfgRuntime"])
  func aModuleOnTheTypedRuntimeIsToldWhatItsContainerCannotBuild(product: String) throws {
    let root = try runtimeProductPackage(dependingOn: product)
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.path + "/App"
    let graph = app + "/Sources/App/dicfg.yaml"
    let checked = try runCommand(["validate", graph, "--package", app, "--color", "never"])
    guard product == "DICfgTypedRuntime" else {
      #expect(checked.exitCode == 0, "\(checked.standardError)")
      return
    }
    #expect(checked.exitCode == 1)
    #expect(
      checked.standardError.hasPrefix(
        graph + ":3:3: error: 'session' is built through dicfg's link, which 'DICfgTypedRuntime' does not have: its "
          + "typed accessor cannot build it because 'Session.init' is failable; depend on dicfg's product "
          + "'DICfgRuntime' instead of 'DICfgTypedRuntime' [#needs-full-runtime]"), "\(checked.standardError)")
    // `--runtime full` says which runtime to check for, whatever the module depends on.
    let full = try runCommand(["validate", graph, "--package", app, "--runtime", "full", "--color", "never"])
    #expect(full.exitCode == 0, "\(full.standardError)")
  }

  // `--package`: the Swift is read as the build of the graph file's module sees it, from the package's
  // description. A fragment's Swift value naming a type of a module its module does not depend on is
  // one error at the name, naming the module to add; the module that depends on it passes; and a
  // package SwiftPM cannot describe is one error saying so.
  @Test func aPackagesModuleGraphDecidesWhatAFragmentsModuleSees() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "Package.swift": """
      // swift-tools-version:6.1
      import PackageDescription
      let package = Package(name: "Shop", targets: [
        .target(name: "Strings"), .target(name: "Feature"),
        .executableTarget(name: "App", dependencies: ["Feature", "Strings"]),
      ])
      """,
      "Sources/Strings/Strings.swift": "public enum AppStrings { public static let notAvailable = \"n/a\" }\n"
        + "extension String { public static let empty = \"\" }\n",
      "Sources/Feature/Banner.swift": "import Dispatch\npublic final class Banner { public init(text: String) {} }\n",
      "Sources/App/main.swift": "print(1)\n",
    ]
    // `String`, which Strings only extends, is no type of Strings.
    let graph =
      "dicfg: 1\nservices:\n  banner: { type: Banner, init: { text: { swift: AppStrings.notAvailable } } }\n"
      + "  title: { type: String, init: { _: { value: hi } } }\n"
    for (path, text) in files.merging(
      ["Sources/Feature/dicfg.yaml": graph, "Sources/App/dicfg.yaml": graph], uniquingKeysWith: { $1 })
    {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let feature = try runCommand([
      "validate", root.path + "/Sources/Feature/dicfg.yaml", "--package", root.path, "--color", "never",
    ])
    #expect(feature.exitCode == 1)
    #expect(
      feature.standardError.hasPrefix(
        root.path + "/Sources/Feature/dicfg.yaml:3:50: error: cannot find 'AppStrings' in the scope of module "
          + "'Feature': it is declared in module 'Strings', which module 'Feature' does not depend on; add "
          + "\"Strings\" to the dependencies of target 'Feature' in Package.swift [#inaccessible-declaration]"),
      "\(feature.standardError)")
    #expect(feature.standardError.hasSuffix("1 error, 0 warnings in 1 file\n"), "\(feature.standardError)")
    // What the module imports from the SDK is read as the module's build reads it.
    let queue = root.appendingPathComponent("Sources/Feature/queue.yaml")
    try "dicfg: 1\nservices:\n  queue: { type: DispatchQueue, factory: DispatchQueue.globl }\n".write(
      to: queue, atomically: true, encoding: .utf8)
    let sdk = try runCommand(["validate", queue.path, "--package", root.path, "--color", "never"])
    #expect(sdk.exitCode == 1)
    #expect(
      sdk.standardError.hasPrefix(
        queue.path + ":3:42: error: 'queue' is built by 'DispatchQueue.globl', which 'DispatchQueue' does not declare; "
          + "did you mean 'DispatchQueue.global'? [#initializer-mismatch]"), "\(sdk.standardError)")
    try FileManager.default.removeItem(at: queue)
    let app = try runCommand(["validate", root.path + "/Sources/App/dicfg.yaml", "--package", root.path])
    #expect(app.exitCode == 0, "\(app.standardError)")
    // Without the package, the same file passes: every module's Swift reads as one.
    let flat = try runCommand([
      "validate", root.path + "/Sources/Feature/dicfg.yaml", "--swift", root.path + "/Sources",
    ])
    #expect(flat.exitCode == 0, "\(flat.standardError)")
    // A graph file in no target's folder: which build it belongs to is unknown, said at the file.
    try graph.write(to: root.appendingPathComponent("dicfg.yaml"), atomically: true, encoding: .utf8)
    let outside = try runCommand(["validate", root.path + "/dicfg.yaml", "--package", root.path, "--color", "never"])
    #expect(outside.exitCode == 1)
    #expect(
      outside.standardError.hasPrefix(
        root.path + "/dicfg.yaml:1:1: error: '\(root.path)/dicfg.yaml' is in no target's folder of the package"),
      "\(outside.standardError)")
    let missing = try runCommand([
      "validate", root.path + "/Sources/App/dicfg.yaml", "--package", root.path + "/Nowhere", "--color", "never",
    ])
    #expect(missing.exitCode == 1)
    #expect(
      missing.standardError.contains(
        "error: cannot read the package at '\(root.path)/Nowhere' with 'swift package describe'"),
      "\(missing.standardError)")
  }

  // `--package`: the platforms the package deploys to decide what its build can call. An
  // initializer introduced later than one of them, the SDK's (`URL(filePath:)`, iOS 16 and macOS 13)
  // or the module's own (`@available(iOS 17, *)`, on it or on its type), is one error at the graph line saying which
  // platform and what to do; the same graph in a package deploying later passes.
  @Test func theDeploymentTargetsDecideWhatTheBuildCanCall() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let manifest = { (platforms: String) in
      """
      // swift-tools-version:6.1
      import PackageDescription
      let package = Package(name: "Shop", platforms: [\(platforms)], targets: [.target(name: "Feature")])
      """
    }
    let files = [
      "Package.swift": manifest(".iOS(.v15), .macOS(.v12)"),
      "Sources/Feature/Store.swift": """
      import Foundation
      public final class Store {
        public init(folder: URL) {}
        @available(iOS 17, macOS 14, *)
        public init(folder: URL, cloud: Bool) {}
        @available(iOS, introduced: 18.0)
        public init(name: String) {}
      }
      @available(iOS 17, macOS 14, *)
      public final class Vault {
        public init() {}
      }
      """,
      "Sources/Feature/dicfg.yaml": """
      dicfg: 1
      services:
        folder: { type: URL, init: { filePath: { value: /tmp/store } } }
        store: { type: Store, init: { folder: folder, cloud: { value: true } } }
        named: { type: Store, init: { name: { value: shop } } }
        plain: { type: Store, init: { folder: folder } }
        vault: { type: Vault }

      """,
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let graph = root.path + "/Sources/Feature/dicfg.yaml"
    let early = try runCommand(["validate", graph, "--package", root.path, "--color", "never"])
    #expect(early.exitCode == 1)
    let errors = early.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
    let fix =
      "('platforms:' in Package.swift): raise its deployment target, or build it with another initializer or "
      + "function [#initializer-mismatch]"
    let expected: [String] = [
      "\(graph):3:32: error: 'folder' is built by 'URL.init(filePath:directoryHint:relativeTo:)', which is only "
        + "available in iOS 16.0 or newer; the package deploys to iOS 15.0 \(fix)",
      "\(graph):4:33: error: 'store' is built by 'Store.init(folder:cloud:)', which is only available in iOS 17 or "
        + "newer; the package deploys to iOS 15.0 \(fix)",
      "\(graph):5:33: error: 'named' is built by 'Store.init(name:)', which is only available in iOS 18.0 or newer; "
        + "the package deploys to iOS 15.0 \(fix)",
      // The type's availability holds for its initializer.
      "\(graph):7:18: error: 'vault' is built by 'Vault.init()', which is only available in iOS 17 or newer; "
        + "the package deploys to iOS 15.0 \(fix)",
    ]
    #expect(errors == expected, "\(early.standardError)")
    // Deploying to iOS 18 and macOS 15, the same graph builds.
    try manifest(".iOS(.v18), .macOS(.v15)").write(
      to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let later = try runCommand(["validate", graph, "--package", root.path, "--color", "never"])
    #expect(later.exitCode == 0, "\(later.standardError)")
  }
}
