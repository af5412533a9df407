import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader
import Foundation
import Testing

// The shapes of apps that register with Swinject: `container.register` in an `Assembly`'s `assemble(container:)`.
extension RealAppShapeTests {
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

  // Of a key two assemblies register, Swinject resolves the one the `Assembler` applies later
  // (figrclub's `UserDefaultsManagerProtocol`, in its NetworkAssembly and then its StorageAssembly),
  // whatever order the files are read in.
  @Test func ofTwoAssembliesTheOneTheAssemblerAppliesLaterIsTheLast() {
    let storage = """
      import Swinject

      final class StorageAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }.inObjectScope(.container)
        }
      }
      """
    let network = """
      import Swinject

      final class NetworkAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in Tracker() as! Networking }.inObjectScope(.container)
          container.register(Repository.self) { r in
            Repository(client: r.resolve(Networking.self)!, tracker: Tracker())
          }
        }
      }
      """
    let injector = """
      import Swinject

      final class DependencyInjector {
        let assembler = Assembler([
          NetworkAssembly(),
          StorageAssembly(),
        ])
      }
      """
    let imported = imported([
      ("Sources/App/DI/StorageAssembly.swift", storage), ("Sources/App/DI/NetworkAssembly.swift", network),
      ("Sources/App/DI/DependencyInjector.swift", injector),
    ])
    let report = ImportReport(imported)
    #expect(
      report.text.contains(
        "Sources/App/DI/NetworkAssembly.swift:5:15: not imported: Swinject registration of 'Networking': Swinject "
          + "resolves the last registration of 'Networking', the one at Sources/App/DI/StorageAssembly.swift:5 (the "
          + "Assembler applies 'StorageAssembly' after 'NetworkAssembly'), which the app resolves instead; nothing to "
          + "port\n"), "\(report.text)")
    let client = imported.registrations.filter { $0.key == "Networking" && $0.isImported }
    #expect(client.map(\.type) == ["APIClient"])
    #expect(imported.graphFile.contains("client: \(client.first?.id ?? "?")"), "\(imported.graphFile)")
  }

  // `r.resolve(P.self) as! Impl` (figrclub's `LocalizationManager`) traps where the resolve gives
  // nil, so the factory function takes the service required, never an optional reference that a
  // misspelt id would pass.
  @Test func aResolveForceCastIsARequiredReference() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }.inObjectScope(.container)
          container.register(APIClient.self) { r in
            return r.resolve(Networking.self) as! APIClient
          }.inObjectScope(.container)
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    let client = try #require(imported.registrations.last)
    #expect(client.function?.contains("(networking: Networking) -> APIClient") == true, "\(client.function ?? "")")
    #expect(imported.graphFile.contains("init: { networking: networking }"), "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // A closure the assembly stores that resolves one service, called with the resolver
  // (DSM-PICK's `private let keychain = { (resolver: Resolver) in resolver.resolve(Keychain.self)! }`,
  // then `Impl(keychain: self.keychain(resolver))`), is that resolve: the resolver is not passed on.
  @Test func aStoredClosureThatResolvesIsThatResolve() {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        private let client = { (resolver: Resolver) in
          resolver.resolve(Networking.self)!
        }

        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Tracking.self) { _ in Tracker() }
          container.register(Repository.self) { resolver in
            Repository(client: self.client(resolver), tracker: resolver.resolve(Tracking.self)!)
          }
        }
      }
      """
    let imported = imported([("Sources/App/AppAssembly.swift", assembly)])
    #expect(imported.registrations.map(\.isImported) == [true, true, true], "\(ImportReport(imported).text)")
    #expect(imported.graphFile.contains("init: { client: networking, tracker: tracking }"), "\(imported.graphFile)")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  // Two assemblies of one file, each storing a closure of the same name: each registration calls its own
  // assembly's.
  @Test func aStoredClosureIsTheAssemblysOwn() {
    let assemblies = """
      import Swinject

      final class TrackingAssembly: Assembly {
        private let client = { (resolver: Resolver) in
          resolver.resolve(Tracking.self)!
        }
        func assemble(container: Container) {
          container.register(Tracking.self) { _ in Tracker() }
        }
      }

      final class AppAssembly: Assembly {
        private let client = { (resolver: Resolver) in
          resolver.resolve(Networking.self)!
        }
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
          container.register(Repository.self) { resolver in
            Repository(client: self.client(resolver), tracker: resolver.resolve(Tracking.self)!)
          }
        }
      }
      """
    let imported = imported([("Sources/App/Assemblies.swift", assemblies)])
    #expect(imported.registrations.map(\.isImported) == [true, true, true], "\(ImportReport(imported).text)")
    #expect(imported.graphFile.contains("init: { client: networking, tracker: tracking }"), "\(imported.graphFile)")
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

  /// Shape 3: the resolver passed on to a service that resolves from it later (iAPS's
  /// `BaseRouter(resolver: r)`) is the container, `$container`, however the closure names it, an argument
  /// label spelt as the resolver included; the report says what the service's parameter becomes.
  @Test(arguments: [
    ("r in BaseRouter(resolver: r)", "resolver: $container"),
    ("resolver in BaseRouter(resolver: resolver)", "resolver: $container"),
    ("BaseRouter(resolver: $0)", "resolver: $container"),
  ])
  func aResolverPassedOnIsTheContainer(_ closure: String, _ written: String) throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Router.self) { \(closure) }.inObjectScope(.container)
        }
      }
      """
    let router = """
      import Swinject

      protocol Router {}
      final class BaseRouter: Router {
        private let resolver: Resolver
        init(resolver: Resolver) { self.resolver = resolver }
      }
      """
    let files = [("Sources/App/AppAssembly.swift", assembly), ("Sources/App/Router.swift", router)]
    let imported = imported(files)
    let registration = try #require(imported.registrations.first)
    #expect(registration.outcome == .asWritten)
    #expect(imported.graphFile.contains("init: { \(written) }"), "\(imported.graphFile)")
    #expect(
      ImportReport(imported).text.contains(
        "Sources/App/AppAssembly.swift:5:15: imported: Swinject registration of 'Router' as 'router'; 'resolver' is the "
          + "container ('$container'), which its closure passes on for the service to resolve from later: declare "
          + "'resolver' of dicfg's container type"),
      "\(ImportReport(imported).text)")
    #expect(errors(imported, swift: files) == [])
  }

  /// A resolver passed on to a function, not a service's initializer, is reported: a graph file's
  /// `$container` is a value a service takes, and the function is the app's code.
  @Test func aResolverPassedToAFunctionIsReportedAsPassedOn() throws {
    let assembly = """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Router.self) { r in makeRouter(r) }
        }
      }
      """
    let registration = try #require(imported([("Sources/App/AppAssembly.swift", assembly)]).registrations.first)
    guard case .notImported(let reason) = registration.outcome else {
      Issue.record("\(registration.outcome)")
      return
    }
    #expect(reason.contains("passes the resolver 'r' on") && reason.contains("to resolve for itself"), "\(reason)")
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
}
