import DICfgCore

/// The state of one top-level resolve: the graph-scoped instances it shares, the objects whose
/// properties wait to be injected, the scoped instances it claimed, and the path being built.
///
/// A struct passed `inout` down the resolve, so its accesses are checked statically rather than at
/// run time; `identity` tells one resolve from another. Confined to the thread that resolves.
struct ResolveContext {
  let graph: LinkedGraph
  let thread = ThreadIdentity.current
  /// Tells this resolve from others (a slot records which resolve builds it); created when the
  /// resolve first claims a slot, so a resolve that claims none allocates none.
  private var identity: ResolveIdentity?
  private var graphInstances = GraphInstances()
  /// Scoped services this resolve built, to publish (or release) when it ends.
  var claimed: [Int] = []
  private var deferred: [(instance: Instance, service: Int, arguments: [String: any Sendable], path: [Int])] = []
  private var path: [Int] = []
  /// The initializer values of the builds in progress, each build's above its caller's.
  ///
  /// Only `argumentStack[..<argumentCount]` is live; the slots above keep the values of finished
  /// builds until they are overwritten or the resolve ends (their owners hold them anyway), so a
  /// build neither shrinks nor destroys part of the array.
  private var argumentStack: [Instance] = []
  private var argumentCount = 0

  init(graph: LinkedGraph) {
    self.graph = graph
  }

  /// The identity of this resolve, for the slots it claims.
  mutating func owner() -> ObjectIdentifier {
    if let identity { return ObjectIdentifier(identity) }
    let created = ResolveIdentity()
    identity = created
    return ObjectIdentifier(created)
  }

  var pathIDs: [String] { path.map { graph.services[$0].service.id } }

  mutating func instance(of index: Int, arguments: [String: any Sendable]) throws -> Instance {
    switch graph.sharing[index] {
    case .unique:
      return try buildOnce(index, arguments: arguments)
    case .graph:
      if let instance = graphInstances[index] { return instance }
      let instance = try buildOnce(index, arguments: arguments)
      graphInstances.insert(instance, for: index)
      return instance
    case .slot:
      return try graph.sharedInstance(of: index, context: &self)
    }
  }

  /// Builds an unscoped or graph-scoped service, refusing to re-enter one whose factory runs
  /// (the services being built are exactly the current path).
  private mutating func buildOnce(_ index: Int, arguments: [String: any Sendable]) throws -> Instance {
    if path.contains(index) {
      let service = graph.services[index].service
      throw ResolutionError(
        .dependencyCycle, "'\(service.id)' is requested again while its factory is still running",
        path: pathIDs + [service.id], location: service.location)
    }
    return try build(index, arguments: arguments)
  }

  /// Resolves the initializer's values, calls the factory, and queues the properties.
  mutating func build(_ index: Int, arguments: [String: any Sendable]) throws -> Instance {
    let linked = graph.services[index]
    if path.capacity == 0 {
      // Room for a typical resolve, so the arrays grow once rather than through every small size.
      path.reserveCapacity(16)
      if !linked.initializer.isEmpty { argumentStack.reserveCapacity(16) }
    }
    path.append(index)
    defer { path.removeLast() }
    let base = argumentCount
    defer { argumentCount = base }
    if let targets = linked.initializerServices {
      // Every value is another service: no value forms to switch over, no arguments to pass on.
      for target in targets {
        pushArgument(try instance(of: target, arguments: Self.noArguments))
      }
    } else {
      for source in linked.initializer {
        pushArgument(try value(source, owner: index, arguments: arguments))
      }
    }
    let instance: Instance
    do {
      switch linked.factory {
      case .typed(let factory):
        let end = argumentCount
        instance = try argumentStack.withUnsafeBufferPointer { values in
          try factory(UnsafeBufferPointer(rebasing: values[base..<end]))
        }
      case .untyped(let factory):
        let labelled = zip(linked.labels, argumentStack[base..<argumentCount]).map { (label: $0, value: $1.any) }
        instance = try factory(FactoryArguments(values: labelled, serviceID: linked.service.id))
      }
    } catch let error as ResolutionError where !error.path.isEmpty {
      throw error
    } catch let error as ResolutionError {
      throw located(error, at: index)
    } catch let mismatch as ArgumentMismatch {
      throw located(mismatch.error(typeName: linked.registration.name), at: index)
    } catch {
      var failure = ResolutionError(
        .factoryFailed, "the factory of '\(linked.service.id)' threw: \(error)", path: pathIDs,
        location: linked.service.location)
      failure.underlying = error
      throw failure
    }
    if linked.hasProperties {
      deferred.append((instance, index, arguments, path))
    }
    return instance
  }

