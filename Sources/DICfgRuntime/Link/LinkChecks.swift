public import DICfgCore

/// The checks between a plan and registered types, shared by linking and
/// `dicfg validate --registry`.
public enum LinkChecks {
  /// Every problem between `plan` and the types a manifest describes.
  public static func check(plan: ResolutionPlan, manifest: RegistryManifest) -> [Diagnostic] {
    check(plan: plan, types: RegisteredTypes(manifest.types.map(RegisteredType.init))).sorted()
  }

  static func check(plan: ResolutionPlan, types: RegisteredTypes) -> [Diagnostic] {
    var factories: [Int?] = []
    return check(plan: plan, types: types, factories: &factories)
  }

  /// The checks, and per service of the plan (in order) the position of the factory it is built
  /// with among the registered types.
  static func check(plan: ResolutionPlan, types: RegisteredTypes, factories: inout [Int?]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    /// Per service of the plan: its factory, when its arguments are as the factory takes them.
    var checked: [RegisteredType?] = []
    func check(_ service: ResolutionPlan.Service) {
      let given = service.initializer
      let type: RegisteredType
      let match = types.match(type: service.registeredName, initializer: given)
      if case .found(let position) = match { factories.append(position) } else { factories.append(nil) }
      let count = diagnostics.count
      defer { checked.append(diagnostics.count == count ? match.found.map { types.types[$0] } : nil) }
      switch match {
      case .found(let position): type = types.types[position]
      case .otherInitializers(let labels):
        // One initializer registered: say how its labels differ; several: list them.
        if labels.count == 1, let only = labels.first {
          diagnostics.append(.factoryLabels(service, labels: only))
        } else {
          diagnostics.append(.factoryInitializers(service, registered: labels))
        }
        return
      case .missing:
        diagnostics.append(.unregisteredType(service, registered: types.names))
        return
      }
      diagnostics += argumentFindings(service, type: type, plan: plan)
      diagnostics += memberFindings(service, type: type, plan: plan)
    }
    for container in plan.containers {
      for service in container.services { check(service) }
    }
    return diagnostics + passedServices(plan: plan, checked: checked)
  }

  /// What the registered factory of `service`'s type says of its arguments: their count, labels and
  /// literals.
  private static func argumentFindings(
    _ service: ResolutionPlan.Service, type: RegisteredType, plan: ResolutionPlan
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let given = service.initializer
    if let count = type.argumentCount, count != given.count {
      findings.append(.factoryArity(service, argumentTypes: type.argumentTypes ?? []))
    } else if let labels = type.labels, !RegisteredTypes.same(labels, given) {
      findings.append(.factoryLabels(service, labels: labels))
    } else if type.labels == nil, given.count >= 2, let argumentTypes = type.argumentTypes,
      let repeated = Self.repeatedType(argumentTypes)
    {
      findings.append(.unlabeledArguments(service, repeatedType: repeated))
    } else if type.argumentCount != nil {
      for (position, argument) in service.initializer.enumerated() {
        guard let literal = Self.literal(of: argument.value, in: plan),
          let expected = type.argumentType(at: position)
        else { continue }
        // The registry's metatype says what the resolve can convert the literal to; a manifest's
        // name, what the scalar types take.
        if case .metatype(let taken)? = type.types.argument(position) {
          guard !ValueConversion.fits(literal.value, taken) else { continue }
        } else if literal.fits(expected) {
          continue
        }
        findings.append(.literalMismatch(argument, of: service, literal: literal, expected: expected))
      }
    }
    return findings
  }

  /// What the registered type says of `service`'s properties, isolation and scope.
  private static func memberFindings(
    _ service: ResolutionPlan.Service, type: RegisteredType, plan: ResolutionPlan
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for property in service.properties {
      guard type.properties.contains(property.label) else {
        findings.append(.unknownProperty(property, of: service, registered: type.properties))
        continue
      }
      // A literal the property cannot take is found here, when the container is created, not when
      // the service is first built.
      guard let literal = Self.literal(of: property.value, in: plan),
        case .metatype(let taken)? = type.types.property(property.label),
        !ValueConversion.fits(literal.value, taken)
      else { continue }
      findings.append(
        .literalMismatch(property, of: service, literal: literal, expected: TypeName.described(taken), property: true)
      )
    }
    if type.isMainActor != (service.isolation == .mainActor) {
      findings.append(.isolationMismatch(service, registeredOnMainActor: type.isMainActor))
    } else if service.isolation != .mainActor,
      let property = service.properties.first(where: { type.mainActorProperties.contains($0.label) })
    {
      findings.append(.mainActorProperty(property, of: service))
    }
    if service.scope == .weak, !type.isClass {
      findings.append(.weakScopeValue(service))
    }
    return findings
  }

