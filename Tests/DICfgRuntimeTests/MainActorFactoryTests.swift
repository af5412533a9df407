import DICfg
import DICfgTestSupport
import Foundation
import Testing

@MainActor final class BadgeView {
  /// Main-actor state the initializer touches, which only code on the main actor may.
  static var built = 0
  init() { Self.built += 1 }
}

final class LoginSession: Sendable {}

/// A view model as a Swift 6 app writes it: isolated to the main actor.
@MainActor final class SignInViewModel {
  let session: LoginSession
  init(session: LoginSession, built: Counter) {
    MainActor.assertIsolated()
    built.increment()
    self.session = session
  }
}

/// A nonisolated service holding a main-actor one (built per resolve, so never shared across threads).
final class LoginFlow: Sendable {
  let viewModel: SignInViewModel
  let session: LoginSession
  init(viewModel: SignInViewModel, session: LoginSession) {
    self.viewModel = viewModel
    self.session = session
  }
}

final class KeyStore: Sendable {
  init() async { await Task.yield() }
}

@MainActor final class AccountScreen {
  let keys: KeyStore
  let session: LoginSession
  init(keys: KeyStore, session: LoginSession) {
    MainActor.assertIsolated()
    self.keys = keys
    self.session = session
  }
}

/// A screen's model that loads on the main actor.
@MainActor final class AccountModel {
  let keys: KeyStore
  private init(keys: KeyStore) { self.keys = keys }
  static func load(keys: KeyStore, built: Counter) async -> AccountModel {
    MainActor.assertIsolated()
    built.increment()
    await Task.yield()
    return AccountModel(keys: keys)
  }
}

final class AccountFlow: Sendable {
  let screen: AccountScreen
  let session: LoginSession
  init(screen: AccountScreen, session: LoginSession) {
    self.screen = screen
    self.session = session
  }
}

/// A nonisolated singleton that reaches a main-actor service only through a provider.
final class LoginCoordinator: Sendable {
  let makeViewModel: Provider<SignInViewModel>
  init(makeViewModel: Provider<SignInViewModel>) { self.makeViewModel = makeViewModel }
}

/// A nonisolated singleton that reaches a main-actor service through a lazy value.
final class LazyLoginCoordinator: Sendable {
  let viewModel: Lazy<SignInViewModel>
  init(viewModel: Lazy<SignInViewModel>) { self.viewModel = viewModel }
}

private let loginGraph = """
  dicfg: 1
  externals:
    built: { type: Counter }
  services:
    session: { type: LoginSession }
    1️⃣viewModel:
      type: SignInViewModel
      isolation: MainActor
      init: { session: session, built: built }
    flow:
      type: LoginFlow
      scope: unique
      init: { viewModel: viewModel, session: session }
    coordinator:
      type: LoginCoordinator
      scope: singleton
      init: { makeViewModel: { provider: viewModel } }
    lazyCoordinator:
      type: LazyLoginCoordinator
      scope: singleton
      init: { viewModel: { lazy: viewModel } }
  """

private func loginRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(LoginSession.init)
  try registry.register(mainActor: SignInViewModel.init(session:built:), labels: ["session", "built"])
  try registry.register(LoginFlow.init(viewModel:session:))
  try registry.register(LoginCoordinator.init(makeViewModel:))
  try registry.register(LazyLoginCoordinator.init(viewModel:))
  return registry
}

private func loginContainer(_ text: String = loginGraph, built: Counter) throws -> (Container, MarkedFiles) {
  let files = MarkedFiles(["app.yaml": text])
  let container = try link(files.texts["app.yaml"] ?? "", registry: try loginRegistry(), externals: ["built": built])
  return (container, files)
}

/// The error of a synchronous resolve made away from the main actor (on the cooperative pool).
private func offMainActor<T: Sendable>(_ resolve: @escaping @Sendable () throws -> T) async -> ResolutionError? {
  await Task.detached {
    do {
      _ = try resolve()
      return nil
    } catch {
      return error as? ResolutionError
    }
  }.value
}

