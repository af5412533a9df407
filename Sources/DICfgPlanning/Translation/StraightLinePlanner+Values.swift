import DICfgCompiler
import DICfgCore
import DICfgSwiftModel

// The values a build passes: its initializer's arguments, the natural type of each, properties of unique-scoped services and singletons, and the closing of a property cycle.
extension StraightLinePlanner.Builder {
  /// The initializer's arguments of `service`, as the expressions passing its values.
  mutating func arguments(
    of service: ResolutionPlan.Service, _ initializer: SwiftInitializer?, owner: Int?, uses: inout Uses
  ) throws -> [TypedContainerModel.LabeledExpression] {
    guard let initializer else {
      // An unread type's initializer: each value passed as what it is, which Swift converts
      // where the parameter takes it.
      return try service.callArguments.map { argument in
        guard let type = naturalType(of: argument.value, owner: owner) else {
          throw Unplannable(
            "'\(service.type)' is of a module dicfg could not read, and its argument '\(argument.label)' needs the "
              + "parameter's type (a provider, a lazy value, the container, null or a list of mixed values)")
        }
        return TypedContainerModel.LabeledExpression(
          label: argument.label, value: try expression(argument.value, as: type, owner: owner, uses: &uses))
      }
    }
    let positions = initializer.parameterPositions(for: service.callArguments.map(\.label)) ?? []
    return try zip(service.callArguments, positions.map { initializer.parameters[$0] }).map { argument, parameter in
      guard let parameterType = parameter.type else {
        throw Unplannable("the Swift does not state the type of argument '\(argument.label)' of '\(service.id)'")
      }
      if case .swift = argument.value,
        let shared = planner.sharedSwiftValues.arguments[.init(service: service, label: argument.label)]
      {
        return TypedContainerModel.LabeledExpression(label: argument.label, value: .literal(shared + "()"))
      }
      return TypedContainerModel.LabeledExpression(
        label: argument.label,
        value: try expression(argument.value, as: SwiftTypeExpression(parameterType), owner: owner, uses: &uses))
    }
  }

  /// The type `value` has as the graph file gives it (a service's type, a literal's, a run-time
  /// argument's or an external's), where a parameter's type is not known; nil where the value
  /// needs that type (a provider, a lazy value, the container).
  func naturalType(of value: ResolutionPlan.Value, owner: Int?) -> SwiftTypeExpression? {
    switch value {
    case .service(let reference): return SwiftTypeExpression(planner.plan.service(reference).type)
    case .literal(let literal): return Self.naturalType(of: literal)
    case .parameter(let index):
      // A parameter read from the environment is text, where the planner says what stops it.
      guard planner.parameters.indices.contains(index), case .literal(let literal) = planner.parameters[index].value
      else { return SwiftTypeExpression("String") }
      return Self.naturalType(of: literal)
    case .argument(let name):
      return owner.flatMap { planner.service($0).arguments.first { $0.name == name } }.map {
        SwiftTypeExpression($0.type)
      }
    case .external(let container, let index):
      let external = planner.plan.containers[container].externals[index]
      return external.optional ? .optional(SwiftTypeExpression(external.type)) : SwiftTypeExpression(external.type)
    case .swift: return .other("_")
    case .optional(nil): return .optional(.other("_"))
    case .optional(let wrapped?):
      return naturalType(of: wrapped, owner: owner).map { $0.wrapped != nil ? $0 : .optional($0) }
    case .array(let values):
      let types = values.map { naturalType(of: $0, owner: owner) }
      guard let first = types.first ?? .other("_"), types.allSatisfy({ $0 == first }) else { return nil }
      return .array(first)
    case .tagged(_, let references):
      let types = Set(references.map { planner.plan.service($0).type })
      guard types.count <= 1 else { return nil }
      return .array(types.first.map { SwiftTypeExpression($0) } ?? .other("_"))
    case .provider, .lazy, .container: return nil
    }
  }

  static func naturalType(of literal: ResolutionPlan.Literal) -> SwiftTypeExpression? {
    switch literal {
    case .bool: SwiftTypeExpression("Bool")
    case .int: SwiftTypeExpression("Int")
    case .double: SwiftTypeExpression("Double")
    case .string: SwiftTypeExpression("String")
    case .null, .list, .map: nil
    }
  }

