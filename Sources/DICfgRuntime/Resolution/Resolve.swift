import DICfgCore

/// The resolve engine: one top-level resolve, from the instance asked for to its properties
/// injected and its shared instances kept.
///
/// Every instance comes through ``instance(of:arguments:)``, which asks the service's scope what
/// to do (``step(for:)``, the one seam between resolves and scopes, where every cycle within a
/// resolve is found): use the instance it keeps (``ScopeStore``), or build one now with
/// ``build(_:arguments:)``, which resolves the initializer's values through the same call, runs the
/// factory, and queues the properties. Once everything is
/// constructed the properties are injected (so a property may point back at an object whose
/// initializer was running), and the shared-scope instances built are kept. A synchronous or
/// main-actor resolve is this engine run to its end (``run(_:arguments:in:)``); an awaited resolve
/// (``AwaitedResolve``) drives the same engine, asks the same seam, and builds only the services
/// that await or hop to the main actor itself, with the same argument stack, factory call and
/// property queue.
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

  /// What a service's scope tells a resolve to do for its instance: the one seam between the
  /// resolve and the scopes, read by the synchronous engine and the awaited resolve alike.
  enum Step {
    /// Use this instance: its scope keeps it, or another resolve built it meanwhile.
    case instance(Instance)
    /// Build it in this resolve, then keep it as `keeping` says (``kept(_:of:as:)``), or report
    /// a failed build (``failed(_:as:)``).
    case build(Keeping)
    /// Build it as a resolve of its own, kept in `scope` when that resolve ends: a shared-scope
    /// instance asked for by an awaited resolve.
    case ownResolve(any SharedScope)
  }

  /// Where an instance this resolve builds is kept.
  enum Keeping {
    /// Nowhere: a `unique` service.
    case nowhere
    /// With this resolve's graph-scoped instances.
    case inGraph
    /// In a shared scope, whose build this resolve claimed: kept there when the resolve ends.
    case claimed(any SharedScope)
  }

  /// The instance of `service`: the one its scope keeps, else one built now. Every road to an
  /// instance meets here.
  mutating func instance(of service: Int, arguments: [String: any Sendable]) throws -> Instance {
    switch try step(for: service) {
    case .instance(let instance):
      return instance
    case .ownResolve:
      return try ownResolve(of: service, arguments: arguments)
    case .build(.nowhere):
      // Only a claimed build has anything to drop when it throws; the two kinds without a claim
      // are spelled apart so the common path carries no handler.
      return try build(service, arguments: arguments)
    case .build(.inGraph):
      let instance = try build(service, arguments: arguments)
      graphInstances.insert(instance, for: service)
      return instance
    case .build(let keeping):
      let instance: Instance
      do {
        instance = try build(service, arguments: arguments)
      } catch {
        failed(keeping, as: service)
        throw error
      }
      kept(instance, of: service, as: keeping)
      return instance
    }
  }

  /// What the scope of `service` tells this resolve to do. Every cycle within a resolve is found
  /// here: a service requested while its own factory runs, whichever scope it has.
  @inline(__always)
  mutating func step(for service: Int) throws -> Step {
    switch graph.scopes[service] {
    case .unique:
      try refuseCycle(at: service)
      return .build(.nowhere)
    case .graph:
      if let instance = graphInstances[service] { return .instance(instance) }
      try refuseCycle(at: service)
      return .build(.inGraph)
    case .singleton(let scope): return try sharedStep(for: service, in: scope.object)
    case .weak(let scope): return try sharedStep(for: service, in: scope.object)
    case .cached(let scope): return try sharedStep(for: service, in: scope.object)
    }
  }

  /// The step for a shared-scope service: the instance its scope keeps, the one another thread is
  /// building (waited for), or a build this resolve claims.
  private mutating func sharedStep(for service: Int, in scope: some SharedScope) throws -> Step {
    if let kept = scope.kept(service) { return .instance(kept) }
    if keepsSharedBuildsAtOnce {
      // Its own resolve starts on this one's path, so its properties cannot reach back into it.
      try refuseCycle(at: service)
      return .ownResolve(scope)
    }
    let (token, thread) = identity()
    switch scope.builds.claim(service, in: scope, resolve: token, thread: thread) {
    case .kept(let instance):
      return .instance(instance)
    case .cycle(let built?):
      // A property cycle: the factory has returned, so its instance is shared.
      return .instance(built)
    case .cycle(nil):
      throw cycle(at: service)
    case .build:
      return .build(.claimed(scope))
    }
  }

  /// Throws a cycle when `service`'s factory is running in this resolve (the services being built
  /// are exactly the current path).
  @inline(__always)
  private mutating func refuseCycle(at service: Int) throws {
    if path.contains(service) { throw cycle(at: service) }
  }

  /// The error of a request for `service` while its build is under way on this resolve's path.
  private func cycle(at service: Int) -> ResolutionError {
    ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
  }

  /// Keeps `instance`, the one this resolve built for `service`, as `keeping` says.
  @inline(__always)
  mutating func kept(_ instance: Instance, of service: Int, as keeping: Keeping) {
    switch keeping {
    case .nowhere:
      break
    case .inGraph:
      graphInstances.insert(instance, for: service)
    case .claimed(let scope):
      scope.builds.built(instance, of: service)
      claimed.append(ClaimedBuild(scope: scope, service: service))
    }
  }

  /// Drops the claim of a build of `service` that threw.
  mutating func failed(_ keeping: Keeping, as service: Int) {
    if case .claimed(let scope) = keeping { scope.builds.release(service) }
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

  // MARK: Builds

  /// Starts the build of `service`: marks it as being built and returns where its initializer's
  /// values begin on the argument stack. Ended by ``endBuild(at:)``.
  @inline(__always)
  mutating func beginBuild(_ service: Int) -> Int {
    if path.capacity == 0 {
      // Room for a typical resolve, so the arrays grow once rather than through every small size.
      path.reserveCapacity(16)
      if !graph.services[service].initializer.isEmpty { argumentStack.reserveCapacity(16) }
    }
    path.append(service)
    return argumentCount
  }

  /// Ends the innermost build, whose values began at `base`.
  @inline(__always)
  mutating func endBuild(at base: Int) {
    path.removeLast()
    argumentCount = base
  }

  /// The values of the build whose values begin at `base`, as an array of their own: for a
  /// factory that awaits or runs on the main actor.
  func values(from base: Int) -> [Instance] { Array(argumentStack[base..<argumentCount]) }

  /// Resolves the initializer's values, calls the factory, and queues the properties.
  mutating func build(_ service: Int, arguments: [String: any Sendable]) throws -> Instance {
    let linked = graph.services[service]
    let base = beginBuild(service)
    defer { endBuild(at: base) }
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
      instance = try Self.call(linked, argumentStack, base..<argumentCount)
    } catch {
      throw Self.failure(error, building: linked, path: pathIDs)
    }
    built(instance, of: service, linked, arguments: arguments)
    return instance
  }

  /// Calls the synchronous factory of `linked` with the values from `base` on the argument stack.
  @inline(__always)
  func callFactory(of linked: LinkedService, from base: Int) throws -> Instance {
    try Self.call(linked, argumentStack, base..<argumentCount)
  }

  /// Calls the synchronous factory of `linked` with `values[range]`.
  @inline(__always)
  static func call(_ linked: LinkedService, _ values: [Instance], _ range: Range<Int>) throws -> Instance {
    switch linked.factory {
    case .typed(let factory):
      return try BorrowedValues.with(values, range) { try factory($0) }
    case .untyped(let factory):
      return try factory(FactoryArguments(values[range], of: linked))
    case .async, .asyncUntyped:
      // The link marks every service that reaches an async factory; a synchronous resolve of one
      // is refused before it starts, and an awaited one awaits it itself.
      throw ResolutionError.requiresAwait(linked.service, path: [])
    }
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

  /// Ends the build of `instance`, `linked`'s (numbered `service`): queues its properties, if it
  /// has any.
  @inline(__always)
  mutating func built(_ instance: Instance, of service: Int, _ linked: LinkedService, arguments: [String: any Sendable])
  {
    if linked.hasProperties {
      deferred.append((instance, service, arguments, path))
    }
  }

  mutating func pushArgument(_ value: Instance) {
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
      try injectProperties(of: instance, service, arguments: arguments)
    }
  }

  /// Sets the properties of `instance`, service `service`'s, each value resolved by this resolve.
  mutating func injectProperties(of instance: Instance, _ service: Int, arguments: [String: any Sendable]) throws {
    let linked = graph.services[service]
    for property in linked.properties {
      let value = try value(property.source, owner: service, arguments: arguments)
      try Self.set(property, of: linked, on: instance, to: value, path: pathIDs)
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
      return .boxed(provider(of: target, owner: owner, graph: graph))
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

  /// A provider of `target` for the service `owner`: each call resolves it anew, holding the graph
  /// weakly, synchronously, on the main actor or awaiting.
  static func provider(of target: Int, owner: Int, graph: LinkedGraph) -> AnyProvider {
    let weak = WeakGraph(graph)
    let name = graph.plan.containers[graph.services[owner].container].name
    return AnyProvider(
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
      })
  }

  /// The run-time arguments of a service resolved as another's dependency: none.
  static let noArguments: [String: any Sendable] = [:]
}

/// A token whose identity names one resolve.
final class ResolveToken: Sendable {}
