import DICfgCompiler
import DICfgCore

// The expression passing a value where Swift expects a type, and the conversions it may need.
extension StraightLinePlanner.Builder {
  /// The expression passing `value` where Swift expects `type`, in the make function of
  /// service `owner` (nil for a property the accessor sets).
  ///
  /// One switch over the plan's kinds of value: each case is the whole rule for its kind (what it builds,
  /// what stops it, the one cause it names), the longer ones in functions of their own.
  mutating func expression(
    _ value: ResolutionPlan.Value, as type: SwiftTypeExpression, owner: Int?, uses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    let bare = type.withoutExistential
    switch value {
    case .service(let reference) where reference == standIn?.reference:
      guard let standIn, Self.accepts(bare, planner.plan.service(reference), planner.context) else {
        throw Unplannable("it is a stand-in for a cycle the Swift types do not close")
      }
      return .local(standIn.local)
    case .service(let reference) where reference.container != planner.container:
      return try otherContainersService(reference, as: bare, uses: &uses)
    case .service(let reference):
      return try ownContainersService(reference, as: bare, uses: &uses)
    case .literal(let literal):
      guard let text = literal.swiftExpression(as: bare.normalized) else {
        throw Unplannable("a literal is passed where Swift expects '\(bare.normalized)'")
      }
      return .literal(text)
    case .swift(let expression):
      // Typed by the parameter it goes to: the Swift compiler checks it at the graph file's line.
      return .literal(expression)
    case .parameter(let index):
      return try parameter(index, as: bare)
    case .argument(let name):
      return try argument(name, as: bare, owner: owner)
    case .external(let owner, let index):
      return try external(owner, index, as: bare)
    case .container:
      return try container(as: bare, uses: &uses)
    case .array(let values):
      guard let element = bare.element else {
        throw Unplannable("a list is passed where Swift expects '\(bare.normalized)', not an array")
      }
      return .array(try values.map { try expression($0, as: element, owner: owner, uses: &uses) })
    case .optional(nil):
      guard bare.wrapped != nil else {
        throw Unplannable("nil is passed where Swift expects '\(bare.normalized)', not an optional")
      }
      return .none
    case .optional(let wrapped?):
      return try optional(wrapped, as: bare, owner: owner, uses: &uses)
    case .provider(let reference), .lazy(let reference):
      return try deferred(value, of: reference, as: bare)
    case .tagged(_, let references):
      // The services carrying the tag, in file order, each passed as a reference to it is.
      guard let element = bare.element else {
        throw Unplannable("tagged services are passed where Swift expects '\(bare.normalized)', not an array")
      }
      return .array(try references.map { try expression(.service($0), as: element, owner: owner, uses: &uses) })
    }
  }

  /// An optional reference, passed where Swift expects an optional: an optional external as it is.
  mutating func optional(
    _ wrapped: ResolutionPlan.Value, as bare: SwiftTypeExpression, owner: Int?, uses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    guard let type = bare.wrapped else {
      throw Unplannable("an optional reference is passed where Swift expects '\(bare.normalized)', not an optional")
    }
    // An optional external is optional already: it takes the optional type.
    if case .external(let container, let index) = wrapped,
      planner.plan.containers[container].externals[index].optional
    {
      return try expression(wrapped, as: bare, owner: nil, uses: &uses)
    }
    return try expression(wrapped, as: type, owner: owner, uses: &uses)
  }

  /// Whether an accessor returning `returned` passes where Swift expects `bare` (or its wrapped type) of a
  /// service of `target`'s type: the accessor's type is the one taken, or the service's.
  static func accessor(returning returned: String, fits bare: SwiftTypeExpression, of target: ResolutionPlan.Service)
    -> Bool
  {
    [bare.wrapped ?? bare, SwiftTypeExpression(target.type)].contains { SwiftTypeExpression(returned).isSame(as: $0) }
  }

