import DICfgCore

// What the engine hands to factories and setters, and what their failures become: shared by the
// synchronous and the awaiting driver.

extension Resolve {
  /// What a factory's error becomes: a resolution error located at the service, with the path.
  static func failure(_ error: any Error, building linked: LinkedService, path: [String]) -> ResolutionError {
    func located(_ error: ResolutionError) -> ResolutionError {
      var error = error
      error.path = path
      error.location = error.location ?? linked.service.location
      return error
    }
    switch error {
    case let error as ResolutionError where !error.path.isEmpty: return error
    case let error as ResolutionError: return located(error)
    case let mismatch as ArgumentMismatch: return located(mismatch.error(typeName: linked.registration.name))
    default: return ResolutionError.factoryFailed(linked.service, error: error, path: path)
    }
  }

  /// Sets `property` of `instance`, a `linked` service's, to `value`.
  static func set(
    _ property: PropertySource, of linked: LinkedService, on instance: Instance, to value: Instance, path: [String]
  ) throws {
    guard let setter = property.setter else { return }
    do {
      try setter.set(instance.any, value.any)
    } catch let error as ResolutionError {
      throw failure(error, building: linked, path: path)
    } catch {
      throw ResolutionError.propertyFailed(property, of: linked.service, error: error, path: path)
    }
  }

  /// A value that builds no service of this resolve: an external, a parameter, a run-time
  /// argument, the container, a literal, a provider or lazy value, or nothing.
  static func plainValue(
    _ source: ValueSource, owner: Int, arguments: [String: any Sendable], graph: LinkedGraph,
    path: @autoclosure () -> [String]
  ) throws -> Instance {
    switch source {
    case .external(let container, let index):
      return try graph.external(container: container, index: index, path: path())
    case .parameter(let index):
      return graph.parameters[index].value
    case .argument(let name):
      guard let argument = arguments[name] else {
        throw ResolutionError.missingArgument(name, of: graph.services[owner].service, path: path())
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
        AnyProvider(
          resolve: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try CalledResolves.resolving(target, of: graph) {
              try graph.resolve(target, arguments: arguments).any
            }
          },
          resolveOnMainActor: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try CalledResolves.resolving(target, of: graph) {
              try graph.resolve(target, arguments: arguments, onMainActor: true).any
            }
          },
          resolveAwaiting: { arguments in
            guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
            return try await CalledResolves.resolving(target, of: graph) {
              SentValue(try await graph.resolveAwaiting(target, arguments: arguments).any)
            }
          }))
    case .lazy(let target):
      let weak = WeakGraph(graph)
      let name = graph.plan.containers[graph.services[owner].container].name
      return .boxed(
        AnyLazy { onMainActor in
          guard let graph = weak.graph else { throw ResolutionError.releasedContainer(name) }
          return try CalledResolves.resolving(target, of: graph) {
            try graph.resolve(target, arguments: [:], onMainActor: onMainActor).any
          }
        })
    case .none:
      return .absent
    case .service, .tagged, .array:
      throw ResolutionError(.internalError, "a value that builds services is not a plain value", path: path())
    }
  }
}
