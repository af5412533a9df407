import Atomics
public import DICfgCore
import Foundation

/// A linked graph container: resolves services by id or bound type, with the scopes the plan
/// declares.
///
/// ```swift
/// let container = try Container(plan: plan, registry: registry, externals: ["analyticsKey": "abc123"])
/// let controller = try container.resolve("weatherReportController", as: WeatherReportViewController.self)
/// let client: WeatherClient = try container.resolve()
/// ```
///
/// `Container` is `Sendable`: any number of threads may resolve at once. Each singleton is built
/// exactly once; a built singleton is returned without taking a lock; no lock is held while a
/// factory runs. Containers of one plan share one link: ``container(named:)`` gives the others.
public final class Container: Sendable {
  let reference: GraphReference
  let index: Int
  /// This container's name in the graph file.
  public let name: String

  /// For a container that owns its link: its ids and the link's published singletons, read by
  /// the inlinable resolve by id without going through the link.
  @usableFromInline let fastIDs: IDTable?
  @usableFromInline let fastSingletons: PublishedSingletons?
  @usableFromInline let fastTypes: TypeIndex?

  init(reference: GraphReference, index: Int, name: String) {
    self.reference = reference
    self.index = index
    self.name = name
    if case .owning(let graph) = reference {
      fastIDs = graph.idLookup[index]
      fastSingletons = graph.publishedSingletons
      fastTypes = graph.typeIndexes[index]
    } else {
      fastIDs = nil
      fastSingletons = nil
      fastTypes = nil
    }
  }

  /// The link, or an error when every handle the app held is gone.
  func linked() throws -> LinkedGraph {
    try reference.graph(container: name)
  }

  /// Links `plan` to `registry` and the host app's externals, and builds the eager singletons.
  ///
  /// All link problems are reported together, each at its graph-file location, before any object
  /// is built.
  ///
  /// - Parameters:
  ///   - plan: A compiled plan (`ResolutionPlan`), from `dicfg compile` or the compiler.
  ///   - registry: The factories, under the type names the plan uses.
  ///   - externals: The instances the plan's externals declare, by id (`"logger"`), or by
  ///     container and id (`"eventsList.logger"`) when two containers declare one id.
  ///   - environment: Where `${NAME}` parameters are read; the process environment by default.
  ///   - container: The container to return; the plan's first by default.
  /// - Throws: ``LinkError`` with every problem found; ``ResolutionError`` when an eager
  ///   singleton fails to build.
  public convenience init(
    plan: ResolutionPlan, registry: Registry, externals: [String: Any] = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment, container: String? = nil
  ) throws {
    let graph = try Linker(plan: plan, registry: registry, externals: externals, environment: environment).link()
    var index = 0
    if let container {
      guard let found = plan.containers.firstIndex(where: { $0.name == container }) else {
        throw ResolutionError(
          .unknownService,
          "the plan has no container '\(container)'"
            + Suggestions.clause(for: container, among: plan.containers.map(\.name)))
      }
      index = found
    }
    self.init(reference: .owning(graph), index: index, name: plan.containers[index].name)
    for (containerIndex, declaration) in plan.containers.enumerated() {
      for local in declaration.eagerServices {
        _ = try graph.resolve(graph.firstService[containerIndex] + local, arguments: [:])
      }
    }
  }

  /// Another container of the same link, sharing its singletons and graph instances; nil when
  /// the link has no container of that name (or this handle's link is gone).
  public func container(named name: String) -> Container? {
    guard let graph = try? linked(), let index = graph.plan.containers.firstIndex(where: { $0.name == name }) else {
      return nil
    }
    return Container(reference: reference, index: index, name: name)
  }

  /// The ids of this container's services and aliases, sorted.
  public var serviceIDs: [String] {
    guard let graph = try? linked() else { return [] }
    let container = graph.plan.containers[index]
    return (container.services.map(\.id) + container.aliases.map(\.id)).sorted()
  }

  /// Resolves the service with `id` (looked up here, then in collaborators).
  ///
  /// - Parameters:
  ///   - id: A service id or alias.
  ///   - type: The type to return.
  ///   - arguments: The run-time arguments the service declares, by name.
  /// - Throws: ``ResolutionError`` with the resolution path and the service's location.
  @inlinable
  public func resolve<T>(_ id: String, as type: T.Type = T.self, arguments: [String: any Sendable] = [:]) throws -> T {
    if arguments.isEmpty { return try resolve(id, as: type) }
    let (instance, target) = try resolveInstance(id, known: nil, arguments: arguments)
    return try cast(instance, to: T.self, target: target)
  }

