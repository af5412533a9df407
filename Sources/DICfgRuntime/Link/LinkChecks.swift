public import DICfgCore

/// The checks between a plan and registered types, shared by linking and
/// `dicfg validate --registry`.
public enum LinkChecks {
  /// Every problem between `plan` and the types a manifest describes.
  public static func check(plan: ResolutionPlan, manifest: RegistryManifest) -> [Diagnostic] {
    check(plan: plan, types: RegisteredTypes(manifest.types.map(RegisteredType.init))).sorted()
  }

  static func check(plan: ResolutionPlan, types: RegisteredTypes) -> [Diagnostic] {
    var keys: [String?] = []
    return check(plan: plan, types: types, keys: &keys)
  }

  /// The checks, and per service of the plan (in order) the key of the factory it is built with.
  static func check(plan: ResolutionPlan, types: RegisteredTypes, keys: inout [String?]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for container in plan.containers {
      for service in container.services {
        let given = service.initializer.map(\.label)
        let type: RegisteredType
        let match = types.match(type: service.type, labels: given)
        if case .found(let found) = match { keys.append(found.key) } else { keys.append(nil) }
        switch match {
        case .found(let found): type = found
        case .otherInitializers(let labels):
          // One initializer registered: say how its labels differ; several: list them.
          if labels.count == 1, let only = labels.first {
            diagnostics.append(.factoryLabels(service, labels: only))
          } else {
            diagnostics.append(.factoryInitializers(service, registered: labels))
          }
          continue
        case .missing:
          diagnostics.append(.unregisteredType(service, registered: types.names))
          continue
        }
        if let argumentTypes = type.argumentTypes, argumentTypes.count != given.count {
          diagnostics.append(.factoryArity(service, argumentTypes: argumentTypes))
        } else if let labels = type.labels, labels != given {
          diagnostics.append(.factoryLabels(service, labels: labels))
        } else if type.labels == nil, let argumentTypes = type.argumentTypes, given.count >= 2,
          let repeated = Self.repeatedType(argumentTypes)
        {
          diagnostics.append(.unlabeledArguments(service, repeatedType: repeated))
        } else if let argumentTypes = type.argumentTypes {
          for (argument, expected) in zip(service.initializer, argumentTypes) {
            guard let literal = Self.literal(of: argument.value, in: plan), !Self.fits(literal, expected) else {
              continue
            }
            diagnostics.append(.literalMismatch(argument, of: service, literal: literal, expected: expected))
          }
        }
        for property in service.properties where !type.properties.contains(property.label) {
          diagnostics.append(.unknownProperty(property, of: service, registered: type.properties))
        }
        if type.isMainActor != (service.isolation == .mainActor) {
          diagnostics.append(.isolationMismatch(service, registeredOnMainActor: type.isMainActor))
        } else if service.isolation != .mainActor,
          let property = service.properties.first(where: { type.mainActorProperties.contains($0.label) })
        {
          diagnostics.append(.mainActorProperty(property, of: service))
        }
        if service.scope == .weak, !type.isClass {
          diagnostics.append(.weakScopeValue(service))
        }
      }
    }
    return diagnostics
  }

  /// The literal a value is, directly or through a parameter holding one.
  private static func literal(of value: ResolutionPlan.Value, in plan: ResolutionPlan) -> ResolutionPlan.Literal? {
    switch value {
    case .literal(let literal): return literal
    case .parameter(let index):
      if case .literal(let literal) = plan.parameters[index].value { return literal }
      return nil
    default: return nil
    }
  }

  /// Whether a literal converts to the Swift type named `expected`, as the resolve converts it; true
  /// for a type these checks do not know by name (a class, a protocol, a collection).
  package static func fits(_ literal: ResolutionPlan.Literal, _ expected: String) -> Bool {
    if expected.hasPrefix("Optional<"), expected.hasSuffix(">") {
      if case .null = literal { return true }
      return fits(literal, String(expected.dropFirst("Optional<".count).dropLast()))
    }
    switch (expected, literal) {
    case ("String", .string), ("Bool", .bool), ("Int", .int), ("Double", .int), ("Double", .double),
      ("Float", .int), ("Float", .double):
      return true
    case ("String", _), ("Bool", _), ("Int", _), ("Double", _), ("Float", _):
      return false
    default:
      return true
    }
  }

  /// The first type that two or more arguments share, if any.
  private static func repeatedType(_ types: [String]) -> String? {
    var seen = Set<String>()
    return types.first { !seen.insert($0).inserted }
  }
}