@Suite struct MainActorFactoryTests {
  @Test func aMainActorInitializerWrappedInAnAsyncClosureIsBuiltByAnAwaitedResolve() async throws {
    var registry = Registry()
    try registry.register({ @Sendable () async -> BadgeView in await BadgeView() }, typeName: "BadgeView", labels: [])
    let container = try link(
      """
      dicfg: 1
      services:
        badge: { type: BadgeView }
      """, registry: registry)
    let before = await MainActor.run { BadgeView.built }
    let badge = try await container.resolve("badge", as: BadgeView.self)
    let second = try await container.resolve("badge", as: BadgeView.self)
    #expect(badge !== second)
    #expect(await MainActor.run { BadgeView.built } == before + 2)
  }

  @MainActor @Test func onTheMainActorAMainActorServiceResolvesSynchronouslyWithItsGraph() throws {
    let built = Counter()
    let (container, _) = try loginContainer(built: built)
    let flow = try container.mainActor.resolve("flow", as: LoginFlow.self)
    #expect(flow.viewModel.session === flow.session)
    let byType: SignInViewModel = try container.mainActor.resolve()
    #expect(byType !== flow.viewModel)
    #expect(built.count == 2)
  }

  @Test func anAwaitedResolveBuildsTheMainActorServiceOnTheMainActor() async throws {
    let built = Counter()
    let (container, _) = try loginContainer(built: built)
    let flow = try await container.resolve("flow", as: LoginFlow.self)
    #expect(await MainActor.run { flow.viewModel.session } === flow.session)
    #expect(built.count == 1)
  }

