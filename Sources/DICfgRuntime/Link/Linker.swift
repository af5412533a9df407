import DICfgCore

/// The link step: checks a plan against the registered factories, the supplied externals and
/// the environment, reports every problem at its graph-file location, and builds the shared
/// state of the containers.
struct Linker {
  let plan: ResolutionPlan
  let registry: Registry
  let externals: [String: Any]
  let environment: [String: String]

  func link() throws -> LinkedGraph {
    var diagnostics = LinkChecks.check(plan: plan, types: registry.registrations.mapValues(RegisteredType.init))
    var firstService: [Int] = []
    var total = 0
    for container in plan.containers {
      firstService.append(total)
      total += container.services.count
    }
    let global = { (reference: ResolutionPlan.ServiceReference) in firstService[reference.container] + reference.service
    }
    var services: [LinkedGraph.LinkedService] = []
    services.reserveCapacity(total)
    for (containerIndex, container) in plan.containers.enumerated() {
      for service in container.services {
        guard let registration = registry.registrations[service.type] else { continue }
        services.append(
          LinkedGraph.LinkedService(
            service: service, container: containerIndex, registration: registration, global: global))
      }
    }
    let parameters = plan.parameters.map { parameter -> Instance in
      switch ParameterResolution.resolve(parameter, environment: environment) {
      case .success(let value): return Instance(value)
      case .failure(let diagnostic):
        diagnostics.append(diagnostic)
        return .absent
      }
    }
    let linkedExternals = linkExternals(&diagnostics)
    guard diagnostics.isEmpty else { throw LinkError(diagnostics: diagnostics.sorted()) }
    return LinkedGraph(
      plan: plan, services: services, firstService: firstService, parameters: parameters, externals: linkedExternals)
  }

  private func linkExternals(_ diagnostics: inout [Diagnostic]) -> [[LinkedGraph.ExternalValue]] {
    var used = Set<String>()
    let linked = plan.containers.map { container in
      container.externals.map { external -> LinkedGraph.ExternalValue in
        let qualified = "\(container.name).\(external.id)"
        let key = externals[qualified] != nil ? qualified : external.id
        guard let value = externals[key].flatMap(Self.unwrapped) else {
          if !external.optional {
            diagnostics.append(
              .error(
                .missingExternal,
                "external '\(external.id)' (\(external.type)) was not supplied; pass it in 'externals:' when "
                  + "creating the container, or declare it 'optional: true'", at: external.location))
          }
          used.insert(key)
          return .absent
        }
        used.insert(key)
        guard external.retain != .strong else { return .strong(Instance(value)) }
        guard type(of: value) is AnyObject.Type else {
          diagnostics.append(
            .error(
              .weakValueType,
              "external '\(external.id)' is held \(external.retain), but the value supplied is a "
                + "'\(String(describing: type(of: value)))', not a class instance; supply an object or hold it strong",
              at: external.location))
          return .absent
        }
        return .weak(WeakBox(value as AnyObject))
      }
    }
    let declared = plan.containers.flatMap { container in
      container.externals.flatMap { [$0.id, "\(container.name).\($0.id)"] }
    }
    for key in externals.keys.sorted() where !used.contains(key) {
      let location = plan.containers.first?.location ?? .start(of: "")
      diagnostics.append(
        .error(
          .unknownExternal,
          "external '\(key)' was supplied, but the graph file declares no such external"
            + Suggestions.clause(for: key, among: declared), at: location))
    }
    return linked
  }

  /// The value inside any layers of `Optional`, or nil for `nil`.
  private static func unwrapped(_ value: Any) -> Any? {
    var current = value
    while true {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .optional else { return current }
      guard let wrapped = mirror.children.first?.value else { return nil }
      current = wrapped
    }
  }
}

/// What the link checks need to know of a registered type: from a ``Registry`` or from a
/// manifest it exported.
struct RegisteredType {
  var name: String
  var isClass: Bool
  var argumentTypes: [String]?
  var labels: [String]?
  var properties: Set<String>

  init(_ registration: Registration) {
    self.name = registration.name
    self.isClass = registration.isClass
    self.argumentTypes = registration.argumentTypes
    self.labels = registration.labels
    self.properties = Set(registration.properties.keys)
  }

  init(_ entry: RegistryManifest.TypeEntry) {
    self.name = entry.name
    self.isClass = entry.isClass
    self.argumentTypes = entry.arguments?.map(\.type)
    self.labels = entry.arguments.flatMap { arguments in
      arguments.allSatisfy { $0.label != nil } ? arguments.compactMap(\.label) : nil
    }
    self.properties = Set(entry.properties.map(\.name))
  }
}

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
          diagnostics.append(
            .error(
              .unregisteredType,
              "no factory is registered for '\(service.type)' (service '\(service.id)'); register one with "
                + "'registry.register(\(service.type).init)'"
                + Suggestions.clause(for: service.type, among: types.keys),
              at: service.location))
          continue
        }
        if let problem = factoryProblem(service, type) {
          diagnostics.append(
            .error(.factoryMismatch, problem, at: service.initializer.first?.location ?? service.location))
        }
        for property in service.properties where !type.properties.contains(property.label) {
          diagnostics.append(
            .error(
              .unknownProperty,
              "'\(service.type)' has no registered property '\(property.label)'; register it with "
                + "'registry.property(\"\(property.label)\", of: \(service.type).self, \\.\(property.label))'"
                + Suggestions.clause(for: property.label, among: type.properties),
              at: property.location))
        }
        if service.scope == .weak, !type.isClass {
          diagnostics.append(
            .error(
              .weakValueType,
              "'\(service.id)' has scope weak, but '\(service.type)' is not a class; only objects can be held "
                + "weakly, so choose another scope", at: service.location))
        }
      }
    }
    return diagnostics
  }

  private static func factoryProblem(_ service: ResolutionPlan.Service, _ type: RegisteredType) -> String? {
    let given = service.initializer.map(\.label)
    let givenText = given.isEmpty ? "none" : given.map { "'\($0)'" }.joined(separator: ", ")
    if let argumentTypes = type.argumentTypes, argumentTypes.count != given.count {
      let expected = argumentTypes.isEmpty ? "no arguments" : argumentTypes.joined(separator: ", ")
      return "the factory registered for '\(service.type)' takes \(argumentTypes.count) argument"
        + "\(argumentTypes.count == 1 ? "" : "s") (\(expected)), but '\(service.id)' gives \(given.count) "
        + "in 'init:' (\(givenText)); make them match"
    }
    if let labels = type.labels, labels != given {
      return "the factory registered for '\(service.type)' takes \(labels.map { "'\($0)'" }.joined(separator: ", ")) "
        + "in that order, but '\(service.id)' gives \(givenText) in 'init:'"
    }
    return nil
  }
}
