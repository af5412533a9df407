/// One top-level resolve that awaits: what ``Resolve`` does, for a graph in which some factory is
/// `async`. Graph-scoped instances are shared across the awaits of the resolve; each factory runs
/// once its values are built, and properties are injected once everything is constructed.
///
/// A shared-scope service is built as a resolve of its own: with ``AwaitedBuilds`` when it needs
/// an await (one build however many tasks await it), else synchronously.
///
/// A class confined to the task that resolves, so its state lives across suspension points.
final class AwaitedResolve {
  let graph: LinkedGraph
  private var graphInstances = GraphInstances()
  private var deferred: [(instance: Instance, service: Int, arguments: [String: any Sendable], path: [Int])] = []
  /// The services whose factories run, outermost first.
  private var path: [Int] = []

  private init(graph: LinkedGraph) {
    self.graph = graph
  }

  /// Resolves `service` with its run-time `arguments`.
  static func run(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) async throws -> Instance {
    let resolve = AwaitedResolve(graph: graph)
    let instance = try await resolve.instance(of: service, arguments: arguments)
    try await resolve.injectDeferredProperties()
    return instance
  }

  /// Builds `service` itself, whatever its scope keeps, with its properties injected: the build
  /// of a shared-scope instance.
  static func build(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) async throws -> Instance {
    let resolve = AwaitedResolve(graph: graph)
    let instance = try await resolve.build(service, arguments: arguments)
    try await resolve.injectDeferredProperties()
    return instance
  }

  private var pathIDs: [String] { path.map { graph.services[$0].service.id } }

  /// The instance of `service`, as its scope keeps it.
  private func instance(of service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    switch graph.scopes[service] {
    case .unique:
      return try await buildUnlessBuilding(service, arguments: arguments)
    case .graph:
      if let instance = graphInstances[service] { return instance }
      let instance = try await buildUnlessBuilding(service, arguments: arguments)
      graphInstances.insert(instance, for: service)
      return instance
    case .singleton(let scope):
      return try await shared(service, in: scope.object, arguments: arguments)
    case .weak(let scope):
      return try await shared(service, in: scope.object, arguments: arguments)
    case .cached(let scope):
      return try await shared(service, in: scope.object, arguments: arguments)
    }
  }

  private func shared(_ service: Int, in scope: some SharedScope, arguments: [String: any Sendable]) async throws
    -> Instance
  {
    if let kept = scope.kept(service) { return kept }
    let needs = graph.needs[service]
    if needs.contains(.await) {
      return try await graph.awaitedBuilds.instance(of: service, in: scope, arguments: arguments, graph: graph)
    }
    // Built synchronously, on the main actor when it needs it: one thread builds a main-actor
    // instance, so no thread waits for a build that waits for the main actor.
    guard needs.contains(.mainActor) else { return try graph.resolve(service, arguments: arguments) }
    let graph = graph
    return try await MainActor.run {
      SentInstance(instance: try graph.resolve(service, arguments: arguments, onMainActor: true))
    }.instance
  }

  private func buildUnlessBuilding(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    if path.contains(service) {
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: pathIDs)
    }
    return try await build(service, arguments: arguments)
  }

  private func build(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let linked = graph.services[service]
    path.append(service)
    defer { path.removeLast() }
    var values: [Instance] = []
    values.reserveCapacity(linked.initializer.count)
    for source in linked.initializer {
      values.append(try await value(source, owner: service, arguments: arguments))
    }
    let instance: Instance
    do {
      if linked.registration.isMainActor {
        instance = try await Self.callOnMainActor(linked, values)
      } else {
        switch linked.factory {
        case .typed(let factory):
          instance = try values.withUnsafeBufferPointer { try factory($0) }
        case .untyped(let factory):
          instance = try factory(FactoryArguments(values, of: linked))
        case .async(let factory):
          instance = try await factory(values)
        }
      }
    } catch {
      throw Resolve.failure(error, building: linked, path: pathIDs)
    }
    if linked.hasProperties { deferred.append((instance, service, arguments, path)) }
    return instance
  }

  /// Calls a main-actor factory (registered with `register(mainActor:)`, so synchronous) on the
  /// main actor, handing it the values this task built.
  private static func callOnMainActor(_ linked: LinkedService, _ values: [Instance]) async throws -> Instance {
    let sent = SentInstances(values)
    return try await MainActor.run { () throws -> SentInstance in
      let values = sent.values
      switch linked.factory {
      case .typed(let factory):
        return SentInstance(instance: try values.withUnsafeBufferPointer { try factory($0) })
      case .untyped(let factory):
        return SentInstance(instance: try factory(FactoryArguments(values, of: linked)))
      case .async:
        throw ResolutionError(.internalError, "'\(linked.service.type)' has an async main-actor factory")
      }
    }.instance
  }

  private func injectDeferredProperties() async throws {
    var next = 0
    while next < deferred.count {
      let (instance, service, arguments, builtPath) = deferred[next]
      next += 1
      let linked = graph.services[service]
      path = builtPath
      for property in linked.properties {
        let value = try await value(property.source, owner: service, arguments: arguments)
        if property.setter?.isMainActor == true {
          let sent = SentInstances([instance, value])
          let path = pathIDs
          try await MainActor.run {
            try Resolve.set(property, of: linked, on: sent.values[0], to: sent.values[1], path: path)
          }
        } else {
          try Resolve.set(property, of: linked, on: instance, to: value, path: pathIDs)
        }
      }
    }
    path = []
  }

  private func value(_ source: ValueSource, owner: Int, arguments: [String: any Sendable]) async throws -> Instance {
    switch source {
    case .service(let target):
      return try await instance(of: target, arguments: Resolve.noArguments)
    case .tagged(let targets):
      var items: [Instance] = []
      for target in targets { items.append(try await instance(of: target, arguments: Resolve.noArguments)) }
      return .list(items)
    case .array(let sources):
      var items: [Instance] = []
      for source in sources { items.append(try await value(source, owner: owner, arguments: arguments)) }
      return .list(items)
    case .external, .parameter, .argument, .container, .constant, .provider, .lazy, .none:
      return try Resolve.plainValue(source, owner: owner, arguments: arguments, graph: graph, path: pathIDs)
    }
  }
}
