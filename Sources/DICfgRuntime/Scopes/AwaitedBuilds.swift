/// The builds of shared-scope instances that await an async factory: each is built exactly once
/// however many tasks await it, and no lock is held across an await.
///
/// The first task to need an instance starts its build as a task of its own and records it; every
/// task that needs it meanwhile awaits that build's value. The build belongs to no waiter, so a
/// waiter that is cancelled neither cancels nor spoils it for the others. A build that throws is
/// forgotten, so the next resolve builds again. A build runs as a resolve called from the
/// requester's (``CalledResolves``), so one whose factories ask for the instance it is building,
/// by a new top-level resolve, is a cycle and an error, not a wait on itself.
final class AwaitedBuilds: Sendable {
  private let running = Locked<[Int: Task<SentResolve, any Error>]>([:])

  private enum Found {
    case kept(Instance)
    case build(Task<SentResolve, any Error>, started: Bool)
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
        return built
      }
      running[service] = build
      return .build(build, started: true)
    }
    switch found {
    case .kept(let instance):
      return (instance, nil)
    case .build(let build, let started):
      let built = try await build.value
      return (built.instance, started ? built.engine.graphInstances : nil)
    }
  }
}
