import DICfgCompiler
import DICfgCore

/// Decides how typed accessors build services without the runtime: graph- and unique-scoped
/// services in the accessor, singletons into the runtime's singleton storage.
///
/// Each such service gets one make function, which calls its initializer with its dependencies:
/// a dependency reached once in a resolve is made in place by its own make function; one a resolve
/// must share (a graph-scoped service with two references, one a unique-scoped service or a
/// property takes, or one with properties) is *hoisted*: the accessor builds it once, as a local, and
/// passes it down. Properties are set by the accessor once every instance exists, so a cycle
/// through a property is closed after construction, as the runtime does. A singleton without
/// properties is built by its accessor from its dependencies' accessors, once, into the runtime's
/// singleton storage; another shared-scope service is taken through its accessor. An `async`
/// initializer is awaited where it is called, and a make function or accessor that awaits is
/// `async`; a singleton whose build awaits is built as a task of its own that every task asking
/// meanwhile awaits. The generated code grows with the number of services and references, not
/// with the depth of their graphs.
///
/// It plans one environment's plan (``EnvironmentPlanning`` plans each and merges them), and only
/// what it can prove from the graph file and the Swift declarations, so the code it writes
/// compiles whenever the registration does: anything else (a value whose Swift type it cannot match,
/// a failable or deprecated initializer, a singleton whose build awaits on the main actor and whose type is not
/// main-actor, a type the target does not declare, a lazy value of a service that takes run-time arguments, a provider or lazy value of
/// one that is main-actor or awaits) leaves the accessor to that environment's link. A provider or lazy value of another
/// service is the runtime's `Provider` or `Lazy` over a closure that calls that service's accessor,
/// holding the container weakly, as the runtime's own do.
struct StraightLinePlanner {
  let plan: ResolutionPlan
  let container: Int
  /// The target's Swift declarations, with the rule of which types convert.
  let context: SwiftContext
  var swift: SwiftDeclarations { context.declarations }
  /// The plan's parameters: an environment's plan is planned on its own, its values as it sets them.
  var parameters: [ResolutionPlan.Parameter] { plan.parameters }
  /// The property of each external the container's code reaches on the typed container's
  /// externals, by container and index (none where the typed container does not keep them).
  let externals: [Int: [Int: String]]
  /// What each service's accessor is, by index: what it is across every environment.
  let accessors: [Int: AccessorFacts]
  /// The number of the container's first service in this plan's link (services are numbered across
  /// the plan's containers): a service's number is this plus its index.
  var firstNumber: Int { plan.firstServiceNumbers[container] }
  /// The accessors that throw in some environment: a build that calls one must `try`.
  let throwingAccessors: Set<String>
  /// The other containers of the file whose accessors this container's code reaches, by index:
  /// none where the containers cannot reach one another (then a service of another container is
  /// the link's).
  var others: [Int: OtherContainer] = [:]
  /// What this environment's make functions add to their names (`InTest`; empty for the base).
  let makerSuffix: String
  /// The typed container's type (`MainContainer`), which `$container` passes itself as over the
  /// typed runtime; nil over the link, where `$container` is the link's `Container`.
  var typedContainerType: String?
  /// The file-level constants of the Swift values the registration shares: a make function or an
  /// accessor setting a property reads one instead of writing the value again.
  var sharedSwiftValues = SharedSwiftValues()

  /// The file-level constant of each Swift value the registration shares.
  struct SharedSwiftValues {
    /// By the service's definition and the argument's label.
    var arguments: [ArgumentKey: String] = [:]
    /// By the type, the property and the value, as the registration registers a property's value.
    var properties: [PropertyKey: String] = [:]

    struct ArgumentKey: Hashable {
      var service: ResolutionPlan.Service
      var label: String
    }

    struct PropertyKey: Hashable {
      var type: String
      var label: String
      var expression: String
    }
  }

  /// What the planner knows of an accessor before planning it.
  struct AccessorFacts {
    var property: String
    var type: String
    var isMainActor: Bool
    var isAsync: Bool
  }

