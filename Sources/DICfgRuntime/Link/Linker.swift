import DICfgCore

/// The link step: checks a plan against the registered factories, the supplied externals and
/// the environment, reports every problem at its graph-file location, and builds the shared
/// state of the containers.
struct Linker {
  let plan: ResolutionPlan
  let registry: Registry
  let externals: Externals
  let environment: [String: String]
  /// The singleton storage a generated container shares with the link, if any.
  var storage: SingletonStorage? = nil

  func link() throws -> LinkedGraph {
    var factories: [Int?] = []
    var diagnostics = LinkChecks.check(plan: plan, types: RegisteredTypes(registry), factories: &factories)
    let firstService = plan.firstServiceNumbers
    let total = plan.containers.reduce(0) { $0 + $1.services.count }
    let global = { (reference: ResolutionPlan.ServiceReference) in firstService[reference.container] + reference.service
    }
    var services: [LinkedService] = []
    services.reserveCapacity(total)
    for (containerIndex, container) in plan.containers.enumerated() {
      for (local, service) in container.services.enumerated() {
        guard let factory = factories[firstService[containerIndex] + local] else { continue }
        let registration = registry.entries[factory]
        let setters = registry.setters(of: registration)
        services.append(
          LinkedService(
            service: service, container: containerIndex, registration: registration, setters: setters,
            global: global,
            swift: { expression, taken in registry.swiftValue(expression, taken: taken).map { Constant($0.make()) } }))
      }
    }
    let parameters = plan.parameters.map { parameter -> Constant in
      switch ParameterResolution.resolve(parameter, environment: environment) {
      case .success(let value): return Constant(value)
      case .failure(let diagnostic):
        diagnostics.append(diagnostic)
        return Constant(instance: .absent)
      }
    }
    checkSwiftValues(services, &diagnostics)
    let linkedExternals = linkExternals(&diagnostics)
    checkExternalTypes(services, externals: linkedExternals, &diagnostics)
    guard diagnostics.isEmpty else { throw LinkError(diagnostics: diagnostics.sorted()) }
    return LinkedGraph(
      plan: plan, services: services, firstService: firstService, parameters: parameters, externals: linkedExternals,
      storage: storage)
  }

  private func linkExternals(_ diagnostics: inout [Diagnostic]) -> [[ExternalValue]] {
    var used = Set<String>()
    /// Per value bound by type: the externals it fills.
    var filled: [Int: [ResolutionPlan.External]] = [:]
    /// Declared, required and not supplied, by the keys that would have supplied them.
    var missing: [(keys: [String], external: ResolutionPlan.External)] = []
    let linked = plan.containers.map { container in
      container.externals.map { external -> ExternalValue in
        let qualified = "\(container.name).\(external.id)"
        let key = externals.byID[qualified] != nil ? qualified : external.id
        used.insert(key)
        var supplied = externals.byID[key]
        if supplied == nil, let bound = externals.bound(toType: external.type) {
          filled[bound.index, default: []].append(external)
          supplied = bound.value
        }
        guard let value = supplied.flatMap(Self.unwrapped) else {
          if !external.optional { missing.append(([external.id, qualified], external)) }
          return .absent
        }
        guard external.retain != .strong else { return .strong(Constant(value)) }
        guard type(of: value) is AnyObject.Type else {
          diagnostics.append(.weakExternalValue(external, value: value))
          return .absent
        }
        return .weak(WeakReference(value as AnyObject))
      }
    }
    var declared: [String: (container: String, external: ResolutionPlan.External)] = [:]
    for container in plan.containers {
      for external in container.externals {
        declared[external.id] = declared[external.id] ?? (container.name, external)
        declared["\(container.name).\(external.id)"] = (container.name, external)
      }
    }
    // A key supplied for an external the file does not declare is reported at the declaration it
    // most likely meant; that external, if required and so missing, is the same mistake.
    var explained = Set<String>()
    // One value for two externals of one type is the mistake by-type binding invites (two `String`
    // keys): each must be supplied by id.
    for (index, binding) in externals.byType.enumerated() {
      guard let externals = filled[index] else { continue }
      if externals.count > 1 { diagnostics.append(.ambiguousExternalType(binding.names[0], externals: externals)) }
    }
    // A value bound to a type no external declares (those supplied by id included) is reported at
    // the external whose type it most likely meant, which is then not also missing.
    let declaredTypes = Set(plan.containers.flatMap { $0.externals.map { SwiftTypeName.normalized($0.type) } })
    for binding in externals.byType where !binding.names.contains(where: declaredTypes.contains) {
      let meant = Suggestions.closest(to: binding.names[0], among: declaredTypes.sorted()).flatMap { type in
        plan.containers.lazy.compactMap { container in
          container.externals.first { SwiftTypeName.normalized($0.type) == type }.map { (container.name, $0) }
        }.first
      }
      diagnostics.append(
        .unboundExternalType(
          binding.names[0], meant: meant, containerLocation: plan.containers.first?.location ?? .start(of: "")))
      if let meant { explained.insert("\(meant.0).\(meant.1.id)") }
    }
    for key in externals.byID.keys.sorted() where !used.contains(key) {
      let meant = Suggestions.closest(to: key, among: declared.keys.sorted()).flatMap { name in
        declared[name].map { (name: name, container: $0.container, external: $0.external) }
      }
      diagnostics.append(
        .unknownExternal(
          key, meant: meant, containerLocation: plan.containers.first?.location ?? .start(of: "")))
      if let meant { explained.insert(meant.name) }
    }
    for (keys, external) in missing where !keys.contains(where: explained.contains) {
      diagnostics.append(.missingExternal(external))
    }
    return linked
  }