  /// Resolves the service with `id` (looked up here, then in collaborators), without run-time
  /// arguments.
  ///
  /// - Parameters:
  ///   - id: A service id or alias.
  ///   - type: The type to return.
  /// - Throws: ``ResolutionError`` with the resolution path and the service's location.
  @inlinable
  public func resolve<T>(_ id: String, as type: T.Type = T.self) throws -> T {
    // Inlinable, so the cast to `T` specializes in the caller (a class check for a class `T`),
    // and a built class singleton is read in place: the id found by its value, the instance by
    // one atomic load. No arguments dictionary is built and released on this common call.
    let known = fastIDs?.service(ofSameValue: id)
    if let known, let object = fastSingletons?.object(known), let typed = Self.cast(object, to: T.self) {
      return typed
    }
    let (instance, target) = try resolveInstance(id, known: known, arguments: [:])
    return try cast(instance, to: T.self, target: target)
  }

  /// `object` as a `T`: when its class is exactly `T`, without calling into the runtime.
  @inlinable
  static func cast<T>(_ object: AnyObject, to type: T.Type) -> T? {
    if ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(T.self) { return unsafeBitCast(object, to: T.self) }
    return object as? T
  }

  /// The instance of the service `id` (whose global number is `known` when the caller found it
  /// already), and its global number.
  @usableFromInline
  func resolveInstance(_ id: String, known: Int?, arguments: [String: any Sendable]) throws -> (Instance, Int) {
    let graph = try linked()
    guard let target = known ?? graph.idLookup[index][id] else {
      throw ResolutionError(
        .unknownService,
        "container '\(name)' has no service '\(id)'" + Suggestions.clause(for: id, among: graph.idLookup[index].keys))
    }
    return (try graph.resolve(target, arguments: arguments), target)
  }

