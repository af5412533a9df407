import DICfgCore

// The messages of resolving, made here and nowhere else.

extension ResolutionError {
  /// A resolve by an id the container does not see.
  static func unknownService(_ id: String, container: String, visible: [String]) -> ResolutionError {
    ResolutionError(
      .unknownService, "container '\(container)' has no service '\(id)'" + Suggestions.clause(for: id, among: visible))
  }

  /// A resolve by a type no service the container sees binds.
  static func unboundType(_ typeName: String, container: String, bound: some Collection<String>) -> ResolutionError {
    ResolutionError(
      .unknownService,
      "no service of container '\(container)' is bound to type '\(typeName)'; add it to a service's 'type' or 'as:'"
        + Suggestions.clause(for: typeName, among: bound))
  }

  /// A resolve by a type several services bind.
  static func ambiguousType(_ typeName: String, services: [String]) -> ResolutionError {
    let ids = services.map { "'\($0)'" }.joined(separator: ", ")
    return ResolutionError(
      .ambiguousReference, "type '\(typeName)' is bound by \(ids); resolve one of them by id")
  }

  /// A container name the link does not have.
  /// At the declaration of the container most likely meant, else at the plan's first container.
  static func unknownContainer(_ name: String, in plan: ResolutionPlan) -> ResolutionError {
    let containers = plan.containers.map(\.name)
    let meant = Suggestions.closest(to: name, among: containers)
    let listed = "; its containers are " + containers.map { "'\($0)'" }.joined(separator: ", ")
    let location = plan.containers.first { $0.name == meant }?.location ?? plan.containers.first?.location
    return ResolutionError(
      .unknownContainer, "the plan has no container '\(name)'" + (meant.map { "; did you mean '\($0)'?" } ?? listed),
      location: location)
  }

  /// A reset of a scope that keeps nothing to release.
  static func notResettable(_ scope: String, resettable: [String]) -> ResolutionError {
    ResolutionError(
      .notResettable,
      "'\(scope)' is not a resettable scope; reset 'cached' or a scope declared under 'scopes:'"
        + Suggestions.clause(for: scope, among: resettable))
  }

  /// A service asked for again while its own factory runs.
  static func requestedWhileBuilding(_ service: ResolutionPlan.Service, path: [String]) -> ResolutionError {
    ResolutionError(
      .dependencyCycle,
      "'\(service.id)' is requested again while its factory is still running; "
        + "a factory that resolves its own service (through '$container') or a cycle of factories cannot finish",
      path: path + [service.id], location: service.location)
  }

  /// A synchronous resolve of a service built by an async factory, or depending on one.
  static func requiresAwait(_ service: ResolutionPlan.Service, path: [String]) -> ResolutionError {
    ResolutionError(
      .requiresAwait,
      "'\(service.id)' is built by an async factory or depends on one through 'init:' or a property, so it "
        + "cannot be resolved synchronously; resolve it with 'try await container.resolve(…)' (in top-level code, "
        + "where Swift picks the synchronous resolve, 'try await container.awaiting.resolve(…)'), or inject it "
        + "into a synchronous service as '{ provider: \(service.id) }' and await the provider",
      path: path.isEmpty ? [service.id] : path, location: service.location)
  }

  /// A synchronous resolve away from the main actor of a service whose build needs it.
  static func requiresMainActor(_ service: ResolutionPlan.Service) -> ResolutionError {
    let why =
      service.isolation == .mainActor
      ? "'\(service.id)' is built on the main actor (isolation: MainActor)"
      : "'\(service.id)' builds a main-actor service through 'init:' or a property"
    return ResolutionError(
      .requiresMainActor,
      why + ", and this synchronous resolve is not on the main actor; resolve it with 'try await "
        + "container.resolve(…)', or from @MainActor code with 'container.mainActor.resolve(…)'",
      path: [service.id], location: service.location)
  }