  /// Another container of the file, as this container's code reaches it.
  struct OtherContainer {
    /// The expression reaching it from this container's code (`_root`, `_root.addEvent`, `eventsList`).
    var path: String
    /// What each of its accessors is, by its service's index in this plan.
    var accessors: [Int: AccessorFacts]
    /// Its accessors that throw in some environment.
    var throwing: Set<String>
  }

  /// Why the planner leaves a service to the link: the one thing (an argument, a property, a
  /// declaration) its build cannot be written around, as a clause (`it takes …`).
  private struct Unplannable: Error {
    var cause: String
    init(_ cause: String) { self.cause = cause }
  }

  /// What the planner decides: the make functions the accessors call, each planned accessor's
  /// construction, and each singleton's build, by service.
  struct Planned {
    var makers: [TypedContainerModel.Maker] = []
    var constructions: [Int: TypedContainerModel.StraightLine] = [:]
    var singletons: [Int: TypedContainerModel.SingletonBuild] = [:]
    /// Why each service left to the link is, by index: a clause (`it takes …`).
    var causes: [Int: String] = [:]
  }

  func planned() -> Planned {
    var builder = Builder(planner: self, hoisted: hoisted())
    var constructions: [Int: TypedContainerModel.StraightLine] = [:]
    var singletons: [Int: TypedContainerModel.SingletonBuild] = [:]
    var causes: [Int: String] = [:]
    for index in plan.containers[container].services.indices {
      do {
        if service(index).scope.isPerResolve {
          constructions[index] = try builder.accessor(of: index)
        } else {
          singletons[index] = try builder.singleton(of: index)
        }
      } catch {
        causes[index] = (error as? Unplannable)?.cause ?? "\(error)"
      }
    }
    // Only the make functions some accessor calls, in service order.
    let made =
      builder.makers.keys.sorted().compactMap { index -> TypedContainerModel.Maker? in
        guard case .made(let maker)? = builder.makers[index] else { return nil }
        return maker.model
      } + builder.cycleMakers
    let used = TypedContainerModel.functions(
      calledBy: constructions.values.flatMap(\.expressions) + singletons.values.flatMap(\.expressions), among: made)
    let makers = made.filter { used.contains($0.function) }
    return Planned(makers: makers, constructions: constructions, singletons: singletons, causes: causes)
  }

  fileprivate func service(_ index: Int) -> ResolutionPlan.Service { plan.containers[container].services[index] }

  /// The graph-scoped services an accessor builds once and passes down: two or more references,
  /// a reference from a unique-scoped service (made once per reference) or from a property, or
  /// properties of its own.
  private func hoisted() -> Set<Int> {
    var references: [Int: Int] = [:]
    var hoisted = Set<Int>()
    for (index, service) in plan.containers[container].services.enumerated() where service.scope.isPerResolve {
      if service.scope == .graph && !service.properties.isEmpty { hoisted.insert(index) }
      for (argument, isProperty) in service.initializer.map({ ($0, false) }) + service.properties.map({ ($0, true) }) {
        for reference in Self.directServices(in: argument.value) where reference.container == container {
          guard self.service(reference.service).scope == .graph else { continue }
          references[reference.service, default: 0] += 1
          if isProperty || service.scope == .unique { hoisted.insert(reference.service) }
        }
      }
    }
    return hoisted.union(references.filter { $0.value > 1 }.keys)
  }

  /// The services a value passes as they are (not tagged, nor through providers or lazy values).
  fileprivate static func directServices(in value: ResolutionPlan.Value) -> [ResolutionPlan.ServiceReference] {
    value.serviceUses.filter { $0.use == .passed }.map(\.reference)
  }

  /// One service's make function, as planned.
  private struct PlannedMaker {
    var model: TypedContainerModel.Maker
    /// The hoisted services it takes, in parameter order.
    var hoisted: [Int]
    /// The make functions it calls.
    var calls: [Int]
    /// Whether it, or a make function it calls, passes the container.
    var passesContainer = false
  }

