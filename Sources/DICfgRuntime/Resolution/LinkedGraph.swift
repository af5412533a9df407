import Atomics
import DICfgCore

/// A plan linked to its factories and externals: the state every ``Container`` of one link
/// shares. Immutable after linking, but for the scope slots.
final class LinkedGraph: @unchecked Sendable {
  // Everything below is immutable after `init`, except what `InstanceSlot` guards itself and
  // `waiting`, which the coordination lock guards. Externals and parameters hold the host app's
  // values, shared across threads as the app intends.
  let plan: ResolutionPlan
  /// Per global service: the plan's service, its container and its registration.
  let services: [LinkedService]
  /// Per container: the global number of its first service.
  let firstService: [Int]
  let parameters: [Instance]
  /// Per container: its externals.
  let externals: [[ExternalValue]]
  /// Per container: ids (services and aliases) visible from it, to global numbers.
  let idLookup: [IDTable]
  /// Per container: bound type names visible from it, nearest container first.
  let typeLookup: [[String: [Int]]]
  let slots: [InstanceSlot?]
  /// The built singletons that are class instances, for lock-free reads by id.
  let publishedSingletons: PublishedSingletons
  /// Per global service: how its instances are shared, for the resolve path's first branch.
  let sharing: [Sharing]
  let coordination = ConditionLock()
  /// Per container: the services resolved by Swift type so far.
  let typeIndexes: [TypeIndex]
  /// Which slot each waiting thread waits for (guarded by `coordination`).
  private var waiting: [ThreadIdentity: Int] = [:]

  /// A service of the plan with its registration. A class, so the resolve path reads it through
  /// one reference instead of copying the service's arrays and strings.
  final class LinkedService: Sendable {
    let service: ResolutionPlan.Service
    let container: Int
    let registration: Registration
    let scope: ScopeKind
    /// The registered factory, read without copying the rest of the registration.
    let factory: Registration.Factory
    let hasProperties: Bool
    let takesArguments: Bool
    /// The initializer's values, compiled.
    let initializer: [ValueSource]
    /// The initializer's services by global number, when every value of it is a service.
    let initializerServices: [Int]?
    /// The initializer's labels, for untyped factories.
    let labels: [String]
    /// The properties, compiled, with their setters.
    let properties: [PropertySource]

    init(
      service: ResolutionPlan.Service, container: Int, registration: Registration,
      global: (ResolutionPlan.ServiceReference) -> Int
    ) {
      self.service = service
      self.container = container
      self.registration = registration
      self.scope = service.scope
      self.factory = registration.factory
      self.hasProperties = !service.properties.isEmpty
      self.takesArguments = !service.arguments.isEmpty
      self.initializer = service.initializer.map { ValueSource($0.value, global: global) }
      self.labels = service.initializer.map(\.label)
      let services = initializer.compactMap { source -> Int? in
        if case .service(let target) = source { return target }
        return nil
      }
      self.initializerServices = services.count == initializer.count ? services : nil
      self.properties = service.properties.map {
        PropertySource(
          label: $0.label, source: ValueSource($0.value, global: global), location: $0.location,
          setter: registration.properties[$0.label])
      }
    }
  }

  /// A scope reduced to where its instances live.
  enum Sharing {
    /// Built on every request.
    case unique
    /// Shared within one top-level resolve.
    case graph
    /// Kept in the service's slot.
    case slot
  }

  enum ExternalValue {
    case strong(Instance)
    case weak(WeakBox)
    case absent
  }

