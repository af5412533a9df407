import DICfgCore

/// The resolve engine: one top-level resolve, the one place where every road to an instance meets.
///
/// The engine walks the graph from the requested service: for each service it asks the service's
/// ``ScopeStore`` for a kept instance, and otherwise opens a build that computes the initializer's
/// values (``ValueStep``s, each leaving one value on the engine's stack), hands the factory call to
/// its driver, and records the instance where its scope keeps it: graph-scoped instances in the
/// resolve itself, shared-scope instances as claims the resolve keeps when it ends. Once everything
/// is constructed, it computes the properties of what it built, in the order built, and hands each
/// setter call to its driver, so a property may point back at an object whose initializer was
/// running when its owner was built.
///
/// The engine calls no factory itself: ``next()`` says what the resolve needs done, and a driver
/// does it — ``run(_:arguments:in:)`` calls factories synchronously, ``runAwaiting`` awaits async
/// factories and hops to the main actor. So both have the same walk, scopes, graph-scope sharing,
/// property order and failure mapping. The one difference awaiting forces is the shared scopes: an
/// awaiting resolve never holds a claim across an await (a synchronous resolve on another thread
/// would block on it), so it has its driver build each shared-scope service as a build of its own
/// that shares the resolve's graph instances (see `runAwaiting`).
///
/// A struct, confined to the thread or task that resolves, so its accesses are checked statically.
struct Resolve {
  let graph: LinkedGraph
  /// Whether this resolve claims and builds shared-scope services itself (a synchronous resolve),
  /// or hands them to its driver (an awaiting one).
  private let buildsSharedScopes: Bool
  /// The services being built by the resolve this one builds for, outermost first (an awaiting
  /// resolve's, for a shared-scope service it needs).
  private let outerPath: [Int]
  /// Tells this resolve from others when it claims a shared build; created on the first claim,
  /// so a resolve that claims none allocates none.
  private var token: ResolveToken?
  private var thread: ThreadIdentity?
  /// The graph-scoped instances of this resolve.
  var graphInstances: GraphInstances
  /// Shared-scope instances this resolve built, to keep (or drop) when it ends.
  private var claimed: [ClaimedBuild] = []
  /// The builds and property values under way, innermost last.
  private var frames: [Frame] = []
  /// While a property is computed: the services that were being built when its owner was built,
  /// the owner last (the builds its value opens are the frames).
  private var propertyPath: [Int] = []
  /// The run-time arguments of the requested service.
  private var requestArguments = Resolve.noArguments
  /// The objects built with properties, in the order built, and how far their injection got.
  private var deferred: [Deferred] = []
  private var nextDeferred = 0
  /// The values computed so far for the frames under way, each frame's above its caller's.
  ///
  /// Only `stack[..<stackCount]` is live; the slots above keep the values of finished builds until
  /// they are overwritten or the resolve ends (their owners hold them anyway), so a build neither
  /// shrinks nor destroys part of the array.
  private var stack: [Instance] = []
  private var stackCount = 0
  /// The instance of the requested service, once constructed.
  private(set) var result: Instance?

  /// What a frame does when its values are computed.
  enum Work {
    /// Build the service, then keep the instance as the scope says.
    case build(Keeping)
    /// Set property `property` of the object `deferred[deferred]`.
    case property(deferred: Int, property: Int)
  }

  /// Where a built instance goes.
  enum Keeping {
    /// Nowhere: a `unique` service, or one whose caller keeps it.
    case none
    /// In this resolve's graph instances.
    case graph
    /// In a shared scope, claimed by this resolve, when the resolve ends.
    case shared(ScopeStore)
  }

  private struct Frame {
    /// The service built, or the owner of the property set.
    let service: Int
    /// Whether the service's values see the run-time arguments of the request (the requested
    /// service's own build, or a property of an object built with them); else none.
    let hasArguments: Bool
    let steps: [ValueStep]
    /// The first stack slot of this frame's values.
    let base: Int
    var next = 0
    let work: Work
  }

  private struct Deferred {
    let instance: Instance
    let service: Int
    let hasArguments: Bool
    /// The services being built when it was built, itself last.
    let path: [Int]
    var nextProperty = 0
  }

  /// What the resolve needs its driver to do next.
  enum Need {
    /// Call the factory of `linked` with ``values``, then ``finishBuild(_:)``.
    case factory(LinkedService)
    /// Set the property ``pendingSetter`` describes, then ``finishProperty()``.
    case setter
    /// The instance of shared-scope service `service`, which no scope keeps yet: built by the
    /// driver, then given with ``supply(_:)``. Only an awaiting resolve needs it.
    case sharedInstance(Int, ScopeStore, arguments: [String: any Sendable])
    /// Nothing: ``result`` holds the instance, with every property set.
    case finished
  }

  init(
    graph: LinkedGraph, buildsSharedScopes: Bool, graphInstances: GraphInstances = GraphInstances(),
    outerPath: [Int] = []
  ) {
    self.graph = graph
    self.buildsSharedScopes = buildsSharedScopes
    self.graphInstances = graphInstances
    self.outerPath = outerPath
  }

