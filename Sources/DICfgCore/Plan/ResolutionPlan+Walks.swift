/// The walks over a plan that the planner, the typed-container generator, `explain` and the graph
/// renderer share: what a value names, what a service's resolve builds, which scopes build per
/// resolve. Written once.

extension ResolutionPlan.Value {
  /// How a value gives a service to what it is passed to.
  public enum ServiceUse: Sendable, Hashable {
    /// The instance itself (in an array or an optional too).
    case passed
    /// As one of the services carrying a tag.
    case tagged
    /// Through a provider or a lazy value, resolved later than the value.
    case deferred
  }

  /// What a value names: a service, with how the value gives it, or an external.
  public enum Named: Sendable, Hashable {
    case service(ResolutionPlan.ServiceReference, ServiceUse)
    case external(container: Int, index: Int)
  }

  /// What the value names, in the order the file writes it (an array's items in order).
  public var named: [Named] {
    var named: [Named] = []
    var pending = [self]
    while let value = pending.popLast() {
      switch value {
      case .service(let reference): named.append(.service(reference, .passed))
      case .provider(let reference), .lazy(let reference): named.append(.service(reference, .deferred))
      case .tagged(_, let services): named += services.map { .service($0, .tagged) }
      case .external(let container, let index): named.append(.external(container: container, index: index))
      case .array(let values): pending += values.reversed()
      case .optional(let wrapped?): pending.append(wrapped)
      case .optional(nil), .parameter, .argument, .container, .literal, .swift: break
      }
    }
    return named
  }

  /// The services the value names, each with how it gives it.
  public var serviceUses: [(reference: ResolutionPlan.ServiceReference, use: ServiceUse)] {
    named.compactMap { if case .service(let reference, let use) = $0 { (reference, use) } else { nil } }
  }

  /// The services a resolve of the value builds with it: passed or tagged, not those behind a
  /// provider or a lazy value.
  public var builtServices: [ResolutionPlan.ServiceReference] {
    serviceUses.filter { $0.use != .deferred }.map(\.reference)
  }
}

extension ResolutionPlan {
  /// The service `reference` names.
  public func service(_ reference: ServiceReference) -> Service {
    containers[reference.container].services[reference.service]
  }

  /// The services a resolve of `start` may build: itself and what its initializer and properties
  /// take, transitively (not through providers and lazy values, which resolve later).
  public func reached(from start: ServiceReference) -> Set<ServiceReference> {
    var seen: Set<ServiceReference> = [start]
    var queue = [start]
    while let next = queue.popLast() {
      let service = service(next)
      for argument in service.initializer + service.properties {
        for reference in argument.value.builtServices where seen.insert(reference).inserted {
          queue.append(reference)
        }
      }
    }
    return seen
  }

  /// Whether every resolve that reaches the graph-scoped service `reference` through another
  /// service builds it once, in one place: one value of the whole plan passes it, to a
  /// graph-scoped service (built once per resolve itself), and its own build shares no
  /// graph-scoped instance with those resolves (``sharesGraphInstances(withResolvesReaching:)``).
  /// So a resolve of its own, as a typed accessor of another container makes, builds it as the
  /// dynamic container's resolve does.
  public func isBuiltOncePerResolve(_ reference: ServiceReference) -> Bool {
    var takers: [ScopeKind] = []
    for members in containers {
      for service in members.services {
        for argument in service.initializer + service.properties {
          takers += argument.value.builtServices.filter { $0 == reference }.map { _ in service.scope }
        }
      }
    }
    return takers == [.graph] && !sharesGraphInstances(withResolvesReaching: reference)
  }

  /// Whether the shared-scope service `shared`, built inside a resolve that reaches it (as the
  /// dynamic container builds it the first time), can share a graph-scoped instance with that
  /// resolve: its build reaches a graph-scoped service that a service reaching it also reaches
  /// other than through it. Where it cannot, building it in a resolve of its own, as a typed
  /// accessor does, gives every service the instances the dynamic container gives it. For many
  /// questions of one plan, ask a ``GraphSharing`` of it.
  public func sharesGraphInstances(withResolvesReaching shared: ServiceReference) -> Bool {
    GraphSharing(self).sharesInstances(withResolvesReaching: shared)
  }

