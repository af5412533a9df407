import DICfgCore

/// The resolve engine: one top-level resolve, from the instance asked for to its properties
/// injected and its shared instances kept.
///
/// Every instance comes through ``instance(of:arguments:)``: the one the service's scope keeps
/// (``ScopeStore``), or one built now by ``build(_:arguments:)``, which resolves the initializer's
/// values through the same call, runs the factory, and queues the properties. Once everything is
/// constructed the properties are injected (so a property may point back at an object whose
/// initializer was running), and the shared-scope instances built are kept. A synchronous or
/// main-actor resolve is this engine run to its end (``run(_:arguments:in:)``); an awaited resolve
/// (``AwaitedResolve``) drives the same engine and builds only the services that await itself.
///
/// A struct passed `inout` down the resolve, so its accesses are checked statically rather than at
/// run time. Confined to the thread, or the task, that resolves.
struct Resolve {
  typealias Deferred = (instance: Instance, service: Int, arguments: [String: any Sendable], path: [Int])

  let graph: LinkedGraph
  /// Whether each shared-scope instance is built as a resolve of its own and kept when that ends,
  /// rather than when this resolve ends: an awaited resolve never holds a claim across an await.
  private let keepsSharedBuildsAtOnce: Bool
  /// Tells this resolve from others when it claims a shared build; created on the first claim,
  /// so a resolve that claims none allocates none.
  private var token: ResolveToken?
  private var thread: ThreadIdentity?
  /// The graph-scoped instances of this resolve.
  var graphInstances = GraphInstances()
  /// Shared-scope instances this resolve built, to keep (or drop) when it ends.
  private var claimed: [ClaimedBuild] = []
  /// Built objects whose properties are still to be injected, in the order built, and the first
  /// not yet injected.
  private var deferred: [Deferred] = []
  private var nextDeferred = 0
  /// The services whose factories run, outermost first.
  private(set) var path: [Int] = []
  /// The initializer values of the builds in progress, each build's above its caller's.
  ///
  /// Only `argumentStack[..<argumentCount]` is live; the slots above keep the values of finished
  /// builds until they are overwritten or the resolve ends (their owners hold them anyway), so a
  /// build neither shrinks nor destroys part of the array.
  private var argumentStack: [Instance] = []
  private var argumentCount = 0

  init(graph: LinkedGraph, keepsSharedBuildsAtOnce: Bool = false) {
    self.graph = graph
    self.keepsSharedBuildsAtOnce = keepsSharedBuildsAtOnce
  }

  /// Resolves `service` with its run-time `arguments`: the whole flow of a top-level resolve.
  static func run(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) throws -> Instance {
    var resolve = Resolve(graph: graph)
    return try resolve.runToEnd(service, arguments: arguments)
  }

  /// The instance of `service`, its properties injected, and the shared instances built kept.
  mutating func runToEnd(_ service: Int, arguments: [String: any Sendable]) throws -> Instance {
    do {
      let instance = try instance(of: service, arguments: arguments)
      try injectDeferredProperties()
      graph.builds.keep(claimed)
      return instance
    } catch {
      graph.builds.abandon(claimed)
      throw error
    }
  }

  var pathIDs: [String] { path.map { graph.services[$0].service.id } }

  /// The instance of `service`: the one its scope keeps, else one built now. Every road to an
  /// instance meets here.
  mutating func instance(of service: Int, arguments: [String: any Sendable]) throws -> Instance {
    switch graph.scopes[service] {
    case .unique:
      return try buildUnlessBuilding(service, arguments: arguments)
    case .graph:
      if let instance = graphInstances[service] { return instance }
      let instance = try buildUnlessBuilding(service, arguments: arguments)
      graphInstances.insert(instance, for: service)
      return instance
    case .singleton(let scope): return try shared(service, in: scope.object, arguments: arguments)
    case .weak(let scope): return try shared(service, in: scope.object, arguments: arguments)
    case .cached(let scope): return try shared(service, in: scope.object, arguments: arguments)
    }
  }

  /// The instance of a shared-scope service: the one its scope keeps, the one another thread is
  /// building (waited for), or one this resolve claims and builds.
  private mutating func shared(_ service: Int, in scope: some SharedScope, arguments: [String: any Sendable]) throws
    -> Instance
  {
    if let kept = scope.kept(service) { return kept }
    if keepsSharedBuildsAtOnce { return try ownResolve(of: service, arguments: arguments) }
    let (token, thread) = identity()
    switch scope.builds.claim(service, in: scope, resolve: token, thread: thread) {
    case .kept(let instance):
      return instance
    case .cycle(let built?):
      return built
    case .cycle(nil):
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
    case .build:
      let instance: Instance
      do {
        instance = try build(service, arguments: arguments)
      } catch {
        scope.builds.release(service)
        throw error
      }
      scope.builds.built(instance, of: service)
      claimed.append(ClaimedBuild(scope: scope, service: service))
      return instance
    }
  }