  /// A run-time argument of service `owner`, passed where Swift expects its declared type.
  func argument(_ name: String, as bare: SwiftTypeExpression, owner: Int?) throws -> TypedContainerModel.Expression {
    guard let owner, let argument = planner.service(owner).arguments.first(where: { $0.name == name }) else {
      throw Unplannable(
        "run-time argument '$\(name)' is set on a property of a service the accessor does not take it for")
    }
    guard SwiftTypeExpression(argument.type).isSame(as: bare) else {
      throw Unplannable(
        "run-time argument '$\(name)' is declared '\(argument.type)', and Swift expects '\(bare.normalized)' there")
    }
    return .argument(SwiftIdentifier.camelCase(name))
  }

  /// `$container`: over the typed runtime the typed container itself, which its build does not resolve
  /// from, only keeps; over the full runtime the dynamic `Container`.
  func container(as bare: SwiftTypeExpression, uses: inout Uses) throws -> TypedContainerModel.Expression {
    if let typedContainerType = planner.typedContainerType {
      // The typed container itself: its build does not resolve from it, only keeps it.
      guard bare.isSame(as: SwiftTypeExpression(typedContainerType)) else {
        // The full runtime would not build it either: its `$container` is its `Container`.
        throw Unplannable(
          "it takes '$container' where Swift expects '\(bare.normalized)', not the container's type "
            + "'\(typedContainerType)'",
          fix: "declare the parameter that takes it as '\(typedContainerType)'")
      }
      uses.container = true
      return .typedContainer
    }
    guard ["Container", "DICfgRuntime.Container"].contains(bare.normalized) else {
      throw Unplannable("it takes '$container' where Swift expects '\(bare.normalized)', not 'Container'")
    }
    uses.container = true
    return .container
  }

  /// Another container's service, through its accessor there, which builds it in a resolve of its own: a
  /// graph-scoped one where every resolve reaching it builds it once, in one place, and a shared one whose
  /// build shares no graph-scoped instance with such a resolve.
  mutating func otherContainersService(
    _ reference: ResolutionPlan.ServiceReference, as bare: SwiftTypeExpression, uses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    // Another container's service, through its accessor there, which builds it in a resolve
    // of its own: a graph-scoped one where every resolve reaching it builds it once, in one
    // place, and a shared one whose build shares no graph-scoped instance with such a resolve.
    let target = planner.plan.service(reference)
    let name = planner.plan.containers[reference.container].name
    guard let other = planner.others[reference.container], let facts = other.accessors[reference.service] else {
      throw Unplannable(
        "it takes '\(target.id)' of container '\(name)', whose accessors this container's code does not reach")
    }
    guard target.arguments.isEmpty else {
      throw Unplannable("it takes '\(target.id)' of container '\(name)', which takes run-time arguments")
    }
    guard Self.accessor(returning: facts.type, fits: bare, of: target) else {
      throw Unplannable(
        "it takes '\(target.id)' of container '\(name)', whose accessor returns '\(facts.type)', where Swift "
          + "expects '\(bare.normalized)'")
    }
    if target.scope == .graph {
      guard planner.plan.isBuiltOncePerResolve(reference) else {
        throw Unplannable(
          "it takes the graph-scoped '\(target.id)' of container '\(name)', which a resolve reaching it builds in "
            + "more than one place, or with a graph-scoped service it shares")
      }
    } else if sharesGraphInstances(reference) {
      throw Unplannable(
        "it takes '\(target.id)' of container '\(name)', whose build shares a graph-scoped service with a "
          + "resolve reaching it")
    }
    if facts.isMainActor { uses.mainActor = true }
    return Self.standIn(
      bare, of: target,
      .otherAccessor(
        other.path, facts.property, isThrowing: other.throwing.contains(facts.property), isAsync: facts.isAsync))
  }