  private enum MakerState {
    case planning
    case made(PlannedMaker)
    case unplannable(Unplannable)
  }

  private enum SingletonState {
    case planning
    case built(TypedContainerModel.SingletonBuild)
    case unplannable(Unplannable)
  }

  /// What the expressions of one function take: hoisted services, make functions, and whether
  /// an accessor they call is main-actor isolated.
  private struct Uses {
    var hoisted: [Int] = []
    var calls: [Int] = []
    var mainActor = false
    /// Whether they pass the container, which a factory can resolve from while it is building.
    var container = false
    /// Whether they pass a service where the Swift read does not show its type converts (a type of
    /// a module dicfg could not read): the call is then written at the service's line, where the
    /// Swift compiler checks it.
    var unproven = false
  }

  private struct Builder {
    let planner: StraightLinePlanner
    let hoisted: Set<Int>
    var makers: [Int: MakerState] = [:]
    var singletons: [Int: SingletonState] = [:]
    /// The make functions of services a singleton's property builds from the singleton itself
    /// (``cycleClosing(_:as:singleton:uses:)``), beside each service's own.
    var cycleMakers: [TypedContainerModel.Maker] = []
    /// A service that the expressions planned meanwhile pass as a local instead (the singleton a
    /// property's cycle is closed on, as `instance`).
    private var standIn: (reference: ResolutionPlan.ServiceReference, local: String)?
    /// ``ResolutionPlan/sharesGraphInstances(withResolvesReaching:)`` of each shared service asked
    /// about, a walk of the whole plan each, asked once.
    private var sharing: [ResolutionPlan.ServiceReference: Bool] = [:]
    /// The plan's edges reversed, made when first asked.
    private var graphSharing: ResolutionPlan.GraphSharing?

    init(planner: StraightLinePlanner, hoisted: Set<Int>) {
      self.planner = planner
      self.hoisted = hoisted
    }

    static func local(_ service: ResolutionPlan.Service) -> String { "_" + SwiftIdentifier.camelCase(service.id) }

    func makeFunction(_ service: ResolutionPlan.Service) -> String {
      let name = SwiftIdentifier.camelCase(service.id)
      return "_make" + name.prefix(1).uppercased() + name.dropFirst() + planner.makerSuffix
    }

    /// The accessor of service `root`: its hoisted services built once, in dependency order, the
    /// root made from them, then the properties set.
    mutating func accessor(of root: Int) throws -> TypedContainerModel.StraightLine {
      TypedContainerModel.StraightLine(
        steps: try steps(building: [root], root: root), result: Self.local(planner.service(root)))
    }

    /// The steps building `services` (make functions planned already) and the hoisted services
    /// they take, each once and in dependency order, then the properties of each set; `root` is
    /// the accessor's service, whose make function takes the accessor's run-time arguments.
    private mutating func steps(building services: [Int], root: Int?) throws -> [TypedContainerModel.Step] {
      var order: [Int] = []
      var placed = Set<Int>()
      // Each service after the hoisted ones its make function takes.
      func place(_ index: Int) throws {
        guard !placed.contains(index) else { return }
        let made = try maker(of: index)
        guard index == root || planner.service(index).arguments.isEmpty else {
          throw Unplannable(
            "it takes '\(planner.service(index).id)', which takes run-time arguments, as a plain dependency")
        }
        for dependency in made.hoisted { try place(dependency) }
        if placed.insert(index).inserted { order.append(index) }
      }
      for service in services { try place(service) }
      // Properties may name graph-scoped services no initializer takes: those are built too.
      var visited = Set<Int>()
      while let next = order.first(where: { !visited.contains($0) }) {
        visited.insert(next)
        for property in planner.service(next).properties {
          // Another container's service is taken through its accessor, as its value is set.
          for reference in StraightLinePlanner.directServices(in: property.value)
          where reference.container == planner.container {
            if planner.service(reference.service).scope == .graph { try place(reference.service) }
          }
        }
      }
      let rootArguments = root.map { planner.service($0).arguments.map { SwiftIdentifier.camelCase($0.name) } } ?? []
      var steps = order.map { index -> TypedContainerModel.Step in
        .build(
          local: Self.local(planner.service(index)), value: call(index, arguments: index == root ? rootArguments : []))
      }
      for index in order {
        let service = planner.service(index)
        // A unique-scoped service's make function sets its properties.
        guard !service.properties.isEmpty, service.scope != .unique else { continue }
        guard service.scope == .graph, let type = planner.swift.type(named: service.type) else {
          throw Unplannable(
            "its property '\(service.properties[0].label)' is set on a '\(service.scope.description)' service, or on "
              + "'\(service.type)', which the target's Swift does not declare")
        }
        for property in service.properties {
          let propertyType = try declaredType(of: property, on: type, of: service)
          steps.append(
            .set(
              local: Self.local(service), property: property.label,
              value: try sharedValue(of: property, of: service)
                ?? propertyValue(property.value, as: propertyType, owner: index == root ? index : nil)))
        }
      }
      return steps
    }