  // MARK: The synchronous driver

  /// Resolves `service` with its run-time `arguments`: the whole flow of a synchronous top-level
  /// resolve. Every factory is called on this thread.
  static func run(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) throws -> Instance {
    var resolve = Resolve(graph: graph, buildsSharedScopes: true)
    return try resolve.runSynchronously(service, arguments: arguments)
  }

  /// Resolves `service` in this engine, calling each factory and setter here, and keeps the
  /// shared-scope instances it built once everything is constructed and injected.
  mutating func runSynchronously(_ service: Int, arguments: [String: any Sendable]) throws -> Instance {
    do {
      var need = try request(service, arguments: arguments)
      while true {
        defer { need = nil }
        switch try need ?? next() {
        case .factory(let linked):
          let base = frames[frames.count - 1].base
          let end = stackCount
          let instance: Instance
          do {
            instance = try stack.withUnsafeBufferPointer {
              try Self.call(linked, UnsafeBufferPointer(rebasing: $0[base..<end]))
            }
          } catch {
            throw Self.failure(error, building: linked, path: pathIDs)
          }
          finishBuild(instance)
        case .setter:
          let (linked, property, instance, value) = pendingSetter
          try Self.set(property, of: linked, on: instance, to: value, path: pathIDs)
          finishProperty()
        case .sharedInstance(let target, _, _):
          throw ResolutionError(
            .internalError, "a synchronous resolve handed '\(graph.services[target].service.id)' on")
        case .finished:
          graph.builds.keep(claimed)
          guard let result else { throw ResolutionError(.internalError, "a resolve ended without an instance") }
          return result
        }
      }
    } catch {
      abandon()
      throw error
    }
  }

  /// Calls a synchronous factory with `values`; what it throws is mapped by
  /// ``failure(_:building:path:)``.
  static func call(_ linked: LinkedService, _ values: UnsafeBufferPointer<Instance>) throws -> Instance {
    switch linked.factory {
    case .typed(let factory):
      return try factory(values)
    case .untyped(let factory):
      return try factory(FactoryArguments(values, of: linked))
    case .async:
      // The link marks every service that reaches an async factory; a synchronous resolve of one
      // is refused before it starts, so this is reached only through a path the link missed.
      throw ResolutionError.requiresAwait(linked.service, path: [])
    }
  }

  // MARK: The engine

  /// Asks for the requested `service`: its kept instance becomes the result, or its build opens;
  /// or what the driver must do to get it.
  mutating func request(_ service: Int, arguments: [String: any Sendable]) throws -> Need? {
    requestArguments = arguments
    return try instance(of: service, requested: true)
  }

  /// Runs the steps that need no driver, and says what the driver must do next.
  mutating func next() throws -> Need {
    while true {
      guard let top = frames.indices.last else {
        // Construction is over: the properties of what it built, in the order built.
        guard startNextProperty() else { return .finished }
        continue
      }
      let position = frames[top].next
      guard position < frames[top].steps.count else {
        switch frames[top].work {
        case .build:
          return .factory(graph.services[frames[top].service])
        case .property:
          return .setter
        }
      }
      frames[top].next = position + 1
      switch frames[top].steps[position] {
      case .service(let target):
        if let need = try instance(of: target, requested: false) { return need }
      case .plain(let source):
        let arguments = frames[top].hasArguments ? requestArguments : Self.noArguments
        push(try Self.plainValue(source, owner: frames[top].service, arguments: arguments, graph: graph, path: pathIDs))
      case .list(let count):
        let items = Array(stack[(stackCount - count)..<stackCount])
        stackCount -= count
        push(.list(items))
      }
    }
  }

  /// The instance of `service` that its scope keeps, delivered; else its build opened (nil), or
  /// what the driver must do to get it.
  private mutating func instance(of service: Int, requested: Bool) throws -> Need? {
    switch graph.scopes[service] {
    case .unique:
      try open(service, requested: requested, keeping: .none)
    case .graph:
      if let instance = graphInstances[service] {
        deliver(instance)
      } else {
        try open(service, requested: requested, keeping: .graph)
      }
    case let scope:
      if let kept = scope.kept(service) {
        deliver(kept)
        return nil
      }
      guard buildsSharedScopes else {
        return .sharedInstance(service, scope, arguments: requested ? requestArguments : Self.noArguments)
      }
      let (token, thread) = identity()
      switch graph.builds.claim(service, in: scope, by: token, on: thread) {
      case .kept(let instance), .cycle(built: let instance?):
        deliver(instance)
      case .cycle(built: nil):
        throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
      case .build:
        try open(service, requested: requested, keeping: .shared(scope))
      }
    }
    return nil
  }

  /// Opens the build of `service`, refusing to re-enter a `unique` or `graph` one whose factory
  /// runs (the services being built are exactly the path); shared scopes find such cycles through
  /// their claims.
  private mutating func open(_ service: Int, requested: Bool, keeping: Keeping) throws {
    if case .shared = keeping {
    } else if isBuilding(service) {
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
    }
    let steps = graph.services[service].steps
    if frames.capacity == 0 {
      // Room for a typical resolve, so the arrays grow once rather than through every small size.
      frames.reserveCapacity(16)
    }
    if stack.capacity == 0, !steps.isEmpty { stack.reserveCapacity(16) }
    frames.append(
      Frame(
        service: service, hasArguments: requested, steps: steps, base: stackCount,
        work: .build(keeping)))
  }

