import DICfgCore
import Foundation

/// A plan linked to its factories and externals: what every ``Container`` of one link shares.
/// Immutable after linking; the instances live in the scopes' stores.
final class LinkedGraph: Sendable {
  let plan: ResolutionPlan
  /// Per global service: the plan's service, its container and its registration.
  let services: [LinkedService]
  /// Per global service: whether it declares run-time arguments (read without touching the
  /// service's reference count).
  let takesArguments: [Bool]
  /// Per global service: whether building it awaits an async factory or runs a factory on the
  /// main actor, its own or a dependency's through `init:` or a property (providers and lazy
  /// values resolve when called).
  let needs: [BuildNeeds]
  /// Per global service: the store of its scope, which gives a resolve its instance.
  let scopes: [ScopeStore]
  /// Per container: the global number of its first service.
  let firstService: [Int]
  let parameters: [Constant]
  /// Per container: its externals.
  let externals: [[ExternalValue]]
  /// Per container: ids (services and aliases) visible from it, to global numbers.
  let idLookup: [IDTable]
  /// Per container: bound type names visible from it, nearest container first; worked out on the
  /// first lookup by type, which most apps never make.
  private let boundTypes = Locked<[[String: [Int]]]?>(nil)
  /// Per container: the services resolved by Swift type so far.
  let typeIndexes: [TypeIndex]
  /// The singleton store, which the containers read in place.
  let singletons: SingletonScope
  /// The weak scope's store.
  let weakScope: WeakScope
  /// The scopes `reset(scope:)` empties: `cached` and each custom scope, by name.
  let resettableScopes: [String: CachedScope]
  /// The builds of shared-scope instances under way.
  let builds: SharedBuilds
  /// The builds of shared-scope instances that await an async factory.
  let awaitedBuilds: AwaitedBuilds

  init(
    plan: ResolutionPlan, services: [LinkedService], firstService: [Int], parameters: [Constant],
    externals: [[ExternalValue]], storage: SingletonStorage? = nil
  ) {
    self.plan = plan
    self.services = services
    self.takesArguments = services.map(\.takesArguments)
    self.needs = Self.buildNeeds(services)
    self.firstService = firstService
    self.parameters = parameters
    self.externals = externals
    self.typeIndexes = plan.containers.map { _ in TypeIndex() }
    let count = services.count
    // A generated container's singletons are built by its accessors and by this link alike.
    let builds = storage?.builds ?? SharedBuilds(serviceCount: count)
    self.builds = builds
    awaitedBuilds = storage?.awaitedBuilds ?? AwaitedBuilds()
    let singletons = storage?.singletons ?? SingletonScope(builds: builds, serviceCount: count)
    // A generated container's weak and cached instances too, where its storage has room for them.
    let weakServices = services.indices.filter { services[$0].service.scope == .weak }
    let weak =
      storage?.weak.flatMap { $0.holds(weakServices) ? $0 : nil }
      ?? WeakScope(builds: builds, serviceCount: count, services: weakServices)
    var scopes = [ScopeStore](repeating: .graph, count: count)
    var resettableMembers: [String: [Int]] = ["cached": []]
    for name in plan.containers.flatMap(\.customScopes) { resettableMembers[name] = [] }
    for (index, linked) in services.enumerated() {
      switch linked.service.scope {
      case .graph: break
      case .unique: scopes[index] = .unique
      case .singleton: scopes[index] = .singleton(Unretained(singletons))
      case .weak: scopes[index] = .weak(Unretained(weak))
      case .cached, .custom: resettableMembers[linked.service.scope.name, default: []].append(index)
      }
    }
    var resettable: [String: CachedScope] = [:]
    for (name, members) in resettableMembers {
      let shared = name == "cached" ? storage?.cached.flatMap { $0.holds(members) ? $0 : nil } : nil
      let scope = shared ?? CachedScope(name: name, builds: builds, serviceCount: count, services: members)
      resettable[name] = scope
      for index in members { scopes[index] = .cached(Unretained(scope)) }
    }
    self.singletons = singletons
    self.weakScope = weak
    self.resettableScopes = resettable
    self.scopes = scopes
    self.idLookup = Self.idTables(plan, firstService: firstService)
  }