    private func call(_ index: Int, arguments: [String]) -> TypedContainerModel.Expression {
      guard case .made(let maker)? = makers[index] else { return .none }
      return .call(
        maker.model.function,
        arguments: maker.hoisted.map { .local(Self.local(planner.service($0))) } + arguments.map { .argument($0) },
        isThrowing: maker.model.isThrowing, isAsync: maker.model.isAsync)
    }

    /// A property's value: a hoisted service's local, or what an initializer argument could be
    /// (a run-time argument of `owner`, the accessor's service, included).
    private mutating func propertyValue(
      _ value: ResolutionPlan.Value, as type: SwiftTypeExpression, owner: Int?
    ) throws -> TypedContainerModel.Expression {
      if case .service(let reference) = value, reference.container == planner.container,
        planner.service(reference.service).scope == .graph
      {
        let target = planner.service(reference.service)
        guard Self.accepts(type, target, planner.context) else {
          throw Unplannable("its property's value '\(target.id)' is not of the type the property takes")
        }
        return Self.standIn(type.withoutExistential, of: target, .local(Self.local(target)))
      }
      var uses = Uses()
      let expression = try self.expression(value, as: type, owner: owner, uses: &uses)
      guard uses.hoisted.isEmpty, uses.calls.isEmpty, !uses.mainActor else {
        throw Unplannable(
          "a property's value needs a build of its own (a make function, a shared graph-scoped instance or the main actor)"
        )
      }
      return expression
    }

    /// The make function of service `index`, planned once.
    mutating func maker(of index: Int) throws -> PlannedMaker {
      switch makers[index] {
      case .made(let maker)?: return maker
      case .unplannable(let reason)?: throw reason
      case .planning?: throw Unplannable("its build reaches itself through initializer arguments")
      case nil: break
      }
      makers[index] = .planning
      do {
        let maker = try plan(index)
        makers[index] = .made(maker)
        return maker
      } catch {
        makers[index] = .unplannable(error as? Unplannable ?? Unplannable("\(error)"))
        throw error
      }
    }

