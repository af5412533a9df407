/// The builds of shared-scope instances that await an async factory: each is built exactly once
/// however many tasks await it, and no lock is held across an await.
///
/// The first task to need an instance starts its build as a task of its own and records it; every
/// task that needs it meanwhile awaits that build's value. The build belongs to no waiter, so a
/// waiter that is cancelled neither cancels nor spoils it for the others. A build that throws is
/// forgotten, so the next resolve builds again. A build that needs, through its own factories, the
/// instance it is building is a cycle and an error, not a wait on itself.
final class AwaitedBuilds: Sendable {
  /// The shared services the current task's builds are building, outermost first.
  @TaskLocal static var building: [Int] = []

  private let running = Locked<[Int: Task<SentInstance, any Error>]>([:])

  private enum Found {
    case kept(Instance)
    case build(Task<SentInstance, any Error>)
  }

  /// The instance of `service` that `scope` keeps, built once and awaited by every task that needs it.
  func instance(
    of service: Int, in scope: some SharedScope, arguments: [String: any Sendable], graph: LinkedGraph
  ) async throws -> Instance {
    let building = Self.building
    if building.contains(service) {
      throw ResolutionError.requestedWhileBuilding(
        graph.services[service].service, path: building.map { graph.services[$0].service.id })
    }
    let found = running.withLock { running -> Found in
      // A build that ended between the caller's look at the scope and this lock kept its instance
      // before it left the table.
      if let kept = scope.kept(service) { return .kept(kept) }
      if let build = running[service] { return .build(build) }
      let build = Task {
        defer { self.running.withLock { $0[service] = nil } }
        let instance = try await Self.$building.withValue(building + [service]) {
          try await AwaitedResolve.build(service, arguments: arguments, in: graph)
        }
        graph.builds.keep(instance, of: service, in: scope)
        return SentInstance(instance: instance)
      }
      running[service] = build
      return .build(build)
    }
    switch found {
    case .kept(let instance): return instance
    case .build(let build): return try await build.value.instance
    }
  }
}