  /// The services whose builds take each service (passed or tagged, not behind a provider or a lazy
  /// value), by the service taken: the plan's edges reversed.
  public var takers: [ServiceReference: [ServiceReference]] {
    var takers: [ServiceReference: [ServiceReference]] = [:]
    for (container, members) in containers.enumerated() {
      for (index, service) in members.services.enumerated() {
        let taker = ServiceReference(container: container, service: index)
        for argument in service.initializer + service.properties {
          for taken in argument.value.builtServices { takers[taken, default: []].append(taker) }
        }
      }
    }
    return takers
  }

  /// The shortest chains of builds reaching `target`, each from a service no build takes (one the
  /// app asks for) down to `target`, the shortest first and at most `limit`: the paths through the
  /// graph a message names. `[[target]]` where no build takes it, or only builds in a cycle do.
  public func chains(reaching target: ServiceReference, limit: Int = 3) -> [[ServiceReference]] {
    let takers = self.takers
    // Walked backwards from `target`, each service noted with the next one toward it.
    var toward: [ServiceReference: ServiceReference] = [target: target]
    var queue = [target]
    var roots: [ServiceReference] = []
    var position = 0
    while position < queue.count, roots.count < limit {
      let current = queue[position]
      position += 1
      let up = takers[current] ?? []
      if up.isEmpty, current != target { roots.append(current) }
      for taker in up where toward[taker] == nil {
        toward[taker] = current
        queue.append(taker)
      }
    }
    guard !roots.isEmpty else { return [[target]] }
    return roots.map { root in
      var chain = [root]
      while let last = chain.last, last != target, let next = toward[last] { chain.append(next) }
      return chain
    }
  }

  /// ``sharesGraphInstances(withResolvesReaching:)`` over one plan, which walks the plan backwards
  /// from each service asked about, the plan's edges reversed once.
  public struct GraphSharing: Sendable {
    let plan: ResolutionPlan
    /// The services whose builds take each service, by the service taken.
    private let takers: [ServiceReference: [ServiceReference]]

    public init(_ plan: ResolutionPlan) {
      self.plan = plan
      takers = plan.takers
    }

    public func sharesInstances(withResolvesReaching shared: ServiceReference) -> Bool {
      let own = plan.reached(from: shared).filter { $0 != shared && plan.service($0).scope == .graph }
      guard !own.isEmpty else { return false }
      // The services reaching `shared`, and those reaching one of `own` other than through it: a
      // service in both is such a resolve.
      let reachingShared = reaching([shared], avoiding: nil).subtracting([shared])
      return !reachingShared.isDisjoint(with: reaching(own, avoiding: shared))
    }

    /// `starts` and the services whose builds reach one of them, never through `avoided`.
    private func reaching(_ starts: Set<ServiceReference>, avoiding avoided: ServiceReference?) -> Set<ServiceReference>
    {
      var seen = starts
      var queue = Array(starts)
      while let next = queue.popLast() {
        for taker in takers[next] ?? [] where taker != avoided && seen.insert(taker).inserted { queue.append(taker) }
      }
      return seen
    }
  }
}

extension ScopeKind {
  /// Whether the scope builds its instances for each resolve (graph, unique), keeping none.
  public var isPerResolve: Bool { self == .graph || self == .unique }
}

extension ResolutionPlan {
  /// Every name the plan's Swift spells, each once: in the types of its services, bindings,
  /// run-time arguments and externals, in its factories (and their members), and in its Swift
  /// values. `[Box<Scanner>]?` names `Box` and `Scanner`; `URLSession.shared` names `URLSession`
  /// and `URLSession.shared`. What decides which modules the generated file imports.
  public var spelledNames: Set<String> {
    var names = Set<String>()
    func add(_ spelling: String) {
      // A Swift value's string literals name nothing.
      var code = ""
      var inString = false
      var escaped = false
      for character in spelling {
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          }
          continue
        }
        if character == "\"" { inString = true } else { code.append(character) }
      }
      for part in code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) {
        let components = part.split(separator: ".")
        for count in components.indices { names.insert(components[...count].joined(separator: ".")) }
      }
    }
    for container in containers {
      container.externals.forEach { add($0.type) }
      for service in container.services {
        add(service.type)
        service.bindings.forEach(add)
        service.arguments.forEach { add($0.type) }
        service.factory.map(add)
        service.factoryMember.map(add)
        var pending = (service.initializer + service.properties).map(\.value)
        while let value = pending.popLast() {
          switch value {
          case .swift(let expression): add(expression)
          case .array(let values): pending += values
          case .optional(let wrapped?): pending.append(wrapped)
          default: break
          }
        }
      }
    }
    return names
  }
}
