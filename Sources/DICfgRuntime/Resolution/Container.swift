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
/// ## Resolving
///
/// A service is named by its id or by the type it is bound to, and every way in reads a built
/// singleton the same way first (one atomic load) and otherwise runs the one resolve:
///
/// - `resolve("id", as: T.self)` and `resolve(T.self)`, synchronous, by id or by type, each with
///   an `arguments:` dictionary for services that declare run-time arguments;
/// - the same two `async`, for graphs with `async` factories;
/// - ``handle(_:as:)``, which looks the id up once for a call site that resolves often;
/// - ``mainActor``, whose two `resolve` calls build `isolation: MainActor` services in place.
///
/// Run-time arguments are a dictionary by name; the overloads without it serve the common call
/// without building one.
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
  @usableFromInline let fastSingletons: WriteOnceInstances?
  @usableFromInline let fastTypes: TypeIndex?

  init(reference: GraphReference, index: Int, name: String) {
    self.reference = reference
    self.index = index
    self.name = name
    if case .owning(let graph) = reference {
      fastIDs = graph.idLookup[index]
      fastSingletons = graph.singletons.instances
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
  ///   - externals: The instances the plan's externals declare, by id (`"logger"`), by
  ///     container and id (`"eventsList.logger"`) when two containers declare one id, or by type
  ///     (``Externals/bind(_:as:)``).
  ///   - environment: Where `${NAME}` parameters are read; the process environment by default.
  ///   - container: The container to return; the plan's first by default.
  ///   - replacements: Services a test replaces with instances or factories of its own.
  /// - Throws: ``LinkError`` with every problem found; ``ResolutionError`` when an eager
  ///   singleton fails to build.
  public convenience init(
    plan: ResolutionPlan, registry: Registry, externals: Externals = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment, container: String? = nil,
    replacing replacements: Replacements = Replacements()
  ) throws {
    try self.init(
      plan: plan, registry: registry, externals: externals, environment: environment, container: container,
      replacing: replacements, storage: nil)
  }

  /// Links `plan` as ``init(plan:registry:externals:environment:container:replacing:)`` does, keeping
  /// its singletons in `storage`, where a generated container's accessors keep the singletons they
  /// build: the two build each singleton once between them. `storage` has room for every service of
  /// the plan. For generated code only.
  @_spi(Generated)
  public convenience init(
    plan: ResolutionPlan, registry: Registry, externals: Externals = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment, replacing replacements: Replacements,
    sharing storage: SingletonStorage
  ) throws {
    try self.init(
      plan: plan, registry: registry, externals: externals, environment: environment, container: nil,
      replacing: replacements, storage: storage)
  }

  private convenience init(
    plan: ResolutionPlan, registry: Registry, externals: Externals, environment: [String: String], container: String?,
    replacing replacements: Replacements, storage: SingletonStorage?
  ) throws {
    let (graph, index) = try Self.link(plan, registry, externals, environment, container, replacements, storage)
    let eager = Self.eagerServices(of: graph)
    let awaited = eager.filter { graph.needs[$0].contains(.await) }
    guard awaited.isEmpty else {
      throw LinkError(diagnostics: awaited.map { .eagerRequiresAwait(graph.services[$0].service) }.sorted())
    }
    self.init(reference: .owning(graph), index: index, name: plan.containers[index].name)
    for service in eager { _ = try graph.resolve(service, arguments: [:]) }
  }

  /// Links `plan` as ``init(plan:registry:externals:environment:container:replacing:)`` does, and builds the
  /// eager singletons awaiting the async factories they need.
  ///
  /// ```swift
  /// let container = try await Container.create(plan: plan, registry: registry)
  /// ```
  public static func create(
    plan: ResolutionPlan, registry: Registry, externals: Externals = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment, container: String? = nil,
    replacing replacements: Replacements = Replacements()
  ) async throws -> Container {
    let (graph, index) = try link(plan, registry, externals, environment, container, replacements, nil)
    let created = Container(reference: .owning(graph), index: index, name: plan.containers[index].name)
    for service in eagerServices(of: graph) { _ = try await graph.resolveAwaiting(service, arguments: [:]) }
    return created
  }

  private static func link(
    _ plan: ResolutionPlan, _ registry: Registry, _ externals: Externals, _ environment: [String: String],
    _ container: String?, _ replacements: Replacements, _ storage: SingletonStorage?
  ) throws -> (LinkedGraph, Int) {
    let (plan, registry) = try replacements.applied(to: plan, registry: registry)
    if let storage {
      precondition(
        storage.serviceCount >= plan.containers.reduce(0) { $0 + $1.services.count },
        "the singleton storage has no room for every service of the plan")
    }
    let graph = try Linker(
      plan: plan, registry: registry, externals: externals, environment: environment, storage: storage
    ).link()
    guard let container else { return (graph, 0) }
    guard let found = plan.containers.firstIndex(where: { $0.name == container }) else {
      throw ResolutionError.unknownContainer(container, in: plan)
    }
    return (graph, found)
  }

  /// The eager singletons of every container of the link, by global number.
  private static func eagerServices(of graph: LinkedGraph) -> [Int] {
    graph.plan.containers.enumerated().flatMap { containerIndex, declaration in
      declaration.eagerServices.map { graph.firstService[containerIndex] + $0 }
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
    if let typed = builtSingleton(known, as: T.self) { return typed }
    let (instance, target) = try resolveInstance(id, known: known, arguments: [:])
    return try cast(instance, to: T.self, target: target)
  }

  /// The fast read of a built instance, which every entry point tries first: a built class
  /// singleton of service `target`, read in place where the link keeps it (one atomic load), as a
  /// `T` without a dynamic cast when its class is exactly `T`. Nil sends the caller to the resolve,
  /// which reads every other kept instance from its scope's store.
  @inlinable
  @inline(__always)
  func builtSingleton<T>(_ target: Int?, as type: T.Type) -> T? {
    guard let target, let object = fastSingletons?.object(target) else { return nil }
    return ClassCast.exact(object, to: T.self)
  }

  /// The instance of the service `id` (whose global number is `known` when the caller found it
  /// already), and its global number.
  @usableFromInline
  func resolveInstance(_ id: String, known: Int?, arguments: [String: any Sendable], onMainActor: Bool = false)
    throws -> (Instance, Int)
  {
    let graph = try linked()
    guard let target = known ?? graph.idLookup[index][id] else {
      throw ResolutionError.unknownService(id, container: name, visible: graph.idLookup[index].keys)
    }
    return (try graph.resolve(target, arguments: arguments, onMainActor: onMainActor), target)
  }

  /// Resolves the one service bound to `T` (its `type` or `as:` names `String(describing: T.self)`),
  /// without run-time arguments.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) throws -> T {
    // Inlinable, so the cast to `T` specializes in the caller, and a built class singleton found
    // by this type before is read in place. No arguments dictionary on this common call.
    if let typed = builtSingleton(fastTypes?.service(boundTo: T.self), as: T.self) { return typed }
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
  func resolveInstance(boundTo type: Any.Type, arguments: [String: any Sendable], onMainActor: Bool = false)
    throws -> (Instance, Int)
  {
    let graph = try linked()
    let target = try service(boundTo: type, in: graph)
    return (try graph.resolve(target, arguments: arguments, onMainActor: onMainActor), target)
  }

  /// The service bound to `type`. A type found once is remembered by its identity, so later
  /// resolves skip naming it; the graph file may name it as it is registered (`Payments.Gateway`),
  /// with its module, or as Swift prints it.
  private func service(boundTo type: Any.Type, in graph: LinkedGraph) throws -> Int {
    let types = graph.typeIndexes[index]
    if let known = types.service(boundTo: type) { return known }
    let visible = graph.typeLookup(index)
    let bound =
      TypeName.candidates(type).lazy.map(SwiftTypeName.normalized).first { visible[$0] != nil }
      ?? TypeName.described(type)
    let target = try serviceIndex(boundTo: bound, visible: visible, in: graph)
    types.remember(target, boundTo: type)
    return target
  }

  /// Resolves the service with `id`, awaiting the async factories its graph needs. A graph without
  /// async factories is resolved as the synchronous `resolve` does.
  ///
  /// ```swift
  /// let repository = try await container.resolve("repository", as: UserRepository.self)
  /// ```
  @inlinable
  public func resolve<T>(_ id: String, as type: T.Type = T.self, arguments: [String: any Sendable] = [:]) async throws
    -> T
  {
    if arguments.isEmpty { return try await resolve(id, as: type) }
    return try await resolveAwaiting(id, as: T.self, arguments: arguments)
  }

  /// Resolves the service with `id`, without run-time arguments, awaiting the async factories its
  /// graph needs.
  @inlinable
  public func resolve<T>(_ id: String, as type: T.Type = T.self) async throws -> T {
    // A built class singleton is read in place, as the synchronous resolve reads it.
    if let typed = builtSingleton(fastIDs?.service(ofSameValue: id), as: T.self) { return typed }
    return try await resolveAwaiting(id, as: T.self, arguments: [:])
  }

  @usableFromInline
  func resolveAwaiting<T>(_ id: String, as type: T.Type, arguments: [String: any Sendable]) async throws -> T {
    let graph = try linked()
    guard let target = graph.idLookup[index][id] else {
      throw ResolutionError.unknownService(id, container: name, visible: graph.idLookup[index].keys)
    }
    return try cast(try await graph.resolveAwaiting(target, arguments: arguments), to: T.self, target: target)
  }

  /// Resolves the one service bound to `T`, without run-time arguments, awaiting the async
  /// factories its graph needs.
  public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
    try await resolve(type, arguments: [:])
  }

  /// Resolves the one service bound to `T`, awaiting the async factories its graph needs.
  public func resolve<T>(_ type: T.Type = T.self, arguments: [String: any Sendable]) async throws -> T {
    let graph = try linked()
    let target = try service(boundTo: T.self, in: graph)
    return try cast(try await graph.resolveAwaiting(target, arguments: arguments), to: T.self, target: target)
  }

  /// Resolves every service of every container of the link once, awaiting async factories, to
  /// prove the whole graph builds.
  ///
  /// - Throws: ``VerificationError`` listing every service that failed.
  public func verify() async throws {
    let graph = try linked()
    var failures: [ResolutionError] = []
    for (global, linked) in graph.services.enumerated() where !linked.takesArguments {
      do {
        _ = try await graph.resolveAwaiting(global, arguments: [:])
      } catch let error as ResolutionError {
        failures.append(error)
      }
    }
    if !failures.isEmpty { throw VerificationError(collecting: failures) }
  }

  /// The same container, without keeping it alive: what a service that takes `$container` is
  /// given, so an object the container keeps can hold it without a reference cycle.
  ///
  /// - Throws: ``ResolutionError`` when the container is already released.
  public func observing() throws -> Container {
    Container(reference: .observing(WeakGraph(try linked())), index: index, name: name)
  }

  /// A handle that resolves one service without looking its id up again.
  public func handle<T>(_ id: String, as type: T.Type = T.self) throws -> ServiceHandle<T> {
    let graph = try linked()
    guard let target = graph.idLookup[index][id] else {
      throw ResolutionError.unknownService(id, container: name, visible: graph.idLookup[index].keys)
    }
    return ServiceHandle(container: self, target: target, registeredType: graph.services[target].registration.built)
  }

  /// Resolves service `target` (a global number of this container's link), as a top-level resolve.
  func resolve<T>(global target: Int, as type: T.Type, onMainActor: Bool) throws -> T {
    if let typed = builtSingleton(target, as: T.self) { return typed }
    return try cast(try linked().resolve(target, arguments: [:], onMainActor: onMainActor), to: T.self, target: target)
  }

  /// The instance of service `target` (a global number this container's link gave).
  @usableFromInline
  func instance(ofService target: Int, arguments: [String: any Sendable]) throws -> Instance {
    try linked().resolve(target, arguments: arguments)
  }

  /// Releases the instances of a `cached` or custom scope (in every container of the link); the
  /// next resolve builds new ones. Resolves racing with a reset get a whole instance, old or new.
  ///
  /// - Throws: ``ResolutionError`` for a scope that is not `cached` or declared under `scopes:`.
  public func reset(scope: String) throws {
    let graph = try linked()
    guard let resettable = graph.resettableScopes[scope] else {
      throw ResolutionError.notResettable(scope, resettable: graph.resettableScopes.keys.sorted())
    }
    resettable.reset()
  }

  /// Resolves every service of every container of the link once, to prove the whole graph
  /// builds; services with run-time arguments were checked at link time and are not built.
  ///
  /// - Throws: ``VerificationError`` listing every service that failed.
  public func verify() throws {
    let graph = try linked()
    var failures: [ResolutionError] = []
    for (global, linked) in graph.services.enumerated() where !linked.takesArguments {
      do {
        _ = try graph.resolve(global, arguments: [:])
      } catch let error as ResolutionError {
        failures.append(error)
      }
    }
    if !failures.isEmpty { throw VerificationError(collecting: failures) }
  }

  /// The one service among the `visible` bound types that `typeName` names.
  private func serviceIndex(boundTo typeName: String, visible: [String: [Int]], in graph: LinkedGraph) throws -> Int {
    guard let candidates = visible[typeName] else {
      throw ResolutionError.unboundType(typeName, container: name, bound: visible.keys)
    }
    guard candidates.count == 1, let target = candidates.first else {
      throw ResolutionError.ambiguousType(typeName, services: candidates.map { graph.services[$0].service.id })
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
    guard let service = try? linked().services[target].service else {
      return ResolutionError.releasedContainer(name)
    }
    return ResolutionError.typeMismatch(service, found: instance.any, expected: expected)
  }
}
