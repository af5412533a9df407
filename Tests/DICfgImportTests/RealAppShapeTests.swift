import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader
import Foundation
import Testing

/// The shapes public apps write their registrations in, each as an app writes it: read into a graph
/// entry where the graph can say it, else reported with its line and why; never silent.
@Suite struct RealAppShapeTests {
  func imported(_ files: [(String, String)]) -> RegistrationImport {
    RegistrationImport(files: files.map { (path: $0.0, text: $0.1) })
  }

  /// The errors `dicfg validate --all-envs --swift` gives the written graph against the app's Swift.
  func errors(_ imported: RegistrationImport, swift: [(String, String)]) -> [String] {
    writtenGraphRun(imported, swift: swift.map { (path: $0.0, text: $0.1) }).findings
      .filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
  }

  let services = """
    protocol Networking {}
    final class APIClient: Networking { init() {} }
    protocol Tracking {}
    final class Tracker: Tracking { static let shared = Tracker(); init() {} }
    final class Repository { init(client: Networking, tracker: Tracking) {} }
    final class ScreenFactory { init() {}; func makeProfile(userID: String) -> ProfileScreen { ProfileScreen() } }
    final class ProfileScreen { init() {} }
    """

  @Test(arguments: [
    "@preconcurrency import Swinject", "public import Swinject", "internal import Swinject",
    "@_implementationOnly import Swinject", "@testable import Swinject",
  ])
  func everyFormOfImportIsRead(_ importLine: String) {
    let assembly = """
      \(importLine)

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
        }
      }
      """
    let report = ImportReport(imported([("Sources/App/AppAssembly.swift", assembly)]))
    #expect(report.totals.registrations == 1)
    #expect(report.totals.asWritten == 1, "\(report.text)")
  }

