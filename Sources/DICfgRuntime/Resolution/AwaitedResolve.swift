/// A top-level resolve that may await: the engine of ``Resolve`` driven across suspension points.
///
/// Everything whose build needs no await and no hop to the main actor is built by the engine
/// itself, synchronously, sharing this resolve's graph-scoped instances, path and queued
/// properties. This type builds only the rest: it resolves such a service's values, awaits its
/// async factory or calls its main-actor factory on the main actor, and queues its properties
/// with the engine's; the properties are injected once everything is constructed, as in a
/// synchronous resolve.
///
/// One difference is forced by awaiting, and pinned by `OneEngineTests`: a resolve never holds a
/// shared build's claim across an await (a thread waiting for the claim would block while the
/// claimer is suspended). So a shared-scope instance built inside an awaited resolve is built as a
/// resolve of its own, on the outer resolve's path and with its graph-scoped instances, and kept
/// when that ends rather than when the whole resolve ends: it stays kept if the rest of the resolve
/// fails, and its properties cannot point at an object the outer resolve is still constructing
/// (that is a cycle). One that awaits is a task of its own (``AwaitedBuilds``), built once however
/// many tasks await it.
///
/// A class confined to the task that resolves, so its state lives across suspension points.
final class AwaitedResolve {
  private var engine: Resolve
  private var graph: LinkedGraph { engine.graph }

  private init(engine: Resolve) {
    self.engine = engine
  }

  /// Resolves `service` with its run-time `arguments`.
  static func run(_ service: Int, arguments: [String: any Sendable], in graph: LinkedGraph) async throws -> Instance {
    let resolve = AwaitedResolve(engine: Resolve(graph: graph, keepsSharedBuildsAtOnce: true))
    let instance = try await resolve.instance(of: service, arguments: arguments)
    try await resolve.injectDeferredProperties()
    return instance
  }

  /// Builds `service` itself, whatever its scope keeps, with its properties injected: the build
  /// of a shared-scope instance that awaits, by a resolve of its own that starts from `engine`.
  /// Returns the instance and the engine's state at the end.
  static func build(_ service: Int, arguments: [String: any Sendable], from engine: Resolve) async throws
    -> SentResolve
  {
    let resolve = AwaitedResolve(engine: engine)
    let instance = try await resolve.build(service, arguments: arguments)
    try await resolve.injectDeferredProperties()
    return SentResolve(resolve.engine, instance: instance)
  }

  /// The instance of `service`: from the engine when its build needs no await and no main actor,
  /// else from its scope's store or built here.
  private func instance(of service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let needs = graph.needs[service]
    if needs.isEmpty { return try engine.instance(of: service, arguments: arguments) }
    switch graph.scopes[service] {
    case .unique:
      return try await buildUnlessBuilding(service, arguments: arguments)
    case .graph:
      if let instance = engine.graphInstances[service] { return instance }
      let instance = try await buildUnlessBuilding(service, arguments: arguments)
      engine.graphInstances.insert(instance, for: service)
      return instance
    case .singleton(let scope):
      return try await shared(service, in: scope.object, needs: needs, arguments: arguments)
    case .weak(let scope):
      return try await shared(service, in: scope.object, needs: needs, arguments: arguments)
    case .cached(let scope):
      return try await shared(service, in: scope.object, needs: needs, arguments: arguments)
    }
  }

  /// A shared-scope instance whose build awaits or runs on the main actor.
  private func shared(
    _ service: Int, in scope: some SharedScope, needs: BuildNeeds, arguments: [String: any Sendable]
  ) async throws -> Instance {
    if let kept = scope.kept(service) { return kept }
    if needs.contains(.await) {
      let built = try await graph.awaitedBuilds.instance(
        of: service, in: scope, arguments: arguments, requester: engine)
      if let graphInstances = built.graphInstances { engine.graphInstances = graphInstances }
      return built.instance
    }
    // Built by the engine on the main actor, as a resolve of its own: one thread builds a
    // main-actor instance, so no thread waits for a build that waits for the main actor. The
    // engine's state goes to the main actor and back while this task waits for it.
    let sent = SentResolve(engine)
    let returned = try await MainActor.run { () throws -> SentResolve in
      var engine = sent.engine
      let instance = try engine.ownResolve(of: service, arguments: arguments)
      return SentResolve(engine, instance: instance)
    }
    engine = returned.engine
    return returned.instance
  }

  private func buildUnlessBuilding(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    if engine.path.contains(service) {
      throw ResolutionError.requestedWhileBuilding(graph.services[service].service, path: engine.pathIDs)
    }
    return try await build(service, arguments: arguments)
  }

  /// Builds a service whose build awaits or runs on the main actor: its values (each through
  /// ``instance(of:arguments:)``), then its factory, awaited or on the main actor.
  private func build(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let linked = graph.services[service]
    engine.enter(service)
    defer { engine.leave() }
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
          instance = try BorrowedValues.with(values) { try factory($0) }
        case .untyped(let factory):
          instance = try factory(FactoryArguments(values, of: linked))
        case .async(let factory):
          instance = try await factory(values)
        case .asyncUntyped(let factory):
          instance = try await factory(FactoryArguments(values, of: linked))
        }
      }
    } catch {
      throw Resolve.failure(error, building: linked, path: engine.pathIDs)
    }
    if linked.hasProperties { engine.deferProperties(of: instance, service: service, arguments: arguments) }
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
        return SentInstance(instance: try BorrowedValues.with(values) { try factory($0) })
      case .untyped(let factory):
        return SentInstance(instance: try factory(FactoryArguments(values, of: linked)))
      case .async, .asyncUntyped:
        throw ResolutionError(.internalError, "'\(linked.service.type)' has an async main-actor factory")
      }
    }.instance
  }

  /// Injects the properties the engine queued, its own builds' and this resolve's, awaiting the
  /// values that await and calling main-actor setters on the main actor.
  private func injectDeferredProperties() async throws {
    while let (instance, service, arguments, _) = engine.takeDeferred() {
      let linked = graph.services[service]
      for property in linked.properties {
        let value = try await value(property.source, owner: service, arguments: arguments)
        let path = engine.pathIDs
        if property.setter?.isMainActor == true {
          let sent = SentInstances([instance, value])
          try await MainActor.run {
            try Resolve.set(property, of: linked, on: sent.values[0], to: sent.values[1], path: path)
          }
        } else {
          try Resolve.set(property, of: linked, on: instance, to: value, path: path)
        }
      }
    }
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
      return try Resolve.plainValue(source, owner: owner, arguments: arguments, graph: graph, path: engine.pathIDs)
    }
  }
}
