import DICfgCore

// The findings of the link step, made here and nowhere else.

extension Diagnostic {
  static func unregisteredType(_ service: ResolutionPlan.Service, registered: some Collection<String>) -> Diagnostic {
    let name = service.registeredName
    let register =
      service.factory.map { "registry.register(\($0), typeName: \"\($0)\")" } ?? "registry.register(\(name).init)"
    return .error(
      .unregisteredType,
      "no factory is registered for '\(name)' (service '\(service.id)'); register one with '\(register)'"
        + Suggestions.clause(for: name, among: registered), at: service.location)
  }

  static func factoryArity(_ service: ResolutionPlan.Service, argumentTypes: [String]) -> Diagnostic {
    let given = service.initializer.map(\.label)
    let expected = argumentTypes.isEmpty ? "no arguments" : argumentTypes.joined(separator: ", ")
    return .error(
      .factoryMismatch,
      "the factory registered for '\(service.type)' takes \(argumentTypes.count) argument"
        + "\(argumentTypes.count == 1 ? "" : "s") (\(expected)), but '\(service.id)' gives \(given.count) "
        + "in 'init:' (\(Self.labelList(given))); make them match",
      at: service.initializer.first?.location ?? service.location)
  }

  static func factoryLabels(_ service: ResolutionPlan.Service, labels: [String]) -> Diagnostic {
    .error(
      .factoryMismatch,
      "the factory registered for '\(service.type)' takes \(labels.map { "'\($0)'" }.joined(separator: ", ")) "
        + "in that order, but '\(service.id)' gives \(Self.labelList(service.initializer.map(\.label))) in 'init:'",
      at: service.initializer.first?.location ?? service.location)
  }

  static func factoryInitializers(_ service: ResolutionPlan.Service, registered: [[String]]) -> Diagnostic {
    let listed = registered.map { "'\(TypeName.key(service.type, labels: $0))'" }.joined(separator: ", ")
    return .error(
      .factoryMismatch,
      "'\(service.id)' is built with '\(TypeName.key(service.type, labels: service.initializer.map(\.label)))', but "
        + "the factories registered for '\(service.type)' are \(listed); register one for these labels, or make "
        + "'init:' list the labels of one of them",
      at: service.initializer.first?.location ?? service.location)
  }

  static func unlabeledArguments(_ service: ResolutionPlan.Service, repeatedType: String) -> Diagnostic {
    let labels = service.initializer.map { "'\($0.label)'" }.joined(separator: ", ")
    return .error(
      .unlabeledArguments,
      "the factory registered for '\(service.type)' takes two or more arguments of type '\(repeatedType)' by "
        + "position, so 'init:' of '\(service.id)' (\(labels)) could give them in the wrong order unnoticed; "
        + "register it with the initializer's labels in its order ('labels:'), or generate the registration "
        + "with 'dicfg generate'",
      at: service.initializer.first?.location ?? service.location)
  }

  static func eagerRequiresAwait(_ service: ResolutionPlan.Service) -> Diagnostic {
    .error(
      .requiresAwait,
      "'\(service.id)' is an eager singleton built by an async factory (or depending on one), so creating the "
        + "container must await it; create it with 'try await Container.create(graphFile:registry:…)' (or "
        + "'create(plan:registry:…)'), or make it not eager", at: service.location)
  }

  static func unknownProperty(
    _ property: ResolutionPlan.Argument, of service: ResolutionPlan.Service, registered: Set<String>
  ) -> Diagnostic {
    .error(
      .unknownProperty,
      "'\(service.type)' has no registered property '\(property.label)'; register it with "
        + "'registry.property(\"\(property.label)\", of: \(service.type).self, \\.\(property.label))'"
        + Suggestions.clause(for: property.label, among: registered),
      at: property.location)
  }

  static func isolationMismatch(_ service: ResolutionPlan.Service, registeredOnMainActor: Bool) -> Diagnostic {
    let message =
      registeredOnMainActor
      ? "'\(service.type)' is registered with 'register(mainActor:)', but service '\(service.id)' does not say "
        + "'isolation: MainActor'; add 'isolation: MainActor' to the service, or register a nonisolated factory"
      : "service '\(service.id)' says 'isolation: MainActor', but the factory registered for '\(service.type)' "
        + "is nonisolated; register the @MainActor initializer with 'register(mainActor:)', or remove "
        + "'isolation: MainActor'"
    return .error(.isolationMismatch, message, at: service.location)
  }

  static func mainActorProperty(_ property: ResolutionPlan.Argument, of service: ResolutionPlan.Service) -> Diagnostic {
    .error(
      .isolationMismatch,
      "property '\(property.label)' of '\(service.type)' is registered with a main-actor setter, but service "
        + "'\(service.id)' does not say 'isolation: MainActor'; add 'isolation: MainActor' to the service, or "
        + "register a nonisolated setter", at: property.location)
  }

  static func literalMismatch(
    _ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, literal: ResolutionPlan.Literal,
    expected: String, property: Bool = false
  ) -> Diagnostic {
    let found: String
    switch literal {
    case .null: found = "null"
    case .bool(let value): found = "the boolean \(value)"
    case .int(let value): found = "the integer \(value)"
    case .double(let value): found = "the number \(value)"
    case .string(let value): found = "the string '\(value)'"
    case .list: found = "a list"
    case .map: found = "a mapping"
    }
    return .error(
      .typeMismatch,
      property
        ? "property '\(argument.label)' of '\(service.id)' is \(found), but the setter registered for "
          + "'\(service.type)' takes '\(expected)'; write a value of that type"
        : "argument '\(argument.label)' of '\(service.id)' is \(found), but the factory registered for "
          + "'\(service.type)' takes '\(expected)' there; write a value of that type", at: argument.location)
  }

