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
    let arguments: [String: any Sendable]
    let steps: [ValueStep]
    /// The first stack slot of this frame's values.
    let base: Int
    var next = 0
    let work: Work
  }

  private struct Deferred {
    let instance: Instance
    let service: Int
    let arguments: [String: any Sendable]
    /// The services being built when it was built, itself last.
    let path: [Int]
    var nextProperty = 0
  }

  /// What the resolve needs its driver to do next.
  enum Need {
    /// Call the factory of `linked` with ``values``, then ``finishBuild(_:)``.
    case factory(LinkedService)
    /// Set `property` of `instance` (a `linked` service's) to `value`, then ``finishProperty()``.
    case setter(LinkedService, PropertySource, instance: Instance, value: Instance)
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
      try request(service, arguments: arguments)
      while true {
        switch try next() {
        case .factory(let linked):
          let instance = try withValues { values in try Self.call(linked, values, path: pathIDs) }
          finishBuild(instance)
        case .setter(let linked, let property, let instance, let value):
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

  /// Calls a synchronous factory with `values`.
  static func call(_ linked: LinkedService, _ values: UnsafeBufferPointer<Instance>, path: @autoclosure () -> [String])
    throws -> Instance
  {
    do {
      switch linked.factory {
      case .typed(let factory):
        return try factory(values)
      case .untyped(let factory):
        return try factory(FactoryArguments(values, of: linked))
      case .async:
        // The link marks every service that reaches an async factory; a synchronous resolve of
        // one is refused before it starts, so this is reached only through a path the link missed.
        throw ResolutionError.requiresAwait(linked.service, path: path())
      }
    } catch {
      throw failure(error, building: linked, path: path())
    }
  }

  // MARK: The engine

  /// Asks for `service`: its kept instance goes on the stack (or becomes the result), or its
  /// build opens.
  mutating func request(_ service: Int, arguments: [String: any Sendable]) throws {
    if let need = try instance(of: service, arguments: arguments) {
      pending = need
    }
  }

  /// A need found while asking for a service, handed out by the next ``next()``.
  private var pending: Need?

  /// Runs the steps that need no driver, and says what the driver must do next.
  mutating func next() throws -> Need {
    if let pending {
      self.pending = nil
      return pending
    }
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
        case .property(let index, let property):
          let owner = deferred[index]
          let linked = graph.services[owner.service]
          return .setter(linked, linked.properties[property], instance: owner.instance, value: stack[stackCount - 1])
        }
      }
      frames[top].next = position + 1
      switch frames[top].steps[position] {
      case .service(let target):
        if let need = try instance(of: target, arguments: Self.noArguments) { return need }
      case .plain(let source):
        push(
          try Self.plainValue(
            source, owner: frames[top].service, arguments: frames[top].arguments, graph: graph, path: pathIDs))
      case .list(let count):
        let items = Array(stack[(stackCount - count)..<stackCount])
        stackCount -= count
        push(.list(items))
      }
    }
  }

  /// The instance of `service` that its scope keeps, delivered; else its build opened (nil), or
  /// what the driver must do to get it.
  private mutating func instance(of service: Int, arguments: [String: any Sendable]) throws -> Need? {
    switch graph.scopes[service] {
    case .unique:
      try open(service, arguments: arguments, keeping: .none)
    case .graph:
      if let instance = graphInstances[service] {
        deliver(instance)
      } else {
        try open(service, arguments: arguments, keeping: .graph)
      }
    case let scope:
      if let kept = scope.kept(service) {
        deliver(kept)
        return nil
      }
      guard buildsSharedScopes else { return .sharedInstance(service, scope, arguments: arguments) }
      let (token, thread) = identity()
      switch graph.builds.claim(service, in: scope, by: token, on: thread) {
      case .kept(let instance), .cycle(built: let instance?):
        deliver(instance)
      case .cycle(built: nil):
        throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
      case .build:
        try open(service, arguments: arguments, keeping: .shared(scope))
      }
    }
    return nil
  }

  /// Opens the build of `service`, refusing to re-enter a `unique` or `graph` one whose factory
  /// runs (the services being built are exactly the path); shared scopes find such cycles through
  /// their claims.
  mutating func open(_ service: Int, arguments: [String: any Sendable], keeping: Keeping) throws {
    if case .shared = keeping {
    } else if isBuilding(service) {
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
    }
    if frames.capacity == 0 {
      // Room for a typical resolve, so the arrays grow once rather than through every small size.
      frames.reserveCapacity(16)
      stack.reserveCapacity(16)
    }
    frames.append(
      Frame(
        service: service, arguments: arguments, steps: graph.services[service].steps, base: stackCount,
        work: .build(keeping)))
  }

  /// Calls `body` with the values of the innermost frame, borrowed for the call.
  func withValues<Result>(_ body: (UnsafeBufferPointer<Instance>) throws -> Result) rethrows -> Result {
    let base = frames[frames.count - 1].base
    let end = stackCount
    return try stack.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[base..<end])) }
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
          instance: instance, service: frame.service, arguments: frame.arguments,
          path: buildingPath() + [frame.service]))
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
        frames.append(
          Frame(
            service: owner.service, arguments: owner.arguments, steps: properties[owner.nextProperty].steps,
            base: stackCount, work: .property(deferred: nextDeferred, property: owner.nextProperty)))
        return true
      }
      nextDeferred += 1
    }
    return false
  }

  /// Whether `service`'s factory is running: it is on the path of builds under way.
  private func isBuilding(_ service: Int) -> Bool {
    for frame in frames.reversed() {
      switch frame.work {
      case .build: if frame.service == service { return true }
      case .property(let index, _): return deferred[index].path.contains(service) || outerPath.contains(service)
      }
    }
    return outerPath.contains(service)
  }

  /// The services whose factories run, outermost first (while a property is computed, the path
  /// on which its owner was built, then what the property's value builds).
  func buildingPath() -> [Int] {
    var path: [Int] = []
    var start = outerPath
    for frame in frames {
      switch frame.work {
      case .build: path.append(frame.service)
      case .property(let index, _):
        start = deferred[index].path
        path = []
      }
    }
    return start + path
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
