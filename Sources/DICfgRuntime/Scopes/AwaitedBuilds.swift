/// The builds of shared-scope instances that await an async factory: each is built exactly once
/// however many tasks await it, and no lock is held across an await.
///
/// The first task to need an instance starts its build as a task of its own and records it; every
/// task that needs it meanwhile awaits that build's value. The build belongs to no waiter, so a
/// waiter that is cancelled neither cancels nor spoils it for the others. A build that throws is
/// forgotten, so the next resolve builds again. A build runs as a resolve called from the
/// requester's (``CalledResolves``), so one whose factories ask for the instance it is building,
/// by a new top-level resolve, is a cycle and an error, not a wait on itself.
///
/// A generated container's storage holds the table its link uses, so an `async` singleton its
/// accessor builds and one the link builds are one build.
final class AwaitedBuilds: Sendable {
  private let running = Locked<[Int: Task<Built, any Error>]>([:])

  /// What a build ends with: its instance, and the resolve it ran as (the link's builds; a
  /// generated accessor's build runs none).
  struct Built: Sendable {
    let instance: SentInstance
    let resolve: SentResolve?
  }

  private enum Found {
    case kept(Instance)
    case build(Task<Built, any Error>, started: Bool)
  }

  /// The instance of `service` that `scope` keeps, built once and awaited by every task that
  /// needs it.
  ///
  /// The build starts from `requester`'s graph-scoped instances and path. The requester that
  /// starts it also gets back the graph-scoped instances it ends with, so the two share them as a
  /// synchronous resolve shares them with a singleton it builds; other requesters get the instance.
  func instance(
    of service: Int, in scope: some SharedScope, arguments: [String: any Sendable], requester: Resolve
  ) async throws -> (instance: Instance, graphInstances: GraphInstances?) {
    let graph = requester.graph
    let calls = try CalledResolves.entering(service, of: graph)
    let found = running.withLock { running -> Found in
      // A build that ended between the caller's look at the scope and this lock kept its instance
      // before it left the table.
      if let kept = scope.kept(service) { return .kept(kept) }
      if let build = running[service] { return .build(build, started: false) }
      let start = SentResolve(
        requester.nested(keepingSharedBuildsAtOnce: true, graphInstances: requester.graphInstances))
      let build = Task {
        defer { self.running.withLock { $0[service] = nil } }
        let built = try await CalledResolves.$calls.withValue(calls) {
          try await AwaitedResolve.build(service, arguments: arguments, from: start.engine)
        }
        graph.builds.keep(built.instance, of: service, in: scope)
        return Built(instance: SentInstance(instance: built.instance), resolve: built)
      }
      running[service] = build
      return .build(build, started: true)
    }
    switch found {
    case .kept(let instance):
      return (instance, nil)
    case .build(let build, let started):
      let built = try await build.value
      return (built.instance.instance, started ? built.resolve?.engine.graphInstances : nil)
    }
  }

  /// The instance of `service` that `scope` keeps, built once by `build` (a generated accessor's
  /// build, which resolves nothing through the link) however many tasks await it, and kept through
  /// `builds`, as the link keeps what it builds.
  func instance(
    of service: Int, in scope: some SharedScope, keptThrough builds: SharedBuilds,
    build: @escaping @Sendable () async throws -> SentInstance
  ) async throws -> Instance {
    let found = running.withLock { running -> Found in
      if let kept = scope.kept(service) { return .kept(kept) }
      if let build = running[service] { return .build(build, started: false) }
      let task = Task {
        defer { self.running.withLock { $0[service] = nil } }
        let built = try await build()
        builds.keep(built.instance, of: service, in: scope)
        return Built(instance: built, resolve: nil)
      }
      running[service] = task
      return .build(task, started: true)
    }
    switch found {
    case .kept(let instance): return instance
    case .build(let build, _): return try await build.value.instance.instance
    }
  }
}
