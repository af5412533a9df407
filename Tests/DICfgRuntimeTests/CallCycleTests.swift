import DICfg
import Foundation
import Testing

/// A router whose initializer asks its own provider for another router: a cycle that only the
/// provider's call can see.
final class SelfProvidingRouter: Sendable {
  init(makeRouter: Provider<SelfProvidingRouter>) throws {
    _ = try makeRouter()
  }
}

/// Holds a lazy value of a service whose factory reads that same lazy value.
final class LazyOwner: Sendable {
  let target: Lazy<LazyTarget>
  init(target: Lazy<LazyTarget>) { self.target = target }
}
final class LazyTarget: Sendable {
  init(container: Container) throws {
    let owner = try container.resolve("owner", as: LazyOwner.self)
    _ = try owner.target.get()
  }
}

/// Takes a function of a service's run-time argument, as a generated typed container passes one.
final class FunctionOpener: Sendable {
  init(open: @escaping @Sendable (_ id: Int) throws -> LazyTarget) {}
}

/// Counts the builds of a slow service, to see two threads' first uses of one lazy value.
final class SlowEngine: Sendable {
  init(counter: Counter) {
    counter.increment()
    Thread.sleep(forTimeInterval: 0.05)
  }
}
final class SlowEngineUser: Sendable {
  let engine: Lazy<SlowEngine>
  init(engine: Lazy<SlowEngine>) { self.engine = engine }
}

@Suite struct CallCycleTests {
  @Test func aFactoryCallingItsOwnServicesProviderIsACycleNotARecursion() throws {
    var registry = Registry()
    try registry.register(SelfProvidingRouter.init(makeRouter:))
    let container = try link(
      "dicfg: 1\nservices:\n  router: { type: SelfProvidingRouter, init: { makeRouter: { provider: router } } }\n",
      registry: registry)
    let error = #expect(throws: ResolutionError.self) { try container.resolve("router", as: SelfProvidingRouter.self) }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.path == ["router", "router"])
    #expect(error?.location?.line == 3)
  }

  private static let functionGraph = """
    dicfg: 1
    services:
      target: { type: LazyTarget, arguments: { id: Int }, init: { container: $container } }
      opener: { type: FunctionOpener, init: { open: { provider: target } } }
    """

  private static let providerAsFunction =
    "is a provider, but the factory takes '@Sendable (Int) throws -> LazyTarget', a function, which the dynamic "
    + "container does not make of a provider; take 'Provider<LazyTarget>' and call it with the run-time arguments by "
    + "name, or build the service with the typed container dicfg's generator writes, which passes the function"

  /// A provider passed where the registered factory takes a function of the run-time arguments
  /// (which a generated typed container passes) is a link error at the value, saying what the
  /// dynamic container passes, when the factory is registered with its parameters' types.
  @Test func aProviderWhereTheFactoryTakesAFunctionIsALinkErrorSayingWhatToTake() throws {
    var registry = Registry()
    try registry.register(FunctionOpener.init(open:))
    try registry.register(LazyTarget.init(container:))
    let error = #expect(throws: LinkError.self) { try link(Self.functionGraph, registry: registry) }
    #expect(error?.diagnostics.map(\.code) == [.typeMismatch])
    #expect(error?.diagnostics.first?.location.line == 4)
    #expect(error?.diagnostics.first?.location.column == 43)
    #expect(
      error?.diagnostics.first?.message == "argument 'open' of 'opener' " + Self.providerAsFunction,
      "\(String(describing: error))")
  }

  /// A factory that asks for its arguments by label meets the provider only when it runs.
  @Test func aProviderWhereAnUntypedFactoryTakesAFunctionFailsItsResolveSayingWhatToTake() throws {
    var registry = Registry()
    try registry.register(FunctionOpener.self) { arguments in FunctionOpener(open: try arguments("open")) }
    try registry.register(LazyTarget.init(container:))
    let container = try link(Self.functionGraph, registry: registry)
    let error = #expect(throws: ResolutionError.self) { try container.resolve("opener", as: FunctionOpener.self) }
    #expect(error?.code == .typeMismatch)
    #expect(error?.message.contains(Self.providerAsFunction) == true, "\(String(describing: error))")
  }

  @Test func aLazyValueReadWhileItsServiceIsBuiltThroughItIsACycleNotAHang() throws {
    var registry = Registry()
    try registry.register(LazyOwner.init(target:))
    try registry.register(LazyTarget.init(container:))
    let container = try link(
      """
      dicfg: 1
      services:
        owner: { type: LazyOwner, scope: singleton, init: { target: { lazy: target } } }
        target: { type: LazyTarget, scope: unique, init: { container: $container } }
      """, registry: registry)
    let owner = try container.resolve("owner", as: LazyOwner.self)
    let error = #expect(throws: ResolutionError.self) { try owner.target.get() }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.message.contains("'target' is requested again while its factory is still running") == true)
    // The failed first use kept nothing: the cycle is reported again, not a half-built value.
    #expect(throws: ResolutionError.self) { try owner.target.get() }
  }

  @Test func threadsFirstUsingOneLazyValueAllGetTheSameInstance() throws {
    let counter = Counter()
    var registry = Registry()
    try registry.register(SlowEngine.self) { _ in SlowEngine(counter: counter) }
    try registry.register(SlowEngineUser.init(engine:))
    let container = try link(
      """
      dicfg: 1
      services:
        engine: { type: SlowEngine, scope: unique }
        user: { type: SlowEngineUser, scope: singleton, init: { engine: { lazy: engine } } }
      """, registry: registry)
    let user = try container.resolve("user", as: SlowEngineUser.self)
    let lock = NSLock()
    nonisolated(unsafe) var seen: [ObjectIdentifier] = []
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      guard let engine = try? user.engine.get() else { return }
      lock.withLock { seen.append(ObjectIdentifier(engine)) }
    }
    #expect(seen.count == 4)
    #expect(Set(seen).count == 1)
    #expect(try ObjectIdentifier(user.engine.get()) == seen.first)
  }
}