  /// Resolves `service` as a resolve of its own that shares this one's graph-scoped instances and
  /// path, so its instance is kept (with its properties) when that resolve ends.
  mutating func ownResolve(of service: Int, arguments: [String: any Sendable]) throws -> Instance {
    var own = nested(keepingSharedBuildsAtOnce: false)
    swap(&own.graphInstances, &graphInstances)
    defer { swap(&own.graphInstances, &graphInstances) }
    return try own.runToEnd(service, arguments: arguments)
  }

  /// A new resolve that starts on this one's path (so a request for what this one is building is
  /// a cycle there too), with `graphInstances`, nothing claimed and nothing queued.
  func nested(keepingSharedBuildsAtOnce: Bool, graphInstances: GraphInstances = GraphInstances()) -> Resolve {
    var nested = Resolve(graph: graph, keepsSharedBuildsAtOnce: keepingSharedBuildsAtOnce)
    nested.path = path
    nested.graphInstances = graphInstances
    return nested
  }

  /// This resolve's identity and thread, for the shared builds it claims.
  private mutating func identity() -> (ObjectIdentifier, ThreadIdentity) {
    let token = self.token ?? ResolveToken()
    let thread = self.thread ?? .current
    self.token = token
    self.thread = thread
    return (ObjectIdentifier(token), thread)
  }

  /// Builds a service of a scope that keeps nothing across resolves, refusing to re-enter one whose
  /// factory runs (the services being built are exactly the current path).
  mutating func buildUnlessBuilding(_ service: Int, arguments: [String: any Sendable]) throws -> Instance {
    if path.contains(service) {
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
    }
    return try build(service, arguments: arguments)
  }

  /// Marks `service` as being built, for a build the awaited resolve runs itself.
  mutating func enter(_ service: Int) { path.append(service) }

  /// Marks the innermost build as ended.
  mutating func leave() { path.removeLast() }

  /// Queues the properties of `instance`, a `service`'s built with `arguments`, for injection
  /// once everything is constructed.
  mutating func deferProperties(of instance: Instance, service: Int, arguments: [String: any Sendable]) {
    deferred.append((instance, service, arguments, path))
  }

  /// The next built object whose properties are to be injected, with the path it was built on
  /// made current; nil when none is left.
  mutating func takeDeferred() -> Deferred? {
    guard nextDeferred < deferred.count else {
      path = []
      return nil
    }
    let next = deferred[nextDeferred]
    nextDeferred += 1
    path = next.path
    return next
  }

  /// Resolves the initializer's values, calls the factory, and queues the properties.
  mutating func build(_ service: Int, arguments: [String: any Sendable]) throws -> Instance {
    let linked = graph.services[service]
    if path.capacity == 0 {
      // Room for a typical resolve, so the arrays grow once rather than through every small size.
      path.reserveCapacity(16)
      if !linked.initializer.isEmpty { argumentStack.reserveCapacity(16) }
    }
    path.append(service)
    defer { path.removeLast() }
    let base = argumentCount
    defer { argumentCount = base }
    if let targets = linked.initializerServices {
      // Every value is another service: no value forms to switch over, no arguments to pass on.
      for target in targets {
        pushArgument(try instance(of: target, arguments: Self.noArguments))
      }
    } else {
      for source in linked.initializer {
        pushArgument(try value(source, owner: service, arguments: arguments))
      }
    }
    let instance: Instance
    do {
      switch linked.factory {
      case .typed(let factory):
        let end = argumentCount
        instance = try BorrowedValues.with(argumentStack, base..<end) { try factory($0) }
      case .untyped(let factory):
        instance = try factory(FactoryArguments(argumentStack[base..<argumentCount], of: linked))
      case .async, .asyncUntyped:
        // The link marks every service that reaches an async factory; a top-level resolve of one
        // is refused before it starts, so this is reached only through a path the link missed.
        throw ResolutionError.requiresAwait(linked.service, path: pathIDs)
      }
    } catch {
      throw Self.failure(error, building: linked, path: pathIDs)
    }
    if linked.hasProperties { deferProperties(of: instance, service: service, arguments: arguments) }
    return instance
  }

  private mutating func pushArgument(_ value: Instance) {
    if argumentCount < argumentStack.count {
      argumentStack[argumentCount] = value
    } else {
      argumentStack.append(value)
    }
    argumentCount += 1
  }