  // The default scope an app sets for its library's registrations: Swinject's `defaultObjectScope:`
  // and Resolver's `defaultScope`; a registration naming its own scope keeps it.
  @Test func aLibrarysDefaultScopeIsEachRegistrationsThatNamesNone() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }.inObjectScope(.transient)
        }
      }

      let assembler = Assembler([AppAssembly()], defaultObjectScope: .container)
      """
    let swinject = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(swinject.registrations.map(\.scope) == ["singleton", "unique"])
    let registering = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          Resolver.defaultScope = .application
          register { APIClient() as Networking }
          register { Tracker() as Tracking }.scope(.unique)
        }
      }
      """
    let resolver = imported([("Sources/App/App+Injection.swift", registering)])
    #expect(resolver.registrations.map(\.scope) == ["singleton", "unique"])
    // Two containers with different defaults: which one a registration is made on is not read, so
    // it keeps the library's default and the report says why.
    let other = "import Swinject\n\nlet widgets = Container(defaultObjectScope: .weak)\n"
    let two = imported([("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Widgets.swift", other)])
    #expect(two.registrations.map(\.scope) == [nil, "unique"])
    let report = ImportReport(two).text
    #expect(
      report.contains(
        "its scope is Swinject's own default: the app sets '.container' in Sources/App/AppAssembly.swift and "
          + "'.weak' in Sources/App/Widgets.swift for different containers"), "\(report)")
  }

  // Another library's `register`, in a file importing Swinject, is no registration: it takes no
  // type first, or labels Swinject's does not have.
  @Test func anotherLibrarysRegisterIsNoRegistration() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          analytics.register(handler)
          UserDefaults.standard.register(defaults: ["launched": false])
          tableView.register(Cell.self, forCellReuseIdentifier: "cell")
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.registrations.map(\.key) == ["Networking"])
    #expect(imported.layers.isEmpty)
  }

  @Test(arguments: ["@_exported import Swinject\n", "@_exported public import Swinject\n"])
  func anExportedImportCoversTheModulesOtherFiles(_ exports: String) {
    let assembly = """
      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
        }
      }
      """
    let imported = imported([("Sources/App/Exports.swift", exports), ("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.registrations.count == 1)
  }

  /// A view controller that imports Resolver for `@Injected` and registers a table view's cells is
  /// no registration file: no report line.
  @Test func aTableViewsRegisterIsNotAContainers() {
    let controller = """
      import Resolver
      import UIKit

      final class ListViewController: UITableViewController {
        @Injected var repository: Repository

        override func viewDidLoad() {
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        }
      }
      """
    let report = ImportReport(imported([("Sources/App/ListViewController.swift", controller)]))
    #expect(report.text == "no registration found in the files read: nothing imported\n")
  }

  /// The command validates what it wrote against the Swift read: a graph Swift would not build is
  /// the report's finding, at the written line, with the run's code.
  @Test func theCommandReportsTheWrittenGraphsFindings() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-import-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Repository.self) { r in Repository(client: r.resolve(Networking.self)!) }
        }
      }
      """
    try Data(assembly.utf8).write(to: URL(fileURLWithPath: folder + "/Sources/App/AppAssembly.swift"))
    try Data(services.utf8).write(to: URL(fileURLWithPath: folder + "/Sources/App/Services.swift"))
    let command = try #require(
      try DICfgCommand.parseAsRoot([
        "import", folder + "/Sources/App/AppAssembly.swift", "--swift", folder + "/Sources/App/Services.swift",
        "--output", folder + "/Sources/App",
      ]) as? ImportCommand)
    let result = command.execute()
    #expect(result.exitCode == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix(folder + "/Sources/App/dicfg.yaml:13:13: error: ") && $0.hasSuffix("[initializer-mismatch]")
          && $0.contains("'init:' of 'repository' lacks 'tracker'")
      }, "\(result.standardOutput)")
    #expect(lines.last?.hasSuffix("; the written graph has 1 error and 0 warnings, listed above") == true)
  }

  /// With fragments, a service goes to the module that declares its type, also when every
  /// registration is in the app target's assemblies; what it takes from elsewhere it requires.
  @Test func fragmentsFollowTheModuleThatDeclaresEachType() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }.inObjectScope(.container)
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) { r in
            Repository(client: r.resolve(Networking.self)!, tracker: r.resolve(Tracking.self)!)
          }
        }
      }
      """
    let networking = "public protocol Networking {}\nfinal class APIClient: Networking { init() {} }\n"
    let analytics = "public protocol Tracking {}\nfinal class Tracker: Tracking { init() {} }\n"
    let data =
      "import Networking\nimport Analytics\nfinal class Repository { init(client: Networking, tracker: Tracking) {} }\n"
    let imported = imported([
      ("Sources/App/AppAssembly.swift", assembly), ("Sources/Networking/Client.swift", networking),
      ("Sources/Analytics/Tracker.swift", analytics), ("Sources/Data/Repository.swift", data),
    ])
    let parts = imported.fragments(output: "Sources/App") { _, file in
      "../" + file.split(separator: "/").dropFirst(1).joined(separator: "/")
    }
    #expect(parts.map(\.module) == [nil, "Analytics", "Data", "Networking"])
    let fragment = Dictionary(uniqueKeysWithValues: parts.map { ($0.module ?? "App", $0.graphFile) })
    #expect(
      fragment["Networking"]?.contains("  networking:  # Sources/App/AppAssembly.swift:5\n    type: APIClient\n")
        == true)
    #expect(
      fragment["Data"]?.contains("requires:\n  networking: { type: Networking }\n  tracking: { type: Tracking }\n")
        == true,
      "\(fragment["Data"] ?? "")")
    #expect(fragment["App"]?.contains("imports:\n  - ../Analytics/dicfg.yaml\n  - ../Data/dicfg.yaml\n") == true)
  }

  /// A local of `assemble()` that holds a resolve is that resolve where a closure reads it; a
  /// Factory container's computed property that returns a factory's instance reads that factory.
  @Test func resolvesHeldOutsideTheClosureAreReferences() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          let client = container.resolve(Networking.self)!
          container.register(Repository.self) { r in
            Repository(client: client, tracker: r.resolve(Tracking.self)!)
          }
        }
      }
      """
    let swinject = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(
      swinject.graphFile.contains("    init: { client: networking, tracker: tracking }\n"), "\(swinject.graphFile)")
    let container = """
      import FactoryKit

      extension Container {
        var client: Factory<Networking> { self { APIClient() } }
        var tracker: Factory<Tracking> { self { Tracker() } }
        var repository: Factory<Repository> { self { Repository(client: self.networking, tracker: self.tracker()) } }
      }

      private extension Container {
        var networking: any Networking { Container.shared.client() }
      }
      """
    let factory = imported([("Sources/App/Container+App.swift", container)])
    let report = ImportReport(factory).text
    #expect(factory.registrations.allSatisfy { $0.isImported }, "\(report)")
    #expect(factory.graphFile.contains("    init: { client: client, tracker: tracker }\n"), "\(factory.graphFile)")
  }

  /// Factory's apps keep an initializer private to the file that registers it (podhaven's
  /// `fileprivate init()`). The import writes a patch that makes each one the graph builds with
  /// internal, and checks the graph against the Swift as the patch leaves it.
  @Test func initializersPrivateToTheRegisteringFileArePatchedInternal() throws {
    let manager = """
      import FactoryKit

      extension Container {
        var cacheManager: Factory<CacheManager> {
          Factory(self) { CacheManager() }.scope(.cached)
        }
      }

      final class CacheManager {
        private let cache = [String: Int]()

        fileprivate init() {}
      }
      """
    let database = """
      import FactoryKit

      extension Container {
        var appDB: Factory<AppDB> { Factory(self) { AppDB._onDisk }.scope(.cached) }
      }

      struct AppDB {
        @MainActor fileprivate static let _onDisk = AppDB()
        private init() {}
      }
      """
    let files = [("Sources/App/CacheManager.swift", manager), ("Sources/App/AppDB.swift", database)]
    let imported = imported(files)
    #expect(
      imported.widenings.map { "\($0.location.file):\($0.location.line): \($0.declaration) \($0.access.keyword)" } == [
        "Sources/App/AppDB.swift:8: AppDB._onDisk fileprivate",
        "Sources/App/CacheManager.swift:12: CacheManager.init() fileprivate",
      ])
    let (patch, unchanged) = imported.accessPatch { $0 }
    #expect(unchanged.isEmpty)
    #expect(
      patch == """
        --- a/Sources/App/AppDB.swift
        +++ b/Sources/App/AppDB.swift
        @@ -5,6 +5,6 @@
         }
         
         struct AppDB {
        -  @MainActor fileprivate static let _onDisk = AppDB()
        +  @MainActor static let _onDisk = AppDB()
           private init() {}
         }
        \\ No newline at end of file
        --- a/Sources/App/CacheManager.swift
        +++ b/Sources/App/CacheManager.swift
        @@ -9,5 +9,5 @@
         final class CacheManager {
           private let cache = [String: Int]()
         
        -  fileprivate init() {}
        +  init() {}
         }
        \\ No newline at end of file

        """)
    // As the app's Swift is, the generated container cannot call them; once patched, it can.
    #expect(errors(imported, swift: files).count == 2)
    var request = GraphRun.Request(files: ["import/dicfg.yaml"], allEnvironments: true)
    request.fileSystem = InMemoryFileSystem(["import/dicfg.yaml": imported.graphFile])
    request.environmentVariables = [:]
    request.swift = imported.declarations.widening(imported.widenings)
    #expect(GraphRun(request).findings.filter { $0.severity == .error }.isEmpty)
    // The report names each, where it is declared, and the patch.
    let report = ImportReport(imported, accessPatch: ("import/access.patch", nil)).text
    #expect(
      report.contains(
        "Sources/App/CacheManager.swift:12:3: note: 'cacheManager' is built with 'CacheManager.init()', which is "
          + "fileprivate to this file, so the generated container cannot call it; 'import/access.patch' makes it "
          + "internal"), "\(report)")
    #expect(
      report.contains("; once 'import/access.patch' is applied ('git apply import/access.patch' here), the written"))
  }

  /// A struct whose stored properties all have values is built by `init()` even where one is private:
  /// the default initializer is the type's, and only the memberwise one, with parameters, is private.
  @Test func aPrivateStoredPropertyWithAValueLeavesInitInternal() {
    let loader = """
      import FactoryKit

      extension Container {
        var fakeDataLoader: Factory<FakeDataLoader> { Factory(self) { FakeDataLoader() }.scope(.cached) }
      }

      struct FakeDataLoader {
        let loadedURLs: [String] = []
        private let handlers: [String: Int] = [:]
      }
      """
    let files = [("Sources/App/FakeDataLoader.swift", loader)]
    let imported = imported(files)
    #expect(imported.widenings.isEmpty)
    #expect(errors(imported, swift: files).isEmpty)
  }

  /// `dicfg import` writes the patch beside the graph; applied with `git apply` where the report
  /// says, the app's Swift lets `dicfg validate` pass the graph.
  @Test func theWrittenAccessPatchAppliesAndThenTheGraphValidates() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-import-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
    let manager = """
      import FactoryKit

      extension Container {
        var cacheManager: Factory<CacheManager> { Factory(self) { CacheManager() }.scope(.cached) }
      }

      final class CacheManager {
        fileprivate init() {}
      }

      """
    try Data(manager.utf8).write(to: URL(fileURLWithPath: folder + "/Sources/App/CacheManager.swift"))
    let command = try #require(
      try DICfgCommand.parseAsRoot([
        "import", folder + "/Sources/App/CacheManager.swift", "--output", folder + "/Sources/App/Graph",
      ]) as? ImportCommand)
    let result = command.execute()
    #expect(result.exitCode == 0)
    let last = try #require(result.standardOutput.split(separator: "\n").last)
    #expect(
      last.hasSuffix(
        "; once 'Graph/access.patch' is applied ('git apply Graph/access.patch' in '\(folder)/Sources/App'), the "
          + "written graph validates"), "\(result.standardOutput)")
    let validate = try #require(
      try DICfgCommand.parseAsRoot([
        "validate", folder + "/Sources/App/Graph/dicfg.yaml", "--swift", folder + "/Sources/App",
      ]) as? ValidateCommand)
    #expect(validate.execute().exitCode == 1)
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", folder + "/Sources/App", "apply", "Graph/access.patch"]
    try git.run()
    git.waitUntilExit()
    #expect(git.terminationStatus == 0)
    let patched = try String(contentsOfFile: folder + "/Sources/App/CacheManager.swift", encoding: .utf8)
    #expect(patched.contains("final class CacheManager {\n  init() {}\n}"))
    let again = validate.execute()
    #expect(again.exitCode == 0, "\(again.standardOutput)\(again.standardError)")
  }
}
