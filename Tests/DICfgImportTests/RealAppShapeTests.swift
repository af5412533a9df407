import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgImport
import DICfgSwiftReader
import Foundation
import Testing

/// The shapes public apps write their registrations in, each as an app writes it: read into a graph
/// entry where the graph can say it, else reported with its line and why; never silent.
@Suite struct RealAppShapeTests {
  private func imported(_ files: [(String, String)]) -> RegistrationImport {
    RegistrationImport(files: files.map { (path: $0.0, text: $0.1) })
  }

  /// The errors `dicfg validate --all-envs --swift` gives the written graph against the app's Swift.
  private func errors(_ imported: RegistrationImport, swift: [(String, String)]) -> [String] {
    writtenGraphRun(imported, swift: swift.map { (path: $0.0, text: $0.1) }).findings
      .filter { $0.severity == .error }.map { "\($0.location): \($0.message)" }
  }

  private let services = """
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

  @Test func factoryTwoIsImportedAsFactoryKit() {
    let container = """
      import FactoryKit

      extension Container {
        var client: Factory<Networking> { self { APIClient() }.singleton }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    #expect(imported.registrations.map(\.id) == ["client"])
    #expect(imported.registrations.first?.scope == "singleton")
  }

  // Factory's static style: each `static let` of a container extension is a registration, with its
  // scope, its key as written or as the closure builds it, and its uses of the others.
  @Test func factorysStaticStyleIsRead() {
    let container = """
      import Factory

      extension Container {
        static let client = Factory<Networking>(scope: .singleton) { APIClient() }
        static let tracker = Factory(Container.shared) { Tracker.shared as Tracking }
        static let repository = Factory { Repository(client: Container.client(), tracker: Container.tracker()) }
        static let profile = ParameterFactory<String, ProfileScreen> { id in
          ScreenFactory().makeProfile(userID: id)
        }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    #expect(imported.registrations.map(\.id) == ["client", "tracker", "repository", "profile"])
    #expect(imported.registrations.map(\.scope) == ["singleton", "unique", "unique", "unique"])
    let report = ImportReport(imported)
    #expect(report.totals.registrations == 4)
    let summary = "4 registrations: 2 as written, 2 through a factory function, 0 as a binding, 0 not imported"
    #expect(report.text.contains(summary), "\(report.text)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // Factory's static style with its modifiers after the closure (`}.scope(.singleton)`, `.singleton`),
  // and a `ParameterFactory` whose closure writes its parameter's type: the scope is the one written,
  // the parameter a run-time argument. A parameter whose type is written nowhere, and a closure reading
  // a static member of the container (which the factory function, without Factory, cannot name), are
  // reported.
  @Test func staticFactoriesKeepTheirModifiersAndTheirParameter() {
    let container = """
      import Factory
      import Foundation

      extension Container {
        static let store = Factory(Container.shared) {
          Store() as Storing
        }.scope(.singleton)
        static let tracker = Factory(Container.shared) { Tracker.shared as Tracking }.cached
        static let provider = ParameterFactory(Container.shared) { (fileURL: URL?) in
          FileProvider(initialURL: fileURL) as FileProviding
        }
        static let untyped = ParameterFactory(Container.shared) { url in FileProvider(initialURL: url) }
        static let updates = Factory<Updating>(Container.shared) {
          if Container.isRelease { return ReleaseUpdates() } else { return BetaUpdates() }
        }
        static var isRelease: Bool { true }
      }
      """
    let swift = """
      import Foundation
      protocol Storing {}
      final class Store: Storing { init() {} }
      protocol Tracking {}
      final class Tracker: Tracking { static let shared = Tracker(); init() {} }
      protocol FileProviding {}
      final class FileProvider: FileProviding { init(initialURL: URL?) {} }
      protocol Updating {}
      final class ReleaseUpdates: Updating { init() {} }
      final class BetaUpdates: Updating { init() {} }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    let byID = Dictionary(uniqueKeysWithValues: imported.registrations.map { ($0.id, $0) })
    #expect(byID["store"]?.scope == "singleton")
    #expect(byID["tracker"]?.scope == "cached")
    #expect(byID["provider"]?.outcome == .asWritten)
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "Sources/App/Container+App.swift:12:14: not imported: Factory registration 'untyped': its run-time "
          + "parameter's type is written neither as 'ParameterFactory<P, T>' nor in its closure"), "\(report)")
    #expect(
      report.contains(
        "Sources/App/Container+App.swift:13:14: not imported: Factory registration of 'Updating': its closure reads "
          + "'Container.isRelease', a member of the container it is registered in"), "\(report)")
    let graph = imported.graphFile
    #expect(graph.contains("arguments: { fileURL: URL? }"), "\(graph)")
    #expect(graph.contains("init: { initialURL: $fileURL }"), "\(graph)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", swift)]) == [])
  }

  // An Xcode target's files (`FreeAPS/Sources/Assemblies/…`, the target folder beside the project)
  // are of the app's own module, whatever folders hold them: the factory functions' file imports what
  // those files import, and no module named for a folder.
  @Test func anXcodeTargetsFoldersAreNoModules() {
    let assembly = """
      import Foundation
      import HealthKit
      import Swinject

      final class NetworkAssembly: Assembly {
        func assemble(container: Container) {
          container.register(ReachabilityManager.self) { _ in NetworkReachabilityManager()! }
        }
      }
      """
    let path = "FreeAPS/Sources/Assemblies/NetworkAssembly.swift"
    let imported = RegistrationImport(files: [(path: path, text: assembly)], targets: [path: "FreeAPS"])
    let functions = imported.functions ?? ""
    #expect(functions.contains("import HealthKit\n"), "\(functions)")
    #expect(!functions.contains("import Assemblies"), "\(functions)")
    #expect(imported.registrations.first?.module == nil)
    let asPackage = RegistrationImport(files: [(path: "App/Sources/Assemblies/NetworkAssembly.swift", text: assembly)])
    #expect(asPackage.registrations.first?.module == "Assemblies", "a SwiftPM target's folder is its module")
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

  // Resolver's `lazy var x: P = { Impl() }()` (or `let x: P = Impl()`) then `register { x }`: the
  // local's one instance, of its declared type, built by its initializer: a singleton.
  @Test func aLocalInstanceRegisteredByResolverIsASingletonOfItsDeclaredType() {
    let registering = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          lazy var client: Networking = { APIClient() }()
          register { client }
          let tracker: Tracking = Tracker()
          register { tracker }
        }
      }
      """
    let imported = imported([("Sources/App/App+Injection.swift", registering)])
    #expect(imported.registrations.map(\.key) == ["Networking", "Tracking"])
    #expect(imported.registrations.map(\.type) == ["APIClient", "Tracker"])
    #expect(imported.registrations.map(\.scope) == ["singleton", "singleton"])
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // A Swinject closure without named parameters: `$0` is its resolver; one that reads another `$0`
  // than the resolver's is not imported, with why (a factory function would not compile).
  @Test func anonymousArgumentsAreTheResolverOrReported() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) {
            Repository(client: $0.resolve(Networking.self)!, tracker: $0.resolve(Tracking.self)!)
          }
          container.register(Repository.self, name: "other") { r in
            let client = r.resolve(Networking.self)!
            return Repository(client: $0 == nil ? client : client, tracker: Tracker())
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let report = ImportReport(imported)
    #expect(
      report.text.contains(
        "not imported: Swinject registration of 'Repository' named 'other': its closure reads '$0', an argument it "
          + "is not given a name for"), "\(report.text)")
    #expect(report.totals.asWritten == 3, "\(report.text)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // Swinject resolves the last registration of a key: every consumer takes it, and the earlier one
  // says it is replaced.
  @Test func theLastRegistrationOfAKeyIsTheOneConsumersTake() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in Tracker() as! Networking }
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) { r in
            Repository(client: r.resolve(Networking.self)!, tracker: r.resolve(Tracking.self)!)
          }
          container.register(Networking.self) { _ in APIClient() }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let report = ImportReport(imported)
    #expect(
      report.text.contains(
        "Sources/App/AppAssembly.swift:5:15: not imported: Swinject registration of 'Networking': Swinject resolves "
          + "the last registration of 'Networking', the one at Sources/App/AppAssembly.swift:10, which the app "
          + "resolves instead; nothing to port\n"), "\(report.text)")
    let client = imported.registrations.first { $0.key == "Networking" && $0.isImported }
    #expect(client?.type == "APIClient")
    let takes = "init: { client: \(client?.id ?? "?"), tracker: tracking }"
    #expect(imported.graphFile.contains(takes), "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // The error a `catch` binds is the closure's own, not a member of the assembly of that name.
  @Test func aCatchsErrorIsTheClosuresOwn() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        let error = "assembly"
        func assemble(container: Container) {
          container.register(Networking.self) { _ in
            do { return try makeClient() } catch { print(error); return APIClient() }
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.registrations.map(\.isImported) == [true], "\(ImportReport(imported).text)")
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

  /// A file that uses a library's registration API and yields no registration is a report line, and a
  /// run that found none does not say "100% imported".
  @Test func aFileWithARegistrationAPIAndNoRegistrationReadSaysSo() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          registerAll(in: container)
        }
      }
      """
    let report = ImportReport(imported([("Sources/App/AppAssembly.swift", assembly)]))
    #expect(
      report.text
        == "Sources/App/AppAssembly.swift: warning: it imports Swinject and calls its registration API, but holds "
        + "no registration the import reads\nno registration found in the files read: nothing imported\n")
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

  /// `{ @MainActor r in }`, a capture list, parameters over two lines, an app's own `register`
  /// overload taking the closure as `mainActorFactory:`.
  @Test func closureHeadsAsAppsWriteThem() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { @MainActor r in APIClient() }
          container.register(Repository.self) { [unowned self] r in
            Repository(client: r.resolve(Networking.self)!, tracker: r.resolve(Tracking.self)!)
          }
          container.register(ProfileScreen.self) { r,
            userID in
            r.resolve(ScreenFactory.self)!.makeProfile(userID: userID)
          }
          container.register(Tracking.self, mainActorFactory: { _ in Tracker.shared })
        }
      }
      """
    let imported = imported([
      ("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Services.swift", services),
    ])
    let outcomes = imported.registrations.map(\.outcome)
    #expect(outcomes == [.asWritten, .asWritten, .asWritten, .asWritten], "\(ImportReport(imported).text)")
    #expect(
      imported.graphFile.contains(
        "    factory: { receiver: screenFactory, method: makeProfile }\n    arguments: { userID: String }\n"
          + "    init: { userID: $userID }\n"), "\(imported.graphFile)")
  }

  /// `r.resolve(X.self)!.make…(…)` is the factory object's method; `Type.shared` a shared instance.
  @Test func aFactoryObjectsMethodAndASharedInstanceAreGraphEntries() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(ScreenFactory.self) { _ in ScreenFactory() }
          container.register(ProfileScreen.self) { r in
            r.resolve(ScreenFactory.self)!.makeProfile(userID: "me")
          }
          container.register(Tracking.self) { _ in Tracker.shared }.inObjectScope(.container)
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(
      imported.graphFile.contains(
        "    type: ProfileScreen\n    factory: { receiver: screenFactory, method: makeProfile }\n"
          + "    init: { userID: { value: \"me\" } }\n"), "\(imported.graphFile)")
    #expect(imported.graphFile.contains("    type: Tracking\n    scope: singleton\n    factory: Tracker.shared\n"))
    #expect(imported.functions == nil)
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]).isEmpty)
  }

  /// Resolves bound to locals first, a `guard let … else { fatalError() }` among them, are an
  /// initializer's required arguments.
  @Test func resolvesInLocalsAreAnInitializersArguments() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) { r in
            let client = r.resolve(Networking.self)!
            guard let tracker = r.resolve(Tracking.self) else {
              fatalError("Tracking is not registered")
            }
            return Repository(client: client, tracker: tracker)
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.graphFile.contains("    type: Repository\n    init: { client: networking, tracker: tracking }\n"))
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]).isEmpty)
  }

  /// A factory function's `guard let … = r.resolve(…), … else { fatalError() }`: required parameters
  /// named as the guard binds them, the guard gone, and required references in the graph, so a
  /// misspelt id is an error of `validate`, not a trap at run time.
  @Test func aGuardThatTrapsMakesAFactoryFunctionsResolvesRequired() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) { r in
            guard let client = r.resolve(Networking.self), let tracker = r.resolve(Tracking.self) else {
              fatalError("not registered")
            }
            let repository = Repository(client: client, tracker: tracker)
            print(repository)
            return repository
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(
      imported.graphFile.contains(
        "    factory: makeRepository\n    init: { client: networking, tracker: tracking }\n"), "\(imported.graphFile)")
    #expect(
      imported.functions?.contains(
        """
        func makeRepository(client: Networking, tracker: Tracking) -> Repository {
          let repository = Repository(client: client, tracker: tracker)
          print(repository)
          return repository
        }
        """) == true, "\(imported.functions ?? "")")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]).isEmpty)
  }

  /// `initCompleted { r, c in guard let impl = c as? Impl else { return } … }` over a protocol's
  /// registration (and its `if let` form): the properties of the type it builds. A cast to another
  /// type is reported, not imported.
  @Test func aPropertyClosureCastingItsInstanceSetsTheBuiltTypesProperties() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }
            .initCompleted { r, c in
              guard let tracker = c as? Tracker else { return }
              tracker.client = r.resolve(Networking.self)
            }
          container.register(Logging.self) { _ in Logger() }
            .initCompleted { r, c in
              if let logger = c as? Logger {
                logger.tracker = r.resolve(Tracking.self)!
              }
            }
          container.register(Storing.self) { _ in Store() }
            .initCompleted { r, c in
              guard let store = c as? Tracker else { return }
              store.client = r.resolve(Networking.self)
            }
          container.register(Caching.self) { _ in Cache() }
            .initCompleted { r, c in
              let cache = c as! Cache
              cache.tracker = r.resolve(Tracking.self)!
            }
        }
      }
      """
    let swift = """
      protocol Networking {}
      final class APIClient: Networking { init() {} }
      protocol Tracking {}
      final class Tracker: Tracking { var client: Networking?; init() {} }
      protocol Logging {}
      final class Logger: Logging { var tracker: Tracking!; init() {} }
      protocol Storing {}
      final class Store: Storing { init() {} }
      protocol Caching {}
      final class Cache: Caching { var tracker: Tracking?; init() {} }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(
      imported.graphFile.contains("    type: Tracker\n    as: [Tracking]\n    properties: { client: networking? }\n"))
    #expect(imported.graphFile.contains("    type: Logger\n    as: [Logging]\n    properties: { tracker: tracking }\n"))
    #expect(imported.graphFile.contains("    type: Cache\n    as: [Caching]\n    properties: { tracker: tracking }\n"))
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "AppAssembly.swift:17:15: not imported: Swinject registration of 'Storing': its property closure sets "
          + "properties only when the instance is a 'Tracker', and it builds a 'Store'"), "\(report)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", swift)]).isEmpty)
  }

  /// Factory's optional services: a factory that may build nil (`guard … else { return nil }`, a
  /// failable initializer) is reported, not written as a plain initializer; `self { nil }` alone is
  /// nothing, which what takes it takes as nil.
  @Test func aFactoryThatMayBuildNilIsReportedNotWrittenAsAService() {
    let container = """
      import Factory

      extension Container {
        var client: Factory<Networking> { self { APIClient() }.singleton }
        var session: Factory<Session?> {
          self {
            guard let token = Keychain.token else { return nil }
            return Session(token: token, client: self.client())
          }
        }
        var placeholder: Factory<Session?> { self { nil } }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "Container+App.swift:5:7: not imported: Factory registration of 'Session?': it registers 'Session?', a "
          + "service its factory may build as nil, which a graph file cannot say"), "\(report)")
    #expect(!imported.graphFile.contains("type: Session"), "\(imported.graphFile)")
    #expect(imported.registrations.first { $0.id == "placeholder" }?.isImported == true, "\(report)")
  }

  /// A Factory alias (`var tracking: Factory<Tracker> { self.tracker }`) and a factory returning
  /// another's instance: bindings of the service they return, and what takes them takes that service,
  /// not an external the app must supply.
  @Test func aFactoryAliasIsABindingItsUsersTake() {
    let container = """
      import Factory

      extension Container {
        var apiClient: Factory<APIClient> { self { APIClient() }.singleton }
        var networking: Factory<Networking> { self { self.apiClient() } }
        var tracker: Factory<Tracker> { self { Tracker() }.cached }
        var tracking: Factory<Tracker> { tracker }
        var repository: Factory<Repository> { self { Repository(client: self.networking(), tracker: self.tracking()) } }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    #expect(imported.graphFile.contains("    init: { client: apiClient, tracker: tracker }\n"), "\(imported.graphFile)")
    #expect(!imported.graphFile.contains("externals:"), "\(imported.graphFile)")
    let report = ImportReport(imported).text
    #expect(
      report.contains("Container+App.swift:7:7: imported: Factory registration of 'Tracker' as a binding of 'tracker'"),
      "\(report)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]).isEmpty)
  }

  /// A registering function with a protocol composition parameter (`(AppEnvironment & Configurable)`):
  /// its parameters are still read, so a closure reading one is reported, not written as a factory
  /// function that cannot see it.
  @Test func aCompositionParameterOfTheRegisteringFunctionHidesNoneOfItsParameters() {
    let assembly = """
      import Swinject

      enum AppAssembly {
        static func register(in container: Container, environment: (AppEnvironment & Configurable)) {
          container.register(Networking.self) { _ in APIClient(baseURL: environment.baseURL) }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "AppAssembly.swift:5:15: not imported: Swinject registration of 'Networking': its closure reads "
          + "'environment', a local or parameter of the function it is registered in"), "\(report)")
    #expect(imported.functions == nil)
  }

  /// `.init(…)` passed where the initializer declares a generic parameter (`store: Store` of
  /// `init<Store: Storing>`) names no type: the code is carried whole into a factory function, never
  /// written as the unrelated type that shares the parameter's name.
  @Test func aNestedInitOfAGenericParameterIsNotTheTypeOfItsName() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Repository.self) { _ in Repository(store: .init(path: "db")) }
          container.register(Screen.self) { _ in Screen(store: .init(path: "db")) }
        }
      }
      """
    let swift = """
      protocol Storing { init(path: String) }
      final class Store: Storing { init(path: String) {} }
      final class Repository { init<Store: Storing>(store: Store) {} }
      final class Screen { init(store: Store) {} }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Services.swift", swift)])
    #expect(imported.graphFile.contains("    type: Repository\n    factory: makeRepository\n"), "\(imported.graphFile)")
    #expect(!imported.graphFile.contains("repositoryStore"), "\(imported.graphFile)")
    // Where the parameter is the type itself, `.init(…)` builds one in place.
    #expect(
      imported.graphFile.contains("    type: Screen\n    init: { store: screenStore }\n"), "\(imported.graphFile)")
  }

  /// A run-time argument the code only sets a property to is one of the service's `arguments:`,
  /// typed as the closure writes it or as the property is declared, in the closure's order.
  @Test func aRunTimeArgumentSetOnlyAsAPropertyIsKept() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Screen.self) { (r, title: String, id: Int) in
            let screen = Screen(id: id, client: r.resolve(Networking.self)!)
            screen.title = title
            return screen
          }
          container.register(Other.self) { r, count in
            let other = Other()
            other.count = count
            return other
          }
        }
      }
      """
    let swift = """
      protocol Networking {}
      final class APIClient: Networking { init() {} }
      final class Screen { var title = ""; init(id: Int, client: Networking) {} }
      final class Other { var count: Int = 0; init() {} }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Services.swift", swift)])
    #expect(
      imported.graphFile.contains(
        "    type: Screen\n    arguments: { title: String, id: Int }\n    init: { id: $id, client: networking }\n"
          + "    properties: { title: $title }\n"), "\(imported.graphFile)")
    #expect(
      imported.graphFile.contains(
        "    type: Other\n    arguments: { count: Int }\n    properties: { count: $count }\n"),
      "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", swift)]).isEmpty)
  }

  /// `r.resolve()` typed by the parameter it is passed to is a reference, not "resolves with arguments".
  @Test func aGenericResolveIsTypedByTheInitializersParameter() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Repository.self) { r in Repository(client: r.resolve()!, tracker: r.resolve()!) }
        }
      }
      """
    let imported = imported([
      ("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Services.swift", services),
    ])
    #expect(
      imported.graphFile.contains("    init: { client: networking, tracker: tracking }\n"), "\(imported.graphFile)")
  }

  /// A type registered with and without run-time arguments: a resolve without arguments takes the one
  /// without.
  @Test func aResolveWithoutArgumentsTakesTheRegistrationWithout() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(ProfileScreen.self) { _, userID in ProfileScreen() }
          container.register(ProfileScreen.self) { _ in ProfileScreen() }
          container.register(Holder.self) { r in Holder(screen: r.resolve(ProfileScreen.self)!) }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let ids = imported.registrations.map(\.id)
    #expect(ids == ["profileScreen", "profileScreen2", "holder"])
    #expect(imported.graphFile.contains("    init: { screen: profileScreen2 }\n"), "\(imported.graphFile)")
  }

  /// Names that are expressions stay apart; two assemblies' closures of one type are two functions.
  @Test func expressionNamesAndTwoClosuresOfOneTypeStayApart() {
    let first = """
      import Swinject

      final class ListAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Screen.self, name: Option.favorites.title) { _ in Screen(title: "favorites") }
          container.register(Screen.self, name: Option.recent.title) { _ in Screen(title: "recent") }
          container.register(Formatter.self) { _ in
            let formatter = Formatter()
            formatter.configure()
            return formatter
          }
        }
      }
      """
    let second = """
      import Swinject

      final class DetailAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Formatter.self, name: "detail") { _ in
            let formatter = Formatter()
            formatter.configure()
            return formatter
          }
          container.register(Formatter.self) { _ in
            let formatter = Formatter()
            formatter.reset()
            return formatter
          }
        }
      }
      """
    let imported = imported([("Sources/App/ListAssembly.swift", first), ("Sources/App/DetailAssembly.swift", second)])
    let ids = imported.registrations.map(\.id)
    #expect(ids.prefix(2) == ["screenOptionFavoritesTitle", "screenOptionRecentTitle"])
    let functions = imported.registrations.compactMap(\.factory)
    #expect(Set(functions).count == functions.count, "\(functions)")
  }

  /// A registration returning another's instance keeps the scope it gives that instance.
  @Test func aForwardingRegistrationKeepsItsScope() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(APIClient.self) { _ in APIClient() }
          container.register(Networking.self) { r in r.resolve(APIClient.self)! }.inObjectScope(.container)
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let client = try #require(imported.registrations.first { $0.id == "apiClient" })
    #expect(client.scope == "singleton")
    #expect(client.bindings == ["Networking"])
    #expect(ImportReport(imported).text.contains("'apiClient' takes its scope 'singleton'"))
  }

  /// Factory's `manager.defaultScope`, `self { self.other() }` and a `{ swift: }` that would read `self`.
  @Test func factoryDefaultScopeForwardsAndSelf() throws {
    let container = """
      import FactoryKit

      extension Container: @retroactive AutoRegistering {
        public func autoRegister() {
          manager.defaultScope = .singleton
        }
        var apiClient: Factory<APIClient> { self { APIClient() } }
        var networking: Factory<Networking> { self { self.apiClient() } }
        var baseURL: String { "https://example.com" }
        var repository: Factory<Repository> {
          self { Repository(client: self.networking(), tracker: self.trackerValue) }
        }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    let client = try #require(imported.registrations.first { $0.id == "apiClient" })
    #expect(client.scope == "singleton")
    #expect(client.bindings == ["Networking"])
    #expect(imported.registrations.first { $0.id == "networking" }?.outcome == .binding(of: "apiClient"))
    #expect(!imported.graphFile.contains("swift: self"))
    let repository = try #require(imported.registrations.first { $0.id == "repository" })
    guard case .notImported(let reason) = repository.outcome else {
      Issue.record("\(repository.outcome)")
      return
    }
    #expect(reason.contains("'self'"))
  }

  /// Shape 3: the resolver passed on to a service that resolves for itself is reported as that, however
  /// the closure names it, an argument label spelt as the resolver included.
  @Test(arguments: ["r in Router(resolver: r)", "resolver in Router(resolver: resolver)", "c in Router(c)"])
  func aResolverPassedOnIsReportedAsPassedOn(_ closure: String) throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Routing.self) { \(closure) }.inObjectScope(.container)
        }
      }
      """
    let registration = try #require(imported([("Sources/App/AppAssembly.swift", assembly)]).registrations.first)
    guard case .notImported(let reason) = registration.outcome else {
      Issue.record("\(registration.outcome)")
      return
    }
    let name = closure.prefix { $0 != " " }
    #expect(
      reason.contains("passes the resolver '\(name)' on") && reason.contains("for the service to resolve for itself"),
      "\(reason)")
  }

  /// Resolver's mock container: `.implements(P.self)` replaces the base's `P` in the mock layer.
  @Test func aMockContainersImplementsReplacesTheBasesService() {
    let registrations = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { APIClient() }.implements(Networking.self).scope(.application)
          #if DEBUG
          Resolver.mock.register { MockClient() }.implements(Networking.self)
          #endif
        }
      }
      """
    let imported = imported([("Sources/App/AppDelegate+Injection.swift", registrations)])
    #expect(imported.registrations.map(\.id) == ["apiClient", "apiClient"])
    let mock = imported.layers.first { $0.environment == "mock" }?.text ?? ""
    #expect(mock.contains("  apiClient:"), "\(mock)")
  }

  /// `#if os(iOS)` is the app's platform, not an environment; `#if DEBUG … #else` are two layers
  /// whose conditions read back as written; `#if !DEBUG … #else` puts each branch in its own.
  @Test func conditionsOfPlatformsAndDebugBuilds() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          #if os(iOS)
          container.register(Networking.self) { _ in APIClient() }
          #else
          container.register(Networking.self) { _ in OtherClient() }
          #endif
          #if !DEBUG
          container.register(Tracking.self) { _ in Tracker() }
          #else
          container.register(Tracking.self) { _ in MockTracker() }
          #endif
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.registrations[0].environment == nil)
    #expect(!imported.registrations[1].isImported)
    #expect(imported.registrations[2].environment == "notDebug")
    #expect(imported.registrations[3].environment == "debug")
    let layers = Dictionary(uniqueKeysWithValues: imported.layers.map { ($0.environment, $0.text) })
    #expect(layers["notDebug"]?.contains("condition: \"!DEBUG\"\n") == true)
    #expect(layers["debug"]?.contains("condition: DEBUG\n") == true)
  }

  /// Types YAML would read as something else are written quoted.
  @Test func typesAreValidScalars() throws {
    let container = """
      import Factory

      extension Container {
        var scheduler: Factory<AnySchedulerOf<RunLoop>> { self { .main } }
        var services: Factory<[AppService]> { self { [] } }
        var pair: Factory<(Networking, Tracking)> { self { (APIClient(), Tracker()) } }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container)])
    #expect(imported.registrations.map(\.key) == ["AnySchedulerOf<RunLoop>", "[AppService]", "(Networking, Tracking)"])
    #expect(imported.graphFile.contains("type: \"[AppService]\""), "\(imported.graphFile)")
    #expect(imported.graphFile.contains("type: \"(Networking, Tracking)\""))
  }

  /// A closure reading a local of `assemble()` is reported with the local's name, not copied into a
  /// function where it does not exist.
  @Test func aClosureReadingALocalOfAssembleSaysWhich() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          let environment = AppEnvironment.current
          container.register(Networking.self) { _ in
            let client = APIClient()
            client.configure(environment)
            return client
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let report = ImportReport(imported).text
    #expect(
      report.contains("reads 'environment', a local or parameter of the function it is registered in"), "\(report)")
  }

  /// What the closure's place holds is what the app passes in: the parameter of `assemble(container:)`
  /// and the assembly's stored properties are externals (openedx's `Router(…, container: container)`,
  /// `{ _ in self.navigation }`), and a forward to such a registration is its binding.
  @Test func theAssemblysParameterAndPropertiesAreExternals() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        private let navigation: UINavigationController

        init(navigation: UINavigationController) {
          self.navigation = navigation
        }

        func assemble(container: Container) {
          container.register(UINavigationController.self) { _ in
            self.navigation
          }.inObjectScope(.container)
          container.register(Router.self) { r in
            Router(navigationController: r.resolve(UINavigationController.self)!, container: container)
          }
          container.register(Routing.self) { r in r.resolve(Router.self)! }
        }
      }
      """
    let declarations = """
      final class UINavigationController {}
      final class Container {}
      protocol Routing {}
      final class Router: Routing { init(navigationController: UINavigationController, container: Container) {} }
      """
    let imported = imported([
      ("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Router.swift", declarations),
    ])
    let report = ImportReport(imported).text
    #expect(imported.registrations.allSatisfy { $0.isImported }, "\(report)")
    #expect(
      imported.graphFile.contains(
        "externals:\n  container: { type: Container }\n  uiNavigationController: { type: UINavigationController }\n"),
      "\(imported.graphFile)")
    #expect(
      imported.graphFile.contains(
        "    init: { navigationController: uiNavigationController, container: container }\n"),
      "\(imported.graphFile)")
    #expect(report.contains("an external: the app passes what 'navigation' holds when it creates the container"))
    #expect(imported.functions == nil)
    #expect(errors(imported, swift: [("Sources/App/Router.swift", declarations)]).isEmpty)
  }

  /// A preview's registration of a static member read without `Self.` (Friendly Competitions'
  /// `Resolver.register { activitySummaryManager as AnyActivitySummaryManager }` in `static var
  /// previews`) is that member; in a protocol's extension, which has no type to name it by, it is
  /// reported by its name.
  @Test func aStaticMemberReadInAStaticContextIsThatMember() throws {
    let previews = """
      import Resolver
      import SwiftUI

      extension PreviewProvider {
        static var tracker: Tracker { Tracker() }

        static func registerMocks() {
          Resolver.register { tracker as Tracking }
        }
      }

      struct Home_Previews: PreviewProvider {
        static var previews: some View {
          Resolver.register { tracker as Tracking }
          return Text("")
        }
      }
      """
    let imported = imported([("Sources/App/Previews.swift", previews), ("Sources/App/Services.swift", services)])
    let report = ImportReport(imported).text
    #expect(imported.registrations.map(\.isImported) == [false, true], "\(report)")
    #expect(report.contains("reads 'tracker', a member of the type it is registered in"), "\(report)")
    // A preview's stand-in, in the environment of its previews.
    let layer = imported.layers.first { $0.environment == "homePreviews" }?.text ?? ""
    #expect(layer.contains("    factory: Home_Previews.tracker\n"), "\(layer)")
    #expect(
      errors(imported, swift: [("Sources/App/Previews.swift", previews), ("Sources/App/Services.swift", services)])
        == [])
  }

  /// ReactorKit's `reactor`, which its `View` protocol declares, is typed by the view's
  /// `bind(reactor:)`; a run-time argument written without a type is typed where it is passed
  /// (WordChecker's `{ resolver, translationDirection in … .init(translationDirection: …) }`).
  @Test func reactorKitsReactorAndUntypedArgumentsAreTypedAsSwiftInfers() throws {
    let assembly = """
      import Swinject
      import Then

      final class SettingsAssembly: Assembly {
        func assemble(container: Container) {
          container.register(SettingsReactor.self) { resolver in
            SettingsReactor(useCase: resolver.resolve())
          }
          container.register(SettingsViewControllerProtocol.self) { resolver in
            return SettingsViewController().then {
              $0.reactor = resolver.resolve()
            }
          }
          container.register(LanguageViewController.self) { resolver, direction in
            let reactor: LanguageReactor = .init(direction: direction, useCase: resolver.resolve())
            return LanguageViewController(reactor: reactor)
          }
        }
      }
      """
    let declarations = """
      import ReactorKit
      protocol UseCase {}
      enum Direction { case up }
      final class SettingsReactor { init(useCase: UseCase) {} }
      protocol SettingsViewControllerProtocol {}
      final class SettingsViewController: SettingsViewControllerProtocol, View {
        init() {}
        func bind(reactor: SettingsReactor) {}
      }
      final class LanguageReactor { init(direction: Direction, useCase: UseCase) {} }
      final class LanguageViewController { init(reactor: LanguageReactor) {} }
      """
    let imported = imported([
      ("Sources/App/SettingsAssembly.swift", assembly), ("Sources/App/Screens.swift", declarations),
    ])
    let report = ImportReport(imported).text
    #expect(imported.registrations.allSatisfy { $0.isImported }, "\(report)")
    #expect(imported.graphFile.contains("    properties: { reactor: settingsReactor? }\n"), "\(imported.graphFile)")
    #expect(
      imported.functions?.contains("direction: Direction") == true, "\(imported.functions ?? "")")
  }

  /// Factory's placeholders and main-actor builds (moers): `self { fatalError("… must be configured") }`
  /// is an external, and `MainActor.assumeIsolated { Bridge(…) }` an entry built on the main actor.
  @Test func placeholdersAreExternalsAndAssumedIsolationIsMainActor() throws {
    let container = """
      import Factory

      public extension Container {
        var httpLoader: Factory<HTTPLoader> {
          self {
            // Set by NetworkingConfiguration
            fatalError("HTTPLoader must be configured before use")
          }
        }
        var feed: Factory<Feed> { self { Feed(loader: self.httpLoader()) } }
        var bridge: Factory<Bridge> {
          self {
            MainActor.assumeIsolated {
              Bridge(feed: self.feed())
            }
          }
          .singleton
        }
      }
      """
    let declarations = """
      protocol HTTPLoader {}
      final class Feed { init(loader: HTTPLoader) {} }
      @MainActor final class Bridge { init(feed: Feed) {} }
      """
    let imported = imported([
      ("Sources/App/Container+App.swift", container), ("Sources/App/Types.swift", declarations),
    ])
    let report = ImportReport(imported).text
    #expect(imported.registrations.allSatisfy { $0.isImported }, "\(report)")
    #expect(imported.graphFile.contains("externals:\n  httpLoader: { type: HTTPLoader }\n"), "\(imported.graphFile)")
    #expect(
      imported.graphFile.contains("    scope: singleton\n    isolation: MainActor\n    init: { feed: feed }\n"),
      "\(imported.graphFile)")
    #expect(report.contains("its factory only stops the app ('fatalError')"), "\(report)")
    #expect(imported.functions == nil)
    #expect(errors(imported, swift: [("Sources/App/Types.swift", declarations)]).isEmpty)
  }

  /// A resolve inside a closure the code passes on runs when that closure does: the function takes a
  /// `Provider`, which breaks the cycle the code breaks the same way (govuk's `isSignedIn: {
  /// self.authenticationService.resolve().isSignedIn }`). A singleton that builds a main-actor service
  /// is built on the main actor (protonpass's repositories of a `@MainActor` data manager).
  @Test func deferredResolvesAreProvidersAndHoldersOfMainActorServicesAreIsolated() throws {
    let container = """
      import FactoryKit

      extension Container {
        var client: Factory<AuthClient> { self { AuthClient(analytics: self.analytics()) } }
        var analytics: Factory<Analytics> {
          self {
            Analytics(isSignedIn: {
              self.auth.resolve().isSignedIn
            })
          }
          .singleton
        }
        var auth: Factory<Auth> { self { Auth(client: self.client()) }.singleton }
        var store: Factory<Store> { self { @MainActor in Store() }.singleton }
        var repository: Factory<Repository> { self { Repository(store: self.store()) }.singleton }
      }
      """
    let declarations = """
      final class AuthClient { init(analytics: Analytics) {} }
      final class Analytics { init(isSignedIn: @escaping () -> Bool) {} }
      final class Auth { var isSignedIn = false; init(client: AuthClient) {} }
      @MainActor final class Store { init() {} }
      final class Repository { init(store: Store) {} }
      """
    let imported = imported([
      ("Sources/App/Container+App.swift", container), ("Sources/App/Types.swift", declarations),
    ])
    let report = ImportReport(imported).text
    #expect(imported.registrations.allSatisfy { $0.isImported }, "\(report)")
    #expect(imported.graphFile.contains("    init: { auth: { provider: auth } }\n"), "\(imported.graphFile)")
    #expect(imported.functions?.contains("auth: Provider<Auth>") == true, "\(imported.functions ?? "")")
    #expect(imported.functions?.contains("(try! auth()).isSignedIn") == true, "\(imported.functions ?? "")")
    #expect(imported.functions?.contains("import DICfg\n") == true)
    #expect(
      imported.graphFile.contains(
        "  repository:  # Sources/App/Container+App.swift:15\n    type: Repository\n"
          + "    scope: singleton\n    isolation: MainActor\n"), "\(imported.graphFile)")
    #expect(report.contains("isolation: MainActor, as it builds main-actor 'store'"), "\(report)")
    #expect(errors(imported, swift: [("Sources/App/Types.swift", declarations)]).isEmpty)
  }

  /// Isolation is the graph file's word for every service: one the code builds on the main actor and
  /// one whose type Swift isolates both say `isolation: MainActor`, so the graph validates alone as it
  /// does beside the Swift (a main-actor singleton holding a main-actor store, say).
  @Test func isolationIsWrittenForEveryMainActorServiceSoTheGraphValidatesAlone() {
    let container = """
      import FactoryKit

      extension Container {
        var store: Factory<Store> { self { @MainActor in Store() }.singleton }
        var coordinator: Factory<Coordinator> { self { Coordinator(store: self.store()) }.singleton }
      }
      """
    let declarations = """
      @MainActor final class Store { init() {} }
      @MainActor final class Coordinator { init(store: Store) {} }
      """
    let imported = imported([
      ("Sources/App/Container+App.swift", container), ("Sources/App/Types.swift", declarations),
    ])
    #expect(
      imported.graphFile.contains("    type: Coordinator\n    scope: singleton\n    isolation: MainActor\n"),
      "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Types.swift", declarations)]).isEmpty)
    let alone = writtenGraphRun(imported, swift: nil).findings.filter { $0.severity == .error }
    #expect(alone.isEmpty, "\(alone.map(\.message))")
  }

  // What a closure constructs in place (`.init(item: .init(…))`) is isolated as registrations are: a
  // main-actor type built inside `{ @MainActor in … }` says so in the graph, which validates alone.
  @Test func aMainActorObjectConstructedInPlaceIsIsolatedInTheGraph() {
    let container = """
      import FactoryKit

      extension Container {
        var player: Factory<Player> { self { @MainActor in .init(item: .init(title: "")) }.cached }
      }
      """
    let declarations = """
      @MainActor final class Player { init(item: PlayerItem) {} }
      @MainActor final class PlayerItem { init(title: String) {} }
      """
    let imported = imported([
      ("Sources/App/Container+App.swift", container), ("Sources/App/Types.swift", declarations),
    ])
    let graph = imported.graphFile
    #expect(graph.contains("    type: PlayerItem\n    scope: unique\n    isolation: MainActor\n"), "\(graph)")
    let alone = writtenGraphRun(imported, swift: nil).findings.filter { $0.severity == .error }
    #expect(alone.isEmpty, "\(alone.map(\.message))")
    #expect(errors(imported, swift: [("Sources/App/Types.swift", declarations)]).isEmpty)
  }

  /// Stand-ins that only previews register (a preview provider's `previews`, a helper in Xcode's
  /// `Preview Content`, under `#if DEBUG` or not) replace the app's services in an environment of
  /// previews, each provider's its own, never in the base or in every debug build.
  @Test func previewOnlyRegistrationsAreEnvironmentsOfPreviews() throws {
    let app = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register(Networking.self) { APIClient() }.scope(.application)
          register(Tracking.self) { Tracker() }
        }
      }
      """
    let helper = """
      import Resolver

      struct PreviewServices {
        static func registerDependencies() {
          Resolver.register(Networking.self) { StubClient() }
        }
      }
      """
    let preview = """
      import Resolver
      import SwiftUI

      #if DEBUG
      struct Home_Previews: PreviewProvider {
        static var previews: some View {
          Resolver.register(Tracking.self) { StubTracker() }
          return Text("Home")
        }
      }
      #endif
      """
    let imported = imported([
      ("Sources/App/Injection.swift", app), ("Sources/App/Preview Content/PreviewServices.swift", helper),
      ("Sources/App/Home.swift", preview),
    ])
    #expect(imported.graphFile.contains("    type: APIClient\n"), "\(imported.graphFile)")
    #expect(imported.graphFile.contains("    type: Tracker\n"), "\(imported.graphFile)")
    #expect(!imported.graphFile.contains("Stub"), "\(imported.graphFile)")
    #expect(imported.layers.map(\.environment).sorted() == ["homePreviews", "preview"])
    let home = try #require(imported.layers.first { $0.environment == "homePreviews" }?.text)
    #expect(home.contains("condition: DEBUG\n") && home.contains("    type: StubTracker\n"), "\(home)")
    let helpers = try #require(imported.layers.first { $0.environment == "preview" }?.text)
    #expect(helpers.contains("    type: StubClient\n") && !helpers.contains("condition:"), "\(helpers)")
  }

  /// An app read with its widget, which registers the same services in a container of its own: the
  /// widget's registrations are reported, to be imported from its folder, not written into the app's
  /// graph with suffixed ids. A widget folder registering only its own keys is read with the app.
  @Test func anAppExtensionRegisteringTheAppsServicesIsReadApart() {
    let app = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }.inObjectScope(.container)
          container.register(Tracking.self) { _ in Tracker() }
        }
      }
      """
    let widget = """
      import Swinject

      final class WidgetAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
        }
      }
      """
    let shared = """
      import Swinject

      final class BridgeAssembly: Assembly {
        func assemble(container: Container) {
          container.register(ScreenFactory.self) { _ in ScreenFactory() }
        }
      }
      """
    let imported = imported([
      ("App/Sources/AppAssembly.swift", app), ("App/Widgets/Sources/WidgetAssembly.swift", widget),
      ("App/Shared/Widget/BridgeAssembly.swift", shared),
    ])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "App/Widgets/Sources/WidgetAssembly.swift:5:15: not imported: Swinject registration of 'Networking': it is "
          + "registered in 'App/Widgets', an app extension's target read beside the app's"), "\(report)")
    #expect(imported.registrations.filter(\.isImported).map(\.id) == ["networking", "tracking", "screenFactory"])
    #expect(!imported.graphFile.contains("networking2"), "\(imported.graphFile)")
  }

  /// A test target's registrations read with the app's (stephtelolahy/WildWest: its engine's tests
  /// register `JsonReader` again in their own `registerAllServices()`): each is reported, even of a
  /// key the app does not register, and the app's graph holds the app's alone.
  @Test func aTestTargetsRegistrationsAreReportedNotWrittenIntoTheAppsGraph() {
    let app = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { JsonReader() }.scope(application)
          register { Rules() as RulesProtocol }
        }
      }
      """
    let tests = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { JsonReader() }.scope(application)
          register { FakeClock() as Clock }
        }
      }
      """
    let imported = imported([("Game/app/DIContainer.swift", app), ("GameEngineTests/TestModules.swift", tests)])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "GameEngineTests/TestModules.swift:6:5: not imported: Resolver registration 'service2': it is registered in "
          + "'GameEngineTests', a test target's folder read beside the app's, whose registrations are the tests' and "
          + "not the app's graph: import that folder apart ('dicfg import GameEngineTests --output GameEngineTests')"),
      "\(report)")
    #expect(imported.registrations.filter(\.isImported).map(\.id) == ["jsonReader", "rulesProtocol"])
    #expect(!imported.graphFile.contains("TestModules"), "\(imported.graphFile)")
  }

  /// `register { main as RouterDependencies }` in `extension Resolver` registers the resolver itself,
  /// which a graph file's service cannot be and a factory function cannot name: reported, never a
  /// function reading `main`.
  @Test func aResolverRegisteringItselfIsReported() {
    let registrations = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { main as RouterDependencies }.scope(application)
          register { Router(dependencies: main) as Routing }
          register { Sound() as SoundPlaying }
          register { () -> Clock in
            let parent = Resolver.root
            return SystemClock(parent: parent)
          }
        }
      }
      """
    let imported = imported([("App/DIContainer.swift", registrations)])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "App/DIContainer.swift:5:5: not imported: Resolver registration of 'RouterDependencies': its closure reads "
          + "'main', Resolver's own container, which a factory function cannot see and a graph file's service "
          + "cannot be; make what the app resolves from it services of the graph"), "\(report)")
    #expect(report.contains("6:5: not imported: Resolver registration of 'Routing': "), "\(report)")
    #expect(
      report.contains("8:5: not imported: Resolver registration of 'Clock': its closure reads 'Resolver.root'"),
      "\(report)")
    #expect(imported.registrations.filter(\.isImported).map(\.id) == ["soundPlaying"])
    #expect(imported.functions?.contains("main") != true, "\(imported.functions ?? "")")
  }

  /// A `ParameterFactory` of a tuple (anyproto/anytype-swift: `ParameterFactory<(String, String), any
  /// ChatMessagesStorageProtocol> { self { ChatMessagesStorage(spaceId: $0, chatObjectId: $1) } }`): one
  /// run-time argument per element, named by the label it is passed to or by the closure's
  /// parameter, typed by its element; in code, where a factory function has no name for `$1`, reported.
  @Test func aParameterFactoryOfATupleTakesOneArgumentPerElement() {
    let registrations = """
      import Factory

      extension Container {
        var chatMessageStorage: ParameterFactory<(String, String), any ChatMessagesStorageProtocol> {
          self { ChatMessagesStorage(spaceId: $0, chatObjectId: $1) }
        }
        var page: ParameterFactory<(title: String, number: Int), Page> {
          self { title, number in Page(title: title, number: number) }
        }
        var logged: ParameterFactory<(String, Int), Page> {
          self {
            print($0)
            return Page(title: $0, number: $1)
          }
        }
      }
      """
    let imported = imported([("App/Container+Chat.swift", registrations)])
    #expect(
      imported.graphFile.contains(
        """
            arguments: { spaceId: String, chatObjectId: String }
            init: { spaceId: $spaceId, chatObjectId: $chatObjectId }
        """), "\(imported.graphFile)")
    #expect(
      imported.graphFile.contains(
        """
            arguments: { title: String, number: Int }
            init: { title: $title, number: $number }
        """), "\(imported.graphFile)")
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "App/Container+Chat.swift:10:7: not imported: Factory registration of 'Page': its closure reads its parameter "
          + "as '$0'; name it ('{ id in … }')"), "\(report)")
  }

  /// Factory's overrides at run time (anyproto/anytype-swift: `Container.shared.searchService.register {
  /// SearchServiceMock.shared }` in its previews' `MockView`, and in tests that see Factory through the
  /// app's `@_exported import`): each reported apart as an override, never a registration or a file
  /// that "calls a registration API" unread; a `register()` of nothing is no library's.
  @Test func factoryOverridesAtRunTimeAreReportedApartFromRegistrations() {
    let container = """
      import Factory

      extension Container {
        var searchService: Factory<any SearchServiceProtocol> { self { SearchService() } }
      }
      """
    let preview = """
      import Factory
      import SwiftUI

      struct MockView: View {
        init() {
          Container.shared.searchService.register { SearchServiceMock.shared }
        }
        var body: some View { EmptyView() }
      }
      """
    let test = """
      @testable import Anytype
      import XCTest

      final class SearchTests: XCTestCase {
        override func setUp() {
          Container.shared.searchService.register(factory: { SearchServiceMock() })
          font.register()
        }
      }
      """
    let imported = imported([
      ("App/Container+Search.swift", container), ("App/PreviewMocks/MockView.swift", preview),
      ("AppTests/SearchTests.swift", test),
    ])
    #expect(imported.registrations.map(\.id) == ["searchService"])
    #expect(imported.overrides.map(\.factory) == ["searchService", "searchService"])
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "App/PreviewMocks/MockView.swift:6:22: override: Factory's 'searchService' replaced at run time "
          + "('.register { … }'), which is no registration: the graph keeps the factory's registration, and a "
          + "preview or test gives its stand-in to the typed container it creates ('replacing:')"), "\(report)")
    #expect(report.contains("AppTests/SearchTests.swift:6:22: override: Factory's 'searchService'"), "\(report)")
    #expect(!report.contains("warning:"), "\(report)")
    #expect(report.contains("(100% imported); 2 run-time overrides reported apart; "), "\(report)")
    #expect(ImportReport(imported).json.contains("\"factory\" : \"searchService\""))
  }

  /// A value read from a resolve in place (p2p-org/p2p-wallet-ios: `account:
  /// Resolver.resolve(SolanaAccountStorage.self).account`) is a factory function's parameter, never a
  /// Swift value that calls Resolver when the graph builds the service.
  @Test func aMemberOfAResolvedServiceIsAFactoryFunctionsParameterNotACallOfResolver() {
    let registrations = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { KeychainStorage() }.implements(AccountStorage.self).scope(.application)
          register { SendService(account: Resolver.resolve(AccountStorage.self).account) }
        }
      }
      """
    let imported = imported([("App/Injection.swift", registrations)])
    #expect(!imported.graphFile.contains("Resolver.resolve"), "\(imported.graphFile)")
    #expect(imported.graphFile.contains("factory: makeSendService"), "\(imported.graphFile)")
    #expect(
      imported.functions?.contains(
        "func makeSendService(accountStorage: AccountStorage) -> SendService {\n  SendService(account: "
          + "accountStorage.account)\n}") == true, "\(imported.functions ?? "")")
  }

  /// `#if` inside a closure: code that differs by build is carried whole into the factory function,
  /// but a resolve made in some builds only is reported, as a graph file's dependency is one in every
  /// build.
  @Test func aResolveUnderTheClosuresOwnIfIsReported() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in
            #if DEBUG
            return StubClient()
            #else
            return APIClient()
            #endif
          }
          container.register(Tracking.self) { r in
            let tracker = Tracker()
            #if DEBUG
            tracker.client = r.resolve(Networking.self)
            #endif
            return tracker
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let report = ImportReport(imported).text
    #expect(imported.registrations.map(\.isImported) == [true, false], "\(report)")
    #expect(imported.functions?.contains("  #if DEBUG\n  return StubClient()\n  #else\n") == true)
    #expect(
      report.contains(
        "AppAssembly.swift:12:15: not imported: Swinject registration of 'Tracking': it resolves "
          + "'r.resolve(Networking.self)' only where '#if DEBUG' holds"), "\(report)")
  }

  /// `.init(…)` of the registered type, `Type.init(…)`, and the Then library's `.then { $0.x = … }`.
  @Test func initializerSpellingsAndThenAreRead() {
    let assembly = """
      import Swinject

      final class ScreenAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Repository.self) { resolver in
            return .init(client: resolver.resolve(), tracker: resolver.resolve())
          }
          container.register(Holder.self) { resolver in
            Holder.init(screen: resolver.resolve(ProfileScreen.self)!).then {
              $0.tracker = resolver.resolve()
            }
          }
        }
      }
      """
    let swift = services + "\nfinal class Holder { var tracker: Tracking?; init(screen: ProfileScreen) {} }\n"
    let imported = imported([("Sources/App/ScreenAssembly.swift", assembly), ("Sources/App/Services.swift", swift)])
    #expect(imported.graphFile.contains("    type: Repository\n    init: { client: networking, tracker: tracking }\n"))
    #expect(
      imported.graphFile.contains(
        "    type: Holder\n    init: { screen: profileScreen }\n    properties: { tracker: tracking? }\n"),
      "\(imported.graphFile)")
  }

  /// Factory's `self.x.resolve()` is a reference; a factory the import read but could not import is
  /// an external the app supplies while it is ported, not a reference to nothing.
  @Test func factoryResolveCallsAndFactoriesLeftToPortByHand() {
    let container = """
      import FactoryKit

      extension Container {
        var client: Factory<Networking> {
          let url = URL(string: "https://example.com")!
          return Factory(self) { APIClient(url: url) }
        }
        var tracker: Factory<Tracking> { self { Tracker() } }
        var repository: Factory<Repository> {
          self { Repository(client: self.client.resolve(), tracker: self.tracker()) }
        }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container), ("Sources/App/Services.swift", services)])
    #expect(imported.registrations.first { $0.id == "client" }?.isImported == false)
    #expect(imported.graphFile.contains("externals:\n  client: { type: Networking }\n"), "\(imported.graphFile)")
    #expect(imported.graphFile.contains("    init: { client: client, tracker: tracker }\n"))
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]).isEmpty)
  }

  /// A type whose every stored property an injection wrapper fills (`@Injected(\.client)`,
  /// Resolver's `@Injected`) has Swift's `init()`: the written graph validates.
  @Test func aTypeOfInjectedPropertiesIsBuiltByItsSynthesizedInit() {
    let container = """
      import FactoryKit

      extension Container {
        var repository: Factory<Repository> { self { Repository() } }
        var store: Factory<Store> { self { Store() } }
      }
      """
    let swift = """
      protocol Networking {}
      struct Repository {
        @Injected(\\.client) private var client: Networking
      }
      final class Store {
        @LazyInjected var client: Networking
        @Published var count = 0
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container), ("Sources/App/Services.swift", swift)])
    #expect(errors(imported, swift: [("Sources/App/Services.swift", swift)]).isEmpty)
  }

  /// `register { Container.appState }`: the type the static member is declared with.
  @Test func aStaticMemberWithoutAKeyTakesItsDeclaredType() throws {
    let registrations = """
      import Resolver

      fileprivate struct Container {
        static let appState = AppState()
        static let tracker: Tracking = Tracker()

        static func registerDependencies() {
          Resolver.register { Container.appState }.scope(.application)
          Resolver.register { Container.tracker }
        }
      }
      """
    let imported = imported([("Sources/App/Previews.swift", registrations)])
    #expect(imported.registrations.map(\.key) == ["AppState", "Tracking"])
    #expect(imported.graphFile.contains("    type: AppState\n    scope: singleton\n    factory: Container.appState\n"))
  }

  /// An object constructed in place is a `unique` service of its own that only its argument takes;
  /// one argument without a label is `_:`.
  @Test func objectsConstructedInPlaceAreServicesOfTheirOwn() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Store.self) { r in
            Store(Cache(client: r.resolve(Networking.self)!), tracker: Tracker())
          }
        }
      }
      """
    let swift =
      services + """

        final class Cache { init(client: Networking) {} }
        final class Store { init(_ cache: Cache, tracker: Tracking) {} }
        """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Services.swift", swift)])
    #expect(imported.registrations.count == 2)
    #expect(imported.functions == nil)
    #expect(
      imported.graphFile.contains(
        "  store:  # Sources/App/AppAssembly.swift:6\n    type: Store\n    init: { _: storeCache, tracker: storeTracker }\n"
          + "  storeCache:  # Sources/App/AppAssembly.swift:6\n    type: Cache\n    scope: unique\n"
          + "    init: { client: networking }\n"
          + "  storeTracker:  # Sources/App/AppAssembly.swift:6\n    type: Tracker\n    scope: unique\n"),
      "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", swift)]).isEmpty)
  }

  /// podhaven's sessions: an SDK object a static member makes, configured through a local, then
  /// passed: an object of its own with `factory:` and `properties:`.
  @Test func aLocalConfiguredThenPassedIsAnObjectWithProperties() throws {
    let container = """
      import FactoryKit
      import Foundation

      extension Container {
        var feedSession: Factory<any DataFetchable> {
          Factory(self) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.allowsCellularAccess = true
            configuration.timeoutIntervalForRequest = Double(10)
            return URLSession(configuration: configuration)
          }
          .scope(.cached)
        }
        var cacheSession: Factory<any DataFetchable> {
          Factory(self) {
            let config = URLSessionConfiguration.background(withIdentifier: AppInfo.bundleIdentifier + ".bg")
            config.waitsForConnectivity = true
            return URLSession(configuration: config, delegate: self.cacheDelegate(), delegateQueue: nil)
          }
        }
        var cacheDelegate: Factory<CacheDelegate> { Factory(self) { CacheDelegate() } }
      }
      """
    let swift = """
      import Foundation
      protocol DataFetchable {}
      extension URLSession: DataFetchable {}
      enum AppInfo { static let bundleIdentifier = "app" }
      final class CacheDelegate: NSObject, URLSessionDelegate { override init() {} }
      """
    let imported = imported([("Sources/App/Container+Sessions.swift", container), ("Sources/App/Types.swift", swift)])
    #expect(imported.functions == nil, "\(imported.functions ?? "")")
    let graph = imported.graphFile
    #expect(
      graph.contains("  feedSession:  # Sources/App/Container+Sessions.swift:5\n    type: URLSession\n"), "\(graph)")
    #expect(graph.contains("    init: { configuration: feedSessionConfiguration }\n"), "\(graph)")
    #expect(
      graph.contains(
        [
          "  feedSessionConfiguration:  # Sources/App/Container+Sessions.swift:5\n    type: URLSessionConfiguration\n",
          "    scope: unique\n    factory: URLSessionConfiguration.ephemeral\n",
          "    properties: { allowsCellularAccess: { value: true }, timeoutIntervalForRequest: { swift: \"Double(10)\" } }\n",
        ].joined()),
      "\(graph)")
    #expect(
      graph.contains(
        [
          "    factory: URLSessionConfiguration.background\n",
          "    init: { withIdentifier: { swift: \"AppInfo.bundleIdentifier + \\\".bg\\\"\" } }\n",
          "    properties: { waitsForConnectivity: { value: true } }\n",
        ].joined()),
      "\(graph)")
    #expect(
      graph.contains(
        "    init: { configuration: cacheSessionConfig, delegate: cacheDelegate, delegateQueue: { swift: nil } }"),
      "\(graph)")
  }

  /// moers' repositories: `guard let queue = try? DatabaseQueue(…) else { fatalError() }` given to two
  /// arguments of objects built in place, one by `.init(…)`: one queue per resolve, `graph`.
  @Test func aLocalTwoArgumentsTakeIsOneObjectPerResolve() throws {
    let container = """
      import FactoryKit

      extension Container {
        var placeRepository: Factory<PlaceRepository> {
          self {
            guard let dbQueue = try? DatabaseQueue(path: ":memory:") else { fatalError() }
            return PlaceRepository(
              store: .init(writer: dbQueue, reader: dbQueue),
              service: StaticPlaceService(places: .success([]))
            )
          }.singleton
        }
      }
      """
    let swift = """
      final class DatabaseQueue { init(path: String) throws {} }
      final class PlaceStore { init(writer: DatabaseQueue, reader: DatabaseQueue) {} }
      final class StaticPlaceService { init(places: Result<[String], Error>) {} }
      final class PlaceRepository { init(store: PlaceStore, service: StaticPlaceService) {} }
      """
    let imported = imported([("Sources/App/Container+Places.swift", container), ("Sources/App/Places.swift", swift)])
    #expect(imported.functions == nil, "\(imported.functions ?? "")")
    #expect(
      imported.graphFile.contains(
        [
          "  placeRepository:  # Sources/App/Container+Places.swift:4\n    type: PlaceRepository\n    scope: singleton\n",
          "    init: { store: placeRepositoryStore, service: placeRepositoryService }\n",
          "  placeRepositoryDbQueue:  # Sources/App/Container+Places.swift:4\n    type: DatabaseQueue\n",
          "    init: { path: { value: \":memory:\" } }\n",
          "  placeRepositoryStore:  # Sources/App/Container+Places.swift:4\n    type: PlaceStore\n    scope: unique\n",
          "    init: { writer: placeRepositoryDbQueue, reader: placeRepositoryDbQueue }\n",
        ].joined()),
      "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Places.swift", swift)]).isEmpty)
  }

  /// moers' transit service: a local given a closure of constants, returned as its protocol.
  @Test func aLocalReturnedAsItsProtocolKeepsItsProperties() throws {
    let container = """
      import FactoryKit

      public extension Container {
        var transitService: Factory<TransitService> {
          self {
            let service = StaticTransitService()
            service.loadStations = {
              return [
                .init(name: "Musterstraße"),
              ]
            }
            return service as TransitService
          }.singleton
        }
      }
      """
    let swift = """
      public protocol TransitService {}
      public struct Station { public init(name: String) {} }
      public final class StaticTransitService: TransitService {
        public var loadStations: () -> [Station] = { [] }
        public init() {}
      }
      """
    let imported = imported([("Sources/App/Container+Transit.swift", container), ("Sources/App/Transit.swift", swift)])
    #expect(
      imported.graphFile.contains(
        [
          "    type: StaticTransitService\n    as: [TransitService]\n    scope: singleton\n",
          "    properties: { loadStations: { swift: \"{ return [ .init(name: \\\"Musterstraße\\\"), ] }\" } }\n",
        ].joined()),
      "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Transit.swift", swift)]).isEmpty)
  }

  /// govuk's API clients and Core Data store: a service's property passed as an argument
  /// (`self.appEnvironmentService().baseURL`) is read by an object of its own with `property:`; an
  /// object built in place whose method builds the service (`CoreDataRepository(…).load()`) is the
  /// factory object.
  @Test func aServicesPropertyAndAMethodOfAnObjectBuiltInPlaceAreGraphEntries() throws {
    let container = """
      import FactoryKit

      extension Container {
        var appEnvironmentService: Factory<AppEnvironmentServiceInterface> {
          Factory(self) { AppEnvironmentService() }.scope(.singleton)
        }
        var appAPIClient: Factory<APIServiceClientInterface> {
          Factory(self) {
            APIServiceClient(
              baseUrl: self.appEnvironmentService().baseURL,
              requestBuilder: RequestBuilder()
            )
          }
        }
        var coreDataRepository: Factory<CoreDataRepositoryInterface> {
          Factory(self) {
            let container = PersistentContainer(name: "GOV")
            return CoreDataRepository(persistentContainer: container).load()
          }.scope(.singleton)
        }
      }
      """
    let swift = """
      import Foundation
      protocol AppEnvironmentServiceInterface { var baseURL: URL { get } }
      final class AppEnvironmentService: AppEnvironmentServiceInterface {
        var baseURL: URL { URL(fileURLWithPath: "/") }
        init() {}
      }
      protocol APIServiceClientInterface {}
      final class RequestBuilder { init() {} }
      final class APIServiceClient: APIServiceClientInterface { init(baseUrl: URL, requestBuilder: RequestBuilder) {} }
      final class PersistentContainer { init(name: String) {} }
      protocol CoreDataRepositoryInterface {}
      final class CoreDataRepository: CoreDataRepositoryInterface {
        init(persistentContainer: PersistentContainer) {}
        func load() -> Self { self }
      }
      """
    let imported = imported([("Sources/App/Container+App.swift", container), ("Sources/App/Types.swift", swift)])
    #expect(imported.functions == nil, "\(imported.functions ?? "")")
    let graph = imported.graphFile
    #expect(
      graph.contains("    init: { baseUrl: appAPIClientBaseUrl, requestBuilder: appAPIClientRequestBuilder }\n"),
      "\(graph)")
    #expect(
      graph.contains(
        [
          "  appAPIClientBaseUrl:  # Sources/App/Container+App.swift:7\n    type: URL\n    scope: unique\n",
          "    factory: { receiver: appEnvironmentService, property: baseURL }\n",
        ].joined()),
      "\(graph)")
    #expect(graph.contains("    factory: { receiver: coreDataRepositoryReceiver, method: load }\n"), "\(graph)")
    #expect(
      graph.contains(
        [
          "  coreDataRepositoryReceiver:  # Sources/App/Container+App.swift:15\n    type: CoreDataRepository\n",
          "    scope: unique\n    init: { persistentContainer: coreDataRepositoryContainer }\n",
        ].joined()),
      "\(graph)")
    #expect(errors(imported, swift: [("Sources/App/Types.swift", swift)]).isEmpty)
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
