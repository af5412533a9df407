public import DICfgCore
public import DICfgSwiftModel

/// The checks a graph file's typed container adds to the compiler's, which `GraphRun` applies to
/// each file so `dicfg validate`, the build, the editor and `Container(graphFile:)` state them alike:
/// - a service whose accessor would take a name the container already has (another service's, a
///   collaborating container's, or one of the typed container's own members);
/// - a service an environment changes to a type the target's Swift proves the base's cannot be
///   passed as, nor it as the layer's, with no `as:` type every variant binds, so its accessor has
///   no one type to return.
///
/// The generator (DICfgGeneration's `TypedContainerGenerator`) names containers and types its
/// accessors by the same rules, through ``containerTypeName(_:)`` and `builtType(of:in:context:)`.
public enum TypedContainerChecks {
  /// The findings of the typed container of `plan` (the file alone) with each environment's
  /// plan beside it, against `swift` (nil where the Swift is not read); `typeNames` are the type
  /// names chosen for containers, by container name.
  public static func findings(
    base plan: ResolutionPlan, environments: [(name: String, plan: ResolutionPlan)], swift: SwiftDeclarations?,
    typeNames: [String: String] = [:]
  ) -> [Diagnostic] {
    let layers = environments.map(\.plan)
    var diagnostics = nameCollisions(in: plan, layers: layers, typeNames: typeNames)
    guard let context = swift.map(SwiftContext.init) else { return diagnostics }
    let byID = layers.map(servicesByID)
    for (index, container) in plan.containers.enumerated() {
      for service in container.services {
        let variants = byID.map { $0.indices.contains(index) ? $0[index] : [:] }
        let type = builtType(of: service, in: [[service.id: service]] + variants, context: context)
        for (environment, services) in zip(environments, variants) {
          guard let other = services[service.id],
            context.conversion(other.type, to: type) == .impossible,
            context.conversion(type, to: other.type) == .impossible
          else { continue }
          diagnostics.append(
            .error(
              .typeMismatch,
              "'\(service.id)' is '\(other.type)' in environment '\(environment.name)' but '\(service.type)' "
                + "in the base, and no 'as:' type binds both, so its typed accessor has no one type to return; add "
                + "the protocol both conform to under 'as:' in the base and the layer", at: other.location,
              notes: [Note(message: "'\(service.id)' is '\(service.type)' here", location: service.location)]))
        }
      }
    }
    return diagnostics
  }

  /// The typed checks of one graph file as a run applies them: `base` is the file's plan alone (nil
  /// when it did not compile), and `environments` each environment's plan.
  public static func findings(
    graphFile: String, base: ResolutionPlan?, environments: [(name: String, plan: ResolutionPlan?)],
    swift: SwiftDeclarations?
  ) -> [Diagnostic] {
    guard let base else { return [] }
    return findings(
      base: base,
      environments: environments.compactMap { environment in environment.plan.map { (environment.name, $0) } },
      swift: swift)
  }

  /// The container type of a container named `name` when none is chosen: the name in upper camel
  /// case followed by `Container` (`main` → `MainContainer`, `events-list` → `EventsListContainer`).
  public static func containerTypeName(_ name: String) -> String {
    SwiftIdentifier.upperCamelCase(name) + "Container"
  }

  /// The members every typed container declares itself, which no accessor may take.
  public static let ownMembers: Set<String> = [
    "dynamicContainer", "isReplaced", "observingContainer", "externals", "_link", "_singletons", "_environment",
  ]

  /// Each container's services of `plan`, by id: looked up once per service, not searched.
  public static func servicesByID(_ plan: ResolutionPlan) -> [[String: ResolutionPlan.Service]] {
    plan.containers.map { container in
      Dictionary(container.services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The type every variant builds `service` as: its `type` when they agree, otherwise the first
  /// `as:` binding they all share, otherwise, with the target's Swift, the first of their types
  /// (the base's first) every one of them certainly converts to (a subclass swapped in), otherwise
  /// the base's type. Types compare by ``SwiftTypeName/normalized(_:)``.
  package static func builtType(
    of service: ResolutionPlan.Service, in variants: [[String: ResolutionPlan.Service]], context: SwiftContext?
  ) -> String {
    let services = variants.compactMap { $0[service.id] }
    let type = SwiftTypeName.normalized(service.type)
    if services.allSatisfy({ SwiftTypeName.normalized($0.type) == type }) { return service.type }
    if let binding = service.bindings.first(where: { binding in
      let name = SwiftTypeName.normalized(binding)
      return services.allSatisfy { $0.bindings.contains { SwiftTypeName.normalized($0) == name } }
    }) {
      return binding
    }
    guard let context else { return service.type }
    return ([service] + services).first { candidate in
      services.allSatisfy { context.conversion($0.type, to: candidate.type) == .certain }
    }?.type ?? service.type
  }

  /// Services whose accessors would take a name the typed container already has: a collaborating
  /// container's member (`userDetails` beside a container `userDetails`) or one of its own members
  /// (`dynamicContainer`). The error is at the service.
  private static func nameCollisions(
    in plan: ResolutionPlan, layers: [ResolutionPlan], typeNames: [String: String]
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (index, base) in plan.containers.enumerated() {
      // The services only layers add get private accessors of the same container.
      var container = base
      var ids = Set(base.services.map(\.id))
      for layer in layers where layer.containers.indices.contains(index) {
        container.services += layer.containers[index].services.filter { ids.insert($0.id).inserted }
      }
      let typeName = typeNames[container.name] ?? containerTypeName(container.name)
      var taken: [String: String] = [:]
      if index == 0 {
        for other in plan.containers.dropFirst() {
          taken[SwiftIdentifier.camelCase(other.name)] = "the collaborating container '\(other.name)'"
        }
      }
      for service in container.services {
        let name = SwiftIdentifier.camelCase(service.id)
        let holder = ownMembers.contains(name) ? "a member '\(typeName)' declares itself" : taken[name]
        if let holder {
          diagnostics.append(
            .error(
              .duplicateService,
              "'\(service.id)' would be the accessor '\(name)' of '\(typeName)', which is already \(holder); "
                + "rename the service", at: service.location))
        } else {
          taken[name] = "the accessor of '\(service.id)'"
        }
      }
    }
    return diagnostics
  }
}
