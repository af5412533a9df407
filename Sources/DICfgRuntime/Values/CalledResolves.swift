/// The services resolved on the current task (or thread, outside a task) as resolves called from
/// another's build, outermost first: through providers and lazy values, and the awaited builds of
/// shared instances (``AwaitedBuilds``).
///
/// Such a resolve is a new top-level resolve, so the resolve that called it cannot see the cycle
/// when its factory asks, through one, for a service being built by that very call:
/// `makeRouter()` inside `Router.init`. Each call is recorded here while it runs, and a call for
/// a service already recorded is `dependency-cycle` instead of endless recursion or a wait on
/// itself. Within one resolve, ``Resolve/step(for:)`` finds the cycles.
enum CalledResolves {
  struct Call: Equatable, Sendable {
    let graph: ObjectIdentifier
    let service: Int
  }

  @TaskLocal static var calls: [Call] = []

  /// `body`, with `service` of `graph` recorded as resolving through a provider or lazy value.
  static func resolving<Result>(_ service: Int, of graph: LinkedGraph, _ body: () throws -> Result) throws -> Result {
    let calls = try entering(service, of: graph)
    return try $calls.withValue(calls, operation: body)
  }

  /// `body`, with `service` of `graph` recorded as resolving through a provider, awaited.
  static func resolving<Result>(
    _ service: Int, of graph: LinkedGraph, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async throws -> Result {
    let calls = try entering(service, of: graph)
    return try await $calls.withValue(calls, operation: body, isolation: isolation)
  }

  /// The calls recorded with `service` of `graph` added, for a resolve of it to run with; a
  /// cycle if it is recorded already.
  static func entering(_ service: Int, of graph: LinkedGraph) throws -> [Call] {
    let call = Call(graph: ObjectIdentifier(graph), service: service)
    let calls = Self.calls
    if calls.contains(call) {
      let path = calls.filter { $0.graph == call.graph }.map { graph.services[$0.service].service.id }
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: path)
    }
    return calls + [call]
  }
}
