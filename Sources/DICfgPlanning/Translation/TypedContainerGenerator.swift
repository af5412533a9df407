import DICfgCompiler
public import DICfgCore
public import DICfgSwiftModel

/// Writes a typed container for each container of a compiled graph file: one accessor per
/// service, returning the type the file binds it as, so app code names services, externals and
/// environments as Swift members and a typo is a compile error.
///
/// ```swift
/// let shop = try MainContainer(environment: .production, externals: .init(logger: logger))
/// let checkout = try shop.checkout
/// ```
///
/// Where the target's Swift declarations prove it, an accessor builds its service as hand-written
/// code would: graph- and unique-scoped services in the accessor, singletons into the runtime's
/// singleton storage (`StraightLinePlanner`). Every other accessor resolves through the dynamic
/// `Container` underneath, linked when first needed and sharing that storage, by the service's
/// number in the link (by id where it takes run-time arguments or awaits), so scopes, cycles and
/// identities are the runtime's. It works in two stages, as ``RegistryGenerator`` does: ``translate(_:aliases:)`` decides the names,
/// types and effects (a ``TypedContainerModel``), and rendering writes them.
public struct TypedContainerGenerator: Sendable {
  public var access: RegistryGenerator.Access
  /// The graph file's name (`dicfg.yaml`), whose layers name the environments.
  public var graphFile: String
  /// The target's Swift declarations, which tell which initializers are `async`; nil when unknown.
  public var swift: SwiftDeclarations?
  /// Type names chosen for containers, by container name; the rest follow the naming rule.
  public var typeNames: [String: String]

  public init(
    access: RegistryGenerator.Access = .internal, graphFile: String, swift: SwiftDeclarations? = nil,
    typeNames: [String: String] = [:]
  ) {
    self.access = access
    self.graphFile = graphFile
    self.swift = swift
    self.typeNames = typeNames
  }

  /// The container type of a container named `name` when none is chosen: the name in upper camel
  /// case followed by `Container` (`main` → `MainContainer`, `events-list` → `EventsListContainer`).
  public static func typeName(ofContainer name: String) -> String {
    TypedContainerChecks.containerTypeName(name)
  }

  // MARK: Translation

  /// The typed containers of `variants` (base first): accessors from the base plan, with the type
  /// every variant agrees on. A type in `aliases` (the target's Swift does not declare it) is
  /// spelled by its alias, and the accessors and stand-ins returning it by a generic parameter of
  /// the container bound to that alias (``TypedContainerModel/TypeParameter``).
  public func translate(_ variants: [RegistryGenerator.Variant], aliases: [String: String] = [:]) -> TypedContainerModel
  {
    translate(variants, aliases: aliases, sharedSwiftValues: .init())
  }