  init(
    plan: ResolutionPlan, services: [LinkedService], firstService: [Int], parameters: [Instance],
    externals: [[ExternalValue]]
  ) {
    self.plan = plan
    self.services = services
    self.firstService = firstService
    self.parameters = parameters
    self.externals = externals
    self.publishedSingletons = PublishedSingletons(count: services.count)
    self.typeIndexes = plan.containers.map { _ in TypeIndex() }
    self.sharing = services.map { linked in
      switch linked.scope {
      case .unique: .unique
      case .graph: .graph
      case .singleton, .weak, .cached, .custom: .slot
      }
    }
    self.slots = services.map { linked in
      switch linked.scope {
      case .unique, .graph: nil
      case .singleton: InstanceSlot(resettable: false)
      case .weak: InstanceSlot(resettable: false, weak: true)
      case .cached, .custom: InstanceSlot(resettable: true)
      }
    }
    var ids: [[String: Int]] = []
    var types: [[String: [Int]]] = []
    for index in plan.containers.indices {
      var visibleIDs: [String: Int] = [:]
      var visibleTypes: [String: [Int]] = [:]
      for owner in Self.lookupOrder(from: index, in: plan) {
        let first = firstService[owner]
        for (local, service) in plan.containers[owner].services.enumerated() {
          if visibleIDs[service.id] == nil { visibleIDs[service.id] = first + local }
        }
        for alias in plan.containers[owner].aliases where visibleIDs[alias.id] == nil {
          visibleIDs[alias.id] = firstService[alias.target.container] + alias.target.service
        }
        var bound: [String: [Int]] = [:]
        for (local, service) in plan.containers[owner].services.enumerated() {
          for type in Set([service.type] + service.bindings) { bound[type, default: []].append(first + local) }
        }
        for (type, candidates) in bound where visibleTypes[type] == nil { visibleTypes[type] = candidates }
      }
      ids.append(visibleIDs)
      types.append(visibleTypes)
    }
    self.idLookup = ids.map(IDTable.init)
    self.typeLookup = types
  }

  /// The container itself first, then its collaborators breadth first.
  static func lookupOrder(from container: Int, in plan: ResolutionPlan) -> [Int] {
    var order = [container]
    var seen: Set<Int> = [container]
    var cursor = 0
    while cursor < order.count {
      for next in plan.containers[order[cursor]].collaborators where seen.insert(next).inserted { order.append(next) }
      cursor += 1
    }
    return order
  }

  // MARK: Top-level resolution

  /// Resolves service `index` as one top-level resolve: builds what it needs, injects the
  /// properties of everything built, then publishes the new scoped instances.
  func resolve(_ index: Int, arguments: [String: any Sendable]) throws -> Instance {
    if arguments.isEmpty, let slot = slots[index] {
      if let box = slot.publishedInstance() { return box.value }
      if slot.isWeak, let object = slot.weakInstance.load(ordering: .acquiring).object {
        return .object(object)
      }
    }
    let linked = services[index]
    if linked.takesArguments || !arguments.isEmpty { try checkArguments(arguments, for: linked.service) }
    var context = ResolveContext(graph: self)
    do {
      let instance = try context.instance(of: index, arguments: arguments)
      try context.injectDeferredProperties()
      publish(context)
      return instance
    } catch {
      abandon(context)
      throw error
    }
  }

  private func checkArguments(_ arguments: [String: any Sendable], for service: ResolutionPlan.Service) throws {
    // Every declared argument given, and nothing else (the names are distinct): nothing to report.
    if arguments.count == service.arguments.count, service.arguments.allSatisfy({ arguments[$0.name] != nil }) {
      return
    }
    for argument in service.arguments where arguments[argument.name] == nil {
      throw ResolutionError(
        .missingArgument,
        "'\(service.id)' needs run-time argument '\(argument.name)' (\(argument.type)); "
          + "pass it in 'arguments:' when resolving",
        path: [service.id], location: service.location)
    }
    if let unknown = arguments.keys.sorted().first(where: { name in !service.arguments.contains { $0.name == name } }) {
      let declared = service.arguments.map { "'\($0.name)'" }.joined(separator: ", ")
      throw ResolutionError(
        .missingArgument,
        "'\(service.id)' declares no run-time argument '\(unknown)'"
          + (declared.isEmpty ? "; it takes none" : "; it takes \(declared)"),
        path: [service.id], location: service.location)
    }
  }

  // MARK: Scoped instances

