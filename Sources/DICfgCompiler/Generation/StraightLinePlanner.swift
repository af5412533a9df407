import DICfgCore

/// Decides how a typed accessor builds a graph- or unique-scoped service without the runtime:
/// each instance a local, constructed in dependency order by the initializer the Swift declares,
/// properties set once what they name exists (a cycle through a property closed after
/// construction), and every shared-scope service read from the runtime's scope storage through a
/// handle.
///
/// It plans only what it can prove from the graph file and the Swift declarations, so the code it
/// writes compiles whenever the registration does: anything else (an environment that changes a
/// service of the graph, a provider, a value whose Swift type it cannot match, an `async` or
/// failable initializer, a type the target does not declare) leaves the accessor to the runtime.
struct StraightLinePlanner {
  let plan: ResolutionPlan
  let container: Int
  let swift: SwiftDeclarations
  /// Each variant's services of the container, by id (the base's among them).
  let variants: [[String: ResolutionPlan.Service]]
  /// Whether every variant orders the container's services as the base does, so references
  /// (by index) mean the same services in all of them.
  let sameOrder: Bool
  /// Each variant's parameters (the base's among them), to tell a parameter no environment changes.
  let parameters: [[ResolutionPlan.Parameter]]
  /// The accessor property of each root-container external, by its index.
  let externals: [Int: String]
  /// The handle property of each shared service of the container, by index; absent for one the
  /// runtime resolves by id (its graph builds a main-actor service).
  let handles: [Int: String]
  /// The type each service's accessor returns, by index.
  let accessorTypes: [Int: String]

  private struct Unplannable: Error {}

  /// The construction of service `index`, or nil when the runtime has to build it.
  func construction(of index: Int) -> TypedContainerModel.StraightLine? {
    guard sameOrder else { return nil }
    var builder = Builder(planner: self, root: plan.containers[container].services[index])
    guard let result = try? builder.local(for: index) else { return nil }
    do { try builder.closeDeferredProperties() } catch { return nil }
    return TypedContainerModel.StraightLine(steps: builder.steps, result: result)
  }

  fileprivate func service(_ index: Int) -> ResolutionPlan.Service { plan.containers[container].services[index] }

  /// Whether a shared service's build can take part in the graph of the resolve that reaches it
  /// (it reaches a graph-scoped service, which a cold build would share with that resolve).
  fileprivate func reachesGraphScope(from index: Int) -> Bool {
    var seen: Set<Int> = [index]
    var queue = [index]
    while let next = queue.popLast() {
      let service = service(next)
      if next != index && service.scope == .graph { return true }
      for argument in service.initializer + service.properties {
        for reference in Self.services(in: argument.value) {
          guard reference.container == container else { return true }
          if seen.insert(reference.service).inserted { queue.append(reference.service) }
        }
      }
    }
    return false
  }

  fileprivate static func services(in value: ResolutionPlan.Value) -> [ResolutionPlan.ServiceReference] {
    switch value {
    case .service(let reference), .provider(let reference), .lazy(let reference): [reference]
    case .tagged(_, let services): services
    case .array(let values): values.flatMap(services(in:))
    case .optional(let value): value.map(services(in:)) ?? []
    case .external, .parameter, .argument, .container, .literal: []
    }
  }

  /// The Swift literal of `literal` for a parameter of `type`, when Swift takes it as written.
  fileprivate static func literal(_ literal: ResolutionPlan.Literal, as type: String) -> String? {
    let type = type.hasSuffix("?") ? String(type.dropLast()) : type
    switch (literal, type) {
    case (.string(let text), "String"): return QuotedString.quoted(text, in: .swift)
    case (.bool(let value), "Bool"): return value ? "true" : "false"
    case (.int(let value), "Int"), (.int(let value), "Int64"), (.int(let value), "Double"):
      return String(value)
    case (.int(let value), "Float") where abs(value) <= 1 << 24: return String(value)
    case (.double(let value), "Double") where value.isFinite: return "\(value)"
    default: return nil
    }
  }

  private struct Builder {
    let planner: StraightLinePlanner
    let root: ResolutionPlan.Service
    var steps: [TypedContainerModel.Step] = []
    var graphLocals: [Int: String] = [:]
    var inProgress: Set<Int> = []
    var names: Set<String> = []
    var deferred: [(local: String, property: ResolutionPlan.Argument, type: SwiftType)] = []

    init(planner: StraightLinePlanner, root: ResolutionPlan.Service) {
      self.planner = planner
      self.root = root
    }