  /// The model, with the file-level constants of the Swift values the registration shares
  /// (``StraightLinePlanner/sharedSwiftValues``).
  func translate(
    _ variants: [RegistryGenerator.Variant], aliases: [String: String],
    sharedSwiftValues: StraightLinePlanner.SharedSwiftValues, runtime: GeneratedRuntime = .full
  ) -> TypedContainerModel {
    guard let base = variants.first(where: { $0.environment == nil }) ?? variants.first else {
      return TypedContainerModel(access: access, graphFile: graphFile, environments: [], containers: [])
    }
    let plan = base.plan
    let names = plan.containers.map { typeNames[$0.name] ?? Self.typeName(ofContainer: $0.name) }
    let externals = self.externals(of: plan)
    // The typed container keeps the externals for its accessors: over the link, only when it holds
    // none weakly (the link holds those); over the typed runtime, a weak one in a `WeakExternal`.
    let keepsExternals =
      runtime == .typed || plan.containers.allSatisfy { $0.externals.allSatisfy { $0.retain == .strong } }
    let externalProperties = Dictionary(
      externals.map { ($0.key, $0.property) }, uniquingKeysWith: { first, _ in first })
    let services = accessorServices(variants, base: plan)
    let facts = accessorFacts(variants, services: services)
    var planning = EnvironmentPlanning(
      variants: [base] + variants.filter { $0.environment != nil }, services: services, facts: facts,
      context: swift.map(SwiftContext.init), externals: keepsExternals ? externalProperties : [:])
    planning.sharedSwiftValues = sharedSwiftValues
    if runtime == .typed { planning.typedContainerTypes = names }
    // The containers but the first are views of it, so each reaches the others' accessors; not where
    // a type the Swift does not declare makes the first generic.
    let viewsOfRoot = plan.containers.count > 1 && aliases.isEmpty
    if viewsOfRoot {
      planning.members = plan.containers.map { SwiftIdentifier.escaped(SwiftIdentifier.camelCase($0.name)) }
    }
    let planned = planning.planned()
    let conditions = Dictionary(
      variants.compactMap { variant in variant.environment.map { ($0, variant.condition) } },
      uniquingKeysWith: { first, _ in first })
    let containers = plan.containers.enumerated().map { index, container in
      let accessors = services[index].indices.map { position in
        accessor(
          at: ResolutionPlan.ServiceReference(container: index, service: position), services: services, facts: facts,
          planned: planned, in: plan, conditions: conditions, runtime: runtime)
      }
      return TypedContainerModel.Container(
        typeName: names[index], name: container.name, typeParameters: Self.typeParameters(accessors, aliases: aliases),
        accessors: accessors, makers: planned.makers[index],
        keepsExternals: index == 0 && keepsExternals && !externals.isEmpty,
        members: index == 0
          ? plan.containers.indices.dropFirst().map {
            TypedContainerModel.Member(
              property: SwiftIdentifier.camelCase(plan.containers[$0].name), typeName: names[$0],
              name: plan.containers[$0].name)
          } : [],
        externals: index == 0 ? externals : [])
    }
    let (eager, linksEagerServices) = Self.eagerBuilds(variants, containers: containers)
    var model = TypedContainerModel(
      access: access, graphFile: graphFile, environments: variants.compactMap(\.environment), aliases: aliases,
      containers: containers,
      serviceCount: variants.map { $0.plan.containers.reduce(0) { $0 + $1.services.count } }.max() ?? 0,
      linksAtCreation: linksEagerServices || Self.linkAlone(variants, runtime: runtime), eager: eager)
    model.containersViewRoot = viewsOfRoot
    model.typeStandIns = typeStandIns(model.typeStandInSlots, variants: variants)
    if runtime == .typed {
      model.environmentReads = model.environmentParametersRead
      model.environmentSources = Self.environmentSources(variants)
      model.customScopes = Self.customScopes(variants)
    }
    model.weakServices = Self.numbers(of: .weak, in: variants)
    model.cachedServices = Self.numbers(of: .cached, in: variants)
    for variant in variants {
      if let environment = variant.environment, let condition = variant.condition {
        model.conditions[environment] = condition
      }
    }
    return model
  }

  /// The accessor of the service at `reference` (a private one past the container's own services):
  /// its branches as planned, why it goes to the link if it does, its live report, and the condition
  /// of a service only conditional layers add.
  private func accessor(
    at reference: ResolutionPlan.ServiceReference, services: [[ResolutionPlan.Service]],
    facts: [[StraightLinePlanner.AccessorFacts]], planned: EnvironmentPlanning.Planned, in plan: ResolutionPlan,
    conditions: [String: String?], runtime: GeneratedRuntime
  ) -> TypedContainerModel.Accessor {
    let (index, position) = (reference.container, reference.service)
    let container = plan.containers[index]
    var accessor = self.accessor(
      of: services[index][position], isPrivate: position >= container.services.count,
      facts: facts[index][position], branches: planned.branches[index][position])
    accessor.linkCause = planned.causes.indices.contains(index) ? planned.causes[index][position] : nil
    if runtime == .typed, position < container.services.count, container.services[position].live {
      let member = index == 0 ? "" : SwiftIdentifier.camelCase(container.name) + "."
      accessor.liveReport = Self.liveReport(
        ResolutionPlan.ServiceReference(container: index, service: position), in: plan, member: member,
        property: accessor.property)
    }
    // A service only conditional layers add exists only where their condition holds.
    if accessor.isPrivate {
      let having = accessor.branches.filter { $0.construction != nil }.flatMap(\.environments)
      let shared = Set(having.map { $0.flatMap { conditions[$0] ?? nil } })
      if shared.count == 1, let condition = shared.first { accessor.condition = condition }
    }
    return accessor
  }

