/// A top-level resolve that may await: the engine of ``Resolve`` driven across suspension points.
///
/// Everything whose build needs no await and no hop to the main actor is built by the engine
/// itself, synchronously, sharing this resolve's graph-scoped instances, path and queued
/// properties. For the rest it asks the engine's scope seam (``Resolve/step(for:)``), so scopes
/// and cycles are decided in one place, and builds where that says to build: the values go on the
/// engine's argument stack, the factory is awaited, called on the main actor, or called as the
/// engine calls it, and the properties join the engine's queue, injected once everything is
/// constructed, as in a synchronous resolve.
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
  /// else as the engine's scope seam says, built here where it says to build.
  private func instance(of service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let needs = graph.needs[service]
    if needs.isEmpty { return try engine.instance(of: service, arguments: arguments) }
    switch try engine.step(for: service) {
    case .instance(let instance):
      return instance
    case .ownResolve(let scope):
      return try await ownResolve(of: service, in: scope, needs: needs, arguments: arguments)
    case .build(let keeping):
      let instance: Instance
      do {
        instance = try await build(service, arguments: arguments)
      } catch {
        engine.failed(keeping, as: service)
        throw error
      }
      engine.kept(instance, of: service, as: keeping)
      return instance
    }
  }

  /// A shared-scope instance whose build awaits or runs on the main actor, built as a resolve of
  /// its own.
  private func ownResolve(
    of service: Int, in scope: some SharedScope, needs: BuildNeeds, arguments: [String: any Sendable]
  ) async throws -> Instance {
    if needs.contains(.await) {
      let built = try await graph.awaitedBuilds.instance(
        of: service, in: scope, arguments: arguments, requester: engine)
      if let graphInstances = built.graphInstances { engine.graphInstances = graphInstances }
      return built.instance
    }
    // Built by the engine on the main actor: one thread builds a main-actor instance, so no
    // thread waits for a build that waits for the main actor. The engine's state goes to the main
    // actor and back while this task waits for it.
    let sent = SentResolve(engine)
    let returned = try await MainActor.run { () throws -> SentResolve in
      var engine = sent.engine
      let instance = try engine.ownResolve(of: service, arguments: arguments)
      return SentResolve(engine, instance: instance)
    }
    engine = returned.engine
    return returned.instance
  }

  /// Builds a service whose build awaits or runs on the main actor, as the engine builds the
  /// rest: its values (each through ``instance(of:arguments:)``) on the engine's argument stack,
  /// then its factory, awaited, on the main actor, or called as the engine calls it.
  private func build(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let linked = graph.services[service]
    let base = engine.beginBuild(service)
    defer { engine.endBuild(at: base) }
    for source in linked.initializer {
      engine.pushArgument(try await value(source, owner: service, arguments: arguments))
    }
    let instance: Instance
    do {
      switch linked.factory {
      case .async(let factory):
        // A main-actor one runs itself there.
        instance = try await factory(engine.values(from: base))
      case _ where linked.registration.isMainActor:
        let values = SentInstances(engine.values(from: base))
        instance = try await MainActor.run { () throws -> SentInstance in
          SentInstance(instance: try Resolve.call(linked, values.values, values.values.indices))
        }.instance
      case .asyncUntyped(let factory):
        instance = try await factory(FactoryArguments(engine.values(from: base), of: linked))
      case .typed, .untyped:
        instance = try engine.callFactory(of: linked, from: base)
      }
    } catch {
      throw Resolve.failure(error, building: linked, path: engine.pathIDs)
    }
    engine.built(instance, of: service, linked, arguments: arguments)
    return instance
  }

  /// Injects the properties the engine queued, its own builds' and this resolve's: by the engine
  /// where no value awaits and no setter runs on the main actor, else awaiting the values that
  /// await and calling main-actor setters on the main actor.
  private func injectDeferredProperties() async throws {
    while let (instance, service, arguments, _) = engine.takeDeferred() {
      let linked = graph.services[service]
      if graph.needs[service].isEmpty, !linked.properties.contains(where: { $0.setter?.isMainActor == true }) {
        try engine.injectProperties(of: instance, service, arguments: arguments)
        continue
      }
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
