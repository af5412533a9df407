import DICfgImport
import Foundation
import Testing

// Shapes the corpus apps write that a reading of their imports against the source found imported
// wrong, each in the form the app writes it.
extension RealAppShapeTests {
  /// Hymns' `init(mainQueue: DispatchQueue = Resolver.resolve(name: "main"), backgroundQueue: … =
  /// Resolver.resolve(name: "background"))`: each default resolves its own named registration, never
  /// one unnamed queue for both.
  @Test func aDefaultResolvingByNameTakesThatName() {
    let registering = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { SearchViewModel() }
        }
      }
      """
    let swift = """
      import Foundation
      final class SearchViewModel {
        init(
          backgroundQueue: DispatchQueue = Resolver.resolve(name: "background"),
          mainQueue: DispatchQueue = Resolver.resolve(name: "main")
        ) {}
      }
      """
    let imported = imported([
      ("Sources/App/App+Injection.swift", registering), ("Sources/App/SearchViewModel.swift", swift),
    ])
    #expect(
      imported.graphFile.contains("init: { backgroundQueue: dispatchQueueBackground, mainQueue: dispatchQueueMain }"),
      "\(imported.graphFile)")
  }

  /// govuk's `guard let config = Bundle.main.infoDictionary else { fatalError() }` then
  /// `AppEnvironmentService(config: config)`: the value unwrapped, trapping where it is nil, as the guard does.
  @Test func aGuardedSwiftValueIsUnwrapped() {
    let container = """
      import Factory

      extension Container {
        var appEnvironmentService: Factory<AppEnvironmentService> {
          self {
            guard let config = Bundle.main.infoDictionary else { fatalError("no Info.plist") }
            return AppEnvironmentService(config: config)
          }
        }
      }
      """
    let imported = imported([("Production/Container+Services.swift", container)])
    #expect(
      imported.graphFile.contains("init: { config: { swift: Bundle.main.infoDictionary! } }"), "\(imported.graphFile)")
  }

  /// podhaven's `self { @PlayActor in PlayManager() }`: built on an actor of the app's, which a graph
  /// file cannot say, so it is reported.
  @Test func aFactoryOnAnotherGlobalActorIsReported() throws {
    let container = """
      import Factory

      extension Container {
        var playManager: Factory<PlayManager> {
          self { @PlayActor in PlayManager() }.scope(.cached)
        }
        var queue: Factory<Queue> { self { @MainActor @Sendable in Queue() } }
      }
      """
    let imported = imported([("PodHaven/Play/PlayManager.swift", container)])
    guard case .notImported(let reason) = try #require(imported.registrations.first).outcome else {
      Issue.record("\(imported.registrations.map(\.outcome))")
      return
    }
    #expect(reason.hasPrefix("its factory runs on the global actor 'PlayActor'"), "\(reason)")
    #expect(imported.registrations.last?.outcome == .asWritten)
  }

  /// Proton's watch container sets `manager.defaultScope = .singleton` in an `autoRegister()` that
  /// Factory never calls (the container is not `AutoRegistering`): its factories stay unique. One that
  /// is `AutoRegistering` takes the scope.
  @Test func aDefaultScopeInAnAutoRegisterFactoryNeverCallsIsNotApplied() {
    let watch = """
      import FactoryKit

      final class WatchDIContainer: SharedContainer {
        static let shared = WatchDIContainer()
        let manager = ContainerManager()
        func autoRegister() { manager.defaultScope = .singleton }
        var keychainService: Factory<KeychainService> { self { KeychainService() } }
      }
      """
    #expect(imported([("Watch App/Watch+DI.swift", watch)]).registrations.map(\.scope) == ["unique"])
    let registering = "import FactoryKit\n\nextension WatchDIContainer: AutoRegistering {}\n"
    #expect(
      imported([("Watch App/Watch+DI.swift", watch), ("Watch App/Registering.swift", registering)]).registrations
        .map(\.scope) == ["singleton"])
  }

  /// ClipNinja's `container.autoregister(SystemKeyboardObserver.self, initializer: …init).implements(
  /// KeyboardObserver.self)` and `.implements((any ClipboardViewModel).self)`: keys of the service too.
  @Test func anAutoregistrationImplementsItsProtocols() {
    let assembly = """
      import Swinject
      import SwinjectAutoregistration

      struct KeyboardHandlingAssembly: Assembly {
        func assemble(container: Container) {
          container.autoregister(SystemKeyboardObserver.self, initializer: SystemKeyboardObserver.init)
            .implements(KeyboardObserver.self)
            .inObjectScope(.container)
          container.autoregister(ClipboardViewModelImpl.self, initializer: ClipboardViewModelImpl.init)
            .implements((any ClipboardViewModel).self)
        }
      }
      """
    let swift = """
      protocol KeyboardObserver {}
      protocol ClipboardViewModel {}
      final class SystemKeyboardObserver: KeyboardObserver { init() {} }
      final class ClipboardViewModelImpl: ClipboardViewModel { init() {} }
      """
    let imported = imported([
      ("App/KeyboardHandlingAssembly.swift", assembly), ("App/Types.swift", swift),
    ])
    #expect(imported.registrations.map(\.bindings) == [["KeyboardObserver"], ["ClipboardViewModel"]])
  }

  /// WordChecker's `let reactor: LanguageSettingReactor = .init(…, userSettingsUseCase: resolver.resolve(), …)`
  /// through its app's unwrapping `resolve()`: the factory function's parameter is what the initializer
  /// declares, not optional.
  @Test func aResolvePassedWhereANonOptionalIsDeclaredIsRequiredInAFactoryFunction() throws {
    let assembly = """
      import Swinject
      import SwinjectExtension

      final class LanguageSettingAssembly: Assembly {
        func assemble(container: Container) {
          container.register(LanguageSettingViewController.self) { resolver, direction in
            let reactor: LanguageSettingReactor = .init(
              direction: direction,
              userSettingsUseCase: resolver.resolve()
            )
            return LanguageSettingViewController(reactor: reactor)
          }
        }
      }
      """
    let swift = """
      protocol UserSettingsUseCase {}
      enum Direction { case up }
      final class LanguageSettingReactor {
        init(direction: Direction, userSettingsUseCase: UserSettingsUseCase) {}
      }
      final class LanguageSettingViewController { init(reactor: LanguageSettingReactor) {} }
      """
    let imported = imported([("Sources/LanguageSettingAssembly.swift", assembly), ("Sources/Types.swift", swift)])
    let functions = try #require(imported.functions)
    #expect(functions.contains("  userSettingsUseCase: UserSettingsUseCase,\n"), "\(functions)")
  }

  /// WordChecker's fakes (`GoogleDriveUseCaseFakeAssembly`), which no `Assembler` or `apply(assemblies:)`
  /// names, are never registered; the assemblies only its `WordCheckerDev` target applies over the
  /// app's, directly or through an assembly that applies them, are that target's environment, not the
  /// app's graph.
  @Test func assembliesNoTargetAppliesAreReportedAndAnotherTargetsAreItsEnvironment() throws {
    let assemblies = """
      import Swinject

      final class UserSettingsAssembly: Assembly {
        func assemble(container: Container) {
          container.register(UserSettingsService.self) { _ in RealUserSettingsService() }
        }
      }
      final class UserSettingsAssemblyDev: Assembly {
        func assemble(container: Container) {
          container.register(UserSettingsService.self) { _ in FakeUserSettingsService() }
        }
      }
      final class UserSettingsFakeAssembly: Assembly {
        func assemble(container: Container) {
          container.register(UserSettingsService.self) { _ in FakeUserSettingsService() }
        }
      }
      """
    let app = """
      import Swinject
      final class AppDelegate {
        let container = Container()
        func start() { container.apply(assemblies: [UserSettingsAssembly()]) }
      }
      """
    let dev = """
      import Swinject
      final class DevAppDelegate: AppDelegate {
        override func start() {
          super.start()
          container.apply(assemblies: [SceneAssemblyDev()])
        }
      }
      // Applies its sub-assemblies itself, as WordChecker's `IOSSceneUserSettingsAssemblyDev` does.
      struct SceneAssemblyDev: Assembly {
        func assemble(container: Container) {
          let subAssemblies: [Assembly] = [UserSettingsAssemblyDev()]
          subAssemblies.forEach { $0.assemble(container: container) }
        }
      }
      """
    let imported = imported([
      ("Sources/Domain/Assemblies.swift", assemblies), ("Sources/App/AppDelegate.swift", app),
      ("Sources/AppDev/DevAppDelegate.swift", dev),
    ])
    let outcomes = imported.registrations.map { "\($0.type) \($0.environment ?? "-") \($0.isImported)" }
    #expect(
      outcomes == [
        "RealUserSettingsService - true", "FakeUserSettingsService appDev true", "UserSettingsService - false",
      ], "\(outcomes)")
    guard case .notImported(let reason) = try #require(imported.registrations.last).outcome else { return }
    #expect(reason.hasPrefix("it is registered in 'UserSettingsFakeAssembly', an assembly that no file read"))
  }

  /// p2p's `register { Moonpay\n    .Provider(api: …) }`: one type name however the line breaks.
  @Test func aConstructionBrokenOverLinesIsOneTypeName() {
    let registering = """
      import Resolver

      extension Resolver {
        static func registerForSharedScope() {
          register {
            Moonpay
              .Provider(api: Moonpay.API.fromEnvironment())
          }
          .scope(.shared)
        }
      }
      """
    let imported = imported([("p2p_wallet/Injection/Resolver+registerAllServices.swift", registering)])
    #expect(imported.registrations.map(\.type) == ["Moonpay.Provider"])
  }

  /// Friendly Competitions' factories read a `private enum FirebaseEmulation` of the registering file, and
  /// its previews' `register { Container.appState }` a `fileprivate struct Container`: both are patched
  /// internal, as the generated code and the factory functions name them from other files.
  @Test func typesPrivateToTheRegisteringFileThatTheCodeNamesArePatchedInternal() throws {
    let registering = """
      import Resolver

      private enum FirebaseEmulation {
        static let enabled = false
      }

      fileprivate struct Container {
        static let appState = AppState()
      }

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register(Firestore.self) {
            let firestore = Firestore()
            if FirebaseEmulation.enabled { firestore.useEmulator() }
            return firestore
          }
          register { Container.appState }
        }
      }
      """
    // Another file's private type of the same name is another type, left as it is.
    let swift = """
      final class Firestore { init() {}; func useEmulator() {} }
      final class AppState { init() {} }
      private enum FirebaseEmulation { static let enabled = true }
      """
    let files = [("App/Types.swift", swift), ("App/Resolver.swift", registering)]
    let imported = imported(files)
    #expect(
      imported.widenings.map { "\($0.location.file):\($0.location.line): \($0.declaration) \($0.access.keyword)" }
        == [
          "App/Resolver.swift:3: enum FirebaseEmulation private", "App/Resolver.swift:7: struct Container fileprivate",
        ], "\(imported.widenings)")
    let (patch, unchanged) = imported.accessPatch { $0 }
    #expect(unchanged.isEmpty)
    #expect(patch?.contains("-private enum FirebaseEmulation {\n+enum FirebaseEmulation {") == true, "\(patch ?? "")")
  }

  /// ClipNinja's `container.autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer:
  /// ClipboardView.init)` of `struct ClipboardView<ViewModel: ClipboardViewModel>`: the generic type the
  /// key names, its `viewModel: ViewModel` the registration of its argument, not an external of the
  /// generic parameter's name.
  @Test func aGenericAutoregistrationTakesItsKeysArguments() {
    let assembly = """
      import Swinject
      import SwinjectAutoregistration

      struct ClipboardAssembly: Assembly {
        func assemble(container: Container) {
          container.autoregister(ClipboardViewModelImpl.self, initializer: ClipboardViewModelImpl.init)
          container.autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)
        }
      }
      """
    let swift = """
      protocol ClipboardViewModel {}
      final class ClipboardViewModelImpl: ClipboardViewModel { init() {} }
      struct ClipboardView<ViewModel: ClipboardViewModel> { init(viewModel: ViewModel) {} }
      """
    let imported = imported([("App/ClipboardAssembly.swift", assembly), ("App/Types.swift", swift)])
    #expect(
      imported.graphFile.contains(
        "    type: \"ClipboardView<ClipboardViewModelImpl>\"\n    init: { viewModel: clipboardViewModelImpl }"),
      "\(imported.graphFile)")
  }

  /// Windscribe's `extension Container { convenience init(isExt: Bool) { self.init(); register(…) } }`
  /// builds its network extension's own container: its registrations are reported, to import apart,
  /// never written into the app's graph beside the app's.
  @Test func aContainerAnInitializerBuildsIsReportedApart() throws {
    let module = """
      import Swinject

      extension Container {
        convenience init(isExt: Bool) {
          self.init()
          register(APIUtilService.self) { _ in APIUtilServiceImpl() }.inObjectScope(.container)
        }
      }
      """
    let registration = try #require(
      imported([("Windscribe/Dependencies/WireguardModule.swift", module)]).registrations.first)
    #expect(
      registration.outcome
        == .notImported(
          "it is registered in 'init(isExt: Bool)', which builds a container of its own, not the one the app's "
            + "assemblies register into: import the target that creates it apart"))
  }

  /// p2p's `MoonpaySellDataService(provider: resolve(), …)` whose `init(provider: Provider)` names the
  /// type's own `typealias Provider = MoonpaySellDataServiceProvider`: Resolver resolves the aliased
  /// type's registration, never an external of the alias's name.
  @Test func aParameterOfANestedAliasResolvesTheAliasedType() throws {
    let registering = """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { MoonpaySellDataServiceProvider() }
          register(MoonpaySellDataService.self) {
            let service = MoonpaySellDataService(provider: resolve())
            service.start()
            return service
          }
        }
      }
      """
    let swift = """
      final class MoonpaySellDataServiceProvider { init() {} }
      final class MoonpaySellDataService {
        typealias Provider = MoonpaySellDataServiceProvider
        init(provider: Provider) {}
        func start() {}
      }
      """
    let imported = imported([("App/Resolver+register.swift", registering), ("App/Types.swift", swift)])
    #expect(
      imported.graphFile.contains("init: { moonpaySellDataServiceProvider: moonpaySellDataServiceProvider }"),
      "\(imported.graphFile)")
    #expect(!imported.graphFile.contains("type: Provider"), "\(imported.graphFile)")
  }

  /// podhaven's `backgroundTaskScheduler.register { complete in … }` on its own `let backgroundTaskScheduler:
  /// BackgroundTaskScheduler`: that type's `register`, no run-time override of a factory; a factory's
  /// `searchService.register { … }` is one.
  @Test func anotherTypesRegisterOnAPropertyIsNoOverride() {
    let purger = """
      import FactoryKit

      final class CachePurger {
        private let backgroundTaskScheduler: BackgroundTaskScheduler
        init() { backgroundTaskScheduler = BackgroundTaskScheduler() }
        func register() {
          backgroundTaskScheduler.register { complete in complete() }
          Container.shared.searchService.register { SearchServiceMock() }
        }
      }
      """
    #expect(imported([("PodHaven/Cache/CachePurger.swift", purger)]).overrides.map(\.factory) == ["searchService"])
  }

  /// A module's assemblies read with its test target, whose `Assembler` applies only some of them: the
  /// app applies the module's assemblies from code not read, so none is reported as never applied, and
  /// what the test applies is no environment of the app.
  @Test func aTestsAssemblerIsNoCompositionRootOfTheApp() {
    let assemblies = """
      import Swinject

      final class StorageAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Storage.self) { _ in DiskStorage() }
        }
      }
      final class NetworkAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Networking.self) { _ in APIClient() }
        }
      }
      """
    let test = """
      import Swinject
      @testable import Domain

      final class StorageTests {
        let assembler = Assembler([StorageAssembly()])
      }
      """
    let imported = imported([
      ("Sources/Domain/Assemblies.swift", assemblies), ("Tests/DomainTests/StorageTests.swift", test),
    ])
    #expect(imported.registrations.map(\.isImported) == [true, true], "\(ImportReport(imported).text)")
    #expect(imported.registrations.map(\.environment) == [nil, nil])
  }
}