  /// The types the builds take services as (`slots`, by ``TypedContainerModel/TypeStandIn/slot(of:)``),
  /// each with the services of every environment that bind it, in file order. Only a type the Swift
  /// declares a protocol or a class is one a test can name (`Store.self`).
  private func typeStandIns(
    _ slots: Set<String>, variants: [RegistryGenerator.Variant]
  ) -> [TypedContainerModel.TypeStandIn] {
    var found: [TypedContainerModel.TypeStandIn] = []
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() {
        for service in container.services {
          for binding in service.bindings {
            let slot = TypedContainerModel.TypeStandIn.slot(of: binding)
            // A public or package container's `replace` names the type: it must be as visible.
            guard slots.contains(slot), let declared = swift?.type(named: binding),
              [.protocol, .class].contains(declared.kind),
              access == .internal || declared.access >= (access == .public ? .public : .package)
            else { continue }
            let kind = declared.kind
            let key = index == 0 ? service.id : container.name + "." + service.id
            if let known = found.firstIndex(where: { $0.slot == slot }) {
              if !found[known].services.contains(key) { found[known].services.append(key) }
            } else {
              found.append(
                TypedContainerModel.TypeStandIn(
                  slot: slot, type: binding, isProtocol: kind == .protocol, services: [key]))
            }
          }
        }
      }
    }
    return found
  }

  /// The externals of every container, as one struct's properties: a name two containers declare
  /// is told apart by the later container's name.
  private func externals(of plan: ResolutionPlan) -> [TypedContainerModel.External] {
    var names = Set<String>()
    return plan.containers.enumerated().flatMap { index, container in
      container.externals.map { external in
        var name = SwiftIdentifier.camelCase(external.id)
        if !names.insert(name).inserted {
          name = SwiftIdentifier.camelCase(container.name + "-" + external.id)
          names.insert(name)
        }
        return TypedContainerModel.External(
          property: name, key: index == 0 ? external.id : container.name + "." + external.id, type: external.type,
          optional: external.optional, isSendable: isSendable(external.type), isWeak: external.retain != .strong)
      }
    }
  }

  /// The eager singletons of every environment, built by their accessors where that environment's
  /// branch builds them (eager in every environment: built whatever the environment), and whether
  /// some are left to the link, which then builds them when the container is created.
  private static func eagerBuilds(
    _ variants: [RegistryGenerator.Variant], containers: [TypedContainerModel.Container]
  ) -> (eager: [TypedContainerModel.Eager], linksEagerServices: Bool) {
    var eager: [TypedContainerModel.Eager] = []
    var linksEagerServices = false
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() where !container.eagerServices.isEmpty {
        for service in container.eagerServices.map({ container.services[$0] }) {
          let accessor =
            containers.indices.contains(index) ? containers[index].accessors.first { $0.id == service.id } : nil
          guard let accessor, index == 0, !accessor.isMainActor, !accessor.isAsync,
            case .singleton = accessor.construction(in: variant.environment)
          else {
            linksEagerServices = true
            continue
          }
          if let known = eager.firstIndex(where: { $0.property == accessor.property }) {
            eager[known].environments.append(variant.environment)
          } else {
            eager.append(
              TypedContainerModel.Eager(
                property: accessor.property, isThrowing: accessor.isThrowing, environments: [variant.environment]))
          }
        }
      }
    }
    for index in eager.indices where eager[index].environments.count == variants.count {
      eager[index].environments = []
    }
    return (eager, linksEagerServices)
  }

  /// Whether some environment has what only the link can find, which creating the container then
  /// finds, over the link: a `${NAME}` without a default that the environment lacks, or an external
  /// held weakly (the typed runtime reads those parameters and holds those externals itself).
  private static func linkAlone(_ variants: [RegistryGenerator.Variant], runtime: GeneratedRuntime) -> Bool {
    guard runtime == .full else { return false }
    return variants.contains { variant in
      variant.plan.parameters.contains { parameter in
        guard case .environment(let segments, _) = parameter.value else { return false }
        return segments.contains { if case .variable(_, nil) = $0 { true } else { false } }
      } || variant.plan.containers.contains { $0.externals.contains { $0.retain != .strong } }
    }
  }

  /// Each environment's parameters with a `${NAME}`, which the typed root reads when it is created,
  /// as the link reads them: every one, whether a build takes it or not.
  private static func environmentSources(
    _ variants: [RegistryGenerator.Variant]
  ) -> [TypedContainerModel.EnvironmentSources] {
    variants.map { variant in
      TypedContainerModel.EnvironmentSources(
        environment: variant.environment,
        parameters: variant.plan.parameters.compactMap { parameter in
          guard case .environment(let segments, let typed) = parameter.value else { return nil }
          let file = parameter.location.file.split(separator: "/").last.map(String.init) ?? parameter.location.file
          return TypedContainerModel.EnvironmentSources.Parameter(
            name: parameter.name, segments: segments, typed: typed,
            location: "\(file):\(parameter.location.line):\(parameter.location.column)")
        })
    }
  }

  /// What a container with stand-ins reports where a build reaches the live service `reference`
  /// without one: its line, the stand-in to give, and the paths through the graph to it.
  private static func liveReport(
    _ reference: ResolutionPlan.ServiceReference, in plan: ResolutionPlan, member: String, property: String
  ) -> String {
    let service = plan.service(reference)
    let file = service.location.file.split(separator: "/").last.map(String.init) ?? service.location.file
    let name = { (reference: ResolutionPlan.ServiceReference) in
      (reference.container == 0 ? "" : plan.containers[reference.container].name + ".")
        + plan.service(reference).id
    }
    let chains = plan.chains(reaching: reference).filter { $0.count > 1 }
      .map { $0.map(name).joined(separator: " → ") }
    return "\(file):\(service.location.line):\(service.location.column): error: '\(name(reference))' is live "
      + "('live: true'), and this container was created with stand-ins but has none for it; give it one "
      + "(replacements.\(member)replace(\(SwiftIdentifier.escaped(property)): { … }))"
      + (chains.isEmpty ? "" : ". It is built for " + chains.joined(separator: "; "))
  }

  /// Each custom scope some container of some environment declares, once, in order.
  private static func customScopes(_ variants: [RegistryGenerator.Variant]) -> [String] {
    var names: [String] = []
    for name in variants.flatMap({ $0.plan.containers.flatMap(\.customScopes) }) where !names.contains(name) {
      names.append(name)
    }
    return names
  }

  /// The numbers some environment's link gives the services it keeps in `scope`.
  private static func numbers(of scope: ScopeKind, in variants: [RegistryGenerator.Variant]) -> [Int] {
    Set(
      variants.flatMap { variant in
        variant.plan.containers.enumerated().flatMap { index, container in
          container.services.indices.filter { container.services[$0].scope == scope }
            .map { variant.plan.firstServiceNumbers[index] + $0 }
        }
      }
    ).sorted()
  }

  /// The generic parameters a container needs: one for each aliased type that an accessor property
  /// returns or a stand-in builds, named after its alias (`DicfgLedger` → `TLedger`), so unique as
  /// the aliases are. Swift rejects a throwing property, and an `@escaping` closure, whose type does
  /// not exist, beside the one error at the alias; a generic parameter is a type whatever it is
  /// bound to.
  private static func typeParameters(
    _ accessors: [TypedContainerModel.Accessor], aliases: [String: String]
  ) -> [TypedContainerModel.TypeParameter] {
    var parameters: [TypedContainerModel.TypeParameter] = []
    for accessor in accessors {
      let types = accessor.arguments.isEmpty ? [accessor.type, accessor.replacementType] : [accessor.replacementType]
      for type in types where !parameters.contains(where: { $0.type == type }) {
        guard let alias = aliases[type] else { continue }
        parameters.append(
          TypedContainerModel.TypeParameter(name: "T" + alias.dropFirst(SwiftIdentifier.aliasPrefix.count), type: type))
      }
    }
    return parameters
  }

  /// The services of each container of the base plan that get accessors: the base's, then those
  /// only layers add, in the order the environments first have them (their accessors are private:
  /// the builds of those environments call them).
  private func accessorServices(
    _ variants: [RegistryGenerator.Variant], base plan: ResolutionPlan
  ) -> [[ResolutionPlan.Service]] {
    plan.containers.enumerated().map { index, container in
      var services = container.services
      var ids = Set(services.map(\.id))
      for variant in variants where variant.plan.containers.indices.contains(index) {
        for service in variant.plan.containers[index].services where ids.insert(service.id).inserted {
          services.append(service)
        }
      }
      return services
    }
  }

  /// What each accessor of the base plan is, by container and service: the type every
  /// environment builds the service as, and whether a resolve of it in some environment builds a
  /// main-actor service or awaits.
  private func accessorFacts(
    _ variants: [RegistryGenerator.Variant], services accessorServices: [[ResolutionPlan.Service]]
  ) -> [[StraightLinePlanner.AccessorFacts]] {
    let byID = servicesByID(variants)
    // Each environment's effects, by container and id.
    let effects = variants.map { variant in
      variant.plan.containers.indices.map { index in
        Dictionary(
          variant.plan.containers[index].services.indices.map { position in
            let service = variant.plan.containers[index].services[position]
            let reached = variant.plan.reached(
              from: ResolutionPlan.ServiceReference(container: index, service: position))
            return (
              service.id,
              (
                mainActor: reached.contains { isMainActor($0, in: variant.plan) },
                async: reached.contains { isAsync($0, in: variant.plan) }
              )
            )
          }, uniquingKeysWith: { first, _ in first })
      }
    }
    let context = swift.map(SwiftContext.init)
    return accessorServices.enumerated().map { index, container in
      let services = byID.compactMap { $0.indices.contains(index) ? $0[index] : nil }
      let variantEffects = effects.compactMap { $0.indices.contains(index) ? $0[index] : nil }
      return container.map { service in
        StraightLinePlanner.AccessorFacts(
          property: SwiftIdentifier.camelCase(service.id),
          type: returnType(of: service, in: services, context: context),
          isMainActor: variantEffects.contains { $0[service.id]?.mainActor ?? false },
          isAsync: variantEffects.contains { $0[service.id]?.async ?? false })
      }
    }
  }

  private func accessor(
    of service: ResolutionPlan.Service, isPrivate: Bool, facts: StraightLinePlanner.AccessorFacts,
    branches: [TypedContainerModel.Branch]
  ) -> TypedContainerModel.Accessor {
    var accessor = TypedContainerModel.Accessor(
      property: facts.property, id: service.id, type: facts.type,
      replacementType: service.bindings.first ?? facts.type,
      arguments: service.arguments.map {
        TypedContainerModel.Argument(name: SwiftIdentifier.camelCase($0.name), key: $0.name, type: $0.type)
      },
      isMainActor: facts.isMainActor, isAsync: facts.isAsync, branches: branches)
    accessor.isPrivate = isPrivate
    return accessor
  }

  private func isMainActor(_ reference: ResolutionPlan.ServiceReference, in plan: ResolutionPlan) -> Bool {
    plan.containers[reference.container].services[reference.service].isolation == .mainActor
  }

  package func isAsync(_ reference: ResolutionPlan.ServiceReference, in plan: ResolutionPlan) -> Bool {
    isAsync(plan.containers[reference.container].services[reference.service])
  }

  /// Each variant's services, by container and id: looked up once per service, not searched.
  private func servicesByID(_ variants: [RegistryGenerator.Variant]) -> [[[String: ResolutionPlan.Service]]] {
    variants.map { TypedContainerChecks.servicesByID($0.plan) }
  }

  /// The type every variant builds `service` as: its `type` when they agree, otherwise the first
  /// `as:` binding they all share, otherwise, with the target's Swift, the first of their types
  /// (the base's first) every one of them certainly converts to (a subclass swapped in), otherwise
  /// the base's type. Types compare by ``SwiftTypeName/normalized(_:)``.
  private func returnType(
    of service: ResolutionPlan.Service, in variants: [[String: ResolutionPlan.Service]],
    context: SwiftContext?
  ) -> String {
    let type = TypedContainerChecks.builtType(of: service, in: variants, context: context)
    // An implementation kept internal behind a public protocol is returned as the protocol by a
    // public container's accessor, as the module's own code hands it out.
    guard access != .internal, let declared = swift?.type(named: type),
      SwiftDeclarations.otherModule(of: declared.location, from: graphFile) == nil,
      declared.access < (access == .public ? .public : .package)
    else { return type }
    return service.bindings.first { binding in
      swift?.type(named: binding).map { $0.access >= (access == .public ? .public : .package) } ?? true
    } ?? type
  }

  /// The typed container's checks (``TypedContainerChecks``) of `variants`, base first, with the
  /// container type names this generator chose.
  public func diagnostics(_ variants: [RegistryGenerator.Variant]) -> [Diagnostic] {
    guard let base = variants.first(where: { $0.environment == nil }) else { return [] }
    return TypedContainerChecks.findings(
      base: base.plan,
      environments: variants.compactMap { variant in variant.environment.map { ($0, variant.plan) } },
      swift: swift, typeNames: typeNames)
  }

  /// Each service of `plan` built by an `async` initializer or function, with how Swift names what
  /// builds it and the typed accessors it makes `async` (its own and those of the services whose
  /// graphs reach it), in file order: what the build names at the service's line, since Swift names
  /// only the app's call sites that lack `await`.
  public func asyncBuilds(
    of plan: ResolutionPlan
  ) -> [(service: ResolutionPlan.Service, builder: String, accessors: [String])] {
    guard let swift else { return [] }
    var builds: [(ResolutionPlan.Service, String, [String])] = []
    for (containerIndex, container) in plan.containers.enumerated() {
      // What each service's graph reaches, worked out once, and only where something is `async`.
      var reaches: [Set<ResolutionPlan.ServiceReference>]?
      for (index, service) in container.services.enumerated() {
        guard let constructor = swift.constructor(of: service), constructor.isAsync else { continue }
        let cause = ResolutionPlan.ServiceReference(container: containerIndex, service: index)
        let reached =
          reaches
          ?? container.services.indices.map {
            plan.reached(from: ResolutionPlan.ServiceReference(container: containerIndex, service: $0))
          }
        reaches = reached
        let accessors = container.services.indices.filter { reached[$0].contains(cause) }
          .map { SwiftIdentifier.camelCase(container.services[$0].id) }
        let labels = constructor.labels.map { $0 + ":" }.joined()
        builds.append((service, (service.factory ?? service.type + ".init") + "(" + labels + ")", accessors))
      }
    }
    return builds
  }

  /// Whether a value of the type named `type` may cross threads as far as the Swift read says:
  /// false for a class, struct, enum or protocol declared without `Sendable` (itself or through a
  /// protocol it refines or conforms to) or a global actor; true for an actor, a type only extended
  /// and a type the Swift read does not declare.
  private func isSendable(_ type: String) -> Bool {
    var seen = Set<String>()
    func sendable(_ type: String) -> Bool {
      let name = SwiftTypeName.normalized(type)
      if name == "Sendable" { return true }
      guard seen.insert(name).inserted, let declared = swift?.type(named: name),
        [.class, .struct, .enum, .protocol].contains(declared.kind)
      else { return true }
      if declared.globalActor != nil { return true }
      return declared.inherited.contains { inherited in
        SwiftTypeName.normalized(inherited) == "Sendable"
          || (swift?.type(named: inherited)?.kind == .protocol && sendable(inherited))
      }
    }
    return sendable(type)
  }

  /// Whether the Swift declares the initializer the service is built with `async`.
  package func isAsync(_ service: ResolutionPlan.Service) -> Bool {
    swift?.constructor(of: service)?.isAsync ?? false
  }
}
