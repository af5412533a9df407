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
/// Each accessor resolves through the dynamic `Container` the typed one wraps (so scopes,
/// cycles and identities are the runtime's), by the service's id written in generated code only.
/// It works in two stages, as ``RegistryGenerator`` does: ``translate(_:)`` decides the names,
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
    let camel = SwiftIdentifier.camelCase(name)
    return camel.prefix(1).uppercased() + camel.dropFirst() + "Container"
  }

  // MARK: Translation

  /// The typed containers of `variants` (base first): accessors from the base plan, with the type
  /// every variant agrees on.
  public func translate(_ variants: [RegistryGenerator.Variant]) -> TypedContainerModel {
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
          optional: external.optional)
      }
    }
    let byID = servicesByID(variants)
    let containers = plan.containers.enumerated().map { index, container in
      TypedContainerModel.Container(
        typeName: names[index], name: container.name,
        accessors: container.services.indices.map { accessor(ofService: $0, in: index, of: plan, variants: byID) },
        members: index == 0
          ? plan.containers.indices.dropFirst().map {
            TypedContainerModel.Member(
              property: SwiftIdentifier.camelCase(plan.containers[$0].name), typeName: names[$0],
              name: plan.containers[$0].name)
          } : [],
        externals: index == 0 ? externals : [])
    }
    return TypedContainerModel(
      access: access, graphFile: graphFile, environments: variants.compactMap(\.environment), containers: containers)
  }

  private func accessor(
    ofService index: Int, in container: Int, of plan: ResolutionPlan,
    variants: [[[String: ResolutionPlan.Service]]]
  ) -> TypedContainerModel.Accessor {
    let service = plan.containers[container].services[index]
    let reach = reached(from: ResolutionPlan.ServiceReference(container: container, service: index), in: plan)
    return TypedContainerModel.Accessor(
      property: SwiftIdentifier.camelCase(service.id), id: service.id,
      type: returnType(of: service, in: variants.compactMap { $0.indices.contains(container) ? $0[container] : nil }),
      arguments: service.arguments.map {
        TypedContainerModel.Argument(name: SwiftIdentifier.camelCase($0.name), key: $0.name, type: $0.type)
      },
      isMainActor: reach.contains { plan.containers[$0.container].services[$0.service].isolation == .mainActor },
      isAsync: reach.contains { isAsync(plan.containers[$0.container].services[$0.service]) })
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
  /// typed accessor could not return one type. The error is at the layer's service.
  public func diagnostics(_ variants: [RegistryGenerator.Variant]) -> [Diagnostic] {
    guard let base = variants.first(where: { $0.environment == nil }) else { return [] }
    let layers = variants.filter { $0.environment != nil }
    let byID = servicesByID(layers)
    var diagnostics: [Diagnostic] = []
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

  private static func services(in value: ResolutionPlan.Value) -> [ResolutionPlan.ServiceReference] {
    switch value {
    case .service(let reference): [reference]
    case .tagged(_, let services): services
    case .array(let values): values.flatMap(services(in:))
    case .optional(let value): value.map(services(in:)) ?? []
    case .external, .parameter, .argument, .container, .literal, .provider, .lazy: []
    }
  }

  /// Whether the Swift declares the initializer the service is built with `async`.
  private func isAsync(_ service: ResolutionPlan.Service) -> Bool {
    guard let type = swift?.type(named: service.type) else { return false }
    let labels = service.initializer.map(\.label)
    return type.initializers.contains { $0.labels == labels && $0.isAsync }
  }

  // MARK: Rendering

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
        ? "Create it with the environment and the externals; it links the embedded plan once."
        : "Reached from the first container of the file, which it collaborates with.",
    ])
    writer.line("\(access)final class \(container.typeName): Sendable {")
    writer.indent { body in
      if isRoot { renderEnvironment(model, access: access, into: &body) }
      if isRoot && !container.externals.isEmpty { renderExternals(container.externals, access: access, into: &body) }
      body.documentation([
        "The dynamic container underneath, for what the accessors do not cover (a scope's reset, say)."
      ])
      body.line("\(access)let dynamicContainer: Container")
      for member in container.members {
        body.documentation(["The container '\(member.name)' of the same link."])
        body.line("\(access)let \(SwiftIdentifier.escaped(member.property)): \(member.typeName)")
      }
      body.blank()
      if isRoot {
        renderRootInitializer(container, model: model, access: access, into: &body)
      }
      body.documentation(["Wraps the container '\(container.name)' of a link."])
      body.line("\(access)init(wrapping container: Container) {")
      body.indent { initializer in
        initializer.line("dynamicContainer = container")
        for member in container.members {
          // The link holds every container of the plan, so the lookup by name always finds it.
          initializer.line(
            "\(SwiftIdentifier.escaped(member.property)) = \(member.typeName)(wrapping: container.container(named: "
              + "\(QuotedString.quoted(member.name, in: .swift))) ?? container)")
        }
      }
      body.line("}")
      for accessor in container.accessors {
        body.blank()
        render(accessor, access: access, into: &body)
      }
    }
    writer.line("}")
  }

  private func renderEnvironment(_ model: TypedContainerModel, access: String, into writer: inout SwiftWriter) {
    writer.documentation([
      "The environments there are plans for: the base, and one for each layer beside \(model.graphFile)."
    ])
    writer.line("\(access)enum Environment: String, CaseIterable, Sendable {")
    writer.indent { body in
      body.line("case base")
      for environment in model.environments {
        let name = SwiftIdentifier.camelCase(environment)
        body.line(
          name == environment
            ? "case \(SwiftIdentifier.escaped(name))"
            : "case \(SwiftIdentifier.escaped(name)) = \(QuotedString.quoted(environment, in: .swift))")
      }
      body.blank()
      body.documentation([
        "The environment `name` names (a launch argument, say); an error names the closest one for a typo."
      ])
      body.line("\(access)init(named name: String) throws {")
      body.indent {
        $0.line("guard let environment = Self(rawValue: name) else {")
        let known = "[nil" + model.environments.map { ", " + QuotedString.quoted($0, in: .swift) }.joined() + "]"
        $0.line(
          "  throw RegistryError.unknownEnvironment(name, known: \(known), graphFile: "
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
    _ externals: [TypedContainerModel.External], access: String, into writer: inout SwiftWriter
  ) {
    writer.documentation(["The instances the app supplies, as the graph file's `externals:` declares them."])
    writer.line("\(access)struct Externals {")
    writer.indent { body in
      for external in externals {
        body.line("\(access)var \(SwiftIdentifier.escaped(external.property)): \(external.swiftType)")
      }
      body.blank()
      let parameters = externals.map {
        "\(SwiftIdentifier.escaped($0.property)): \($0.swiftType)\($0.optional ? " = nil" : "")"
      }
      body.line("\(access)init(\(parameters.joined(separator: ", "))) {")
      body.indent { initializer in
        for external in externals {
          let name = SwiftIdentifier.escaped(external.property)
          initializer.line("self.\(name) = \(name)")
        }
      }
      body.line("}")
      body.blank()
      body.line("var byID: DICfgRuntime.Externals {")
      body.indent { values in
        values.line("var values = DICfgRuntime.Externals()")
        for external in externals {
          let name = SwiftIdentifier.escaped(external.property)
          let key = QuotedString.quoted(external.key, in: .swift)
          values.line(
            external.optional
              ? "if let value = \(name) { values.byID[\(key)] = value }" : "values.byID[\(key)] = \(name)")
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
    writer.documentation([
      "Links the plan of `environment` to the generated registration, reading `${NAME}` parameters from",
      "`variables` (the process environment by default), and builds the eager singletons.",
    ])
    writer.line(
      "\(access)convenience init(environment: Environment = .base, \(externalsParameter)"
        + "variables: [String: String] = ProcessInfo.processInfo.environment, replacing replacements: Replacements = Replacements()) throws {"
    )
    writer.indent { body in
      body.line("self.init(")
      body.line("  wrapping: try Container(")
      body.line(
        "    plan: try Registry.graphFilePlan(environment: environment == .base ? nil : environment.rawValue),")
      body.line(
        "    registry: try Registry.fromGraphFile(), externals: \(externals.isEmpty ? "[:]" : "externals.byID"), "
          + "environment: variables, replacing: replacements))")
    }
    writer.line("}")
    writer.blank()
  }

  private func render(_ accessor: TypedContainerModel.Accessor, access: String, into writer: inout SwiftWriter) {
    let id = QuotedString.quoted(accessor.id, in: .swift)
    let effects = accessor.isAsync ? "async throws" : "throws"
    let actor = accessor.isMainActor ? "@MainActor " : ""
    let resolver = accessor.isMainActor && !accessor.isAsync ? "dynamicContainer.mainActor" : "dynamicContainer"
    let call = (accessor.isAsync ? "try await " : "try ") + resolver + ".resolve(\(id), as: \(accessor.type).self"
    writer.documentation(["The service '\(accessor.id)'."])
    if accessor.arguments.isEmpty {
      writer.line("\(actor)\(access)var \(SwiftIdentifier.escaped(accessor.property)): \(accessor.type) {")
      writer.indent { $0.line("get \(effects) { \(call)) }") }
      writer.line("}")
    } else {
      let parameters = accessor.arguments.map { "\(SwiftIdentifier.escaped($0.name)): \($0.type)" }
      let values = accessor.arguments.map {
        "\(QuotedString.quoted($0.key, in: .swift)): \(SwiftIdentifier.escaped($0.name))"
      }
      writer.line(
        "\(actor)\(access)func \(SwiftIdentifier.escaped(accessor.property))(\(parameters.joined(separator: ", "))) "
          + "\(effects) -> \(accessor.type) {")
      writer.indent { $0.line("\(call), arguments: [\(values.joined(separator: ", "))])") }
      writer.line("}")
    }
  }
}

/// What ``TypedContainerGenerator/translate(_:)`` decides: names, types and effects, no Swift text.
public struct TypedContainerModel: Sendable, Equatable {
  public struct External: Sendable, Equatable {
    public var property: String
    /// The key the runtime's externals take: the id, or `container.id` for a container after the first.
    public var key: String
    public var type: String
    public var optional: Bool

    var swiftType: String { optional ? "(\(type))?" : type }
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
    public var arguments: [Argument]
    /// Whether a resolve builds a main-actor service: the accessor is `@MainActor`.
    public var isMainActor: Bool
    /// Whether a resolve may await an `async` initializer: the accessor is `async`.
    public var isAsync: Bool
  }

  public struct Member: Sendable, Equatable {
    public var property: String
    public var typeName: String
    public var name: String
  }

  public struct Container: Sendable, Equatable {
    public var typeName: String
    public var name: String
    public var accessors: [Accessor]
    /// The plan's other containers, reached from the first.
    public var members: [Member]
    public var externals: [External]
  }

  public var access: RegistryGenerator.Access
  public var graphFile: String
  public var environments: [String]
  public var containers: [Container]
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
