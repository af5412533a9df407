import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgPlanning
import DICfgSwiftReader
import Foundation
import Testing

// The shapes of apps that register with Resolver: `register { … }` in `extension Resolver`, `Resolver.register`.
extension RealAppShapeTests {
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

  /// A function of `extension Resolver` that no code read calls registers nothing (stopp-corona's
  /// `registerAGESRepository()`, beside the `registerAGESDependencies()` it does call): reported, not
  /// written as a second service of the type.
  @Test func aRegisteringFunctionNothingCallsIsReportedNotWritten() {
    let registering = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          registerNetworking()
        }
      }
      """
    let networking = """
      import Resolver

      extension Resolver {
        static func registerNetworking() {
          register { APIClient() }.implements(Networking.self).scope(application)
        }

        public static func registerOldNetworking() {
          register { () -> APIClient in
            return APIClient()
          }
        }
      }
      """
    let imported = imported([
      ("Sources/App/App+Injection.swift", registering), ("Sources/App/Networking+Injection.swift", networking),
    ])
    #expect(imported.registrations.map(\.isImported) == [true, false])
    #expect(imported.graphFile.components(separatedBy: "type: APIClient").count == 2, "\(imported.graphFile)")
    let report = ImportReport(imported).text
    #expect(
      report.contains(
        "Sources/App/Networking+Injection.swift:9:5: not imported: Resolver registration of 'APIClient': it is "
          + "registered in 'registerOldNetworking()', which no file read calls, so the app never registers it; "
          + "nothing to port"), "\(report)")
    #expect(!report.contains("warning:"), "registerAllServices() calls what registers: \(report)")
    // Read alone, without the `registerAllServices()` that calls them, a module's functions are the
    // app's to call: both are read, the later one the last registration of its type.
    let alone = self.imported([("Sources/App/Networking+Injection.swift", networking)])
    #expect(alone.registrations.map(\.isImported) == [false, true])
  }

  /// A function of `extension Resolver` that only previews and tests call registers stand-ins
  /// (plantgress's `registerUseCaseMocks()`, in a package's sources, called from `#Preview` blocks
  /// and tests' `setUp()`): the `preview` environment's, replacing the app's services there, never
  /// written into the app's graph beside them.
  @Test func aFunctionOnlyPreviewsAndTestsCallRegistersThePreviewsStandIns() throws {
    let app = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { APIClient() as Networking }
        }
      }
      """
    let mocks = """
      import Resolver

      public extension Resolver {
        static func registerMocks() {
          register { StubClient() as Networking }
        }
      }
      """
    let screen = """
      import Resolver
      import SwiftUI

      struct HomeView: View {
        var body: some View { Text("Home") }
      }

      #Preview {
        Resolver.registerMocks()
        return HomeView()
      }
      """
    let tests = """
      import Resolver
      import XCTest

      final class HomeTests: XCTestCase {
        override func setUp() { Resolver.registerMocks() }
      }
      """
    let files = [
      ("Sources/App/Injection.swift", app), ("Sources/UIToolkit/Mocks/Mocks+Injection.swift", mocks),
      ("Sources/Home/HomeView.swift", screen), ("Tests/HomeTests/HomeTests.swift", tests),
    ]
    let imported = imported(files)
    #expect(!imported.graphFile.contains("Stub"), "\(imported.graphFile)")
    let preview = try #require(imported.layers.first { $0.environment == "preview" }?.text)
    #expect(preview.contains("    type: StubClient\n"), "\(preview)")
    let client = imported.registrations.filter { $0.key == "Networking" }
    #expect(client.map(\.environment) == [nil, "preview"])
    #expect(Set(client.map(\.id)).count == 1, "the stand-in replaces the app's service: \(client.map(\.id))")
    // Called from the app's own code too, the function is the app's.
    let launched =
      files + [("Sources/App/AppDelegate.swift", "import Resolver\nfunc launch() { Resolver.registerMocks() }\n")]
    #expect(self.imported(launched).registrations.map(\.environment) == [nil, nil])
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
}