  /// Resolves the one service bound to `T` (its `type` or `as:` names `String(describing: T.self)`),
  /// without run-time arguments.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) throws -> T {
    // Inlinable, so the cast to `T` specializes in the caller, and a built class singleton found
    // by this type before is read in place. No arguments dictionary on this common call.
    if let target = fastTypes?.service(boundTo: T.self), let object = fastSingletons?.object(target),
      let typed = Self.cast(object, to: T.self)
    {
      return typed
    }
    let (instance, target) = try resolveInstance(boundTo: T.self, arguments: [:])
    return try cast(instance, to: T.self, target: target)
  }

  /// Resolves the one service bound to `T` (its `type` or `as:` names `String(describing: T.self)`).
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, arguments: [String: any Sendable]) throws -> T {
    if arguments.isEmpty { return try resolve(type) }
    let (instance, target) = try resolveInstance(boundTo: T.self, arguments: arguments)
    return try cast(instance, to: T.self, target: target)
  }

  /// The instance of the one service bound to `type`, and its global number. A type found once is
  /// remembered by its identity, so later resolves skip naming it (`String(describing:)`).
  @usableFromInline
  func resolveInstance(boundTo type: Any.Type, arguments: [String: any Sendable]) throws -> (Instance, Int) {
    let graph = try linked()
    let target: Int
    let types = graph.typeIndexes[index]
    if let known = types.service(boundTo: type) {
      target = known
    } else {
      target = try serviceIndex(boundTo: String(describing: type))
      types.remember(target, boundTo: type)
    }
    return (try graph.resolve(target, arguments: arguments), target)
  }

  /// Resolves the one service bound to the type name `typeName`.
  public func resolve<T>(type typeName: String, as type: T.Type = T.self, arguments: [String: any Sendable] = [:])
    throws -> T
  {
    let target = try serviceIndex(boundTo: typeName)
    return try cast(try linked().resolve(target, arguments: arguments), to: T.self, target: target)
  }

  /// A handle that resolves one service without looking its id up again.
  public func handle<T>(_ id: String, as type: T.Type = T.self) throws -> ServiceHandle<T> {
    let graph = try linked()
    guard let target = graph.idLookup[index][id] else {
      throw ResolutionError(
        .unknownService,
        "container '\(name)' has no service '\(id)'" + Suggestions.clause(for: id, among: graph.idLookup[index].keys))
    }
    let isSingleton = graph.services[target].scope == .singleton
    return ServiceHandle(container: self, target: target, cache: isSingleton ? HandleCache() : nil)
  }

  /// Releases the instances of a `cached` or custom scope (in every container of the link); the
  /// next resolve builds new ones. Resolves racing with a reset get a whole instance, old or new.
  ///
  /// - Throws: ``ResolutionError`` for a scope that is not `cached` or declared under `scopes:`.
  public func reset(scope: String) throws {
    let graph = try linked()
    let kind: ScopeKind
    if scope == "cached" {
      kind = .cached
    } else if graph.plan.containers.contains(where: { $0.customScopes.contains(scope) }) {
      kind = .custom(scope)
    } else {
      let custom = graph.plan.containers.flatMap(\.customScopes)
      throw ResolutionError(
        .unknownService,
        "'\(scope)' is not a resettable scope; reset 'cached' or a scope declared under 'scopes:'"
          + Suggestions.clause(for: scope, among: ["cached"] + custom))
    }
    graph.reset(kind)
  }

  /// Resolves every service of every container of the link once, to prove the whole graph
  /// builds; services with run-time arguments were checked at link time and are not built.
  ///
  /// - Throws: ``VerificationError`` listing every service that failed.
  public func verify() throws {
    let graph = try linked()
    var failures: [ResolutionError] = []
    for (global, linked) in graph.services.enumerated() where linked.service.arguments.isEmpty {
      do {
        _ = try graph.resolve(global, arguments: [:])
      } catch let error as ResolutionError {
        failures.append(error)
      }
    }
    if !failures.isEmpty { throw VerificationError(failures: failures) }
  }

  func serviceIndex(boundTo typeName: String) throws -> Int {
    let graph = try linked()
    guard let candidates = graph.typeLookup[index][typeName] else {
      throw ResolutionError(
        .unknownService,
        "no service of container '\(name)' is bound to type '\(typeName)'; add it to a service's 'type' or 'as:'"
          + Suggestions.clause(for: typeName, among: graph.typeLookup[index].keys))
    }
    guard candidates.count == 1, let target = candidates.first else {
      let ids = candidates.map { "'\(graph.services[$0].service.id)'" }.joined(separator: ", ")
      throw ResolutionError(
        .ambiguousReference, "type '\(typeName)' is bound by \(ids); resolve one of them by id")
    }
    return target
  }

  /// `instance` as a `T`, or the type-mismatch error naming service `target`.
  @inlinable
  func cast<T>(_ instance: Instance, to type: T.Type, target: Int) throws -> T {
    if let typed = instance.cast(to: T.self) { return typed }
    throw typeMismatch(instance, expected: T.self, target: target)
  }

  @usableFromInline
  func typeMismatch(_ instance: Instance, expected: Any.Type, target: Int) -> ResolutionError {
    let instance = instance.any
    guard let service = try? linked().services[target].service else {
      return ResolutionError.releasedContainer(name)
    }
    return ResolutionError(
      .typeMismatch,
      "'\(service.id)' is a '\(String(describing: Swift.type(of: instance)))', not a '\(String(describing: expected))'",
      path: [service.id], location: service.location)
  }
}

/// One service of a container, looked up once: the fastest way to resolve it repeatedly.
///
/// For a singleton, the handle keeps the typed instance once built, so later resolves are one
/// atomic load.
public struct ServiceHandle<T>: Sendable {
  let container: Container
  let target: Int
  @usableFromInline let cache: HandleCache<T>?

  /// Resolves the service.
  @inlinable
  public func resolve(arguments: [String: any Sendable] = [:]) throws -> T {
    // Inlinable, so a built singleton's read specializes in the caller.
    if arguments.isEmpty, let cached = cache?.load() { return cached }
    return try resolveWithoutCache(arguments: arguments)
  }

  /// Calls `body` with the service's instance.
  ///
  /// For a class type, the overload for class types borrows a built singleton without touching
  /// its reference count; for other types this is `body(resolve())`.
  @inlinable
  public func withInstance<Result>(_ body: (T) throws -> Result) throws -> Result {
    try body(resolve())
  }

  @usableFromInline
  func resolveWithoutCache(arguments: [String: any Sendable]) throws -> T {
    let value = try container.cast(
      try container.linked().resolve(target, arguments: arguments), to: T.self, target: target)
    if let cache, arguments.isEmpty { return cache.storeIfAbsentThenLoad(value) }
    return value
  }
}