    private mutating func plan(_ index: Int) throws -> PlannedMaker {
      let service = planner.service(index)
      guard service.scope.isPerResolve else {
        throw Unplannable("it is '\(service.scope.description)', which a make function does not build")
      }
      let initializer = try self.initializer(of: service)
      guard service.properties.isEmpty || planner.swift.type(named: service.type)?.kind == .class else {
        throw Unplannable(
          "its properties are set on '\(service.type)', which the target's Swift does not declare a class")
      }
      var uses = Uses()
      let builder = try self.builder(of: service, owner: index, uses: &uses)
      let arguments = try self.arguments(of: service, initializer, owner: index, uses: &uses)
      // A graph-scoped service's properties are set by the accessor once the resolve is built; a
      // unique-scoped one's by its make function, on each instance.
      let properties = service.scope == .unique ? try uniqueProperties(of: index, uses: &uses) : []
      let hoistedTaken = uses.hoisted
      let calls = uses.calls
      let order = Array(Set(hoistedTaken)).sorted()
      let parameters =
        order.map {
          TypedContainerModel.Parameter(name: Self.local(planner.service($0)), type: planner.service($0).type)
        }
        + service.arguments.map {
          TypedContainerModel.Parameter(name: SwiftIdentifier.camelCase($0.name), type: $0.type)
        }
      let initializerThrows = initializer?.isThrowing ?? false
      let isThrowing = initializerThrows || (arguments + properties).contains { $0.value.isThrowing }
      let isMainActor = service.isolation == .mainActor || reachesMainActor(uses)
      var maker = TypedContainerModel.Maker(
        function: makeFunction(service), type: service.type, parameters: parameters,
        arguments: arguments, initializerThrows: initializerThrows, isThrowing: isThrowing,
        isMainActor: isMainActor, builder: builder)
      maker.initializerAwaits = initializer?.isAsync ?? false
      maker.properties = properties
      maker.service = SwiftIdentifier.camelCase(service.id)
      if initializer == nil || uses.unproven { maker.unreadAt = service.location }
      return PlannedMaker(model: maker, hoisted: order, calls: calls, passesContainer: uses.container)
    }

    /// What `plan` makes of the dependency `index`, or why it cannot be made, said of the service
    /// taking it.
    private mutating func dependency<Made>(
      _ index: Int, _ plan: (inout Builder, Int) throws -> Made
    ) throws -> Made {
      do {
        return try plan(&self, index)
      } catch let reason as Unplannable {
        let id = planner.service(index).id
        guard !reason.cause.hasPrefix("it takes '\(id)'") else { throw reason }
        throw Unplannable("it takes '\(id)', and for '\(id)' " + reason.cause)
      }
    }

    /// The initializer or function that builds `service`, as the target's Swift declares it: one the
    /// generated code can call (not failable, private or limited to later platforms). Nil for the
    /// initializer of a type the Swift read does not declare (a module dicfg could not read, such
    /// as UIKit on Linux): its call is written as the graph file says it, for the Swift compiler
    /// to check at the service's line.
    private func initializer(of service: ResolutionPlan.Service) throws -> SwiftInitializer? {
      let builder = service.factory ?? service.type + ".init"
      guard let initializer = planner.swift.constructor(of: service) else {
        if isOfUnreadModule(service) { return nil }
        throw Unplannable(
          "the target's Swift declares no '\(builder)' taking \(Self.labels(service)) that dicfg could read")
      }
      guard !initializer.isFailable else { throw Unplannable("'\(builder)' is failable") }
      guard !initializer.isPrivate else { throw Unplannable("'\(builder)' is private") }
      guard initializer.availability == nil else {
        throw Unplannable("'\(builder)' is available only on some platforms or versions")
      }
      return initializer
    }

    /// Whether what builds `service` is of a module dicfg could not read: the initializer of a type
    /// the Swift read does not declare, or a `factory:` of such a type (or a free function) it
    /// declares nothing of.
    private func isOfUnreadModule(_ service: ResolutionPlan.Service) -> Bool {
      guard let factory = service.factory else { return isUnread(service.type) }
      guard service.receiver == nil, planner.swift.builders(of: service).functions.isEmpty else { return false }
      guard let member = service.factoryMember, factory.count > member.count else { return true }
      return isUnread(String(factory.dropLast(member.count + 1)))
    }

    /// Whether the Swift read does not hold the type `name` whole: it declares it nowhere, only
    /// extends it (`extension UIApplication`), or declares it over a type it does not declare (a
    /// view controller over UIKit's, whose initializers it inherits).
    private func isUnread(_ name: String) -> Bool {
      guard let type = planner.swift.type(named: name), type.kind != .extension else { return true }
      var seen: Set<String> = [type.name]
      var classes = [type]
      while let next = classes.popLast(), next.kind == .class {
        for inherited in next.inherited {
          guard let declared = planner.swift.type(named: inherited), declared.kind != .extension else { return true }
          if seen.insert(declared.name).inserted { classes.append(declared) }
        }
      }
      return false
    }

