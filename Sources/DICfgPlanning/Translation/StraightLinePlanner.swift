import DICfgCompiler
import DICfgCore
import DICfgSwiftModel

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
  /// Whether, over the typed runtime, the container's code reaches the root's state: the parameters
  /// it reads from the environment when it is created, and the storage its custom scopes' resets
  /// clear. Over the link, the link reads those parameters and keeps those scopes.
  var reachesRoot = false
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
    package var isAsync: Bool
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
  struct Unplannable: Error {
    var cause: String
    /// The change to the Swift that lets the accessor build it, where depending on the full runtime
    /// would not build it either.
    var fix: String?
    init(_ cause: String, fix: String? = nil) {
      self.cause = cause
      self.fix = fix
    }
  }

  /// What the planner decides: the make functions the accessors call, each planned accessor's
  /// construction, and each singleton's build, by service.
  struct Planned {
    var makers: [TypedContainerModel.Maker] = []
    var constructions: [Int: TypedContainerModel.StraightLine] = [:]
    var singletons: [Int: TypedContainerModel.SingletonBuild] = [:]
    /// Why each service left to the link is, by index: a clause (`it takes …`).
    var causes: [Int: TypedContainerModel.LinkCause] = [:]
  }

  func planned() -> Planned {
    var builder = Builder(planner: self, hoisted: hoisted())
    var constructions: [Int: TypedContainerModel.StraightLine] = [:]
    var singletons: [Int: TypedContainerModel.SingletonBuild] = [:]
    var causes: [Int: TypedContainerModel.LinkCause] = [:]
    for index in plan.containers[container].services.indices {
      do {
        if service(index).scope.isPerResolve {
          constructions[index] = try builder.accessor(of: index)
        } else {
          singletons[index] = try builder.singleton(of: index)
        }
      } catch {
        causes[index] = (error as? Unplannable).map { .init($0.cause, fix: $0.fix) } ?? .init("\(error)")
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

  func service(_ index: Int) -> ResolutionPlan.Service { plan.containers[container].services[index] }

  /// The graph-scoped services an accessor builds once and passes down: two or more references,
  /// a reference from a unique-scoped service (made once per reference) or from a property, or
  /// properties of its own.
  func hoisted() -> Set<Int> {
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
  static func directServices(in value: ResolutionPlan.Value) -> [ResolutionPlan.ServiceReference] {
    value.serviceUses.filter { $0.use == .passed }.map(\.reference)
  }

  /// One service's make function, as planned.
  struct PlannedMaker {
    var model: TypedContainerModel.Maker
    /// The hoisted services it takes, in parameter order.
    var hoisted: [Int]
    /// The make functions it calls.
    var calls: [Int]
    /// Whether it, or a make function it calls, passes the container.
    var passesContainer = false
  }

  enum MakerState {
    case planning
    case made(PlannedMaker)
    case unplannable(Unplannable)
  }

  enum SingletonState {
    case planning
    case built(TypedContainerModel.SingletonBuild)
    case unplannable(Unplannable)
  }

  /// What the expressions of one function take: hoisted services, make functions, and whether
  /// an accessor they call is main-actor isolated.
  struct Uses {
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

  struct Builder {
    // The planner's own types, as the Builder's extensions in other files name them.
    typealias Uses = StraightLinePlanner.Uses
    typealias Unplannable = StraightLinePlanner.Unplannable
    let planner: StraightLinePlanner
    let hoisted: Set<Int>
    var makers: [Int: MakerState] = [:]
    var singletons: [Int: SingletonState] = [:]
    /// The make functions of services a singleton's property builds from the singleton itself
    /// (``cycleClosing(_:as:singleton:uses:)``), beside each service's own.
    var cycleMakers: [TypedContainerModel.Maker] = []
    /// A service that the expressions planned meanwhile pass as a local instead (the singleton a
    /// property's cycle is closed on, as `instance`).
    var standIn: (reference: ResolutionPlan.ServiceReference, local: String)?
    /// ``ResolutionPlan/sharesGraphInstances(withResolvesReaching:)`` of each shared service asked
    /// about, a walk of the whole plan each, asked once.
    var sharing: [ResolutionPlan.ServiceReference: Bool] = [:]
    /// The plan's edges reversed, made when first asked.
    var graphSharing: ResolutionPlan.GraphSharing?

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
    mutating func steps(building services: [Int], root: Int?) throws -> [TypedContainerModel.Step] {
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

    func call(_ index: Int, arguments: [String]) -> TypedContainerModel.Expression {
      guard case .made(let maker)? = makers[index] else { return .none }
      return .call(
        maker.model.function,
        arguments: maker.hoisted.map { .local(Self.local(planner.service($0))) } + arguments.map { .argument($0) },
        isThrowing: maker.model.isThrowing, isAsync: maker.model.isAsync)
    }

    /// A property's value: a hoisted service's local, or what an initializer argument could be
    /// (a run-time argument of `owner`, the accessor's service, included).
    mutating func propertyValue(
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

    mutating func plan(_ index: Int) throws -> PlannedMaker {
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
    mutating func dependency<Made>(
      _ index: Int, _ plan: (inout Builder, Int) throws -> Made
    ) throws -> Made {
      do {
        return try plan(&self, index)
      } catch let reason as Unplannable {
        let id = planner.service(index).id
        guard !reason.cause.hasPrefix("it takes '\(id)'") else { throw reason }
        throw Unplannable("it takes '\(id)', and for '\(id)' " + reason.cause, fix: reason.fix)
      }
    }

    /// The initializer or function that builds `service`, as the target's Swift declares it: one the
    /// generated code can call (not failable, private or limited to later platforms). Nil for the
    /// initializer of a type the Swift read does not declare (a module dicfg could not read, such
    /// as UIKit on Linux): its call is written as the graph file says it, for the Swift compiler
    /// to check at the service's line.
    func initializer(of service: ResolutionPlan.Service) throws -> SwiftInitializer? {
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
    func isOfUnreadModule(_ service: ResolutionPlan.Service) -> Bool {
      guard let factory = service.factory else { return isUnread(service.type) }
      guard service.receiver == nil, planner.swift.builders(of: service).functions.isEmpty else { return false }
      guard let member = service.factoryMember, factory.count > member.count else { return true }
      return isUnread(String(factory.dropLast(member.count + 1)))
    }

    /// Whether the Swift read does not hold the type `name` whole: it declares it nowhere, only
    /// extends it (`extension UIApplication`), or declares it over a type it does not declare (a
    /// view controller over UIKit's, whose initializers it inherits).
    func isUnread(_ name: String) -> Bool {
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

    static func labels(_ service: ResolutionPlan.Service) -> String {
      service.callArguments.isEmpty
        ? "no arguments" : service.callArguments.map { "'\($0.label):'" }.joined(separator: " ")
    }

    /// Whether what `uses` records reaches the main actor: a main-actor accessor, or a make function
    /// that is main-actor.
    func reachesMainActor(_ uses: Uses) -> Bool {
      uses.mainActor
        || uses.calls.contains { if case .made(let maker)? = makers[$0] { maker.model.isMainActor } else { false } }
    }
  }
}