extension ServiceHandle where T: AnyObject {
  /// Calls `body` with the service's instance, borrowed for the call.
  ///
  /// A built singleton is handed over without changing its reference count, so any number of
  /// threads can use one singleton at once without contending on that count, as they do when each
  /// takes a strong reference. Keep the instance only through what `body` returns.
  ///
  /// ```swift
  /// let log = try container.handle("eventLog", as: EventLog.self)
  /// try log.withInstance { $0.record(event) }
  /// ```
  @inlinable
  @inline(__always)
  public func withInstance<Result>(_ body: (T) throws -> Result) throws -> Result {
    // The cache holds a reference to the instance for as long as this handle exists.
    if let pointer = cache?.referencePointer() {
      return try Unmanaged<T>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
    return try body(resolve())
  }
}

/// A singleton handle's typed instance, written once and then only read.
///
/// A class instance is kept as a retained raw pointer in one atomic word, so a read is an
/// acquiring load and the one retain the caller's reference needs: no intermediate box whose
/// reference count every thread would also touch. Other values sit in an immutable box published
/// through an atomic lazy reference.
///
/// `@unchecked Sendable`: both stores are set once through atomics; the instance is shared as its
/// singleton scope intends.
@usableFromInline
final class HandleCache<T>: @unchecked Sendable {
  /// The instance's address, in a cache line of its own: readers on many cores share the line
  /// without it ever being written beside them.
  @usableFromInline let object: UnsafeAtomic<Int>
  private let line: UnsafeMutableRawPointer
  @usableFromInline let boxed = ManagedAtomicLazyReference<TypedInstance<T>>()
  /// Whether `T` is a class type (or a class existential laid out as one reference).
  @usableFromInline let isReference = T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size

  init() {
    line = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
    let storage = line.bindMemory(to: UnsafeAtomic<Int>.Storage.self, capacity: 1)
    storage.initialize(to: UnsafeAtomic<Int>.Storage(0))
    object = UnsafeAtomic(at: storage)
  }

  deinit {
    let bits = object.load(ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    line.deallocate()
  }

  /// The stored class instance's address; the cache holds a reference to it until it is released.
  @inlinable
  func referencePointer() -> UnsafeRawPointer? {
    guard isReference else { return nil }
    return UnsafeRawPointer(bitPattern: object.load(ordering: .acquiring))
  }

  /// The instance, once stored.
  @inlinable
  func load() -> T? {
    guard isReference else { return boxed.load()?.value }
    guard let pointer = UnsafeRawPointer(bitPattern: object.load(ordering: .acquiring)) else { return nil }
    return unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: T.self)
  }

  /// Stores `value` unless another thread stored first; returns the stored instance.
  func storeIfAbsentThenLoad(_ value: T) -> T {
    guard isReference else { return boxed.storeIfNilThenLoad(TypedInstance(value)).value }
    let retained = Unmanaged<AnyObject>.passRetained(unsafeBitCast(value, to: AnyObject.self))
    let bits = Int(bitPattern: retained.toOpaque())
    let (stored, _) = object.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if !stored { retained.release() }
    return load() ?? value
  }
}

/// A typed instance in a ``HandleCache``. `@unchecked Sendable`: immutable.
@usableFromInline
final class TypedInstance<T>: @unchecked Sendable {
  @usableFromInline let value: T

  init(_ value: T) { self.value = value }
}

/// The services ``Container/verify()`` could not build.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
  public var failures: [ResolutionError]

  public var description: String {
    failures.map(\.description).joined(separator: "\n")
  }
}

/// How a ``Container`` handle holds its link. The handles the app creates own it; the handles and
/// closures the container gives its own factories (`$container`, providers, lazy values) only
/// observe it, so a singleton holding one does not keep the link — and itself — alive forever.
enum GraphReference: Sendable {
  case owning(LinkedGraph)
  case observing(WeakGraph)

  func graph(container: String) throws -> LinkedGraph {
    switch self {
    case .owning(let graph): return graph
    case .observing(let weak):
      guard let graph = weak.graph else { throw ResolutionError.releasedContainer(container) }
      return graph
    }
  }
}

/// A weak reference to a link. `@unchecked Sendable`: set once in `init`, and the Swift runtime
/// reads weak references atomically.
final class WeakGraph: @unchecked Sendable {
  weak var graph: LinkedGraph?

  init(_ graph: LinkedGraph) { self.graph = graph }
}

extension ResolutionError {
  static func releasedContainer(_ name: String) -> ResolutionError {
    ResolutionError(
      .releasedContainer,
      "container '\(name)' was released: every handle the app created is gone, so the services it gave "
        + "its factories can no longer resolve; keep a 'Container' alive while its objects use it")
  }
}
