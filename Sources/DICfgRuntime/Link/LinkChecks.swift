public import DICfgCore

/// The checks between a plan and registered types, shared by linking and
/// `dicfg validate --registry`.
public enum LinkChecks {
  /// Every problem between `plan` and the types a manifest describes.
  public static func check(plan: ResolutionPlan, manifest: RegistryManifest) -> [Diagnostic] {
    check(plan: plan, types: Dictionary(manifest.types.map { ($0.name, RegisteredType($0)) }, uniquingKeysWith: { $1 }))
      .sorted()
  }

  static func check(plan: ResolutionPlan, types: [String: RegisteredType]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for container in plan.containers {
      for service in container.services {
        guard let type = types[service.type] else {
          diagnostics.append(.unregisteredType(service, registered: types.keys))
          continue
        }
        let given = service.initializer.map(\.label)
        if let argumentTypes = type.argumentTypes, argumentTypes.count != given.count {
          diagnostics.append(.factoryArity(service, argumentTypes: argumentTypes))
        } else if let labels = type.labels, labels != given {
          diagnostics.append(.factoryLabels(service, labels: labels))
        }
        for property in service.properties where !type.properties.contains(property.label) {
          diagnostics.append(.unknownProperty(property, of: service, registered: type.properties))
        }
        if service.scope == .weak, !type.isClass {
          diagnostics.append(.weakScopeValue(service))
        }
      }
    }
    return diagnostics
  }
}
