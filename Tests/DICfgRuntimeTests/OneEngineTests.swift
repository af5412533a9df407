import DICfg
import Foundation
import Testing

// One semantics on every path: what a synchronous and an awaited resolve of the same graph share,
// and the one difference awaiting forces (AwaitedResolve says why).

final class EngineSession: Sendable {}
final class EngineCache: Sendable {
  let session: EngineSession
  init(session: EngineSession, built: Counter) {
    self.session = session
    built.increment()
  }
}
final class AsyncEngineCache: Sendable {
  let session: EngineSession
  init(session: EngineSession) async { self.session = session }
}
final class EngineLoader: Sendable {
  init() async {}
}
final class EngineRepository: Sendable {
  let cache: EngineCache
  let asyncCache: AsyncEngineCache?
  let session: EngineSession
  init(cache: EngineCache, asyncCache: AsyncEngineCache?, session: EngineSession) {
    self.cache = cache
    self.asyncCache = asyncCache
    self.session = session
  }
}
struct EngineFailure: Error {}
final class FailingEngineService: Sendable {
  init(cache: EngineCache, loader: EngineLoader?) throws { throw EngineFailure() }
}
final class EngineView: @unchecked Sendable {
  // Set once, by the resolve, before the view is handed out.
  weak var delegate: EngineController?
}
final class EngineController: Sendable {
  let view: EngineView
  init(view: EngineView, loader: EngineLoader?) { self.view = view }
}

final class EngineHolder: @unchecked Sendable {
  // Set once, by the resolve, before the holder is handed out.
  var session: EngineSession?
}
final class EngineTop: Sendable {
  let holder: EngineHolder
  let asyncCache: AsyncEngineCache
  init(holder: EngineHolder, asyncCache: AsyncEngineCache) {
    self.holder = holder
    self.asyncCache = asyncCache
  }
}

private func engineRegistry(builds: Counter = Counter()) throws -> Registry {
  var registry = Registry()
  try registry.register(EngineSession.init)
  try registry.register(EngineCache.self) { arguments in
    EngineCache(session: try arguments("session"), built: builds)
  }
  try registry.register(AsyncEngineCache.init(session:))
  try registry.register(EngineLoader.init)
  try registry.register(EngineRepository.init(cache:asyncCache:session:), labels: ["cache", "asyncCache", "session"])
  try registry.register(FailingEngineService.init(cache:loader:), labels: ["cache", "loader"])
  try registry.register(EngineView.init)
  try registry.property("delegate", of: EngineView.self, \.delegate)
  try registry.register(EngineController.init(view:loader:), labels: ["view", "loader"])
  try registry.register(EngineHolder.init)
  try registry.property("session", of: EngineHolder.self, \.session)
  try registry.register(EngineTop.init(holder:asyncCache:), labels: ["holder", "asyncCache"])
  return registry
}

/// A repository whose singleton caches are built before the graph-scoped session they share.
/// `ASYNC` is the async cache's service, or an optional service that does not exist (so nothing awaits).
private let sharedSession = """
  dicfg: 1
  services:
    session: { type: EngineSession }
    cache: { type: EngineCache, scope: singleton, init: { session: session } }
    asyncCache: { type: AsyncEngineCache, scope: singleton, init: { session: session } }
    repository:
      type: EngineRepository
      init: { cache: cache, asyncCache: ASYNC, session: session }
    loader: { type: EngineLoader }
    failing: { type: FailingEngineService, init: { cache: cache, loader: LOADER } }
  """

/// A controller whose singleton view points back at it through a property.
private let viewCycle = """
  dicfg: 1
  services:
    loader: { type: EngineLoader }
    view: { type: EngineView, scope: singleton, properties: { delegate: controller } }
    controller: { type: EngineController, init: { view: view, loader: LOADER } }
  """

private func graph(_ text: String, awaits: Bool) -> String {
  text.replacingOccurrences(of: "ASYNC", with: awaits ? "asyncCache" : "asyncCacheMissing?")
    .replacingOccurrences(of: "LOADER", with: awaits ? "loader" : "loaderMissing?")
}

