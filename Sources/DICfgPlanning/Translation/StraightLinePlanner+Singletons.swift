import DICfgCompiler
import DICfgCore

// A singleton's build: a resolve of its own, the graph-scoped services it shares built first.
extension StraightLinePlanner.Builder {
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

  mutating func planSingleton(_ index: Int) throws -> TypedContainerModel.SingletonBuild {
    let service = planner.service(index)
    // A weak service is a class's: the storage holds it as an object.
    let type = planner.swift.type(named: service.type)
    // A type of a module dicfg could not read may be a class: the compiler checks it at the line.
    var scopes: [ScopeKind] =
      type?.kind == .class || (type == nil && isOfUnreadModule(service))
      ? [.singleton, .weak, .cached] : [.singleton, .cached]
    // A custom scope is kept as `cached` is, over the typed runtime, and reset by the root.
    if case .custom = service.scope, planner.reachesRoot { scopes.append(service.scope) }
    guard [.singleton, .weak, .cached].contains(service.scope) || scopes.contains(service.scope) else {
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
}