  /// Each container's table of the ids it resolves, its own services' and aliases' and then its
  /// collaborators', nearest first.
  private static func idTables(_ plan: ResolutionPlan, firstService: [Int]) -> [IDTable] {
    let collaborators = plan.containers.map(\.collaborators)
    return plan.containers.indices.map { index in
      var candidates: [(id: String, service: Int)] = []
      for owner in CollaboratorSearch.order(from: index, collaborators: collaborators) {
        let first = firstService[owner]
        let container = plan.containers[owner]
        for local in container.services.indices { candidates.append((container.services[local].id, first + local)) }
        for alias in container.aliases.indices {
          let target = container.aliases[alias].target
          candidates.append((container.aliases[alias].id, firstService[target.container] + target.service))
        }
      }
      return IDTable(candidates)
    }
  }

  /// The type names bound to services visible from `container` (a service's `type` and its `as:`
  /// types), nearest container first, each to the services bound to it there.
  func typeLookup(_ container: Int) -> [String: [Int]] {
    boundTypes.withLock { tables in
      if let tables { return tables[container] }
      let built = Self.boundTypes(plan, firstService: firstService)
      tables = built
      return built[container]
    }
  }

  private static func boundTypes(_ plan: ResolutionPlan, firstService: [Int]) -> [[String: [Int]]] {
    let collaborators = plan.containers.map(\.collaborators)
    let bindings = plan.containers.indices.map { owner in
      var bound = TypeBindings(capacity: plan.containers[owner].services.count)
      for (local, service) in plan.containers[owner].services.enumerated() {
        bound.bind(firstService[owner] + local, type: service.type, as: service.bindings)
      }
      return bound
    }
    return plan.containers.indices.map { index in
      TypeBindings.visible(along: CollaboratorSearch.order(from: index, collaborators: collaborators), in: bindings)
    }
  }

  /// Resolves service `service` as one top-level resolve, checking its run-time arguments first.
  ///
  /// - Parameter onMainActor: Whether the caller is known to run on the main actor; else a build
  ///   that needs it runs only on the main thread.
  func resolve(_ service: Int, arguments: [String: any Sendable], onMainActor: Bool = false) throws -> Instance {
    if takesArguments[service] || !arguments.isEmpty {
      try checkArguments(arguments, for: services[service])
    } else if let kept = scopes[service].kept(service) {
      return kept
    }
    if !needs[service].isEmpty { try checkSynchronous(service, onMainActor: onMainActor) }
    return try Resolve.run(service, arguments: arguments, in: self)
  }

  /// Throws unless a synchronous build of `service` can run here: nothing it builds awaits, and
  /// what runs on the main actor runs on it (the main thread is the main actor's; elsewhere only
  /// the caller can know).
  private func checkSynchronous(_ service: Int, onMainActor: Bool) throws {
    let needs = needs[service]
    if needs.contains(.await) { throw ResolutionError.requiresAwait(services[service].service, path: []) }
    if needs.contains(.mainActor), !onMainActor, !Thread.isMainThread {
      throw ResolutionError.requiresMainActor(services[service].service)
    }
  }

  /// Resolves service `service` as one top-level resolve that may await: the synchronous resolve
  /// when nothing it builds is async or main-actor, on the main actor when only its main-actor
  /// factories keep it from that, else an awaited one.
  func resolveAwaiting(_ service: Int, arguments: [String: any Sendable]) async throws -> Instance {
    let needs = needs[service]
    if needs.isEmpty { return try resolve(service, arguments: arguments) }
    if takesArguments[service] || !arguments.isEmpty {
      try checkArguments(arguments, for: services[service])
    } else if let kept = scopes[service].kept(service) {
      return kept
    }
    guard needs.contains(.await) else {
      return try await MainActor.run {
        SentInstance(instance: try resolve(service, arguments: arguments, onMainActor: true))
      }.instance
    }
    return try await AwaitedResolve.run(service, arguments: arguments, in: self)
  }