@Suite struct OneEngineTests {
  @Test func aSingletonBuiltInsideASynchronousResolveSharesItsGraphInstances() throws {
    let container = try link(graph(sharedSession, awaits: false), registry: try engineRegistry())
    let repository = try container.resolve("repository", as: EngineRepository.self)
    #expect(repository.cache.session === repository.session)
    #expect(repository.asyncCache == nil)
  }

  @Test func singletonsBuiltInsideAnAwaitedResolveShareItsGraphInstancesAsASynchronousResolveDoes() async throws {
    let container = try link(graph(sharedSession, awaits: true), registry: try engineRegistry())
    let repository = try await container.resolve("repository", as: EngineRepository.self)
    // The synchronous singleton, built before the session, and the awaited one share the
    // resolve's one session with the repository.
    #expect(repository.cache.session === repository.session)
    #expect(repository.asyncCache?.session === repository.session)
    // A later resolve has a session of its own; the singletons keep the first.
    let next = try await container.resolve("repository", as: EngineRepository.self)
    #expect(next.session !== repository.session)
    #expect(next.cache === repository.cache)
    #expect(next.asyncCache === repository.asyncCache)
  }

  @Test func aSynchronousResolveThatFailsKeepsNoSingletonItBuilt() throws {
    let builds = Counter()
    let container = try link(graph(sharedSession, awaits: false), registry: try engineRegistry(builds: builds))
    #expect(throws: ResolutionError.self) { try container.resolve("failing", as: FailingEngineService.self) }
    #expect(builds.count == 1)
    _ = try container.resolve("cache", as: EngineCache.self)
    #expect(builds.count == 2)
  }

  @Test func anAwaitedResolveThatFailsKeepsTheSingletonsItBuiltBeforeTheFailure() async throws {
    // Awaiting forces the difference: the singleton was built as a resolve of its own and kept
    // when that ended, before the resolve awaited the loader.
    let builds = Counter()
    let container = try link(graph(sharedSession, awaits: true), registry: try engineRegistry(builds: builds))
    let error = await #expect(throws: ResolutionError.self) {
      try await container.resolve("failing", as: FailingEngineService.self)
    }
    #expect(error?.code == .factoryFailed)
    #expect(error?.path == ["failing"])
    #expect(builds.count == 1)
    _ = try await container.resolve("cache", as: EngineCache.self)
    #expect(builds.count == 1)
  }

  @Test func anAwaitedResolveSetsThePropertiesOfWhatItBuiltSynchronouslyFromItsOwnGraphInstances() async throws {
    let container = try link(
      """
      dicfg: 1
      services:
        session: { type: EngineSession }
        holder: { type: EngineHolder, properties: { session: session } }
        asyncCache: { type: AsyncEngineCache, init: { session: session } }
        top: { type: EngineTop, init: { holder: holder, asyncCache: asyncCache } }
      """, registry: try engineRegistry())
    let top = try await container.resolve("top", as: EngineTop.self)
    // The holder needs no await: the engine built it and set its property, after the awaited
    // cache was built, to the one session of the resolve.
    #expect(top.holder.session === top.asyncCache.session)
    let next = try await container.resolve("top", as: EngineTop.self)
    #expect(next.holder.session !== top.holder.session)
  }

  @Test func aSynchronousResolveSetsASingletonsPropertyToAnObjectItWasStillConstructing() throws {
    let container = try link(graph(viewCycle, awaits: false), registry: try engineRegistry())
    let controller = try container.resolve("controller", as: EngineController.self)
    #expect(controller.view.delegate === controller)
  }

  @Test func inAnAwaitedResolveASingletonsPropertyCannotWaitForAnObjectStillUnderConstruction() async throws {
    // Awaiting forces the difference: the view is built and kept as a resolve of its own before
    // the controller it points at exists, so its property is a cycle, reported with the path.
    let container = try link(graph(viewCycle, awaits: true), registry: try engineRegistry())
    let error = await #expect(throws: ResolutionError.self) {
      try await container.resolve("controller", as: EngineController.self)
    }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.path == ["controller", "view", "controller"])
    #expect(error?.location?.line == 5)
  }
}