  /// A factory that threw.
  static func factoryFailed(_ service: ResolutionPlan.Service, error: any Error, path: [String]) -> ResolutionError {
    var failure = ResolutionError(
      .factoryFailed, "the factory of '\(service.id)' threw: \(error)", path: path, location: service.location)
    failure.underlying = error
    return failure
  }

  /// A property setter that threw.
  static func propertyFailed(
    _ property: PropertySource, of service: ResolutionPlan.Service, error: any Error, path: [String]
  ) -> ResolutionError {
    var failure = ResolutionError(
      .factoryFailed, "setting property '\(property.label)' of '\(service.id)' threw: \(error)", path: path,
      location: property.location)
    failure.underlying = error
    return failure
  }

  /// A run-time argument the service's `init:` uses that the resolve did not pass.
  static func missingArgument(_ name: String, of service: ResolutionPlan.Service, path: [String]) -> ResolutionError {
    ResolutionError(
      .missingArgument, "'\(service.id)' needs run-time argument '\(name)'; pass it in 'arguments:'", path: path,
      location: service.location)
  }

  /// A declared run-time argument the resolve did not pass.
  static func missingArgument(_ argument: ResolutionPlan.RuntimeArgument, of service: ResolutionPlan.Service)
    -> ResolutionError
  {
    ResolutionError(
      .missingArgument,
      "'\(service.id)' needs run-time argument '\(argument.name)' (\(argument.type)); "
        + "pass it in 'arguments:' when resolving",
      path: [service.id], location: service.location)
  }

  /// A run-time argument of a type its factory's argument or property cannot take.
  static func argumentMismatch(
    _ name: String, value: Any, use: ResolutionPlan.Argument, of service: ResolutionPlan.Service, expected: String
  ) -> ResolutionError {
    let declared = service.arguments.first { $0.name == name }.map { " (declared \($0.type))" } ?? ""
    return ResolutionError(
      .typeMismatch,
      "run-time argument '\(name)'\(declared) of '\(service.id)' is \(ValueConversion.describe(value)), but "
        + "'\(service.type)' takes a '\(expected)' for '\(use.label)'; pass a '\(expected)' in 'arguments:'",
      path: [service.id], location: use.location)
  }

  /// A run-time argument the service does not declare.
  static func undeclaredArgument(_ name: String, of service: ResolutionPlan.Service) -> ResolutionError {
    let declared = service.arguments.map { "'\($0.name)'" }.joined(separator: ", ")
    let meant = Suggestions.closest(to: name, among: service.arguments.map(\.name))
    return ResolutionError(
      .missingArgument,
      "'\(service.id)' declares no run-time argument '\(name)'"
        + (meant.map { "; did you mean '\($0)'?" }
          ?? (declared.isEmpty ? "; it takes none" : "; it takes \(declared)")),
      path: [service.id], location: service.location)
  }

  /// A weak or unowned external the host app released.
  static func releasedExternal(_ external: ResolutionPlan.External, path: [String]) -> ResolutionError {
    ResolutionError(
      .releasedExternal,
      "\(external.retain) external '\(external.id)' has been released by the host app; "
        + "keep it alive while the container is used, or declare it 'optional: true'",
      path: path, location: external.location)
  }

  /// A resolved instance of another type than asked for.
  static func typeMismatch(_ service: ResolutionPlan.Service, found: Any, expected: Any.Type) -> ResolutionError {
    var foundName = String(describing: type(of: found))
    var expectedName = String(describing: expected)
    // Two types of one name in different modules: the module names tell them apart.
    if foundName == expectedName {
      foundName = String(reflecting: type(of: found))
      expectedName = String(reflecting: expected)
    }
    return ResolutionError(
      .typeMismatch, "'\(service.id)' is a '\(foundName)', not a '\(expectedName)'", path: [service.id],
      location: service.location)
  }

  /// A container handle or provider used after the app released every container handle.
  static func releasedContainer(_ name: String) -> ResolutionError {
    ResolutionError(
      .releasedContainer,
      "container '\(name)' was released: every handle the app created is gone, so the services it gave "
        + "its factories can no longer resolve; keep a 'Container' alive while its objects use it")
  }
}