  /// What `service`'s `factory:` names, as the model says it: a function, a static property, or a
  /// factory object's method or property with the expression passing the receiver; nil for an
  /// initializer.
  mutating func builder(
    of service: ResolutionPlan.Service, owner: Int?, uses: inout Uses
  ) throws -> TypedContainerModel.Builder? {
    guard let factory = service.factory, let member = service.factoryMember else { return nil }
    guard let receiver = service.receiver else {
      // An unread module's member, with no arguments, may be a property or a function.
      if service.callArguments.isEmpty && isOfUnreadModule(service) { return .unreadMember(factory) }
      return planner.swift.readsProperty(service) ? .property(factory) : .function(factory)
    }
    let type = String(factory.dropLast(member.count + 1))
    let object = try expression(receiver.value, as: SwiftTypeExpression(type), owner: owner, uses: &uses)
    return service.readsReceiverProperty
      ? .member(receiver: object, name: member) : .method(receiver: object, name: member)
  }

  mutating func sharesGraphInstances(_ reference: ResolutionPlan.ServiceReference) -> Bool {
    if let known = sharing[reference] { return known }
    let graphSharing = self.graphSharing ?? ResolutionPlan.GraphSharing(planner.plan)
    self.graphSharing = graphSharing
    let shares = graphSharing.sharesInstances(withResolvesReaching: reference)
    sharing[reference] = shares
    return shares
  }

  /// The type of `service`'s property `property`, of the Swift type `type`: one the Swift declares
  /// settable (on it or a type it inherits from), its type stated.
  func declaredType(
    of property: ResolutionPlan.Argument, on type: SwiftType, of service: ResolutionPlan.Service
  ) throws -> SwiftTypeExpression {
    guard let declared = planner.swift.instanceProperties(of: type).first(where: { $0.name == property.label }),
      declared.isSettable, let propertyType = declared.type
    else {
      throw Unplannable(
        "its property '\(property.label)' is not a settable property of '\(service.type)' whose type the Swift states"
      )
    }
    return SwiftTypeExpression(propertyType)
  }

  /// The file-level constant a property's Swift value reads, where the registration shares it.
  func sharedValue(
    of property: ResolutionPlan.Argument, of service: ResolutionPlan.Service
  ) -> TypedContainerModel.Expression? {
    guard case .swift(let expression) = property.value,
      let shared = planner.sharedSwiftValues.properties[
        .init(type: service.type, label: property.label, expression: expression)]
    else { return nil }
    return .literal(shared + "()")
  }

  /// The properties of the unique-scoped service `index`, as its make function sets them on each
  /// instance: each settable and of a type the Swift states, none whose value reaches the service
  /// (each instance would make another).
  mutating func uniqueProperties(
    of index: Int, uses: inout Uses
  ) throws -> [TypedContainerModel.LabeledExpression] {
    let service = planner.service(index)
    guard !service.properties.isEmpty else { return [] }
    guard let type = planner.swift.type(named: service.type) else {
      throw Unplannable("its properties are set on '\(service.type)', which the target's Swift does not declare")
    }
    let own = ResolutionPlan.ServiceReference(container: planner.container, service: index)
    return try service.properties.map { property in
      let propertyType = try declaredType(of: property, on: type, of: service)
      guard !property.value.serviceUses.contains(where: { planner.plan.reached(from: $0.reference).contains(own) })
      else {
        throw Unplannable("its property '\(property.label)' takes it back, and it is unique-scoped")
      }
      return TypedContainerModel.LabeledExpression(
        label: property.label,
        value: try sharedValue(of: property, of: service)
          ?? expression(property.value, as: propertyType, owner: index, uses: &uses))
    }
  }

  /// The properties of singleton `index`, of the class `type`, as the expressions setting them:
  /// each settable and of a type the Swift states; one whose value takes the singleton back is
  /// built from the instance (``cycleClosing(_:as:singleton:uses:)``), as the runtime, which
  /// stores the instance first, closes the cycle.
  mutating func singletonProperties(
    of index: Int, type: SwiftType?, uses: inout Uses
  ) throws -> [TypedContainerModel.LabeledExpression] {
    let service = planner.service(index)
    guard !service.properties.isEmpty else { return [] }
    guard let type else {
      throw Unplannable("its properties are set on '\(service.type)', which the target's Swift does not declare")
    }
    let own = ResolutionPlan.ServiceReference(container: planner.container, service: index)
    return try service.properties.map { property in
      let propertyType = try declaredType(of: property, on: type, of: service)
      if property.value.serviceUses.contains(where: { planner.plan.reached(from: $0.reference).contains(own) }) {
        // A value that takes the singleton back: built from the instance, before it is stored.
        return TypedContainerModel.LabeledExpression(
          label: property.label,
          value: try cycleClosing(property.value, as: propertyType, singleton: index, uses: &uses))
      }
      if let shared = sharedValue(of: property, of: service) {
        return TypedContainerModel.LabeledExpression(label: property.label, value: shared)
      }
      return TypedContainerModel.LabeledExpression(
        label: property.label,
        value: try expression(property.value, as: propertyType, owner: nil, uses: &uses))
    }
  }