  /// Opens the build of the requested `service` itself, whatever its scope keeps, for a caller that
  /// keeps the instance.
  mutating func build(_ service: Int, arguments: [String: any Sendable]) throws {
    requestArguments = arguments
    try open(service, requested: true, keeping: .none)
  }

  /// The property to set, its owner's instance and the value, when ``next()`` asks for a setter.
  var pendingSetter: (LinkedService, PropertySource, instance: Instance, value: Instance) {
    guard case .property(let index, let property) = frames[frames.count - 1].work else {
      preconditionFailure("no property is pending")
    }
    let owner = deferred[index]
    let linked = graph.services[owner.service]
    return (linked, linked.properties[property], owner.instance, stack[stackCount - 1])
  }

  /// The values of the innermost frame, copied for a call that outlives a borrow (an await).
  var values: [Instance] { Array(stack[frames[frames.count - 1].base..<stackCount]) }

  /// Ends the innermost build with the instance its factory returned.
  mutating func finishBuild(_ instance: Instance) {
    let frame = frames.removeLast()
    stackCount = frame.base
    if case .build(let keeping) = frame.work {
      switch keeping {
      case .none: break
      case .graph: graphInstances.insert(instance, for: frame.service)
      case .shared(let scope):
        graph.builds.built(instance, of: frame.service)
        claimed.append(ClaimedBuild(scope: scope, service: frame.service))
      }
    }
    if graph.services[frame.service].hasProperties {
      deferred.append(
        Deferred(
          instance: instance, service: frame.service, hasArguments: frame.hasArguments,
          path: buildingPath(inside: false) + [frame.service]))
    }
    deliver(instance)
  }

  /// Gives the instance of the service a ``Need/sharedInstance(_:_:arguments:)`` asked for.
  mutating func supply(_ instance: Instance) { deliver(instance) }

  /// Ends the innermost property frame, whose value the driver has set.
  mutating func finishProperty() {
    stackCount = frames.removeLast().base
  }

  /// Drops the claims of a resolve that failed, so the next resolve builds them again.
  mutating func abandon() {
    for frame in frames {
      if case .build(.shared(let scope)) = frame.work {
        claimed.append(ClaimedBuild(scope: scope, service: frame.service))
      }
    }
    graph.builds.abandon(claimed)
    claimed = []
  }

  private mutating func deliver(_ instance: Instance) {
    if frames.isEmpty {
      result = instance
    } else {
      push(instance)
    }
  }

  private mutating func push(_ value: Instance) {
    if stackCount < stack.count {
      stack[stackCount] = value
    } else {
      stack.append(value)
    }
    stackCount += 1
  }

  /// Opens the frame of the next property to set, if any.
  private mutating func startNextProperty() -> Bool {
    while nextDeferred < deferred.count {
      let owner = deferred[nextDeferred]
      let properties = graph.services[owner.service].properties
      if owner.nextProperty < properties.count {
        deferred[nextDeferred].nextProperty += 1
        propertyPath = owner.path
        frames.append(
          Frame(
            service: owner.service, hasArguments: owner.hasArguments, steps: properties[owner.nextProperty].steps,
            base: stackCount, work: .property(deferred: nextDeferred, property: owner.nextProperty)))
        return true
      }
      nextDeferred += 1
    }
    return false
  }

  /// Whether `service`'s factory is running: it is on the path of builds under way.
  private func isBuilding(_ service: Int) -> Bool {
    for index in frames.indices where frames[index].service == service {
      if case .build = frames[index].work { return true }
    }
    return propertyPath.contains(service) || outerPath.contains(service)
  }

  /// The services whose factories run, outermost first: those of the resolve this one builds for,
  /// then (while a property is computed) those that were being built when its owner was, then the
  /// builds under way.
  func buildingPath() -> [Int] { buildingPath(inside: true) }

  /// The building path, with the resolve this one builds for only when `inside` is set.
  private func buildingPath(inside: Bool) -> [Int] {
    var path = inside ? outerPath + propertyPath : propertyPath
    for index in frames.indices {
      if case .build = frames[index].work { path.append(frames[index].service) }
    }
    return path
  }

  var pathIDs: [String] { buildingPath().map { graph.services[$0].service.id } }

  /// This resolve's identity and thread, for the shared builds it claims.
  private mutating func identity() -> (ObjectIdentifier, ThreadIdentity) {
    let token = self.token ?? ResolveToken()
    let thread = self.thread ?? .current
    self.token = token
    self.thread = thread
    return (ObjectIdentifier(token), thread)
  }

  /// The run-time arguments of a service resolved as another's dependency: none.
  static let noArguments: [String: any Sendable] = [:]
}

/// A token whose identity names one resolve.
final class ResolveToken: Sendable {}