  /// The instance of a singleton, cached, custom or weak service: the published one, or one this
  /// resolve builds (exactly once across threads).
  func sharedInstance(of index: Int, context: inout ResolveContext) throws -> Instance {
    guard let slot = slots[index] else {
      throw ResolutionError(.internalError, "service \(index) has no slot", path: context.pathIDs)
    }
    let isWeak = services[index].scope == .weak
    if !isWeak, let box = slot.publishedInstance() { return box.value }
    coordination.lock()
    while true {
      if isWeak, let object = slot.weakInstance.load(ordering: .acquiring).object {
        coordination.unlock()
        return .object(object)
      }
      if !isWeak, let box = slot.publishedInstance() {
        coordination.unlock()
        return box.value
      }
      guard let owner = slot.state.owner else {
        slot.state = .constructing(owner: context.owner(), thread: context.thread)
        coordination.unlock()
        return try construct(index, slot: slot, context: &context)
      }
      if owner.context == context.owner() || owner.thread == context.thread
        || waitChainReaches(context.thread, from: owner.thread)
      {
        // A cycle through this resolve (or a re-entrant or mutually waiting one): a constructed
        // instance is shared as a property cycle shares it; one still in its factory cannot be.
        let state = slot.state
        coordination.unlock()
        if case .constructed(let instance, _, _) = state { return instance }
        throw ResolutionError(
          .dependencyCycle,
          "'\(services[index].service.id)' is requested again while its factory is still running; "
            + "a factory that resolves its own service (through '$container') or a cycle of factories cannot finish",
          path: context.pathIDs + [services[index].service.id], location: services[index].service.location)
      }
      waiting[context.thread] = index
      coordination.wait()
      waiting[context.thread] = nil
    }
  }

  private func construct(_ index: Int, slot: InstanceSlot, context: inout ResolveContext) throws -> Instance {
    let instance: Instance
    do {
      instance = try context.build(index, arguments: [:])
    } catch {
      coordination.lock()
      slot.state = .idle
      coordination.broadcast()
      coordination.unlock()
      throw error
    }
    coordination.lock()
    slot.state = .constructed(instance, owner: context.owner(), thread: context.thread)
    coordination.unlock()
    context.claimed.append(index)
    return instance
  }

  /// Whether the thread `start` waits, directly or through other waiting threads, on `target`.
  private func waitChainReaches(_ target: ThreadIdentity, from start: ThreadIdentity) -> Bool {
    var thread = start
    var steps = 0
    while let slotIndex = waiting[thread], let owner = slots[slotIndex]?.state.owner, steps <= waiting.count {
      if owner.thread == target { return true }
      thread = owner.thread
      steps += 1
    }
    return false
  }

  private func publish(_ context: ResolveContext) {
    guard !context.claimed.isEmpty else { return }
    coordination.lock()
    for index in context.claimed {
      guard let slot = slots[index], case .constructed(let instance, _, _) = slot.state else { continue }
      if services[index].scope == .weak {
        slot.weakInstance.store(WeakBox(instance.object), ordering: .releasing)
      } else {
        slot.publish(InstanceBox(instance))
        if services[index].scope == .singleton, case .object(let object) = instance {
          publishedSingletons.publish(object, at: index)
        }
      }
      slot.state = .idle
    }
    coordination.broadcast()
    coordination.unlock()
  }

  private func abandon(_ context: ResolveContext) {
    guard !context.claimed.isEmpty else { return }
    coordination.lock()
    for index in context.claimed { slots[index]?.state = .idle }
    coordination.broadcast()
    coordination.unlock()
  }

  /// Releases the instances of every service of `scope` (cached or custom) in every container.
  func reset(_ scope: ScopeKind) {
    coordination.lock()
    for (index, linked) in services.enumerated() where linked.scope == scope {
      slots[index]?.release()
    }
    coordination.unlock()
  }

  // MARK: Values

  func external(container: Int, index: Int, context: ResolveContext) throws -> Instance {
    let declaration = plan.containers[container].externals[index]
    switch externals[container][index] {
    case .strong(let value):
      return value
    case .weak(let box):
      coordination.lock()
      let object = box.object
      coordination.unlock()
      if let object { return .object(object) }
      if declaration.optional { return .absent }
      throw ResolutionError(
        .releasedExternal,
        "\(declaration.retain) external '\(declaration.id)' has been released by the host app; "
          + "keep it alive while the container is used, or declare it 'optional: true'",
        path: context.pathIDs, location: declaration.location)
    case .absent:
      return .absent
    }
  }
}