    private static func labels(_ service: ResolutionPlan.Service) -> String {
      service.callArguments.isEmpty
        ? "no arguments" : service.callArguments.map { "'\($0.label):'" }.joined(separator: " ")
    }

    /// Whether what `uses` records reaches the main actor: a main-actor accessor, or a make function
    /// that is main-actor.
    private func reachesMainActor(_ uses: Uses) -> Bool {
      uses.mainActor
        || uses.calls.contains { if case .made(let maker)? = makers[$0] { maker.model.isMainActor } else { false } }
    }

    /// The initializer's arguments of `service`, as the expressions passing its values.
    private mutating func arguments(
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
    private func naturalType(of value: ResolutionPlan.Value, owner: Int?) -> SwiftTypeExpression? {
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

    private static func naturalType(of literal: ResolutionPlan.Literal) -> SwiftTypeExpression? {
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
    private mutating func builder(
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

    private mutating func sharesGraphInstances(_ reference: ResolutionPlan.ServiceReference) -> Bool {
      if let known = sharing[reference] { return known }
      let graphSharing = self.graphSharing ?? ResolutionPlan.GraphSharing(planner.plan)
      self.graphSharing = graphSharing
      let shares = graphSharing.sharesInstances(withResolvesReaching: reference)
      sharing[reference] = shares
      return shares
    }

    /// The type of `service`'s property `property`, of the Swift type `type`: one the Swift declares
    /// settable (on it or a type it inherits from), its type stated.
    private func declaredType(
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
    private func sharedValue(
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
    private mutating func uniqueProperties(
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
    private mutating func singletonProperties(
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
    private mutating func cycleClosing(
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

    /// The build of singleton `index`, planned once: its initializer called with its dependencies'
    /// accessors and make functions, then its properties set. A struct with properties, a property
    /// whose value reaches the singleton other than as ``cycleClosing(_:as:singleton:uses:)`` builds
    /// it, one an environment changes, one whose number in the link
    /// differs between environments, or one whose build would share a graph-scoped instance or
    /// reach the container is left to the runtime.
    mutating func singleton(of index: Int) throws -> TypedContainerModel.SingletonBuild {
      switch singletons[index] {
      case .built(let build)?: return build
      case .unplannable(let reason)?: throw reason
      case .planning?: throw Unplannable("its build reaches itself through initializer arguments")
      case nil: break
      }
      singletons[index] = .planning
      do {
        let build = try planSingleton(index)
        singletons[index] = .built(build)
        return build
      } catch {
        singletons[index] = .unplannable(error as? Unplannable ?? Unplannable("\(error)"))
        throw error
      }
    }

    private mutating func planSingleton(_ index: Int) throws -> TypedContainerModel.SingletonBuild {
      let service = planner.service(index)
      // A weak service is a class's: the storage holds it as an object.
      let type = planner.swift.type(named: service.type)
      // A type of a module dicfg could not read may be a class: the compiler checks it at the line.
      let scopes: [ScopeKind] =
        type?.kind == .class || (type == nil && isOfUnreadModule(service))
        ? [.singleton, .weak, .cached] : [.singleton, .cached]
      // Properties are set on a class's instance before it is stored.
      guard [.singleton, .weak, .cached].contains(service.scope) else {
        throw Unplannable(
          "it is in the custom scope '\(service.scope.description)', which only dicfg's link keeps (and resets)")
      }
      guard scopes.contains(service.scope) else {
        throw Unplannable(
          "it is '\(service.scope.description)', and '\(service.type)' is not a class the target's Swift declares")
      }
      guard service.properties.isEmpty || type?.kind == .class else {
        throw Unplannable(
          "its properties are set on '\(service.type)', which the target's Swift does not declare a class")
      }
      guard service.arguments.isEmpty else {
        throw Unplannable("it is a '\(service.scope.description)' service that takes run-time arguments")
      }
      guard planner.accessors[index] != nil else { throw Unplannable("it has no accessor in this container") }
      let initializer = try self.initializer(of: service)
      var uses = Uses()
      let builder = try self.builder(of: service, owner: nil, uses: &uses)
      let arguments = try self.arguments(of: service, initializer, owner: nil, uses: &uses)
      let properties = try singletonProperties(of: index, type: type, uses: &uses)
      guard !uses.container else {
        throw Unplannable("as a singleton, it passes the container to a factory that builds it or a dependency")
      }
      // The graph-scoped services its dependencies share are built first, once: the build is a
      // resolve of its own.
      let shared = try steps(building: Array(Set(uses.hoisted)).sorted(), root: nil)

      // A build that awaits runs as a task of its own, which every task asking for the singleton
      // meanwhile awaits, and which may fail: its accessor throws. One on the main actor runs
      // there, where its type is main-actor too (so the instance it hands the waiting tasks is
      // theirs to share); another is left to the runtime, which hops there.
      let sharedLine = TypedContainerModel.StraightLine(steps: shared, result: "")
      let awaits =
        initializer?.isAsync == true || (arguments + properties).contains { $0.value.isAsync }
        || sharedLine.expressions.contains(where: \.isAsync)
      let sharedMakers = makers.values.compactMap { if case .made(let maker) = $0 { maker.model } else { nil } }
      let sharedCalls = TypedContainerModel.functions(calledBy: sharedLine.expressions, among: sharedMakers)
      let isMainActor =
        service.isolation == .mainActor || reachesMainActor(uses)
        || sharedMakers.contains { sharedCalls.contains($0.function) && $0.isMainActor }
      guard !awaits || (service.scope == .singleton && (!isMainActor || type?.globalActor == "MainActor")) else {
        throw Unplannable("its build awaits on the main actor, and its type '\(service.type)' is not main-actor")
      }
      var build = TypedContainerModel.SingletonBuild(
        number: planner.firstNumber + index, type: service.type, arguments: arguments,
        initializerThrows: initializer?.isThrowing == true,
        isThrowing: initializer?.isThrowing == true || awaits
          || (arguments + properties).contains { $0.value.isThrowing } || sharedLine.isThrowing,
        isMainActor: isMainActor)
      build.shared = shared
      if initializer == nil || uses.unproven { build.unreadAt = service.location }
      build.builder = builder
      build.properties = properties
      build.initializerAwaits = initializer?.isAsync == true
      build.scope = service.scope
      return build
    }

    /// The expression passing `value` where Swift expects `type`, in the make function of
    /// service `owner` (nil for a property the accessor sets).
    private mutating func expression(
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
        guard
          [bare.wrapped ?? bare, SwiftTypeExpression(target.type)].contains(where: {
            SwiftTypeExpression(facts.type).isSame(as: $0)
          })
        else {
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
      case .service(let reference):
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
        // A shared service through its accessor, which returns the accessor's type: the parameter
        // must take that type. Built in a resolve of its own: one whose build the dynamic
        // container would share a graph-scoped instance with the resolve reaching it is left to it.
        guard let facts = planner.accessors[reference.service] else {
          throw Unplannable("it takes '\(target.id)', which has no accessor in this container")
        }
        guard target.arguments.isEmpty else {
          throw Unplannable("it takes '\(target.id)', which takes run-time arguments, as a plain dependency")
        }
        guard
          [bare.wrapped ?? bare, SwiftTypeExpression(target.type)].contains(where: {
            SwiftTypeExpression(facts.type).isSame(as: $0)
          })
        else {
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
      case .literal(let literal):
        guard let text = literal.swiftExpression(as: bare.normalized) else {
          throw Unplannable("a literal is passed where Swift expects '\(bare.normalized)'")
        }
        return .literal(text)
      case .swift(let expression):
        // Typed by the parameter it goes to: the Swift compiler checks it at the graph file's line.
        return .literal(expression)
      case .parameter(let index):
        guard planner.parameters.indices.contains(index) else { throw Unplannable("it takes an unknown parameter") }
        let parameter = planner.parameters[index]
        guard case .literal(let literal) = parameter.value else {
          throw Unplannable("it takes parameter '\(parameter.name)', which reads the process environment ('${…}')")
        }
        guard let text = literal.swiftExpression(as: bare.normalized) else {
          throw Unplannable(
            "parameter '\(parameter.name)' is not a literal of the type '\(bare.normalized)' Swift expects")
        }
        return .literal(text)
      case .argument(let name):
        guard let owner, let argument = planner.service(owner).arguments.first(where: { $0.name == name }) else {
          throw Unplannable(
            "run-time argument '$\(name)' is set on a property of a service the accessor does not take it for")
        }
        guard SwiftTypeExpression(argument.type).isSame(as: bare) else {
          throw Unplannable(
            "run-time argument '$\(name)' is declared '\(argument.type)', and Swift expects '\(bare.normalized)' there")
        }
        return .argument(SwiftIdentifier.camelCase(name))
      case .external(let owner, let index):
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
      case .container:
        if let typedContainerType = planner.typedContainerType {
          // The typed container itself: its build does not resolve from it, only keeps it.
          guard bare.isSame(as: SwiftTypeExpression(typedContainerType)) else {
            throw Unplannable(
              "it takes '$container' where Swift expects '\(bare.normalized)', not the container's type "
                + "'\(typedContainerType)'")
          }
          uses.container = true
          return .typedContainer
        }
        guard ["Container", "DICfgRuntime.Container"].contains(bare.normalized) else {
          throw Unplannable("it takes '$container' where Swift expects '\(bare.normalized)', not 'Container'")
        }
        uses.container = true
        return .container
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
      case .provider(let reference), .lazy(let reference):
        // The accessor of the service, called in the closure the runtime's `Provider` or `Lazy`
        // holds: nonisolated and synchronous, as those call it. A provider's calls pass the run-time
        // arguments of a service that takes them (none optional: a call may leave one out).
        let kind: TypedContainerModel.DeferredKind
        if case .provider = value { kind = .provider } else { kind = .lazy }
        let target = planner.plan.service(reference)
        let what = "a \(kind == .provider ? "provider" : "lazy value") of '\(target.id)'"
        guard reference.container == planner.container else {
          let name = planner.plan.containers[reference.container].name
          throw Unplannable("it takes \(what), which is of container '\(name)'")
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
      case .tagged(_, let references):
        // The services carrying the tag, in file order, each passed as a reference to it is.
        guard let element = bare.element else {
          throw Unplannable("tagged services are passed where Swift expects '\(bare.normalized)', not an array")
        }
        return .array(try references.map { try expression(.service($0), as: element, owner: owner, uses: &uses) })
      }
    }

    /// `built`, the instance of `service` passed where Swift expects `type`, or, where `type` is a
    /// type the service is bound as other than its own (a protocol under `as:`), a test's stand-in
    /// for that type where one is given.
    private static func standIn(
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
    private static func accepts(
      _ type: SwiftTypeExpression, _ service: ResolutionPlan.Service, _ context: SwiftContext
    ) -> Bool {
      conversion(type, service, context) == .certain
    }

    /// Whether Swift takes an instance of `service` where it expects `type` (``accepts(_:_:_:)``),
    /// does not, or whether the Swift read cannot tell.
    private static func conversion(
      _ type: SwiftTypeExpression, _ service: ResolutionPlan.Service, _ context: SwiftContext
    ) -> SwiftContext.Conversion {
      let taken = (type.wrapped ?? type).withoutExistential
      if service.bindings.contains(where: { SwiftTypeExpression($0).isSame(as: taken) }) { return .certain }
      return context.conversion(service.type, to: taken.normalized)
    }
  }
}