  /// A service of this container: a hoisted graph-scoped one's local, a per-resolve one's make function, or a
  /// shared one's accessor.
  mutating func ownContainersService(
    _ reference: ResolutionPlan.ServiceReference, as bare: SwiftTypeExpression, uses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    let target = planner.service(reference.service)
    // A conversion the Swift read cannot decide (a type of an unread module) is the compiler's.
    switch Self.conversion(bare, target, planner.context) {
    case .certain: break
    case .unknown: uses.unproven = true
    case .impossible:
      throw Unplannable(
        "it takes '\(target.id)' where Swift expects '\(bare.normalized)', which it does not convert to")
    }
    if target.scope == .graph && hoisted.contains(reference.service) {
      _ = try dependency(reference.service) { try $0.maker(of: $1) }
      uses.hoisted.append(reference.service)
      return Self.standIn(bare, of: target, .local(Self.local(target)))
    }
    if target.scope.isPerResolve {
      guard target.arguments.isEmpty else {
        throw Unplannable("it takes '\(target.id)', which takes run-time arguments, as a plain dependency")
      }
      let made = try dependency(reference.service) { try $0.maker(of: $1) }
      uses.hoisted.append(contentsOf: made.hoisted)
      uses.calls.append(reference.service)
      if made.passesContainer { uses.container = true }
      return Self.standIn(
        bare, of: target,
        .call(
          made.model.function, arguments: made.hoisted.map { .local(Self.local(planner.service($0))) },
          isThrowing: made.model.isThrowing, isAsync: made.model.isAsync))
    }
    return try sharedService(reference, as: bare, uses: &uses)
  }

  /// A shared service of this container through its accessor, which returns the accessor's type: the
  /// parameter must take that type. Built in a resolve of its own: one whose build the dynamic container
  /// would share a graph-scoped instance with the resolve reaching it is left to it.
  mutating func sharedService(
    _ reference: ResolutionPlan.ServiceReference, as bare: SwiftTypeExpression, uses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    let target = planner.service(reference.service)
    guard let facts = planner.accessors[reference.service] else {
      throw Unplannable("it takes '\(target.id)', which has no accessor in this container")
    }
    guard target.arguments.isEmpty else {
      throw Unplannable("it takes '\(target.id)', which takes run-time arguments, as a plain dependency")
    }
    guard Self.accessor(returning: facts.type, fits: bare, of: target) else {
      throw Unplannable(
        "it takes the shared service '\(target.id)', whose accessor returns '\(facts.type)', where Swift expects "
          + "'\(bare.normalized)'")
    }
    guard !sharesGraphInstances(reference) else {
      throw Unplannable(
        "it takes the shared service '\(target.id)', whose build shares a graph-scoped service with a resolve "
          + "reaching it")
    }
    if facts.isMainActor { uses.mainActor = true }
    // An accessor throws where some environment's build of it can throw.
    return Self.standIn(
      bare, of: target,
      .accessor(
        facts.property, isThrowing: planner.throwingAccessors.contains(facts.property), isAsync: facts.isAsync))
  }

  /// A parameter of the graph file: a literal, or one read from the process environment when the root
  /// is created.
  func parameter(_ index: Int, as bare: SwiftTypeExpression) throws -> TypedContainerModel.Expression {
    guard planner.parameters.indices.contains(index) else { throw Unplannable("it takes an unknown parameter") }
    let parameter = planner.parameters[index]
    if case .environment(_, let typed) = parameter.value {
      guard planner.reachesRoot else {
        throw Unplannable("it takes parameter '\(parameter.name)', which reads the process environment ('${…}')")
      }
      // Read when the container is created, as one of the types the link passes such a value as.
      let scalar = (bare.wrapped ?? bare).normalized
      guard ["String", "Int", "Double", "Float", "Bool"].contains(scalar), typed || scalar == "String" else {
        throw Unplannable(
          "it takes parameter '\(parameter.name)', read from the environment as "
            + (typed ? "a String, Int, Double, Float or Bool" : "text") + ", where Swift expects '\(bare.normalized)'"
        )
      }
      return .environmentParameter(parameter.name, type: bare.normalized)
    }
    guard case .literal(let literal) = parameter.value else {
      throw Unplannable("it takes parameter '\(parameter.name)', which reads the process environment ('${…}')")
    }
    guard let text = literal.swiftExpression(as: bare.normalized) else {
      throw Unplannable(
        "parameter '\(parameter.name)' is not a literal of the type '\(bare.normalized)' Swift expects")
    }
    return .literal(text)
  }