  /// A service passed to an argument or property of a type it cannot be: found by what typed
  /// registrations know of the types built and taken (`TypeShape`).
  private static func passedServices(plan: ResolutionPlan, checked: [RegisteredType?]) -> [Diagnostic] {
    let first = plan.firstServiceNumbers
    var shapes = ShapeCache()
    var diagnostics: [Diagnostic] = []
    func check(
      _ argument: ResolutionPlan.Argument, taken: RegisteredType.Described?, of service: ResolutionPlan.Service,
      property: Bool
    ) {
      if case .provider = argument.value, case .metatype(let type)? = taken,
        let finding = Diagnostic.providerAsFunction(argument, of: service, property: property, taken: type)
      {
        diagnostics.append(finding)
        return
      }
      guard case .service(let reference) = argument.value, let taken,
        let target = checked[first[reference.container] + reference.service],
        let mismatch = shapes.mismatch(taken: taken, built: target.types.built)
      else { return }
      diagnostics.append(
        .passedService(
          argument, of: service, property: property,
          target: plan.containers[reference.container].services[reference.service], built: mismatch.built,
          expected: mismatch.expected))
    }
    func check(_ service: ResolutionPlan.Service, type: RegisteredType) {
      for (position, argument) in service.initializer.enumerated() {
        check(argument, taken: type.types.argument(position), of: service, property: false)
      }
      for property in service.properties {
        check(property, taken: type.types.property(property.label), of: service, property: true)
      }
    }
    for (containerIndex, container) in plan.containers.enumerated() {
      for (index, service) in container.services.enumerated() {
        if let type = checked[first[containerIndex] + index] { check(service, type: type) }
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

  /// The first type that two or more arguments share, if any.
  private static func repeatedType(_ types: [String]) -> String? {
    var seen = Set<String>()
    return types.first { !seen.insert($0).inserted }
  }
}

extension RegisteredTypes.Match {
  /// The position of the factory found, if any.
  var found: Int? {
    if case .found(let position) = self { return position }
    return nil
  }
}

extension RegisteredType.Types {
  /// The type built.
  var built: RegisteredType.Described {
    switch self {
    case .metatypes(let built, _, _): .metatype(built)
    case .shapes(let built, _, _): .shape(built)
    }
  }

  /// The type a typed factory takes at `position`; nil for a factory that asks by label.
  func argument(_ position: Int) -> RegisteredType.Described? {
    switch self {
    case .metatypes(_, let arguments?, _): position < arguments.count ? .metatype(arguments[position]) : nil
    case .shapes(_, let arguments?, _): position < arguments.count ? .shape(arguments[position]) : nil
    case .metatypes(_, nil, _), .shapes(_, nil, _): nil
    }
  }

  /// The type a property's setter takes.
  func property(_ label: String) -> RegisteredType.Described? {
    switch self {
    case .metatypes(_, _, let properties): properties[label].map { .metatype($0) }
    case .shapes(_, _, let properties): properties[label].map { .shape($0) }
    }
  }
}

/// The shapes of the metatypes one check meets, each worked out once.
struct ShapeCache {
  private var known: [ObjectIdentifier: TypeShape?] = [:]
  private var knownUnwrapped: [ObjectIdentifier: TypeShape?] = [:]

  /// The names of the type built and the type taken, when an instance of the one cannot be
  /// passed as the other.
  mutating func mismatch(
    taken: RegisteredType.Described, built: RegisteredType.Described
  ) -> (built: String, expected: String)? {
    if case .metatype(let takenType) = taken, case .metatype(let builtType) = built,
      ObjectIdentifier(takenType) == ObjectIdentifier(builtType)
    {
      return nil
    }
    guard let expected = shape(taken, unwrappingOptional: true), let built = shape(built, unwrappingOptional: false),
      !expected.accepts(built)
    else { return nil }
    return (built.displayName, expected.displayName)
  }

  private mutating func shape(_ described: RegisteredType.Described, unwrappingOptional: Bool) -> TypeShape? {
    switch described {
    case .shape(let shape): return shape
    case .metatype(let type):
      let key = ObjectIdentifier(type)
      if unwrappingOptional {
        if let shape = knownUnwrapped[key] { return shape }
        let shape = TypeShape(type, unwrappingOptional: true)
        knownUnwrapped[key] = shape
        return shape
      }
      if let shape = known[key] { return shape }
      let shape = TypeShape(type, unwrappingOptional: false)
      known[key] = shape
      return shape
    }
  }
}