  /// Injects the properties of every object this resolve built, after all were constructed, so
  /// a property may point back at an object whose initializer was running when its owner was built.
  private mutating func injectDeferredProperties() throws {
    while let (instance, service, arguments, _) = takeDeferred() {
      let linked = graph.services[service]
      for property in linked.properties {
        let value = try value(property.source, owner: service, arguments: arguments)
        try Self.set(property, of: linked, on: instance, to: value, path: pathIDs)
      }
    }
  }

  /// What a factory's error becomes: a resolution error located at the service, with the path.
  static func failure(_ error: any Error, building linked: LinkedService, path: [String]) -> ResolutionError {
    func located(_ error: ResolutionError) -> ResolutionError {
      var error = error
      error.path = path
      error.location = error.location ?? linked.service.location
      return error
    }
    switch error {
    case let error as ResolutionError where !error.path.isEmpty: return error
    case let error as ResolutionError: return located(error)
    case let mismatch as ArgumentMismatch: return located(mismatch.error(typeName: linked.registration.name))
    default: return ResolutionError.factoryFailed(linked.service, error: error, path: path)
    }
  }

  /// Sets `property` of `instance`, a `linked` service's, to `value`.
  static func set(
    _ property: PropertySource, of linked: LinkedService, on instance: Instance, to value: Instance, path: [String]
  ) throws {
    guard let setter = property.setter else { return }
    do {
      try setter.set(instance.any, value.any)
    } catch let error as ResolutionError {
      throw failure(error, building: linked, path: path)
    } catch {
      throw ResolutionError.propertyFailed(property, of: linked.service, error: error, path: path)
    }
  }

  // MARK: Values

  private mutating func value(_ source: ValueSource, owner: Int, arguments: [String: any Sendable]) throws -> Instance {
    switch source {
    case .service(let target):
      return try instance(of: target, arguments: Self.noArguments)
    case .tagged(let targets):
      return .list(try targets.map { try instance(of: $0, arguments: Self.noArguments) })
    case .array(let sources):
      return .list(try sources.map { try self.value($0, owner: owner, arguments: arguments) })
    case .external, .parameter, .argument, .container, .constant, .provider, .lazy, .none:
      return try Self.plainValue(source, owner: owner, arguments: arguments, graph: graph, path: pathIDs)
    }
  }

  /// A value that builds no service of this resolve: an external, a parameter, a run-time
  /// argument, the container, a literal, a provider or lazy value, or nothing.
  static func plainValue(
    _ source: ValueSource, owner: Int, arguments: [String: any Sendable], graph: LinkedGraph,
    path: @autoclosure () -> [String]
  ) throws -> Instance {
    switch source {
    case .external(let container, let index):
      return try graph.external(container: container, index: index, path: path())
    case .parameter(let index):
      return graph.parameters[index].value
    case .argument(let name):
      guard let argument = arguments[name] else {
        throw ResolutionError.missingArgument(name, of: graph.services[owner].service, path: path())
      }
      return Instance(argument)
    case .container:
      let container = graph.services[owner].container
      return .object(
        Container(
          reference: .observing(WeakGraph(graph)), index: container, name: graph.plan.containers[container].name))
    case .constant(let constant):
      return constant.value
    case .provider(let target):
      let weak = WeakGraph(graph)
      let name = graph.plan.containers[graph.services[owner].container].name
      return .boxed(
        AnyProvider(
          resolve: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try CalledResolves.resolving(target, of: graph) {
              try graph.resolve(target, arguments: arguments).any
            }
          },
          resolveOnMainActor: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try CalledResolves.resolving(target, of: graph) {
              try graph.resolve(target, arguments: arguments, onMainActor: true).any
            }
          },
          resolveAwaiting: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try await CalledResolves.resolving(target, of: graph) {
              SentValue(try await graph.resolveAwaiting(target, arguments: arguments).any)
            }
          }))
    case .lazy(let target):
      let weak = WeakGraph(graph)
      let name = graph.plan.containers[graph.services[owner].container].name
      return .boxed(
        AnyLazy { onMainActor in
          guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
          return try CalledResolves.resolving(target, of: graph) {
            try graph.resolve(target, arguments: [:], onMainActor: onMainActor).any
          }
        })
    case .none:
      return .absent
    case .service, .tagged, .array:
      throw ResolutionError(.internalError, "a value that builds services is not a plain value", path: path())
    }
  }

  /// The run-time arguments of a service resolved as another's dependency: none.
  static let noArguments: [String: any Sendable] = [:]
}

/// A token whose identity names one resolve.
final class ResolveToken: Sendable {}
