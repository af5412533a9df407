import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader
import Foundation
import Testing

// The shapes of apps that register with Factory: a `Container` extension's `Factory`s and `ParameterFactory`s.
extension RealAppShapeTests {
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
    #expect(
      report.contains(
        "AppTests/SearchTests.swift:6:22: override: Factory's 'searchService' replaced at run time "
          + "('.register(factory: …)')"), "\(report)")
    #expect(!report.contains("warning:"), "\(report)")
    #expect(report.contains("(100% imported); 2 run-time overrides reported apart; "), "\(report)")
    #expect(ImportReport(imported).json.contains("\"factory\" : \"searchService\""))
    #expect(ImportReport(imported).json.contains("\"call\" : \".register(factory: …)\""))
  }

  /// Factory's contexts set apart from the factories' definitions, as an app's `autoRegister()` sets
  /// them for previews (podhaven's `appDB.context(.preview) { AppDB.inMemory() }.scope(.cached)`):
  /// each is the factory's registration in that environment's layer, typed by the definition; a
  /// context no environment stands for, or of a factory no file defines, is reported.
  @Test func contextsSetApartFromTheirFactoriesAreTheirEnvironmentsRegistrations() throws {
    let container = """
      import FactoryKit

      extension Container {
        var appDB: Factory<AppDB> { self { AppDB.onDisk() }.scope(.cached) }
        var session: Factory<DataFetching> { self { URLSession.shared } }
        var clock: Factory<Clock> { self { SystemClock() } }
        var logger: Factory<Logger> { self { OSLogger() }.onPreview { PrintLogger() } }
      }
      """
    let preview = """
      #if DEBUG && targetEnvironment(simulator)
      import FactoryKit

      extension Container: @retroactive AutoRegistering {
        public func autoRegister() {
          appDB.context(.preview) { AppDB.inMemory() }.scope(.cached)
          self.session.onPreview { FakeFetcher() }
          clock.context(.arg("frozen")) { FrozenClock() }
          missing.context(.preview) { Nothing() }
        }
      }
      #endif
      """
    let imported = imported([("App/Container.swift", container), ("App/Preview Content/Container.swift", preview)])
    let byID = Dictionary(grouping: imported.registrations, by: \.id)
    let previews = imported.registrations.filter {
      if case .notImported = $0.outcome { return false }
      return $0.environment == "preview"
    }
    #expect(previews.map(\.id) == ["logger", "appDB", "session"], "\(imported.registrations)")
    #expect(previews.dropFirst().first?.key == "AppDB" && previews.dropFirst().first?.scope == "cached")
    #expect(previews.last?.key == "DataFetching" && previews.last?.type == "FakeFetcher")
    #expect(previews.first?.key == "Logger" && previews.first?.type == "PrintLogger")
    #expect(byID["appDB"]?.count == 2 && byID["session"]?.count == 2 && byID["clock"]?.count == 2)
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "App/Preview Content/Container.swift:8:5: not imported: Factory registration of 'Clock' in environment "
          + "'preview': it sets the context '.arg(\"frozen\")' of factory 'clock', which no graph environment stands "
          + "for"), "\(report)")
    #expect(
      report.contains(
        "App/Preview Content/Container.swift:9:5: not imported: Factory registration 'missing' in environment "
          + "'preview': it sets a context of factory 'missing', which no file read defines"), "\(report)")
    let layer = try #require(imported.layers.first { $0.environment == "preview" })
    #expect(layer.text.contains("appDB:") && layer.text.contains("type: FakeFetcher"), "\(layer.text)")
    // The layer holds wherever one of its registrations is compiled: the file's `#if` here, `DEBUG`
    // for a context on a definition.
    #expect(
      layer.text.contains("condition: \"(DEBUG) || (DEBUG && targetEnvironment(simulator))\"\n"), "\(layer.text)")
  }

  /// A factory of a type itself (nextcloud-passwords' `Factory<any Configurating.Type> { self {
  /// Configuration.self } }`) returns a metatype, which no static member builds: a factory function
  /// carries it.
  @Test func aFactoryOfATypeItselfIsAFactoryFunctionNotAStaticMember() throws {
    let container = """
      import Factory

      extension Container {
        var configurationType: Factory<any Configurating.Type> {
          self { Configuration.self }
        }
      }
      """
    let declarations = """
      protocol Configurating { static var name: String { get } }
      enum Configuration: Configurating { static let name = "app" }
      """
    let imported = imported([("Sources/App/Container.swift", container)])
    let service = try #require(imported.registrations.first)
    #expect(service.factory == "makeConfigurationType", "\(imported.graphFile)")
    #expect(service.function?.contains("-> any Configurating.Type") == true, "\(service.function ?? "")")
    #expect(service.function?.contains("Configuration.self") == true, "\(service.function ?? "")")
    #expect(errors(imported, swift: [("Sources/App/Configuration.swift", declarations)]) == [])
  }

  /// A factory of an optional service that constructs it (nextcloud-passwords' `Factory<(any
  /// QRCodeGenerating)?> { self { CIFilter(name: "CIQRCodeGenerator") } }`, a failable initializer of
  /// a type the import does not read) returns what it builds as the optional written: a factory
  /// function, never the type bound `as:` an optional.
  @Test func anOptionalServiceThatIsConstructedIsAFactoryFunctionOfTheOptional() throws {
    let container = """
      import Factory

      extension Container {
        var client: Factory<(any Networking)?> {
          self { APIClient() }
        }
      }
      """
    let imported = imported([("Sources/App/Container.swift", container)])
    let service = try #require(imported.registrations.first)
    #expect(service.factory == "makeClient", "\(imported.graphFile)")
    #expect(!imported.graphFile.contains("as:"), "\(imported.graphFile)")
    #expect(service.function?.contains("-> (any Networking)?") == true, "\(service.function ?? "")")
    #expect(errors(imported, swift: [("Sources/App/Services.swift", services)]) == [])
  }

  /// A `try` inside a closure the factory passes on (devstack's `readAuthToken: { try
  /// self.keychainProvider().read(.authToken) }`) is that closure's: the factory function does not throw.
  @Test func aTryInAPassedClosureDoesNotMakeTheFactoryThrow() throws {
    let container = """
      import Factory

      extension Container {
        var tracker: Factory<Tracking> { self { Tracker() } }
        var session: Factory<Session> {
          self { Session(token: { try self.tracker().token() }, name: "main") }
        }
      }
      """
    let imported = imported([("Sources/App/Container.swift", container)])
    let session = try #require(imported.registrations.last)
    #expect(session.function?.contains("-> Session {") == true, "\(session.function ?? "")")
    #expect(session.function?.contains("throws") == false, "\(session.function ?? "")")
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

  /// A factory declared `@available(iOS 17, *)` (nextcloud-passwords' `openProviderSettingsUseCase`)
  /// builds a type the app's older systems lack: it is reported with its availability, never written
  /// as a service every build constructs; the factory beside it is imported.
  @Test func aFactoryAvailableFromASystemVersionIsReported() throws {
    let container = """
      import Factory

      extension Container {
        @available(iOS 17, *) var openProviderSettingsUseCase: Factory<any OpenProviderSettingsUseCaseProtocol> {
          self { OpenProviderSettingsUseCase() }
        }
        @available(iOS 17, *)
        public var settingsHelper: Factory<SettingsHelper> { self { SettingsHelper() } }
        var preferredUsernameUseCase: Factory<PreferredUsernameUseCase> {
          self { PreferredUsernameUseCase() }
        }
      }
      """
    let imported = imported([("Shared/Container+Registrations.swift", container)])
    let outcomes = imported.registrations.map(\.outcome)
    #expect(outcomes.count == 3)
    for (outcome, availability) in zip(outcomes, ["iOS 17, *", "iOS 17, *"]) {
      guard case .notImported(let reason) = outcome else {
        Issue.record("\(outcome)")
        continue
      }
      #expect(reason.hasPrefix("it is declared '@available(\(availability))'"), "\(reason)")
      #expect(reason.contains("'#available(\(availability))'"), "\(reason)")
    }
    #expect(outcomes.last == .asWritten)
    #expect(!imported.graphFile.contains("openProviderSettingsUseCase"), "\(imported.graphFile)")
  }
}
