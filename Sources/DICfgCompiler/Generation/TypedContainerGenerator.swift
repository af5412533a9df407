public import DICfgCore

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
    SwiftIdentifier.upperCamelCase(name) + "Container"
  }

  // MARK: Translation

  /// The typed containers of `variants` (base first): accessors from the base plan, with the type
  /// every variant agrees on. A type in `aliases` (the target's Swift does not declare it) is
  /// spelled by its alias, and the accessors and stand-ins returning it by a generic parameter of
  /// the container bound to that alias (``TypedContainerModel/TypeParameter``).
  public func translate(
    _ variants: [RegistryGenerator.Variant], aliases: [String: String] = [:]
  ) -> TypedContainerModel {
    guard let base = variants.first(where: { $0.environment == nil }) ?? variants.first else {
      return TypedContainerModel(access: access, graphFile: graphFile, environments: [], containers: [])
    }
    let plan = base.plan
    let names = plan.containers.map { typeNames[$0.name] ?? Self.typeName(ofContainer: $0.name) }
    var externalNames = Set<String>()
    let externals: [TypedContainerModel.External] = plan.containers.enumerated().flatMap { index, container in
      container.externals.map { external in
        var name = SwiftIdentifier.camelCase(external.id)
        if !externalNames.insert(name).inserted {
          name = SwiftIdentifier.camelCase(container.name + "-" + external.id)
          externalNames.insert(name)
        }
        return TypedContainerModel.External(
          property: name, key: index == 0 ? external.id : container.name + "." + external.id, type: external.type,
          optional: external.optional, isSendable: isSendable(external.type))
      }
    }
    let byID = servicesByID(variants)
    // The typed container keeps the externals for its accessors only when it holds none weakly.
    let keepsExternals = plan.containers.first?.externals.allSatisfy { $0.retain == .strong } ?? false
    let externalProperties = Dictionary(
      uniqueKeysWithValues: externals.prefix(plan.containers.first?.externals.count ?? 0).enumerated().map {
        ($0.offset, $0.element.property)
      })
    let numbers = globalNumbers(variants, base: plan)
    let context = swift.map(SwiftContext.init)
    let firstService = plan.firstServiceNumbers
    let containers = plan.containers.enumerated().map { index, container in
      let services = byID.compactMap { $0.indices.contains(index) ? $0[index] : nil }
      let types = Dictionary(
        uniqueKeysWithValues: container.services.enumerated().map {
          ($0.offset, returnType(of: $0.element, in: services))
        })
      let reaches = container.services.indices.map {
        reached(from: ResolutionPlan.ServiceReference(container: index, service: $0), in: plan)
      }
      let facts = Dictionary(
        uniqueKeysWithValues: container.services.enumerated().map { position, service in
          (
            position,
            StraightLinePlanner.AccessorFacts(
              property: SwiftIdentifier.camelCase(service.id), type: types[position] ?? service.type,
              isMainActor: reaches[position].contains { isMainActor($0, in: plan) },
              isAsync: reaches[position].contains { isAsync($0, in: plan) })
          )
        })
      let containerNumbers = Dictionary(
        uniqueKeysWithValues: container.services.indices.compactMap { position in
          numbers[firstService[index] + position].map { (position, $0) }
        })
      let planner = context.map { context in
        StraightLinePlanner(
          plan: plan, container: index, context: context, variants: services,
          sameOrder: variants.allSatisfy {
            $0.plan.containers.indices.contains(index)
              && $0.plan.containers[index].services.map(\.id) == container.services.map(\.id)
          },
          parameters: variants.map(\.plan.parameters),
          externals: index == 0 && keepsExternals ? externalProperties : [:], accessors: facts,
          globalNumbers: containerNumbers)
      }
      let planned = planner?.planned()
      let accessors = container.services.indices.map {
        accessor(
          ofService: $0, in: index, of: plan, type: types[$0] ?? container.services[$0].type, facts: facts[$0],
          number: containerNumbers[$0], singleton: planned?.singletons[$0], straightLine: planned?.constructions[$0])
      }
      return TypedContainerModel.Container(
        typeName: names[index], name: container.name, typeParameters: Self.typeParameters(accessors, aliases: aliases),
        accessors: accessors, makers: planned?.makers ?? [],
        keepsExternals: index == 0 && keepsExternals && !externals.isEmpty,
        members: index == 0
          ? plan.containers.indices.dropFirst().map {
            TypedContainerModel.Member(
              property: SwiftIdentifier.camelCase(plan.containers[$0].name), typeName: names[$0],
              name: plan.containers[$0].name)
          } : [],
        externals: index == 0 ? externals : [])
    }
    // The eager singletons of every environment: built by their accessors when those build them
    // (alike in every environment), else by the link, then made when the container is created.
    var eager: [TypedContainerModel.Eager] = []
    var linksEagerServices = false
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() where !container.eagerServices.isEmpty {
        for service in container.eagerServices.map({ container.services[$0] }) {
          let accessor =
            containers.indices.contains(index) ? containers[index].accessors.first { $0.id == service.id } : nil
          guard let accessor, index == 0, !accessor.isMainActor, case .singleton = accessor.construction else {
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
    // What only the link can find is found when the container is created: a `${NAME}` without a
    // default that the environment lacks, an external held weakly, and eager singletons the
    // accessors do not build.
    let linksAtCreation =
      linksEagerServices
      || variants.contains { variant in
        variant.plan.parameters.contains { parameter in
          guard case .environment(let segments, _) = parameter.value else { return false }
          return segments.contains { if case .variable(_, nil) = $0 { true } else { false } }
        } || variant.plan.containers.contains { $0.externals.contains { $0.retain != .strong } }
      }
    // Eager in every environment: built whatever the environment.
    for index in eager.indices where eager[index].environments.count == variants.count {
      eager[index].environments = []
    }
    var model = TypedContainerModel(
      access: access, graphFile: graphFile, environments: variants.compactMap(\.environment), aliases: aliases,
      containers: containers,
      serviceCount: variants.map { $0.plan.containers.reduce(0) { $0 + $1.services.count } }.max() ?? 0,
      linksAtCreation: linksAtCreation, eager: eager)
    for variant in variants {
      if let environment = variant.environment, let condition = variant.condition {
        model.conditions[environment] = condition
      }
    }
    return model
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

  /// Each service's number in the link (the base plan's), where every variant numbers it alike.
  private func globalNumbers(_ variants: [RegistryGenerator.Variant], base: ResolutionPlan) -> [Int: Int] {
    let numbering = variants.map { variant in
      variant.plan.containers.map { container in container.services.map(\.id) }
    }
    var numbers: [Int: Int] = [:]
    var global = 0
    for (index, container) in base.containers.enumerated() {
      for service in container.services {
        let same = numbering.allSatisfy { containers in
          guard containers.indices.contains(index), let position = containers[index].firstIndex(of: service.id) else {
            return false
          }
          return containers.prefix(index).reduce(0) { $0 + $1.count } + position == global
        }
        if same { numbers[global] = global }
        global += 1
      }
    }
    return numbers
  }

  private func accessor(
    ofService index: Int, in container: Int, of plan: ResolutionPlan, type: String,
    facts: StraightLinePlanner.AccessorFacts?, number: Int?, singleton: TypedContainerModel.SingletonBuild?,
    straightLine: TypedContainerModel.StraightLine?
  ) -> TypedContainerModel.Accessor {
    let service = plan.containers[container].services[index]
    let isAsync = facts?.isAsync ?? false
    var construction = TypedContainerModel.Construction.runtime
    if let singleton {
      construction = .singleton(singleton)
    } else if Self.isPerResolve(service.scope), !isAsync, let line = straightLine {
      construction = .straightLine(line)
    } else if !isAsync, service.arguments.isEmpty, let number {
      construction = .linked(number)
    }
    return TypedContainerModel.Accessor(
      property: SwiftIdentifier.camelCase(service.id), id: service.id, type: type,
      replacementType: service.bindings.first ?? type,
      arguments: service.arguments.map {
        TypedContainerModel.Argument(name: SwiftIdentifier.camelCase($0.name), key: $0.name, type: $0.type)
      },
      isMainActor: facts?.isMainActor ?? false, isAsync: isAsync, construction: construction)
  }

  /// Whether a scope builds its instances for each resolve (graph, unique), not keeping them.
  private static func isPerResolve(_ scope: ScopeKind) -> Bool { scope == .graph || scope == .unique }

  private func isMainActor(_ reference: ResolutionPlan.ServiceReference, in plan: ResolutionPlan) -> Bool {
    plan.containers[reference.container].services[reference.service].isolation == .mainActor
  }

  private func isAsync(_ reference: ResolutionPlan.ServiceReference, in plan: ResolutionPlan) -> Bool {
    isAsync(plan.containers[reference.container].services[reference.service])
  }

  /// Each variant's services, by container and id: looked up once per service, not searched.
  private func servicesByID(_ variants: [RegistryGenerator.Variant]) -> [[[String: ResolutionPlan.Service]]] {
    variants.map { variant in
      variant.plan.containers.map { container in
        Dictionary(container.services.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      }
    }
  }

  /// The type every variant builds `service` as: its `type` when they agree, otherwise the first
  /// `as:` binding they all share, otherwise the base's type.
  private func returnType(
    of service: ResolutionPlan.Service, in variants: [[String: ResolutionPlan.Service]]
  ) -> String {
    let services = variants.compactMap { $0[service.id] }
    if services.allSatisfy({ $0.type == service.type }) { return service.type }
    return service.bindings.first { binding in services.allSatisfy { $0.bindings.contains(binding) } }
      ?? service.type
  }

  /// A service whose type an environment changes with no `as:` type every variant binds: its
  /// typed accessor could not return one type. The error is at the layer's service. And a service
  /// whose accessor's Swift name another service's, a collaborating container's or the typed
  /// container's own member takes.
  public func diagnostics(_ variants: [RegistryGenerator.Variant]) -> [Diagnostic] {
    guard let base = variants.first(where: { $0.environment == nil }) else { return [] }
    let layers = variants.filter { $0.environment != nil }
    let byID = servicesByID(layers)
    var diagnostics = nameCollisions(in: base.plan)
    for (index, container) in base.plan.containers.enumerated() {
      for service in container.services {
        for (variant, services) in zip(layers, byID) {
          guard services.indices.contains(index), let other = services[index][service.id],
            other.type != service.type, !service.bindings.contains(where: other.bindings.contains)
          else { continue }
          diagnostics.append(
            .error(
              .typeMismatch,
              "'\(service.id)' is '\(other.type)' in environment '\(variant.environment ?? "")' but '\(service.type)' "
                + "in the base, and no 'as:' type binds both, so its typed accessor has no one type to return; add "
                + "the protocol both conform to under 'as:' in the base and the layer", at: other.location,
              notes: [Note(message: "'\(service.id)' is '\(service.type)' here", location: service.location)]))
        }
      }
    }
    return diagnostics
  }

  /// The typed container's checks of one graph file, as `dicfg validate`, the language server and
  /// the generator run them: `base` is the file's plan alone (nil when it did not compile), and
  /// `environments` each environment's plan.
  public static func checks(
    graphFile: String, base: ResolutionPlan?, environments: [(name: String, plan: ResolutionPlan?)]
  ) -> [Diagnostic] {
    guard let base else { return [] }
    let variants =
      [RegistryGenerator.Variant(environment: nil, plan: base)]
      + environments.compactMap { environment in
        environment.plan.map { RegistryGenerator.Variant(environment: environment.name, plan: $0) }
      }
    let name = graphFile.split(separator: "/").last.map(String.init) ?? graphFile
    return TypedContainerGenerator(graphFile: name).diagnostics(variants)
  }

  /// The members every typed container declares itself, which no accessor may take.
  static let ownMembers: Set<String> = [
    "dynamicContainer", "isReplaced", "observingContainer", "externals", "_link", "_singletons",
  ]

  /// Services whose accessors would take a name the typed container already has: a collaborating
  /// container's member (`userDetails` beside a container `userDetails`) or one of its own members
  /// (`dynamicContainer`). The error is at the service.
  private func nameCollisions(in plan: ResolutionPlan) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (index, container) in plan.containers.enumerated() {
      let typeName = typeNames[container.name] ?? Self.typeName(ofContainer: container.name)
      var taken: [String: String] = [:]
      if index == 0 {
        for other in plan.containers.dropFirst() {
          taken[SwiftIdentifier.camelCase(other.name)] = "the collaborating container '\(other.name)'"
        }
      }
      for service in container.services {
        let name = SwiftIdentifier.camelCase(service.id)
        let holder = Self.ownMembers.contains(name) ? "a member '\(typeName)' declares itself" : taken[name]
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

  /// The services a resolve of `start` may build: itself and what its initializer and properties
  /// take, transitively (not through providers and lazy values, which resolve later).
  private func reached(
    from start: ResolutionPlan.ServiceReference, in plan: ResolutionPlan
  ) -> Set<ResolutionPlan.ServiceReference> {
    var seen: Set<ResolutionPlan.ServiceReference> = [start]
    var queue = [start]
    while let next = queue.popLast() {
      let service = plan.containers[next.container].services[next.service]
      for argument in service.initializer + service.properties {
        for reference in Self.services(in: argument.value) where seen.insert(reference).inserted {
          queue.append(reference)
        }
      }
    }
    return seen
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
            self.reached(from: ResolutionPlan.ServiceReference(container: containerIndex, service: $0), in: plan)
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

  private static func services(in value: ResolutionPlan.Value) -> [ResolutionPlan.ServiceReference] {
    switch value {
    case .service(let reference): [reference]
    case .tagged(_, let services): services
    case .array(let values): values.flatMap(services(in:))
    case .optional(let value): value.map(services(in:)) ?? []
    case .external, .parameter, .argument, .container, .literal, .provider, .lazy, .swift: []
    }
  }

  /// Whether a value of the type named `type` may cross threads as far as the target's Swift says:
  /// false for a class, struct or enum the target declares without `Sendable` or a global actor;
  /// true for an actor, a protocol (an existential is the app's to make `Sendable`) and a type of
  /// another module.
  private func isSendable(_ type: String) -> Bool {
    guard let declared = swift?.type(named: type), [.class, .struct, .enum].contains(declared.kind) else { return true }
    if declared.globalActor != nil { return true }
    return declared.inherited.contains { SwiftTypeName.normalized($0) == "Sendable" }
  }

  /// Whether the Swift declares the initializer the service is built with `async`.
  private func isAsync(_ service: ResolutionPlan.Service) -> Bool {
    swift?.constructor(of: service)?.isAsync ?? false
  }

  // MARK: Rendering

  /// How one container's code spells types: an aliased type by its alias, or, in an accessor
  /// property's or stand-in's type, by the container's generic parameter; and how its code gets a
  /// service whose accessor returns a generic parameter, where it needs the type itself.
  private struct Spelling {
    var aliases: [String: String]
    var parameters: [String: String]
    var accessors: [String: TypedContainerModel.Accessor]

    init(_ model: TypedContainerModel, _ container: TypedContainerModel.Container) {
      aliases = model.aliases
      parameters = Dictionary(container.typeParameters.map { ($0.type, $0.name) }, uniquingKeysWith: { one, _ in one })
      accessors = Dictionary(container.accessors.map { ($0.property, $0) }, uniquingKeysWith: { one, _ in one })
    }

    /// `type` as code that needs the type itself names it.
    func concrete(_ type: String) -> String { aliases[type] ?? type }

    /// `type` as an accessor property or a stand-in declares it.
    func declared(_ type: String) -> String { parameters[type] ?? concrete(type) }

    /// Whether the accessor `property` returns a generic parameter.
    func isGeneric(_ property: String) -> Bool {
      guard let accessor = accessors[property] else { return false }
      return accessor.arguments.isEmpty && parameters[accessor.type] != nil
    }
  }

  /// Writes the model's containers.
  func render(_ model: TypedContainerModel, into writer: inout SwiftWriter) {
    for (index, container) in model.containers.enumerated() {
      render(container, isRoot: index == 0, model: model, into: &writer)
      writer.blank()
    }
  }

  private func render(
    _ container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel,
    into writer: inout SwiftWriter
  ) {
    let access = model.access == .internal ? "" : model.access.rawValue + " "
    writer.documentation([
      "The container '\(container.name)' of \(model.graphFile), typed: one accessor per service.",
      isRoot
        ? "Create it with the environment and the externals; the plan is linked when first needed."
        : "Reached from the first container of the file, which it collaborates with.",
    ])
    let spelling = Spelling(model, container)
    let parameters = container.typeParameters
    writer.line(
      parameters.isEmpty
        ? "\(access)final class \(container.typeName): Sendable {"
        : "\(access)final class \(container.typeName)Of<\(parameters.map(\.name).joined(separator: ", "))>: Sendable {")
    writer.indent { body in
      if isRoot { renderEnvironment(model, access: access, into: &body) }
      if isRoot && !container.externals.isEmpty {
        renderExternals(container.externals, spelling: spelling, access: access, into: &body)
      }
      renderReplacements(container, isRoot: isRoot, spelling: spelling, access: access, into: &body)
      body.documentation([
        "The dynamic container underneath, for what the accessors do not cover (a scope's reset, say):",
        "the plan linked to the generated registration on first use, sharing the accessors' singletons.",
      ])
      body.line("\(access)var dynamicContainer: Container {")
      body.indent {
        $0.line(
          isRoot
            ? "get throws { try _link.container() }"
            : "get throws { try _link.container(named: \(QuotedString.quoted(container.name, in: .swift))) }")
      }
      body.line("}")
      for member in container.members {
        body.documentation(["The container '\(member.name)' of the same link."])
        body.line("\(access)let \(SwiftIdentifier.escaped(member.property)): \(member.typeName)")
      }
      if container.keepsExternals { body.line("private let externals: Externals") }
      body.documentation(["The link, made when first needed, and the singletons' storage."])
      body.line("private let _link: DeferredLink")
      if container.accessors.contains(where: { if case .singleton = $0.construction { true } else { false } }) {
        body.documentation(["The singletons' storage, read without a retain."])
        body.line("private let _singletons: SingletonSlots")
      }
      body.documentation(["Whether services are replaced: accessors then resolve through the dynamic container."])
      body.line("private let isReplaced: Bool")
      body.documentation(["The container as services that take `$container` get it: not kept alive by them."])
      body.line("private var observingContainer: Container {")
      body.indent { $0.line("get throws { try dynamicContainer.observing() }") }
      body.line("}")
      body.blank()
      if isRoot {
        renderRootInitializer(container, model: model, access: access, into: &body)
      }
      let externals = container.keepsExternals ? ", externals: Externals" : ""
      body.line("fileprivate init(link: DeferredLink, isReplaced: Bool\(externals)) {")
      body.indent { initializer in
        initializer.line("_link = link")
        if container.accessors.contains(where: { if case .singleton = $0.construction { true } else { false } }) {
          initializer.line("_singletons = link.storage.slots")
        }
        initializer.line("self.isReplaced = isReplaced")
        if !externals.isEmpty { initializer.line("self.externals = externals") }
        for member in container.members {
          initializer.line(
            "\(SwiftIdentifier.escaped(member.property)) = \(member.typeName)(link: link, isReplaced: isReplaced)")
        }
      }
      body.line("}")
      for accessor in container.accessors {
        body.blank()
        render(accessor, spelling: spelling, access: access, into: &body)
      }
      for maker in container.makers {
        body.blank()
        render(maker, spelling: spelling, into: &body)
      }
    }
    writer.line("}")
    guard !parameters.isEmpty else { return }
    writer.blank()
    writer.documentation([
      "The container '\(container.name)', its services of types the target's Swift does not declare bound to them."
    ])
    writer.line(
      "\(access)typealias \(container.typeName) = \(container.typeName)Of<"
        + parameters.map { spelling.concrete($0.type) }.joined(separator: ", ") + ">")
  }

  private func renderReplacements(
    _ container: TypedContainerModel.Container, isRoot: Bool, spelling: Spelling, access: String,
    into writer: inout SwiftWriter
  ) {
    writer.documentation([
      "Stand-ins for services, for tests: each replaced service keeps its scope and its place in the graph,",
      "and the services that take it get the stand-in.",
    ])
    writer.line("\(access)struct Replacements: Sendable {")
    writer.indent { body in
      body.line("var byID = DICfgRuntime.Replacements()")
      for member in container.members {
        body.line("\(access)var \(SwiftIdentifier.escaped(member.property)) = \(member.typeName).Replacements()")
      }
      body.blank()
      body.line("\(access)init() {}")
      body.blank()
      body.documentation([
        "`replace(service:)` builds the service with `factory`, when its scope builds an instance (`{ stub }` for one",
        "instance).",
      ])
      for accessor in container.accessors {
        let key = isRoot ? accessor.id : container.name + "." + accessor.id
        body.line(
          "\(access)mutating func replace(\(SwiftIdentifier.escaped(accessor.property)) factory: @escaping @Sendable () -> "
            + "\(spelling.declared(accessor.replacementType))) { byID.replace(\(QuotedString.quoted(key, in: .swift)), factory: factory) }"
        )
      }
      if !container.members.isEmpty {
        body.blank()
        body.documentation(["Every container's replacements, as the runtime takes them."])
        body.line("var all: DICfgRuntime.Replacements {")
        body.indent { all in
          all.line("var all = byID")
          for member in container.members { all.line("all.merge(\(SwiftIdentifier.escaped(member.property)).byID)") }
          all.line("return all")
        }
        body.line("}")
      }
    }
    writer.line("}")
    writer.blank()
  }

  private func renderEnvironment(_ model: TypedContainerModel, access: String, into writer: inout SwiftWriter) {
    writer.documentation([
      "The environments there are plans for: the base, and one for each layer beside \(model.graphFile)."
    ])
    writer.line("\(access)enum Environment: String, CaseIterable, Sendable {")
    writer.indent { body in
      body.line("case base")
      var condition: String?
      for environment in model.environments {
        body.condition(model.conditions[environment], after: &condition)
        let name = SwiftIdentifier.camelCase(environment)
        body.line(
          name == environment
            ? "case \(SwiftIdentifier.escaped(name))"
            : "case \(SwiftIdentifier.escaped(name)) = \(QuotedString.quoted(environment, in: .swift))")
      }
      body.condition(nil, after: &condition)
      body.blank()
      body.documentation([
        "The environment `name` names (a launch argument, say); an error names the closest one for a typo."
      ])
      body.line("\(access)init(named name: String) throws {")
      body.indent {
        $0.line("guard let environment = Self(rawValue: name) else {")
        let known = SwiftWriter.knownEnvironments(
          [("nil", nil)] + model.environments.map { (QuotedString.quoted($0, in: .swift), model.conditions[$0]) })
        for line in known.dropLast(known.count == 1 ? 1 : 0) { $0.line("  " + line) }
        $0.line(
          "  throw RegistryError.unknownEnvironment(name, known: \(known.count == 1 ? known[0] : "known"), graphFile: "
            + "\(QuotedString.quoted(model.graphFile, in: .swift)))")
        $0.line("}")
        $0.line("self = environment")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }

  private func renderExternals(
    _ externals: [TypedContainerModel.External], spelling: Spelling, access: String, into writer: inout SwiftWriter
  ) {
    writer.documentation(["The instances the app supplies, as the graph file's `externals:` declares them."])
    writer.line("\(access)struct Externals: Sendable {")
    writer.indent { body in
      for external in externals {
        let name = SwiftIdentifier.escaped(external.property)
        let type = external.swiftType(spelling.concrete)
        guard !external.isSendable else {
          body.line("\(access)var \(name): \(type)")
          continue
        }
        // A type that is not `Sendable` is held as the host app supplies it (decision record 108).
        let box = "NonSendableExternal<\(spelling.concrete(external.type))>"
        body.line("\(access)var \(name): \(type) {")
        body.indent {
          $0.line("get { _\(external.property)\(external.optional ? "?" : "").value }")
          $0.line(
            "set { _\(external.property) = " + (external.optional ? "newValue.map { \(box)($0) }" : "\(box)(newValue)")
              + " }")
        }
        body.line("}")
        body.line("private var _\(external.property): \(box)\(external.optional ? "?" : "")")
      }
      body.blank()
      let parameters = externals.map {
        "\(SwiftIdentifier.escaped($0.property)): \($0.swiftType(spelling.concrete))\($0.optional ? " = nil" : "")"
      }
      body.line("\(access)init(\(parameters.joined(separator: ", "))) {")
      body.indent { initializer in
        for external in externals {
          let name = SwiftIdentifier.escaped(external.property)
          guard !external.isSendable else {
            initializer.line("self.\(name) = \(name)")
            continue
          }
          let box = "NonSendableExternal<\(spelling.concrete(external.type))>"
          initializer.line(
            "self._\(external.property) = " + (external.optional ? "\(name).map { \(box)($0) }" : "\(box)(\(name))"))
        }
      }
      body.line("}")
      body.blank()
      body.line("var byID: DICfgRuntime.Externals {")
      body.indent { values in
        values.line("var values = DICfgRuntime.Externals()")
        for external in externals {
          let stored = external.isSendable ? SwiftIdentifier.escaped(external.property) : "_" + external.property
          let key = QuotedString.quoted(external.key, in: .swift)
          values.line(
            external.optional
              ? "if let value = \(stored) { values.byID[\(key)] = value }" : "values.byID[\(key)] = \(stored)")
        }
        values.line("return values")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }

  private func renderRootInitializer(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let externals = container.externals
    let externalsParameter =
      externals.isEmpty
      ? "" : externals.allSatisfy(\.optional) ? "externals: Externals = Externals(), " : "externals: Externals, "
    writer.documentation(
      [
        "The container of `environment`, reading `${NAME}` parameters from `variables` (by default the process",
        model.linksAtCreation
          ? "environment): links the plan to the generated registration and builds the eager singletons."
          : "environment, when the plan is linked). The plan is linked when something first needs it; the eager",
        model.linksAtCreation ? nil : "singletons are built now.",
      ].compactMap { $0 })
    writer.line(
      "\(access)convenience init(environment: Environment = .base, \(externalsParameter)"
        + "variables: [String: String]? = nil, replacing replacements: Replacements = Replacements()) throws {"
    )
    writer.indent { body in
      let all = container.members.isEmpty ? "replacements.byID" : "replacements.all"
      body.line("let replaced = \(all)")
      body.line("let link = DeferredLink(serviceCount: \(model.serviceCount)) { storage in")
      body.indent {
        $0.line("try Container(")
        $0.line(
          "  plan: try Registry.graphFilePlan(environment: environment == .base ? nil : environment.rawValue), "
            + "registry: try Registry.fromGraphFile(),")
        $0.line(
          "  externals: \(externals.isEmpty ? "[:]" : "externals.byID"), "
            + "environment: variables ?? ProcessInfo.processInfo.environment, replacing: replaced, sharing: storage)")
      }
      body.line("}")
      body.line(
        model.linksAtCreation ? "_ = try link.container()" : "if !replaced.isEmpty { _ = try link.container() }")
      body.line(
        "self.init(link: link, isReplaced: !replaced.isEmpty\(container.keepsExternals ? ", externals: externals" : ""))"
      )
      for eager in model.eager {
        let build = "_ = \(eager.isThrowing ? "try " : "")\(SwiftIdentifier.escaped(eager.property))"
        guard !eager.environments.isEmpty else {
          body.line(build)
          continue
        }
        // An environment whose layer has a condition is named only where its case exists.
        var byCondition: [(condition: String?, cases: [String])] = []
        for environment in eager.environments {
          let condition = environment.flatMap { model.conditions[$0] }
          let name = "." + (environment.map { SwiftIdentifier.escaped(SwiftIdentifier.camelCase($0)) } ?? "base")
          if let index = byCondition.firstIndex(where: { $0.condition == condition }) {
            byCondition[index].cases.append(name)
          } else {
            byCondition.append((condition, [name]))
          }
        }
        for group in byCondition {
          if let condition = group.condition { body.line("#if \(condition)") }
          body.line("if [\(group.cases.joined(separator: ", "))].contains(environment) { \(build) }")
          if group.condition != nil { body.line("#endif") }
        }
      }
    }
    writer.line("}")
    writer.blank()
  }

  private func render(
    _ accessor: TypedContainerModel.Accessor, spelling: Spelling, access: String, into writer: inout SwiftWriter
  ) {
    let effects = [accessor.isAsync ? "async" : nil, accessor.isThrowing ? "throws" : nil].compactMap { $0 }
      .joined(separator: " ")
    let actor = accessor.isMainActor ? "@MainActor " : ""
    writer.documentation(["The service '\(accessor.id)'."])
    if accessor.arguments.isEmpty {
      // A built singleton is one load: inlined where the app calls it.
      var inline = ""
      if case .singleton = accessor.construction { inline = "@inline(__always) " }
      let type = spelling.declared(accessor.type)
      writer.line("\(inline)\(actor)\(access)var \(SwiftIdentifier.escaped(accessor.property)): \(type) {")
      writer.indent { getter in
        if effects.isEmpty {
          renderBody(of: accessor, as: type, spelling: spelling, into: &getter)
        } else {
          getter.line("get \(effects) {")
          getter.indent { renderBody(of: accessor, as: type, spelling: spelling, into: &$0) }
          getter.line("}")
        }
      }
    } else {
      let parameters = accessor.arguments.map { "\(SwiftIdentifier.escaped($0.name)): \($0.type)" }
      let type = spelling.concrete(accessor.type)
      writer.line(
        "\(actor)\(access)func \(SwiftIdentifier.escaped(accessor.property))(\(parameters.joined(separator: ", ")))"
          + "\(effects.isEmpty ? "" : " " + effects) -> \(type) {")
      writer.indent { renderBody(of: accessor, as: type, spelling: spelling, into: &$0) }
    }
    writer.line("}")
  }

  /// The dynamic container's resolve of `accessor`'s service as `type`, without `try`.
  private func resolve(_ accessor: TypedContainerModel.Accessor, as type: String) -> String {
    let resolver = accessor.isMainActor && !accessor.isAsync ? "dynamicContainer.mainActor" : "dynamicContainer"
    let arguments =
      accessor.arguments.isEmpty
      ? ""
      : ", arguments: ["
        + accessor.arguments.map {
          "\(QuotedString.quoted($0.key, in: .swift)): \(SwiftIdentifier.escaped($0.name))"
        }.joined(separator: ", ") + "]"
    return "\(resolver).resolve(\(QuotedString.quoted(accessor.id, in: .swift)), as: \(type).self\(arguments))"
  }

  /// How an accessor that goes through the runtime gets its instance as `type`, with `try`; nil
  /// for one that builds it.
  private func resolution(of accessor: TypedContainerModel.Accessor, as type: String) -> String? {
    switch accessor.construction {
    case .runtime:
      (accessor.isAsync ? "try await " : "try ") + resolve(accessor, as: type)
    case .linked(let number):
      "try _link.\(accessor.isMainActor ? "resolveOnMainActor" : "resolve")(\(number), as: \(type).self)"
    case .singleton, .straightLine:
      nil
    }
  }

  private func renderBody(
    of accessor: TypedContainerModel.Accessor, as type: String, spelling: Spelling, into writer: inout SwiftWriter
  ) {
    if let resolution = resolution(of: accessor, as: type) {
      writer.line(resolution)
      return
    }
    let resolve = resolve(accessor, as: type)
    switch accessor.construction {
    case .runtime, .linked:
      break
    case .singleton(let build):
      // With replacements, the link builds it (a stand-in, or around stand-ins); it was made when
      // the container was created, and a build that cannot throw cannot fail there either.
      writer.line("if isReplaced { return \(build.isThrowing ? "try" : "try!") \(resolve) }")
      let values = build.arguments.map { ($0.label == "_" ? "" : $0.label + ": ") + swift($0.value, spelling) }
      let construct =
        "\(build.initializerThrows ? "try " : "")\(build.builder ?? spelling.concrete(build.type))(\(values.joined(separator: ", ")))"
      writer.line(
        "return \(build.isThrowing ? "try " : "")_singletons.singleton(\(build.number), as: \(type).self) "
          + "{ \(construct) }")
    case .straightLine(let line):
      // With replacements, the runtime builds the graph around the stand-ins. A graph whose
      // initializers cannot throw cannot fail there either: its stand-ins' factories cannot throw.
      writer.line("if isReplaced { return \(line.isThrowing ? "try" : "try!") \(resolve) }")
      if case .build(let local, let value)? = line.steps.last, line.steps.count == 1, local == line.result {
        writer.line("return \(swift(value, spelling))")
        return
      }
      for step in line.steps {
        switch step {
        case .build(let local, let value): writer.line("let \(local) = \(swift(value, spelling))")
        case .set(let local, let property, let value): writer.line("\(local).\(property) = \(swift(value, spelling))")
        }
      }
      writer.line("return \(line.result)")
    }
  }

  private func render(_ maker: TypedContainerModel.Maker, spelling: Spelling, into writer: inout SwiftWriter) {
    let parameters = maker.parameters.map { "_ \(SwiftIdentifier.escaped($0.name)): \(spelling.concrete($0.type))" }
    let values = maker.arguments.map { ($0.label == "_" ? "" : $0.label + ": ") + swift($0.value, spelling) }
    let type = spelling.concrete(maker.type)
    writer.line(
      "\(maker.isMainActor ? "@MainActor " : "")private func \(maker.function)(\(parameters.joined(separator: ", ")))"
        + "\(maker.isThrowing ? " throws" : "") -> \(type) {")
    writer.indent {
      $0.line("\(maker.initializerThrows ? "try " : "")\(maker.builder ?? type)(\(values.joined(separator: ", ")))")
    }
    writer.line("}")
  }

  private func swift(_ expression: TypedContainerModel.Expression, _ spelling: Spelling) -> String {
    switch expression {
    case .local(let name), .literal(let name): return name
    case .argument(let name): return SwiftIdentifier.escaped(name)
    case .external(let property): return "externals.\(SwiftIdentifier.escaped(property))"
    case .accessor(let property, let isThrowing):
      // An accessor returning a generic parameter: its service resolved as the type itself.
      if spelling.isGeneric(property), let accessor = spelling.accessors[property],
        let resolution = resolution(of: accessor, as: spelling.concrete(accessor.type))
      {
        return "(\(resolution))"
      }
      return (isThrowing ? "try " : "") + SwiftIdentifier.escaped(property)
    case .call(let function, let arguments, let isThrowing):
      return (isThrowing ? "try " : "") + function + "("
        + arguments.map { swift($0, spelling) }.joined(separator: ", ") + ")"
    case .container: return "try observingContainer"
    case .array(let values): return "[" + values.map { swift($0, spelling) }.joined(separator: ", ") + "]"
    case .none: return "nil"
    }
  }
}

/// What ``TypedContainerGenerator/translate(_:aliases:)`` decides: names, types and effects, no Swift text.
public struct TypedContainerModel: Sendable, Equatable {
  public struct External: Sendable, Equatable {
    public var property: String
    /// The key the runtime's externals take: the id, or `container.id` for a container after the first.
    public var key: String
    public var type: String
    public var optional: Bool
    /// Whether its type is known to be `Sendable`; otherwise the container holds it in a
    /// `NonSendableExternal`.
    public var isSendable: Bool = true

    /// Its type in Swift, with `spelled` spelling the type the graph file writes.
    func swiftType(_ spelled: (String) -> String) -> String { optional ? "(\(spelled(type)))?" : spelled(type) }
  }

  public struct Argument: Sendable, Equatable {
    public var name: String
    public var key: String
    public var type: String
  }

  public struct Accessor: Sendable, Equatable {
    public var property: String
    public var id: String
    public var type: String
    /// What a test's stand-in must be: the service's first `as:` type, or its ``type``.
    public var replacementType: String
    public var arguments: [Argument]
    /// Whether a resolve builds a main-actor service: the accessor is `@MainActor`.
    public var isMainActor: Bool
    /// Whether a resolve may await an `async` initializer: the accessor is `async`.
    public var isAsync: Bool
    public var construction: Construction

    /// Whether the accessor `throws`: it goes through the runtime, or something its build calls can
    /// throw (an initializer, an accessor that resolves through the runtime).
    public var isThrowing: Bool {
      switch construction {
      case .runtime, .linked: true
      case .singleton(let build): build.isThrowing
      case .straightLine(let line): line.isThrowing
      }
    }
  }

  /// How an accessor gets its instance.
  public enum Construction: Sendable, Equatable {
    /// Resolved by id through the dynamic container.
    case runtime
    /// Resolved through the link by the service's number in it.
    case linked(Int)
    /// A singleton built by the accessor into the runtime's singleton storage, once.
    case singleton(SingletonBuild)
    /// Constructed in the accessor, as hand-written code would.
    case straightLine(StraightLine)
  }

  /// How a singleton's accessor builds it: its initializer called with its dependencies.
  public struct SingletonBuild: Sendable, Equatable {
    /// The singleton's number in the link, where the runtime's storage keeps it.
    public var number: Int
    public var type: String
    public var arguments: [LabeledExpression]
    public var initializerThrows: Bool
    public var isThrowing: Bool
    public var isMainActor: Bool
    /// The make functions the build calls, by service.
    public var calls: [Int]
    /// The static method or free function that builds it (`factory:`); nil for its type's initializer.
    public var builder: String?

    public init(
      number: Int, type: String, arguments: [LabeledExpression], initializerThrows: Bool, isThrowing: Bool,
      isMainActor: Bool, calls: [Int]
    ) {
      self.number = number
      self.type = type
      self.arguments = arguments
      self.initializerThrows = initializerThrows
      self.isThrowing = isThrowing
      self.isMainActor = isMainActor
      self.calls = calls
    }
  }

  /// An eager singleton the container's creation builds through its accessor.
  public struct Eager: Sendable, Equatable {
    public var property: String
    public var isThrowing: Bool
    /// The environments it is eager in (nil for the base); empty when it is eager in all.
    public var environments: [String?] = []

    public init(property: String, isThrowing: Bool, environments: [String?]) {
      self.property = property
      self.isThrowing = isThrowing
      self.environments = environments
    }
  }

  /// A graph built by the accessor itself: its hoisted instances as locals in dependency order,
  /// the service made from them, then the properties set.
  public struct StraightLine: Sendable, Equatable {
    public var steps: [Step]
    /// The local the accessor returns.
    public var result: String
    /// The services whose make functions the steps call.
    public var calls: [Int]

    public init(steps: [Step], result: String, calls: [Int]) {
      self.steps = steps
      self.result = result
      self.calls = calls
    }

    var isThrowing: Bool {
      steps.contains {
        switch $0 {
        case .build(_, let value), .set(_, _, let value): value.isThrowing
        }
      }
    }
  }

  public enum Step: Sendable, Equatable {
    /// `let local = value`.
    case build(local: String, value: Expression)
    /// `local.property = value`, once every instance of the resolve is constructed.
    case set(local: String, property: String, value: Expression)
  }

  /// A private function of the container class that builds one graph- or unique-scoped service
  /// from the hoisted instances it takes.
  public struct Maker: Sendable, Equatable {
    public var function: String
    public var type: String
    /// The hoisted instances, then the run-time arguments.
    public var parameters: [Parameter]
    /// The initializer's arguments.
    public var arguments: [LabeledExpression]
    public var initializerThrows: Bool
    /// Whether the function throws: its initializer, an accessor or a make function it calls can.
    public var isThrowing: Bool
    public var isMainActor: Bool
    /// The static method or free function that builds it (`factory:`); nil for its type's initializer.
    public var builder: String? = nil
  }

  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var type: String
  }

  public struct LabeledExpression: Sendable, Equatable {
    public var label: String
    public var value: Expression

    public init(label: String, value: Expression) {
      self.label = label
      self.value = value
    }
  }

  public indirect enum Expression: Sendable, Equatable {
    /// An instance built earlier in the accessor.
    case local(String)
    /// A Swift literal, as written.
    case literal(String)
    /// One of the accessor's run-time arguments.
    case argument(String)
    /// An external the container was created with, by its property.
    case external(String)
    /// A shared-scope service, through its accessor.
    case accessor(String, isThrowing: Bool)
    /// A make function called with these values.
    case call(String, arguments: [Expression], isThrowing: Bool)
    /// The container, as the runtime gives it to factories: not kept alive by the instance.
    case container
    case array([Expression])
    /// `nil`.
    case none

    var isThrowing: Bool {
      switch self {
      case .accessor(_, let isThrowing): isThrowing
      // The container is linked on first use, which can fail.
      case .container: true
      case .call(_, let arguments, let isThrowing): isThrowing || arguments.contains(where: \.isThrowing)
      case .array(let values): values.contains(where: \.isThrowing)
      case .local, .literal, .argument, .external, .none: false
      }
    }

  }

  public struct Member: Sendable, Equatable {
    public var property: String
    public var typeName: String
    public var name: String
  }

  /// A generic parameter of a container class, bound to a type's alias: the class is
  /// `MainContainerOf<TLedger>`, and `MainContainer` names it bound, `MainContainerOf<DicfgLedger>`.
  public struct TypeParameter: Sendable, Equatable {
    public var name: String
    /// The type as the graph file writes it.
    public var type: String
  }

  public struct Container: Sendable, Equatable {
    public var typeName: String
    public var name: String
    /// Its generic parameters; empty for a class that is not generic.
    public var typeParameters: [TypeParameter] = []
    public var accessors: [Accessor]
    /// The make functions its accessors call.
    public var makers: [Maker]
    /// Whether it holds the externals it was created with, for the accessors that pass them.
    public var keepsExternals: Bool
    /// The plan's other containers, reached from the first.
    public var members: [Member]
    public var externals: [External]
  }

  public var access: RegistryGenerator.Access
  public var graphFile: String
  public var environments: [String]
  /// The Swift compilation condition of each environment whose layer is limited to one: its case
  /// exists only where the condition holds.
  public var conditions: [String: String] = [:]
  /// The alias of each type the target's Swift does not declare, by the type as written.
  public var aliases: [String: String] = [:]
  public var containers: [Container]
  /// The most services any environment's plan has: the room the singleton storage takes.
  public var serviceCount: Int = 0
  /// Whether creating the container links the plan (else the first use that needs the link does).
  public var linksAtCreation: Bool = false
  /// The eager singletons the creation builds through their accessors.
  public var eager: [Eager] = []
}

/// Swift names for the graph file's ids.
enum SwiftIdentifier {
  /// `events-list` → `eventsList`, `user_details` → `user_details`; a leading digit gets `_`.
  static func camelCase(_ name: String) -> String {
    var result = ""
    var upper = false
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        result.append(upper ? Character(character.uppercased()) : character)
        upper = false
      } else {
        upper = !result.isEmpty
      }
    }
    if result.isEmpty { return "_" }
    if let first = result.first, first.isNumber { result = "_" + result }
    return result
  }

  /// `camelCase(_:)` with its first letter in upper case: `events-list` → `EventsList`,
  /// `any Logger` → `AnyLogger`, `Paymnts.Gateway` → `PaymntsGateway`.
  static func upperCamelCase(_ name: String) -> String {
    let camel = camelCase(name)
    return camel.prefix(1).uppercased() + camel.dropFirst()
  }

  /// What the alias of a type the target's Swift does not declare starts with: `DicfgLedger`.
  static let aliasPrefix = "Dicfg"

  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  /// `name`, in backticks where it is a keyword.
  static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }
}