  @Test func aSynchronousResolveAwayFromTheMainActorIsAnErrorAndBuildsNothing() async throws {
    let built = Counter()
    let (container, files) = try loginContainer(built: built)
    let error = await offMainActor { try container.resolve("flow", as: LoginFlow.self) }
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.message
        == "'flow' builds a main-actor service through 'init:' or a property, and this synchronous resolve is not "
        + "on the main actor; resolve it with 'try await container.resolve(…)', or from @MainActor code with "
        + "'container.mainActor.resolve(…)'")
    let direct = await offMainActor { try container.resolve("viewModel", as: SignInViewModel.self) }
    #expect(direct?.code == .requiresMainActor)
    #expect(direct?.location == files["app.yaml", "1️⃣"])
    #expect(direct?.message.hasPrefix("'viewModel' is built on the main actor (isolation: MainActor)") == true)
    #expect(built.count == 0)
  }

  @Test func aNonisolatedSingletonReachesAMainActorServiceThroughAProvider() async throws {
    let built = Counter()
    let (container, _) = try loginContainer(built: built)
    let coordinator = try await container.resolve("coordinator", as: LoginCoordinator.self)
    let error = await offMainActor { () throws -> SignInViewModel in try coordinator.makeViewModel.callAsFunction() }
    #expect(error?.code == .requiresMainActor)
    let viewModel = try await coordinator.makeViewModel()
    #expect(built.count == 1)
    let next = try await coordinator.makeViewModel()
    #expect(next !== viewModel)
    #expect(built.count == 2)
  }

  @MainActor @Test func mainActorCodeCallsProvidersAndLazyValuesOfMainActorServicesSynchronously() async throws {
    let built = Counter()
    let (container, _) = try loginContainer(built: built)
    let coordinator = try container.mainActor.resolve("lazyCoordinator", as: LazyLoginCoordinator.self)
    let away = await offMainActor { try coordinator.viewModel.get() }
    #expect(away?.code == .requiresMainActor)
    let viewModel = try coordinator.viewModel.onMainActor()
    #expect(try coordinator.viewModel.onMainActor() === viewModel, "resolved once")
    let provider = try container.mainActor.resolve("coordinator", as: LoginCoordinator.self).makeViewModel
    #expect(try provider.onMainActor() !== viewModel)
    #expect(built.count == 2)
  }

  @Test func aMainActorSingletonIsBuiltOnceForTasksOnAndOffTheMainActor() async throws {
    let built = Counter()
    let (container, _) = try loginContainer(
      loginGraph.replacingOccurrences(of: "isolation: MainActor", with: "isolation: MainActor\n    scope: singleton"),
      built: built)
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for index in 0..<100 {
        if index.isMultiple(of: 2) {
          group.addTask { ObjectIdentifier(try await container.resolve("viewModel", as: SignInViewModel.self)) }
        } else {
          group.addTask { @MainActor in
            ObjectIdentifier(try container.mainActor.resolve("viewModel", as: SignInViewModel.self))
          }
        }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(built.count == 1)
  }

  @Test func aGraphWithAnAsyncFactoryAndAMainActorFactorySharesItsGraphInstancesAcrossTheHop() async throws {
    var registry = Registry()
    try registry.register(LoginSession.init)
    try registry.register(KeyStore.init)
    try registry.register(mainActor: AccountScreen.init(keys:session:), labels: ["keys", "session"])
    try registry.register(AccountFlow.init(screen:session:))
    let container = try link(
      """
      dicfg: 1
      services:
        session: { type: LoginSession }
        keys: { type: KeyStore }
        screen: { type: AccountScreen, isolation: MainActor, init: { keys: keys, session: session } }
        flow: { type: AccountFlow, init: { screen: screen, session: session } }
      """, registry: registry)
    let flow = try await container.resolve("flow", as: AccountFlow.self)
    #expect(await MainActor.run { flow.screen.session } === flow.session)
    let error = await offMainActor { try container.resolve("flow", as: AccountFlow.self) }
    #expect(error?.code == .requiresAwait)
  }

  // An `async` `@MainActor` function: an awaited resolve from any task runs it on the main actor, a
  // singleton once for every task racing for it, and a synchronous resolve says it must be awaited.
  @Test func anAsyncMainActorFactoryIsAwaitedOnTheMainActor() async throws {
    var registry = Registry()
    try registry.register(KeyStore.init)
    try registry.register(
      mainActor: AccountModel.load(keys:built:), typeName: "AccountModel.load", labels: ["keys", "built"])
    let built = Counter()
    let container = {
      try link(
        """
        dicfg: 1
        externals:
          built: { type: Counter }
        services:
          keys: { type: KeyStore, scope: singleton }
          model:
            type: AccountModel
            factory: AccountModel.load
            isolation: MainActor
            scope: singleton
            init: { keys: keys, built: built }
        """, registry: registry, externals: ["built": built])
    }
    let fresh = try container()
    let error = await offMainActor { try fresh.resolve("model", as: AccountModel.self) }
    #expect(error?.code == .requiresAwait)
    #expect(built.count == 0)
    let racing = try container()
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<20 { group.addTask { ObjectIdentifier(try await racing.resolve("model", as: AccountModel.self)) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(built.count == 1)
    let model = try await racing.resolve("model", as: AccountModel.self)
    let keys = model.keys
    #expect(try await racing.resolve("keys", as: KeyStore.self) === keys)
  }

  @MainActor @Test func aMainActorClosureAskingByLabelIsRegisteredAndBuiltOnTheMainActor() throws {
    var registry = Registry()
    try registry.register(LoginSession.init)
    try registry.register(SignInViewModel.self) { @MainActor arguments in
      SignInViewModel(session: try arguments("session"), built: try arguments("built"))
    }
    let built = Counter()
    let container = try link(
      """
      dicfg: 1
      externals:
        built: { type: Counter }
      services:
        session: { type: LoginSession }
        viewModel: { type: SignInViewModel, isolation: MainActor, init: { session: session, built: built } }
      """, registry: registry, externals: ["built": built])
    let viewModel = try container.mainActor.resolve("viewModel", as: SignInViewModel.self)
    #expect(try container.mainActor.resolve("session", as: LoginSession.self) !== viewModel.session)
    #expect(built.count == 1)
  }

  @Test func theGraphFileAndTheRegistrationMustAgreeOnIsolation() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      externals:
        built: { type: Counter }
      services:
        session: { type: LoginSession }
        1️⃣viewModel: { type: SignInViewModel, init: { session: session, built: built } }
        2️⃣flow: { type: LoginFlow, isolation: MainActor, init: { viewModel: viewModel, session: session } }
      """
    ])
    let error = #expect(throws: LinkError.self) {
      try link(files.texts["app.yaml"] ?? "", registry: try loginRegistry(), externals: ["built": Counter()])
    }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .isolationMismatch, at: files["app.yaml", "1️⃣"],
          "'SignInViewModel' is registered with 'register(mainActor:)', but service 'viewModel' does not say "
            + "'isolation: MainActor'; add 'isolation: MainActor' to the service, or register a nonisolated factory"),
        DiagnosticFacts(
          .isolationMismatch, at: files["app.yaml", "2️⃣"],
          "service 'flow' says 'isolation: MainActor', but the factory registered for 'LoginFlow' is nonisolated; "
            + "register the @MainActor initializer with 'register(mainActor:)', or remove 'isolation: MainActor'"),
      ])
  }

  @Test func aMainActorPropertySetterNeedsAMainActorService() throws {
    var registry = Registry()
    try registry.register(LoginSession.init)
    try registry.property("title", of: LoginSession.self, mainActor: { (_: LoginSession, _: String) in })
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        session: { type: LoginSession, properties: { 1️⃣title: { value: Welcome } } }
      """
    ])
    let error = #expect(throws: LinkError.self) { try link(files.texts["app.yaml"] ?? "", registry: registry) }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .isolationMismatch, at: files["app.yaml", "1️⃣"],
          "property 'title' of 'LoginSession' is registered with a main-actor setter, but service 'session' does not "
            + "say 'isolation: MainActor'; add 'isolation: MainActor' to the service, or register a nonisolated setter")
      ])
    #expect(registry.manifest().types.first?.properties.first?.mainActor == true)
  }

  @Test func theManifestRecordsMainActorFactoriesForValidateRegistry() throws {
    let manifest = try loginRegistry().manifest()
    #expect(manifest.types.filter { $0.mainActor == true }.map(\.name) == ["SignInViewModel"])
    let plan = try unmarkedPlan(loginGraph.replacingOccurrences(of: "    isolation: MainActor\n", with: ""))
    #expect(LinkChecks.check(plan: plan, manifest: manifest).map(\.code) == [.isolationMismatch])
    #expect(LinkChecks.check(plan: try unmarkedPlan(loginGraph), manifest: manifest).isEmpty)
  }

  @Test func anEagerMainActorSingletonNeedsTheMainActorWhenTheContainerIsCreated() async throws {
    let graph = loginGraph.replacingOccurrences(
      of: "isolation: MainActor", with: "isolation: MainActor\n    scope: singleton\n    eager: true")
    let plan = try unmarkedPlan(graph)
    let built = Counter()
    let error = await Task.detached {
      #expect(throws: ResolutionError.self) {
        try Container(plan: plan, registry: try loginRegistry(), externals: ["built": built])
      }
    }.value
    #expect(error?.code == .requiresMainActor)
    #expect(built.count == 0)
    let container = try await Container.create(plan: plan, registry: try loginRegistry(), externals: ["built": built])
    #expect(built.count == 1)
    _ = try await container.resolve("viewModel", as: SignInViewModel.self)
    #expect(built.count == 1)
  }
}

/// The plan of `text` with its location markers removed.
private func unmarkedPlan(_ text: String) throws -> ResolutionPlan {
  try compiledPlan(text.replacingOccurrences(of: "1️⃣", with: ""))
}
