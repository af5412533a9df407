// The awaiting driver of the resolve engine: the same walk as a synchronous resolve, with async
// factories awaited and main-actor factories and setters called on the main actor.

extension Resolve {
  /// What an awaiting build gives back: the instance, and the graph instances of the resolve it
  /// was part of, now with what it built.
  struct Awaited {
    let instance: Instance
    let graphInstances: GraphInstances
  }

  /// Resolves `service` as one top-level resolve that awaits: what ``run(_:arguments:in:)`` does,
  /// for a graph in which some factory is `async`.
  static func runAwaiting(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) async throws
    -> Instance
  {
    var resolve = Resolve(graph: graph, buildsSharedScopes: false)
    let need = try resolve.request(service, arguments: arguments)
    return try await resolve.driveAwaiting(first: need).instance
  }

  /// Builds shared-scope service `service` itself, whatever its scope keeps, with its properties
  /// set, sharing `graphInstances` with the resolve that needed it: the build an ``AwaitedBuilds``
  /// task runs.
  static func buildAwaiting(
    _ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph, graphInstances: GraphInstances,
    outerPath: [Int]
  ) async throws -> Awaited {
    var resolve = Resolve(
      graph: graph, buildsSharedScopes: false, graphInstances: graphInstances, outerPath: outerPath)
    try resolve.build(service, arguments: arguments)
    return try await resolve.driveAwaiting(first: nil)
  }

  /// Does what the engine needs until it is finished, awaiting where a factory or setter needs it.
  private mutating func driveAwaiting(first: Need?) async throws -> Awaited {
    var need = first
    while true {
      defer { need = nil }
      switch try need ?? next() {
      case .factory(let linked):
        do {
          finishBuild(try await Self.callAwaiting(linked, values))
        } catch {
          throw Self.failure(error, building: linked, path: pathIDs)
        }
      case .setter:
        let (linked, property, instance, value) = pendingSetter
        if property.setter?.isMainActor == true {
          let sent = SentInstances([instance, value])
          let path = pathIDs
          try await MainActor.run {
            try Self.set(property, of: linked, on: sent.values[0], to: sent.values[1], path: path)
          }
        } else {
          try Self.set(property, of: linked, on: instance, to: value, path: pathIDs)
        }
        finishProperty()
      case .sharedInstance(let target, let scope, let arguments):
        supply(try await sharedInstance(target, in: scope, arguments: arguments))
      case .finished:
        guard let result else { throw ResolutionError(.internalError, "a resolve ended without an instance") }
        return Awaited(instance: result, graphInstances: graphInstances)
      }
    }
  }

  /// Calls the factory of `linked` with `values`: awaited when it is async, on the main actor when
  /// it is isolated to it.
  private static func callAwaiting(_ linked: LinkedService, _ values: [Instance]) async throws -> Instance {
    if linked.registration.isMainActor {
      let sent = SentInstances(values)
      return try await MainActor.run {
        SentInstance(instance: try sent.values.withUnsafeBufferPointer { try call(linked, $0) })
      }.instance
    }
    guard case .async(let factory) = linked.factory else {
      return try values.withUnsafeBufferPointer { try call(linked, $0) }
    }
    return try await factory(values)
  }

  /// The instance of shared-scope service `service`, built for this awaiting resolve without
  /// holding a claim across an await: with ``AwaitedBuilds`` when its build awaits (one build
  /// however many tasks await it), else by a synchronous resolve, on the main actor when its build
  /// needs it. Either build shares this resolve's graph instances and keeps the instance when it
  /// ends, with its properties set.
  private mutating func sharedInstance(_ service: Int, in scope: ScopeStore, arguments: [String: any Sendable])
    async throws -> Instance
  {
    let needs = graph.needs[service]
    let path = buildingPath()
    if needs.contains(.await) {
      let built = try await graph.awaitedBuilds.instance(
        of: service, in: scope, arguments: arguments, graph: graph, graphInstances: graphInstances, outerPath: path)
      if let shared = built.graphInstances { graphInstances = shared }
      return built.instance
    }
    let sent = SentGraphInstances(graphInstances)
    let graph = graph
    let build = { () throws -> SentGraphInstances.Built in
      var resolve = Resolve(
        graph: graph, buildsSharedScopes: true, graphInstances: sent.graphInstances, outerPath: path)
      let instance = try resolve.runSynchronously(service, arguments: arguments)
      return SentGraphInstances.Built(instance: instance, graphInstances: resolve.graphInstances)
    }
    let built = needs.contains(.mainActor) ? try await MainActor.run { try build() } : try build()
    graphInstances = built.graphInstances
    return built.instance
  }
}
