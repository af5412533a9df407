import Atomics

/// Where a generated container's singletons, weak and cached instances live: the runtime's scope
/// stores, which its accessors build into and read in place, and which its dynamic container shares
/// once linked, so the two build each instance once between them.
///
/// Generated code creates it; an app names it only through the generated container.
///
/// ```swift
/// var checkout: Checkout { slots.singleton(3) { Checkout(cart: cart) } }
/// ```
@_spi(Generated)
public final class SingletonStorage: Sendable {
  let builds: SharedBuilds
  let singletons: SingletonScope
  /// The `weak` scope's store, for the services some environment holds weakly; nil when none does.
  let weak: WeakScope?
  /// The `cached` scope's store, for the services some environment caches; nil when none does.
  let cached: CachedScope?
  /// The builds of singletons that await, the link's and the accessors' alike: made when first
  /// needed, since making its table costs a process that never awaits a build its first lookups of
  /// generic types.
  private let awaited = ManagedAtomicLazyReference<AwaitedBuilds>()
  /// The number of services it has room for.
  public let serviceCount: Int
  @usableFromInline let reader: WriteOnceInstances.Reader

  /// Storage for the singletons of a link of `serviceCount` services (the plan's, numbered across
  /// its containers in order), and for the services numbered `weakServices` and `cachedServices` in
  /// some environment's link.
  public init(serviceCount: Int, weakServices: [Int] = [], cachedServices: [Int] = []) {
    self.serviceCount = serviceCount
    builds = SharedBuilds(serviceCount: serviceCount)
    singletons = SingletonScope(builds: builds, serviceCount: serviceCount)
    weak = weakServices.isEmpty ? nil : WeakScope(builds: builds, serviceCount: serviceCount, services: weakServices)
    cached =
      cachedServices.isEmpty
      ? nil : CachedScope(name: "cached", builds: builds, serviceCount: serviceCount, services: cachedServices)
    reader = singletons.instances.reader
  }

  /// The singleton numbered `service`: read in place once built (one atomic load for a class),
  /// else built with `build`, once however many threads ask at a time, and kept.
  ///
  /// A build that throws keeps nothing, so the next call builds again. `build` must not ask for
  /// the same singleton: the generated code it runs cannot, since its initializers form no cycle.
  @inlinable
  @inline(__always)
  func singleton<T>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let object = reader.object(service), let typed = ClassCast.exact(object, to: T.self) { return typed }
    return try built(service, as: T.self, build)
  }

  /// The singleton numbered `service` of a class type: as `singleton(_:as:build:)` of any type, with a build
  /// that keeps the object as it is, without boxing or casting it. Once built, it is one atomic
  /// load and no check of the object's class: the slot holds what this accessor or the link built
  /// for the same service, whose type is `T` or a subclass (a container with replacements resolves
  /// through the link instead).
  @inlinable
  @inline(__always)
  func singleton<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let object = reader.object(service) { return ClassCast.unchecked(object, to: T.self) }
    let object = try builtObject(service) { try build() }
    guard let typed = ClassCast.exact(object, to: T.self) else { Self.mismatch(object, T.self) }
    return typed
  }

  @usableFromInline
  func builtObject(_ service: Int, _ build: () throws -> AnyObject) rethrows -> AnyObject {
    try instance(service, in: singletons) { .object(try build()) }.object
  }

  /// The kept instance of `service`, or the one `build` makes, claimed so it runs once across
  /// threads, and kept with the claim dropped in one lock.
  private func instance(
    _ service: Int, in scope: some SharedScope, _ build: () throws -> Instance
  ) rethrows -> Instance {
    if let kept = scope.kept(service) { return kept }
    switch builds.claim(service, in: scope, resolve: nil, thread: .current) {
    case .kept(let instance):
      return instance
    case .cycle(let built):
      guard let built else { Self.requestedWhileBuilding(service) }
      return built
    case .build:
      let instance: Instance
      do {
        instance = try build()
      } catch {
        builds.release(service)
        throw error
      }
      builds.keep(claimed: service, instance: instance, in: scope)
      return instance
    }
  }

  /// The builds of singletons that await, made on first use.
  var awaitedBuilds: AwaitedBuilds { awaited.load() ?? awaited.storeIfNilThenLoad(AwaitedBuilds()) }

  /// The instance of the weak service numbered `service` while something holds it, else the one
  /// `build` makes, once however many threads ask at a time.
  @usableFromInline
  func weakInstance<T: AnyObject>(_ service: Int, as type: T.Type, _ build: () throws -> T) rethrows -> T {
    guard let weak else { Self.unscoped(service, "weak") }
    let object = try instance(service, in: weak) { .object(try build()) }.object
    guard let typed = ClassCast.exact(object, to: T.self) else { Self.mismatch(object, T.self) }
    return typed
  }

  /// The cached instance of the service numbered `service`, else the one `build` makes, once
  /// however many threads ask at a time, kept until the scope's reset.
  @usableFromInline
  func cachedInstance<T>(_ service: Int, as type: T.Type, _ build: () throws -> T) rethrows -> T {
    guard let cached else { Self.unscoped(service, "cached") }
    return Self.typed(try instance(service, in: cached) { Instance.wrapping(try build()) }, as: T.self)
  }

  /// Generated code names the services it keeps weakly or caches when it makes the storage.
  static func unscoped(_ service: Int, _ scope: String) -> Never {
    preconditionFailure("service \(service) of a generated container is \(scope), but its storage was made without it")
  }

  /// The singleton numbered `service` whose build awaits: read in place once built, else built
  /// with `build` once however many tasks await it (a build the link started included), and kept.
  /// A build that throws keeps nothing, so the next call builds again.
  @usableFromInline
  func awaitedSingleton<T>(
    _ service: Int, as type: T.Type, build: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    if let kept = singletons.kept(service) { return Self.typed(kept, as: T.self) }
    let instance = try await awaitedBuilds.instance(of: service, in: singletons, keptThrough: builds) {
      SentInstance(instance: Instance.wrapping(try await build()))
    }
    return Self.typed(instance, as: T.self)
  }

  @usableFromInline
  static func mismatch(_ object: AnyObject, _ type: Any.Type) -> Never {
    preconditionFailure("a generated container's singleton is a \(Swift.type(of: object)), not a \(type)")
  }

  /// Only a factory that reaches the container again, on this thread or one this one waits for,
  /// asks for a singleton whose build it is part of: generated builds never do.
  static func requestedWhileBuilding(_ service: Int) -> Never {
    preconditionFailure("singleton \(service) of a generated container was requested while it was being built")
  }

  @usableFromInline
  func built<T>(_ service: Int, as type: T.Type, _ build: () throws -> T) rethrows -> T {
    Self.typed(try instance(service, in: singletons) { Instance.wrapping(try build()) }, as: T.self)
  }

  /// A kept instance as the accessor's type: what the accessor or the link built for the same
  /// service, so always a `T`.
  private static func typed<T>(_ instance: Instance, as type: T.Type) -> T {
    guard let typed = instance.cast(to: T.self) else {
      preconditionFailure("a generated container's singleton is a \(Swift.type(of: instance.any)), not a \(T.self)")
    }
    return typed
  }
}

@_spi(Generated)
extension SingletonStorage {
  /// The storage as a generated container keeps it for its accessors' reads: the slots' address and
  /// the storage unretained, so reading a built singleton touches no reference count. Valid while
  /// the storage lives (the container's link keeps it).
  public var slots: SingletonSlots { SingletonSlots(storage: self) }
}
