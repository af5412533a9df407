import DICfg
import Foundation
import Testing

// One semantics on every path: what a synchronous and an awaited resolve of the same graph share,
// and the one difference awaiting forces.

final class EngineSession: Sendable {}
final class EngineCache: Sendable {
  let session: EngineSession
  init(session: EngineSession) { self.session = session }
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
final class EngineView: @unchecked Sendable {
  // Set once, by the resolve, before the view is handed out.
  weak var delegate: EngineController?
}
final class EngineController: Sendable {
  let view: EngineView
  init(view: EngineView, loader: EngineLoader?) { self.view = view }
}

private func engineRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(EngineSession.init)
  try registry.register(EngineCache.init(session:))
  try registry.register(AsyncEngineCache.init(session:))
  try registry.register(EngineLoader.init)
  try registry.register(EngineRepository.init(cache:asyncCache:session:), labels: ["cache", "asyncCache", "session"])
  try registry.register(EngineView.init)
  try registry.property("delegate", of: EngineView.self, \.delegate)
  try registry.register(EngineController.init(view:loader:), labels: ["view", "loader"])
  return registry
}

/// A repository whose singleton caches are built before the graph-scoped session they share.
private let sharedSession = """
  dicfg: 1
  services:
    session: { type: EngineSession }
    cache: { type: EngineCache, scope: singleton, init: { session: session } }
    asyncCache: { type: AsyncEngineCache, scope: singleton, init: { session: session } }
    repository:
      type: EngineRepository
      init: { cache: cache, asyncCache: ASYNC, session: session }
  """

/// A controller whose singleton view points back at it through a property.
private let viewCycle = """
  dicfg: 1
  services:
    loader: { type: EngineLoader }
    view: { type: EngineView, scope: singleton, properties: { delegate: controller } }
    controller: { type: EngineController, init: { view: view, loader: LOADER } }
  """

@Suite struct OneEngineTests {
  @Test func aSingletonBuiltInsideASynchronousResolveSharesItsGraphInstances() throws {
    let container = try link(
      sharedSession.replacingOccurrences(of: "ASYNC", with: "asyncCacheMissing?"), registry: try engineRegistry())
    let repository = try container.resolve("repository", as: EngineRepository.self)
    #expect(repository.cache.session === repository.session)
  }

  @Test func aSingletonBuiltInsideAnAwaitedResolveSharesItsGraphInstancesAsASynchronousResolveDoes() async throws {
    let container = try link(
      sharedSession.replacingOccurrences(of: "ASYNC", with: "asyncCache"), registry: try engineRegistry())
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

  @Test func aSynchronousResolveSetsASingletonsPropertyToAnObjectItWasStillConstructing() throws {
    let container = try link(
      viewCycle.replacingOccurrences(of: "LOADER", with: "loaderMissing?"), registry: try engineRegistry())
    let controller = try container.resolve("controller", as: EngineController.self)
    #expect(controller.view.delegate === controller)
  }

  @Test func anAwaitedResolveNeverHoldsASingletonsClaimAcrossAnAwaitSoSuchACycleIsAnError() async throws {
    // Awaiting forces the difference: the awaited resolve builds the view as a build of its own,
    // kept before the resolve awaits again (a synchronous resolve on another thread would block on
    // a claim held across an await), so the view's property cannot wait for the controller.
    let container = try link(
      viewCycle.replacingOccurrences(of: "LOADER", with: "loader"), registry: try engineRegistry())
    let error = await #expect(throws: ResolutionError.self) {
      try await container.resolve("controller", as: EngineController.self)
    }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.path == ["controller", "view", "controller"])
    #expect(error?.location?.line == 5)
  }
}