  /// An external of container `owner`, through the externals' property that holds it.
  func external(_ owner: Int, _ index: Int, as bare: SwiftTypeExpression) throws -> TypedContainerModel.Expression {
    let external = planner.plan.containers[owner].externals[index]
    // An optional external is the externals' optional property, which an optional parameter takes.
    let taken = external.optional ? bare.wrapped : bare
    // Held weakly, it is the typed runtime's alone to read: over the link, the link holds it.
    let isWeak = external.retain != .strong
    guard !isWeak || planner.typedContainerType != nil else {
      throw Unplannable("it takes external '\(external.id)', which is held '\(external.retain.rawValue)'")
    }
    guard let property = planner.externals[owner]?[index] else {
      throw Unplannable(
        "it takes external '\(external.id)' of container '\(planner.plan.containers[owner].name)', which this "
          + "container's code does not reach")
    }
    // Passed as it is where Swift takes its type, or one the checks' rule of conversion proves.
    guard let taken,
      SwiftTypeExpression(external.type).isSame(as: taken)
        || planner.context.conversion(external.type, to: taken.withoutExistential.normalized) == .certain
    else {
      throw Unplannable(
        "external '\(external.id)' is declared '\(external.type)', and Swift expects '\(bare.normalized)' there")
    }
    // A weak one a build needs is there or the build throws; an optional one is passed as it is.
    return isWeak && !external.optional ? .heldExternal(property, id: external.id) : .external(property)
  }

  /// A provider or a lazy value of a service of this container: the accessor of the service, called in the
  /// closure the runtime's `Provider` or `Lazy` holds, nonisolated and synchronous, as those call it. A
  /// provider's calls pass the run-time arguments of a service that takes them (none optional: a call may
  /// leave one out).
  mutating func deferred(
    _ value: ResolutionPlan.Value, of reference: ResolutionPlan.ServiceReference, as bare: SwiftTypeExpression
  ) throws -> TypedContainerModel.Expression {
    let kind: TypedContainerModel.DeferredKind
    if case .provider = value { kind = .provider } else { kind = .lazy }
    let target = planner.plan.service(reference)
    let what = "a \(kind == .provider ? "provider" : "lazy value") of '\(target.id)'"
    guard reference.container == planner.container else {
      let name = planner.plan.containers[reference.container].name
      throw Unplannable("it takes \(what), which is of container '\(name)'")
    }
    if kind == .provider, let function = bare.function {
      return try providerFunction(of: reference, as: function, what: what)
    }
    guard case .named(let components) = bare,
      components.count == 1 || (components.count == 2 && components[0].name == "DICfgRuntime"),
      let last = components.last, last.name == kind.rawValue, last.arguments.count == 1
    else {
      throw Unplannable("it takes \(what) where Swift expects '\(bare.normalized)', not '\(kind.rawValue)<…>'")
    }
    guard let facts = planner.accessors[reference.service] else {
      throw Unplannable("it takes \(what), which has no accessor in this container")
    }
    guard SwiftTypeExpression(facts.type).isSame(as: last.arguments[0]) else {
      throw Unplannable(
        "it takes \(what), whose accessor returns '\(facts.type)', where Swift expects "
          + "'\(last.arguments[0].normalized)'")
    }
    guard target.arguments.isEmpty || kind == .provider else {
      throw Unplannable("it takes \(what), which takes run-time arguments a lazy value cannot pass")
    }
    if let optional = target.arguments.first(where: { SwiftTypeExpression($0.type).wrapped != nil }) {
      throw Unplannable(
        "it takes \(what), whose run-time argument '\(optional.name)' is optional, which a call may leave out")
    }
    guard !facts.isMainActor else {
      throw Unplannable("it takes \(what), which is main-actor, and a \(kind.rawValue)'s closure is nonisolated")
    }
    guard !facts.isAsync else {
      throw Unplannable("it takes \(what), whose build awaits, and a \(kind.rawValue)'s closure is synchronous")
    }
    return .deferred(
      facts.property, kind: kind, container: planner.plan.containers[planner.container].name,
      isThrowing: planner.throwingAccessors.contains(facts.property))
  }