  /// A property of singleton `index` whose value takes the singleton back, as the runtime builds
  /// it: the instance first, then the value from it. Planned where the value is a service the
  /// resolve builds (graph- or unique-scoped, without arguments or properties of its own) that
  /// takes the singleton itself as an argument and nothing else that reaches it, and no other
  /// property or argument of the singleton reaches that service; its make function
  /// (`_make<Service>For<Singleton>`) takes the instance.
  mutating func cycleClosing(
    _ value: ResolutionPlan.Value, as type: SwiftTypeExpression, singleton index: Int, uses singletonUses: inout Uses
  ) throws -> TypedContainerModel.Expression {
    let singleton = planner.service(index)
    let own = ResolutionPlan.ServiceReference(container: planner.container, service: index)
    guard case .service(let reference) = value, reference.container == planner.container, reference != own else {
      throw Unplannable("a property that takes it back reaches '\(singleton.id)' other than through one service")
    }
    let target = planner.service(reference.service)
    // The one place the singleton's build reaches the service: the runtime shares it across
    // the resolve, which a second make would not.
    let elsewhere = (singleton.initializer + singleton.properties).filter { $0.value != value }
    guard target.scope.isPerResolve, target.arguments.isEmpty, target.properties.isEmpty, target.factory == nil,
      Self.accepts(type.withoutExistential, target, planner.context),
      !elsewhere.contains(where: { argument in
        argument.value.serviceUses.contains { planner.plan.reached(from: $0.reference).contains(reference) }
      }),
      (singleton.initializer + singleton.properties).filter({ $0.value == value }).count == 1,
      let initializer = planner.swift.constructor(of: target), !initializer.isFailable, !initializer.isPrivate,
      initializer.availability == nil, initializer.parameterPositions(for: target.callArguments.map(\.label)) != nil
    else {
      throw Unplannable(
        "a property that takes it back builds a service with arguments, properties, a factory or other uses of it")
    }
    // Each argument the singleton itself, passed as the instance, or a value that does not reach it.
    for argument in target.callArguments {
      if case .service(own) = argument.value { continue }
      guard !argument.value.serviceUses.contains(where: { planner.plan.reached(from: $0.reference).contains(own) })
      else {
        throw Unplannable("a property that takes it back builds a service one of whose other arguments reaches it")
      }
    }
    standIn = (own, "instance")
    defer { standIn = nil }
    var uses = Uses()
    let arguments = try self.arguments(of: target, initializer, owner: reference.service, uses: &uses)
    // Built for this singleton alone: nothing the resolve shares, not the container.
    guard uses.hoisted.isEmpty, !uses.container else {
      throw Unplannable(
        "a property that takes it back builds a graph-scoped service the resolve shares, or passes the container")
    }
    let name = SwiftIdentifier.camelCase(target.id)
    let function =
      "_make" + name.prefix(1).uppercased() + name.dropFirst() + "For"
      + SwiftIdentifier.upperCamelCase(singleton.id) + planner.makerSuffix
    let isMainActor = target.isolation == .mainActor || reachesMainActor(uses)
    var maker = TypedContainerModel.Maker(
      function: function, type: target.type,
      parameters: [TypedContainerModel.Parameter(name: "instance", type: singleton.type)], arguments: arguments,
      initializerThrows: initializer.isThrowing,
      isThrowing: initializer.isThrowing || arguments.contains { $0.value.isThrowing }, isMainActor: isMainActor)
    maker.initializerAwaits = initializer.isAsync
    maker.service = SwiftIdentifier.camelCase(target.id)
    if !cycleMakers.contains(where: { $0.function == function }) { cycleMakers.append(maker) }
    if isMainActor { singletonUses.mainActor = true }
    return .call(function, arguments: [.local("instance")], isThrowing: maker.isThrowing, isAsync: maker.isAsync)
  }
}