  static func unregisteredSwiftValue(
    _ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, expression: String, taken: String?,
    registered: [String]
  ) -> Diagnostic {
    let place = taken.map { "of type '\($0)' " } ?? ""
    let held =
      registered.isEmpty ? "" : "; it holds it for " + registered.map { "'\($0)'" }.joined(separator: ", ")
    return .error(
      .unregisteredValue,
      "'\(argument.label)' of '\(service.id)' is the Swift value '\(expression)', which the registry holds for no "
        + "value \(place)there\(held); generate the registration from the graph file (the build plugin does), or "
        + "register it with 'registry.swiftValue(\"\(expression)\") { … }'", at: argument.location)
  }

  static func passedService(
    _ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, property: Bool,
    target: ResolutionPlan.Service, built: String, expected: String
  ) -> Diagnostic {
    .error(
      .typeMismatch,
      "\(use(argument, of: service, property: property)) is service '\(target.id)', built as '\(built)', but "
        + "'\(service.type)' takes a '\(expected)' there; pass a service that is a '\(expected)'",
      at: argument.location)
  }

  /// A provider passed where the registered factory takes a function type; nil where it takes another.
  static func providerAsFunction(
    _ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, property: Bool, taken: Any.Type
  ) -> Diagnostic? {
    ValueConversion.providerAsFunction(
      use(argument, of: service, property: property), expected: TypeName.described(taken)
    )
    .map { .error(.typeMismatch, $0, at: argument.location) }
  }

  static func externalMismatch(
    _ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, property: Bool,
    external: ResolutionPlan.External, found: String, expected: String
  ) -> Diagnostic {
    .error(
      .typeMismatch,
      "\(use(argument, of: service, property: property)) is external '\(external.id)', supplied as \(found), but "
        + "'\(service.type)' takes a '\(expected)' there; supply a '\(expected)' for '\(external.id)' in "
        + "'externals:'", at: argument.location)
  }

  /// `argument 'key' of 'tracker'`, or `property …`: what a type finding is about.
  private static func use(_ argument: ResolutionPlan.Argument, of service: ResolutionPlan.Service, property: Bool)
    -> String
  {
    "\(property ? "property" : "argument") '\(argument.label)' of '\(service.id)'"
  }

  static func weakScopeValue(_ service: ResolutionPlan.Service) -> Diagnostic {
    .error(
      .weakValueType,
      "'\(service.id)' has scope weak, but '\(service.type)' is not a class; only objects can be held "
        + "weakly, so choose another scope", at: service.location)
  }

  static func weakExternalValue(_ external: ResolutionPlan.External, value: Any) -> Diagnostic {
    .error(
      .weakValueType,
      "external '\(external.id)' is held \(external.retain), but the value supplied is a "
        + "'\(String(describing: type(of: value)))', not a class instance; supply an object or hold it strong",
      at: external.location)
  }

  static func missingExternal(_ external: ResolutionPlan.External) -> Diagnostic {
    .error(
      .missingExternal,
      "external '\(external.id)' (\(external.type)) was not supplied; pass it in 'externals:' when "
        + "creating the container, or declare it 'optional: true'", at: external.location)
  }

  /// At the declaration of the external `key` most likely meant, or at the first container.
  static func unknownExternal(
    _ key: String, meant: (name: String, container: String, external: ResolutionPlan.External)?,
    containerLocation: SourceLocation
  ) -> Diagnostic {
    guard let meant else {
      return .error(
        .unknownExternal,
        "external '\(key)' was supplied, but the graph file declares no such external; declare it under "
          + "'externals:', or stop supplying it", at: containerLocation)
    }
    return .error(
      .unknownExternal,
      "external '\(key)' was supplied, but the graph file declares no such external; did you mean "
        + "'\(meant.name)', declared here in container '\(meant.container)'?", at: meant.external.location)
  }

  /// A value bound by type that no external declares, at the external whose type it most likely
  /// meant, or at the first container.
  static func unboundExternalType(
    _ type: String, meant: (container: String, external: ResolutionPlan.External)?, containerLocation: SourceLocation
  ) -> Diagnostic {
    let problem = "a '\(type)' was bound by type in 'externals:', but no external declares type '\(type)'"
    guard let meant else {
      return .error(
        .unknownExternal, problem + "; declare one under 'externals:', or stop binding it", at: containerLocation)
    }
    return .error(
      .unknownExternal,
      problem + "; did you mean '\(meant.external.type)', the type of external '\(meant.external.id)' declared here "
        + "in container '\(meant.container)'?", at: meant.external.location)
  }

  /// A value bound by type that several externals declare, at the second of them.
  static func ambiguousExternalType(_ type: String, externals: [ResolutionPlan.External]) -> Diagnostic {
    let ids = externals.map { "'\($0.id)'" }
    return .error(
      .ambiguousReference,
      "a '\(type)' was bound by type in 'externals:', but externals \(ids.dropLast().joined(separator: ", ")) and "
        + "\(ids[ids.count - 1]) all declare type '\(externals[0].type)'; supply each by id instead",
      at: externals[1].location,
      notes: externals.enumerated().filter { $0.offset != 1 }.map {
        Note(message: "external '\($0.element.id)' is declared here", location: $0.element.location)
      })
  }

  private static func labelList(_ labels: [String]) -> String {
    labels.isEmpty ? "none" : labels.map { "'\($0)'" }.joined(separator: ", ")
  }
}