  /// A Swift value the registry holds for no type the argument or property takes.
  private func checkSwiftValues(_ services: [LinkedService], _ diagnostics: inout [Diagnostic]) {
    func check(_ argument: ResolutionPlan.Argument, taken: Any.Type?, of service: ResolutionPlan.Service) {
      var value = argument.value
      if case .optional(let wrapped?) = value { value = wrapped }
      guard case .swift(let expression) = value, registry.swiftValue(expression, taken: taken) == nil else { return }
      diagnostics.append(
        .unregisteredSwiftValue(
          argument, of: service, expression: expression, taken: taken.map(TypeName.described),
          registered: (registry.swiftValues[expression] ?? []).map { TypeName.described($0.type) }))
    }
    for linked in services {
      let arguments = linked.registration.arguments
      for (position, argument) in linked.service.initializer.enumerated() {
        check(
          argument, taken: arguments.flatMap { $0.indices.contains(position) ? $0[position] : nil }, of: linked.service)
      }
      for (property, source) in zip(linked.service.properties, linked.properties) {
        check(property, taken: source.setter?.valueType, of: linked.service)
      }
    }
  }

  /// An external whose supplied value a typed factory's argument or a property cannot take.
  private func checkExternalTypes(
    _ services: [LinkedService], externals: [[ExternalValue]], _ diagnostics: inout [Diagnostic]
  ) {
    guard externals.contains(where: { !$0.isEmpty }) else { return }
    func check(
      _ argument: ResolutionPlan.Argument, taken: Any.Type?, of service: ResolutionPlan.Service, property: Bool
    ) {
      guard case .external(let container, let index) = argument.value, let taken else { return }
      let value: Any
      switch externals[container][index] {
      case .strong(let constant): value = constant.value.any
      case .weak(let reference):
        guard let object = reference.object else { return }
        value = object
      case .absent: return
      }
      guard !ValueConversion.fits(value, taken) else { return }
      diagnostics.append(
        .externalMismatch(
          argument, of: service, property: property, external: plan.containers[container].externals[index],
          found: ValueConversion.describe(value).description, expected: TypeName.described(taken)))
    }
    for linked in services {
      if let arguments = linked.registration.arguments {
        for (position, argument) in linked.service.initializer.enumerated() where position < arguments.count {
          check(argument, taken: arguments[position], of: linked.service, property: false)
        }
      }
      for (property, source) in zip(linked.service.properties, linked.properties) {
        check(property, taken: source.setter?.valueType, of: linked.service, property: true)
      }
    }
  }

  /// The value inside any layers of `Optional`, or nil for `nil`.
  private static func unwrapped(_ value: Any) -> Any? {
    var current = value
    if let supplied = current as? any SuppliedNonSendable { current = supplied.suppliedValue }
    while true {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .optional else { return current }
      guard let wrapped = mirror.children.first?.value else { return nil }
      current = wrapped
    }
  }
}