    /// The local holding service `index`'s instance for this resolve: built here, or the graph
    /// scope's one already built.
    mutating func local(for index: Int) throws -> String {
      if let built = graphLocals[index] { return built }
      let service = planner.service(index)
      guard service.scope == .graph || service.scope == .unique, !inProgress.contains(index),
        planner.variants.allSatisfy({ $0[service.id] == service }),
        let type = planner.swift.type(named: service.type),
        let initializer = type.initializers.first(where: { $0.labels == service.initializer.map(\.label) }),
        !initializer.isAsync, !initializer.isFailable, !initializer.isPrivate,
        service.properties.isEmpty || type.kind == .class
      else { throw Unplannable() }
      inProgress.insert(index)
      var arguments: [TypedContainerModel.LabeledExpression] = []
      for (argument, parameter) in zip(service.initializer, initializer.parameters) {
        guard let parameterType = parameter.type else { throw Unplannable() }
        arguments.append(
          TypedContainerModel.LabeledExpression(
            label: argument.label, value: try expression(argument.value, as: parameterType)))
      }
      inProgress.remove(index)
      let local = name(for: service.id)
      steps.append(
        .build(local: local, type: service.type, arguments: arguments, isThrowing: initializer.isThrowing))
      if service.scope == .graph { graphLocals[index] = local }
      for property in service.properties {
        deferred.append((local, property, type))
      }
      if inProgress.isEmpty { try closeDeferredProperties() }
      return local
    }

    /// Sets the properties waiting for what they name: each once every service it takes is
    /// built, the last of a cycle after all of its members.
    mutating func closeDeferredProperties() throws {
      while !deferred.isEmpty {
        let (local, property, type) = deferred.removeFirst()
        guard let declared = type.properties.first(where: { $0.name == property.label }), declared.isSettable,
          let propertyType = declared.type
        else { throw Unplannable() }
        steps.append(
          .set(local: local, property: property.label, value: try expression(property.value, as: propertyType)))
      }
    }

    private mutating func name(for id: String) -> String {
      let base = "_" + SwiftIdentifier.camelCase(id)
      var candidate = base
      var counter = 2
      while !names.insert(candidate).inserted {
        candidate = base + String(counter)
        counter += 1
      }
      return candidate
    }

    /// The expression passing `value` where Swift expects `type`.
    private mutating func expression(
      _ value: ResolutionPlan.Value, as type: String
    ) throws -> TypedContainerModel.Expression {
      let bare = type.hasPrefix("any ") ? String(type.dropFirst(4)) : type
      switch value {
      case .service(let reference):
        guard reference.container == planner.container else { throw Unplannable() }
        let target = planner.service(reference.service)
        guard Self.accepts(bare, target, planner.swift) else { throw Unplannable() }
        if target.scope == .graph || target.scope == .unique {
          return .local(try local(for: reference.service))
        }
        // A handle returns the service's accessor type: the parameter must take that type.
        guard let handle = planner.handles[reference.service], target.arguments.isEmpty,
          let handleType = planner.accessorTypes[reference.service],
          handleType == (bare.hasSuffix("?") ? String(bare.dropLast()) : bare) || handleType == target.type,
          !planner.reachesGraphScope(from: reference.service)
        else { throw Unplannable() }
        return .handle(handle)
      case .literal(let literal):
        guard let text = StraightLinePlanner.literal(literal, as: bare) else { throw Unplannable() }
        return .literal(text)
      case .parameter(let index):
        let parameters = planner.parameters.map { $0.indices.contains(index) ? $0[index] : nil }
        guard let first = parameters.first ?? nil, parameters.allSatisfy({ $0 == first }),
          case .literal(let literal) = first.value, let text = StraightLinePlanner.literal(literal, as: bare)
        else { throw Unplannable() }
        return .literal(text)
      case .argument(let name):
        guard let argument = root.arguments.first(where: { $0.name == name }), argument.type == bare else {
          throw Unplannable()
        }
        return .argument(SwiftIdentifier.camelCase(name))
      case .external(let owner, let index):
        let external = planner.plan.containers[owner].externals[index]
        guard owner == 0, planner.container == 0, external.retain == .strong, !external.optional,
          external.type == bare, let property = planner.externals[index]
        else { throw Unplannable() }
        return .external(property)
      case .container:
        guard bare == "Container" || bare == "DICfgRuntime.Container" else { throw Unplannable() }
        return .container
      case .array(let values):
        guard bare.hasPrefix("["), bare.hasSuffix("]"), !bare.contains(":") else { throw Unplannable() }
        let element = String(bare.dropFirst().dropLast())
        return .array(try values.map { try expression($0, as: element) })
      case .optional(nil):
        guard type.hasSuffix("?") else { throw Unplannable() }
        return .none
      case .optional(let wrapped?):
        guard type.hasSuffix("?") else { throw Unplannable() }
        return try expression(wrapped, as: String(type.dropLast()))
      case .provider, .lazy, .tagged:
        throw Unplannable()
      }
    }

    /// Whether Swift takes an instance of `service` where it expects `type`: its own type, a type
    /// it is bound as, or a type its declaration inherits.
    private static func accepts(_ type: String, _ service: ResolutionPlan.Service, _ swift: SwiftDeclarations) -> Bool {
      let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
      if bare == service.type || service.bindings.contains(bare) { return true }
      return swift.type(named: service.type)?.inherited.contains(bare) ?? false
    }
  }
}
