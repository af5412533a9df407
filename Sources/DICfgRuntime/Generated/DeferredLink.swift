import Atomics
import Foundation

/// The link of a generated container, made the first time something needs it, and the singleton
/// storage it shares with the container's accessors.
///
/// Accessors that build their services in generated code never need the link: an app whose graph
/// they cover registers no factory and links no plan at launch. The first accessor that resolves
/// through the runtime, or the first use of `dynamicContainer`, links the plan (once, however
/// many threads ask); a link that fails throws its ``LinkError`` and is tried again next time.
@_spi(Generated)
public final class DeferredLink: Sendable {
  /// The singletons the accessors and the link build, each once.
  public let storage: SingletonStorage
  private let link: @Sendable (SingletonStorage) throws -> Container
  /// The linked container once made, read without a lock.
  private let linked = ManagedAtomicLazyReference<Container>()
  /// Held while linking, so the plan is linked once.
  private let linking = NSLock()

  /// - Parameters:
  ///   - serviceCount: The number of services of the plan, across its containers.
  ///   - weakServices: The services some environment's link numbers so and holds weakly.
  ///   - cachedServices: The services some environment's link numbers so and caches.
  ///   - link: Makes the container, linked with the storage it is given.
  public init(
    serviceCount: Int, weakServices: [Int] = [], cachedServices: [Int] = [],
    link: @escaping @Sendable (SingletonStorage) throws -> Container
  ) {
    storage = SingletonStorage(serviceCount: serviceCount, weakServices: weakServices, cachedServices: cachedServices)
    self.link = link
  }

  /// The linked container: linked on the first call, then read with one atomic load.
  public func container() throws -> Container {
    if let container = linked.load() { return container }
    linking.lock()
    defer { linking.unlock() }
    if let container = linked.load() { return container }
    return linked.storeIfNilThenLoad(try link(storage))
  }

  /// Resolves the service numbered `service` in the link (the plan's services, numbered across its
  /// containers in order), as a resolve by id of the same service does.
  public func resolve<T>(_ service: Int, as type: T.Type = T.self) throws -> T {
    try container().resolve(global: service, as: T.self, onMainActor: false)
  }

  /// Resolves the service numbered `service` on the main actor, where its main-actor factories run
  /// in place.
  @MainActor
  public func resolveOnMainActor<T>(_ service: Int, as type: T.Type = T.self) throws -> T {
    try container().resolve(global: service, as: T.self, onMainActor: true)
  }
}

@_spi(Generated)
extension DeferredLink {
  /// The linked container named `name`: linked on the first call.
  public func container(named name: String) throws -> Container {
    let root = try container()
    guard let named = root.container(named: name) else {
      throw ResolutionError.unknownContainer(name, in: try root.linked().plan)
    }
    return named
  }
}