  /// A provider of the service `reference` passed as `function`: a closure taking the service's
  /// run-time arguments in order and calling its accessor with them, the container held weakly.
  /// The function throws (its call fails once the container is gone), awaits where the build
  /// does, and is main-actor where the service is, unless it awaits (the call then hops to it).
  func providerFunction(
    of reference: ResolutionPlan.ServiceReference, as function: SwiftTypeExpression.FunctionType, what: String
  ) throws -> TypedContainerModel.Expression {
    let target = planner.plan.service(reference)
    guard let facts = planner.accessors[reference.service] else {
      throw Unplannable("it takes \(what), which has no accessor in this container")
    }
    let arguments = target.arguments.map { ($0.name, $0.type) }
    if let problem = ProviderFunction.mismatch(
      of: target.id, type: target.type, arguments: arguments, as: function, context: planner.context)
    {
      throw Unplannable("it takes \(what) as '\(function.spelled)': \(problem)")
    }
    // Where the Swift read cannot tell, the straight-line code takes only what certainly fits.
    guard zip(target.arguments, function.parameters).allSatisfy({ SwiftTypeExpression($0.type).isSame(as: $1) })
    else {
      throw Unplannable(
        "it takes \(what) as '\(function.spelled)', whose parameters are not its run-time arguments' types")
    }
    guard
      SwiftTypeExpression(facts.type).isSame(as: function.result)
        || Self.accepts(function.result, target, planner.context)
    else {
      throw Unplannable("it takes \(what) as '\(function.spelled)', whose accessor returns '\(facts.type)'")
    }
    guard !facts.isAsync || function.isAsync else {
      throw Unplannable("it takes \(what) as '\(function.spelled)', which does not await, and its build awaits")
    }
    guard !facts.isMainActor || function.isAsync || function.attributes.contains("@MainActor") else {
      throw Unplannable(
        "it takes \(what) as '\(function.spelled)', which is neither '@MainActor' nor 'async', and it is main-actor")
    }
    return .providerFunction(
      facts.property, container: planner.plan.containers[planner.container].name,
      isThrowing: planner.throwingAccessors.contains(facts.property),
      isAsync: facts.isAsync || (facts.isMainActor && !function.attributes.contains("@MainActor")))
  }

  /// `built`, the instance of `service` passed where Swift expects `type`, or, where `type` is a
  /// type the service is bound as other than its own (a protocol under `as:`), a test's stand-in
  /// for that type where one is given.
  static func standIn(
    _ type: SwiftTypeExpression, of service: ResolutionPlan.Service, _ built: TypedContainerModel.Expression
  ) -> TypedContainerModel.Expression {
    let taken = type.wrapped ?? type
    guard !SwiftTypeExpression(service.type).isSame(as: taken),
      let binding = service.bindings.first(where: { SwiftTypeExpression($0).isSame(as: taken) })
    else { return built }
    return .standIn(TypedContainerModel.TypeStandIn.slot(of: binding), built)
  }

  /// Whether Swift takes an instance of `service` where it expects `type`: a type it is bound
  /// as (which the registration's checks hold the Swift to), or what the checks' rule of
  /// conversion proves (`SwiftContext.conversion(_:to:)`).
  static func accepts(
    _ type: SwiftTypeExpression, _ service: ResolutionPlan.Service, _ context: SwiftContext
  ) -> Bool {
    conversion(type, service, context) == .certain
  }

  /// Whether Swift takes an instance of `service` where it expects `type` (``accepts(_:_:_:)``),
  /// does not, or whether the Swift read cannot tell.
  static func conversion(
    _ type: SwiftTypeExpression, _ service: ResolutionPlan.Service, _ context: SwiftContext
  ) -> SwiftContext.Conversion {
    let taken = (type.wrapped ?? type).withoutExistential
    if service.bindings.contains(where: { SwiftTypeExpression($0).isSame(as: taken) }) { return .certain }
    return context.conversion(service.type, to: taken.normalized)
  }
}
