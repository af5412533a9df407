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

  /// The first type that two or more arguments share, if any.
  private static func repeatedType(_ types: [String]) -> String? {
    var seen = Set<String>()
    return types.first { !seen.insert($0).inserted }
  }
}