  /// What each service's build needs: an await where a factory is async, the main actor where
  /// one is main-actor isolated, and what its dependencies' builds need through `init:` or a
  /// property, found by walking the dependencies backwards.
  private static func buildNeeds(_ services: [LinkedService]) -> [BuildNeeds] {
    var needs = services.map { linked -> BuildNeeds in
      var own: BuildNeeds = []
      if linked.registration.isAsync { own.insert(.await) }
      if linked.service.isolation == .mainActor { own.insert(.mainActor) }
      return own
    }
    guard needs.contains(where: { !$0.isEmpty }) else { return needs }
    var dependents = [[Int]](repeating: [], count: services.count)
    func collect(_ source: ValueSource, into targets: inout [Int]) {
      switch source {
      case .service(let target): targets.append(target)
      case .tagged(let listed): targets += listed
      case .array(let sources): for source in sources { collect(source, into: &targets) }
      case .external, .parameter, .argument, .container, .constant, .provider, .lazy, .none: break
      }
    }
    for (index, linked) in services.enumerated() {
      var targets: [Int] = []
      for source in linked.initializer { collect(source, into: &targets) }
      for property in linked.properties { collect(property.source, into: &targets) }
      for target in targets { dependents[target].append(index) }
    }
    var queue = needs.indices.filter { !needs[$0].isEmpty }
    while let next = queue.popLast() {
      for dependent in dependents[next] where !needs[dependent].isSuperset(of: needs[next]) {
        needs[dependent].formUnion(needs[next])
        queue.append(dependent)
      }
    }
    return needs
  }

  private func checkArguments(_ arguments: [String: any Sendable], for linked: LinkedService) throws {
    let service = linked.service
    // Every declared argument given, of the type its use takes, and nothing else (the names are
    // distinct): one lookup per argument.
    if arguments.count == service.arguments.count {
      var given = true
      for declared in linked.runtimeArguments {
        guard let value = arguments[declared.name] else {
          given = false
          break
        }
        guard let use = declared.use, !ValueConversion.fits(value, use.type) else { continue }
        throw ResolutionError.argumentMismatch(
          declared.name, value: value, use: use.argument, of: service, expected: TypeName.described(use.type))
      }
      if given { return }
    }
    // A misspelt name is both an undeclared argument and a missing one: the undeclared name,
    // with the declared name it most likely meant, is the finding.
    if let unknown = arguments.keys.sorted().first(where: { name in !service.arguments.contains { $0.name == name } }) {
      throw ResolutionError.undeclaredArgument(unknown, of: service)
    }
    if let missing = service.arguments.first(where: { arguments[$0.name] == nil }) {
      throw ResolutionError.missingArgument(missing, of: service)
    }
  }

  /// The value of external `index` of `container`.
  func external(container: Int, index: Int, path: [String]) throws -> Instance {
    let declaration = plan.containers[container].externals[index]
    switch externals[container][index] {
    case .strong(let value):
      return value.value
    case .weak(let reference):
      if let object = reference.object { return .object(object) }
      if declaration.optional { return .absent }
      throw ResolutionError.releasedExternal(declaration, path: path)
    case .absent:
      return .absent
    }
  }
}

/// What a service's build needs beyond a synchronous call on any thread.
struct BuildNeeds: OptionSet, Sendable {
  let rawValue: UInt8

  /// A factory it runs is `async`.
  static let await = BuildNeeds(rawValue: 1)
  /// A factory it runs is isolated to the main actor.
  static let mainActor = BuildNeeds(rawValue: 2)
}