  private mutating func pushArgument(_ value: Instance) {
    if argumentCount < argumentStack.count {
      argumentStack[argumentCount] = value
    } else {
      argumentStack.append(value)
    }
    argumentCount += 1
  }

  /// Injects the properties of every object this resolve built, after all were constructed, so
  /// a property may point back at an object whose initializer was running when its owner was built.
  mutating func injectDeferredProperties() throws {
    var next = 0
    while next < deferred.count {
      let (instance, index, arguments, builtPath) = deferred[next]
      next += 1
      let linked = graph.services[index]
      path = builtPath
      for property in linked.properties {
        let value = try value(property.source, owner: index, arguments: arguments)
        guard let setter = property.setter else { continue }
        do {
          try setter.set(instance.any, value.any)
        } catch let error as ResolutionError {
          throw located(error, at: index)
        } catch {
          var failure = ResolutionError(
            .factoryFailed, "setting property '\(property.label)' of '\(linked.service.id)' threw: \(error)",
            path: pathIDs, location: property.location)
          failure.underlying = error
          throw failure
        }
      }
    }
    path = []
  }

  private func located(_ error: ResolutionError, at index: Int) -> ResolutionError {
    var error = error
    error.path = pathIDs
    error.location = error.location ?? graph.services[index].service.location
    return error
  }

  // MARK: Values

  private mutating func value(_ source: ValueSource, owner: Int, arguments: [String: any Sendable]) throws -> Instance {
    switch source {
    case .service(let target):
      return try instance(of: target, arguments: Self.noArguments)
    case .external(let container, let index):
      return try graph.external(container: container, index: index, context: self)
    case .parameter(let index):
      return graph.parameters[index]
    case .argument(let name):
      guard let argument = arguments[name] else {
        let service = graph.services[owner].service
        throw ResolutionError(
          .missingArgument, "'\(service.id)' needs run-time argument '\(name)'; pass it in 'arguments:'",
          path: pathIDs, location: service.location)
      }
      return Instance(argument)
    case .container:
      let container = graph.services[owner].container
      return .object(
        Container(
          reference: .observing(WeakGraph(graph)), index: container, name: graph.plan.containers[container].name))
    case .constant(let constant):
      return constant.value
    case .provider(let target):
      let weak = WeakGraph(graph)
      let name = graph.plan.containers[graph.services[owner].container].name
      return .boxed(
        AnyProvider { arguments in
          guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
          return try graph.resolve(target, arguments: arguments).any
        })
    case .lazy(let target):
      let weak = WeakGraph(graph)
      let name = graph.plan.containers[graph.services[owner].container].name
      return .boxed(
        AnyLazy {
          guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
          return try graph.resolve(target, arguments: [:]).any
        })
    case .tagged(let targets):
      return .list(try targets.map { try instance(of: $0, arguments: Self.noArguments) })
    case .array(let sources):
      return .list(try sources.map { try self.value($0, owner: owner, arguments: arguments) })
    case .none:
      return .absent
    }
  }

  static func literalValue(_ literal: ResolutionPlan.Literal) -> Any {
    switch literal {
    case .null: Optional<Any>.none as Any
    case .bool(let value): value
    case .int(let value): value
    case .double(let value): value
    case .string(let value): value
    case .list(let items): items.map(literalValue)
    case .map(let entries): Dictionary(entries.map { ($0.key, literalValue($0.value)) }, uniquingKeysWith: { $1 })
    }
  }
}

extension ResolveContext {
  /// The run-time arguments of a service resolved as another's dependency: none.
  static let noArguments: [String: any Sendable] = [:]
}

/// A token whose identity names one resolve.
final class ResolveIdentity: Sendable {}
