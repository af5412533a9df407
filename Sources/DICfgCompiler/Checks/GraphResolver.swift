import DICfgCore

/// Resolves every reference of the merged declarations to an index, checks the graph (scopes,
/// collaborators, cycles, lifetimes, run-time arguments, unused declarations) and emits the plan.
struct GraphResolver {
  private let parameters: [ParameterDeclaration]
  private let declarations: [ContainerDeclaration]
  private let environment: [String: String]?
  private(set) var diagnostics: [Diagnostic] = []

  /// A service of the plan, numbered globally across containers.
  private struct Node {
    var container: Int
    var index: Int
    var declaration: ServiceDeclaration
    var scope: ScopeKind
  }

  /// What an id names inside one container.
  private enum Named {
    case service(Int)
    case alias(Int)
    case external(Int)
  }

  private var nodes: [Node] = []
  /// Per container: the first global number of its services.
  private var firstNode: [Int] = []
  /// Per container: its alias declarations (services with `alias:`).
  private var aliasDeclarations: [[ServiceDeclaration]] = []
  private var names: [[String: Named]] = []
  private var typeBindings: [[String: [Int]]] = []
  private var collaborators: [[Int]] = []
  private var lookupOrder: [[Int]] = []
  private var aliasTargets: [[Int?]] = []
  private var edges: [DependencyEdge] = []
  private var usedParameters = Set<Int>()
  private var usedExternals = Set<[Int]>()
  private var declaredTags = Set<String>()
  /// Graph findings that get a trace of who requested the service, once all edges are known.
  private var traced: [(diagnostic: Diagnostic, node: Int)] = []

  init(parameters: [ParameterDeclaration], containers: [ContainerDeclaration], environment: [String: String]?) {
    self.parameters = parameters
    self.declarations = containers
    self.environment = environment
  }

  mutating func resolve() -> ResolutionPlan {
    indexContainers()
    resolveCollaborators()
    resolveAliases()
    let services = resolveServices()
    checkCycles()
    checkLifetimesAndArguments()
    checkUnused()
    checkEnvironment()
    if !traced.isEmpty {
      var incoming: [Int: [DependencyEdge]] = [:]
      for edge in edges { incoming[edge.to, default: []].append(edge) }
      for (diagnostic, node) in traced {
        var diagnostic = diagnostic
        let declaration = nodes[node].declaration
        if declaration.location.file != diagnostic.location.file {
          // The value was set by another layer than the service: point at the layer below too.
          diagnostic.notes.append(Note(message: "'\(declaration.id)' is defined here", location: declaration.location))
        }
        diagnostic.notes += traceNotes(from: node, incoming: incoming)
        diagnostics.append(diagnostic)
      }
    }
    return emit(services)
  }

  // MARK: Indexing

  private mutating func indexContainers() {
    for (containerIndex, container) in declarations.enumerated() {
      firstNode.append(nodes.count)
      var named: [String: Named] = [:]
      named.reserveCapacity(container.services.count + container.externals.count)
      var bindings: [String: [Int]] = [:]
      bindings.reserveCapacity(container.services.count)
      var aliases: [ServiceDeclaration] = []
      nodes.reserveCapacity(nodes.count + container.services.count)
      for (index, external) in container.externals.enumerated() {
        if let clash = named[external.id] {
          report(clash: clash, id: external.id, at: external.location, in: containerIndex)
        }
        named[external.id] = .external(index)
      }
      let defaultScope = container.defaultScope.flatMap { scopeKind($0, in: container) } ?? .graph
      var local = 0
      for service in container.services {
        if service.alias != nil {
          if named[service.id] != nil {
            diagnostics.append(
              .idClash(
                service.id, at: service.location,
                other: location(of: named[service.id], in: containerIndex, aliases: aliases)))
          } else {
            named[service.id] = .alias(aliases.count)
          }
          aliases.append(service)
          continue
        }
        if let clash = named[service.id] {
          report(clash: clash, id: service.id, at: service.location, in: containerIndex)
        }
        named[service.id] = .service(local)
        let scope = resolveScope(of: service, in: container, defaultScope: defaultScope)
        nodes.append(Node(container: containerIndex, index: local, declaration: service, scope: scope))
        if service.bindings.isEmpty {
          if let type = service.type { bindings[type.value, default: []].append(local) }
        } else {
          var bound = Set<String>()
          for type in [service.type].compactMap({ $0 }) + service.bindings where bound.insert(type.value).inserted {
            bindings[type.value, default: []].append(local)
          }
        }
        declaredTags.formUnion(service.tags.map(\.value))
        local += 1
      }
      names.append(named)
      typeBindings.append(bindings)
      aliasDeclarations.append(aliases)
    }
  }

  private mutating func report(clash: Named, id: String, at location: SourceLocation, in container: Int) {
    diagnostics.append(.idClash(id, at: location, other: self.location(of: clash, in: container, aliases: [])))
  }

  private func location(of named: Named?, in container: Int, aliases: [ServiceDeclaration]) -> SourceLocation? {
    switch named {
    case .service(let index)?: nodes[firstNode[container] + index].declaration.location
    case .external(let index)?: declarations[container].externals[index].location
    case .alias(let index)?: index < aliases.count ? aliases[index].location : nil
    case nil: nil
    }
  }

  private mutating func resolveScope(
    of service: ServiceDeclaration, in container: ContainerDeclaration, defaultScope: ScopeKind
  ) -> ScopeKind {
    var kind = defaultScope
    if let scope = service.scope {
      guard let declared = scopeKind(scope, in: container) else { return defaultScope }
      kind = declared
    }
    if let eager = service.eager, eager.value, kind != .singleton {
      diagnostics.append(.eagerNotSingleton(service.id, scope: kind, at: eager.location))
    }
    return kind
  }

  private mutating func scopeKind(_ name: Located<String>, in container: ContainerDeclaration) -> ScopeKind? {
    if let kind = ScopeKind(builtInName: name.value) { return kind }
    if container.customScopes.contains(where: { $0.value == name.value }) { return .custom(name.value) }
    if name.value == "shared" {
      diagnostics.append(.ambiguousScope(at: name.location))
    } else {
      diagnostics.append(
        .unknownScope(
          name.value, at: name.location, candidates: ScopeKind.builtInNames + container.customScopes.map(\.value)))
    }
    return nil
  }

  private mutating func resolveCollaborators() {
    for (index, container) in declarations.enumerated() {
      var resolved: [Int] = []
      for name in container.collaborators {
        guard let target = declarations.firstIndex(where: { $0.name == name.value }) else {
          diagnostics.append(.unknownCollaborator(name, candidates: declarations.map(\.name)))
          continue
        }
        if target == index {
          diagnostics.append(.selfCollaboration(name))
          continue
        }
        if !resolved.contains(target) { resolved.append(target) }
      }
      collaborators.append(resolved)
    }
    lookupOrder = declarations.indices.map { CollaboratorSearch.order(from: $0, collaborators: collaborators) }
  }

  // MARK: Aliases

  private mutating func resolveAliases() {
    aliasTargets = aliasDeclarations.map { Array(repeating: nil, count: $0.count) }
    for container in declarations.indices {
      for (index, alias) in aliasDeclarations[container].enumerated() {
        aliasTargets[container][index] = followAlias(container: container, index: index, alias: alias)
      }
    }
  }

  /// The global node an alias names, following aliases of aliases (a loop is a cycle).
  private mutating func followAlias(container: Int, index: Int, alias: ServiceDeclaration) -> Int? {
    var visited: [(Int, Int)] = []
    var current = (container, index)
    while true {
      let declaration = aliasDeclarations[current.0][current.1]
      guard let target = declaration.alias else { return nil }
      if visited.contains(where: { $0 == current }) {
        diagnostics.append(.aliasCycle(alias.id, at: target.location))
        return nil
      }
      visited.append(current)
      switch lookupID(target.value, from: current.0) {
      case (.service(let local), let owner)?: return firstNode[owner] + local
      case (.alias(let next), let owner)?: current = (owner, next)
      case (.external, _)?:
        diagnostics.append(.aliasToExternal(declaration.id, target: target))
        return nil
      case nil:
        diagnostics.append(
          .unknownReference(
            target.value, at: target.location, from: "alias '\(declaration.id)'",
            candidates: visibleIDs(from: current.0)))
        return nil
      }
    }
  }

  // MARK: Lookup

  private func lookupID(_ id: String, from container: Int) -> (Named, Int)? {
    for owner in lookupOrder[container] {
      if let named = names[owner][id] { return (named, owner) }
    }
    return nil
  }

  private func visibleIDs(from container: Int) -> [String] {
    lookupOrder[container].flatMap { names[$0].keys.sorted() }
  }

  private func visibleTypes(from container: Int) -> [String] {
    lookupOrder[container].flatMap { typeBindings[$0].keys.sorted() }
  }

  private enum Lookup {
    case service(Int)
    case external(container: Int, index: Int)
    case missing
    case ambiguous([Int])
    case failedAlias
  }

  private func lookup(_ name: String, from container: Int) -> Lookup {
    if let (named, owner) = lookupID(name, from: container) {
      switch named {
      case .service(let local): return .service(firstNode[owner] + local)
      case .external(let index): return .external(container: owner, index: index)
      case .alias(let index): return aliasTargets[owner][index].map(Lookup.service) ?? .failedAlias
      }
    }
    for owner in lookupOrder[container] {
      guard let candidates = typeBindings[owner][name] else { continue }
      let global = candidates.map { firstNode[owner] + $0 }
      return global.count == 1 ? .service(global[0]) : .ambiguous(global)
    }
    return .missing
  }

  // MARK: Values

  private struct Context {
    var node: Int
    var kind: DependencyEdge.Kind
    var label: String
  }

  private mutating func resolveServices() -> [[ResolutionPlan.Service]] {
    var services = declarations.map { _ in [ResolutionPlan.Service]() }
    for number in nodes.indices {
      let node = nodes[number]
      let declaration = node.declaration
      let initializer = declaration.initializer.map { argument in
        ResolutionPlan.Argument(
          label: argument.label,
          value: value(argument.value, Context(node: number, kind: .initializer, label: argument.label)),
          location: argument.location)
      }
      let properties = declaration.properties.map { argument in
        ResolutionPlan.Argument(
          label: argument.label,
          value: value(argument.value, Context(node: number, kind: .property, label: argument.label)),
          location: argument.location)
      }
      services[node.container].append(
        ResolutionPlan.Service(
          id: declaration.id, type: declaration.type?.value ?? "", bindings: declaration.bindings.map(\.value),
          scope: node.scope, eager: declaration.eager?.value ?? false,
          arguments: declaration.arguments.map { ResolutionPlan.RuntimeArgument(name: $0.name.value, type: $0.type) },
          initializer: initializer, properties: properties, tags: declaration.tags.map(\.value),
          location: declaration.location))
    }
    return services
  }

  /// Resolves a value form; arrays nest, so this walks with an explicit stack.
  private mutating func value(_ root: ValueExpression, _ context: Context) -> ResolutionPlan.Value {
    guard case .array(let items, _) = root else { return single(root, context) }
    var stack: [(items: ArraySlice<ValueExpression>, values: [ResolutionPlan.Value])] = [(items[...], [])]
    while true {
      let top = stack.count - 1
      if let next = stack[top].items.first {
        stack[top].items = stack[top].items.dropFirst()
        if case .array(let nested, _) = next {
          stack.append((nested[...], []))
        } else {
          stack[top].values.append(single(next, context))
        }
        continue
      }
      let finished = ResolutionPlan.Value.array(stack.removeLast().values)
      if stack.isEmpty { return finished }
      stack[stack.count - 1].values.append(finished)
    }
  }

  private mutating func single(_ expression: ValueExpression, _ context: Context) -> ResolutionPlan.Value {
    let owner = nodes[context.node]
    switch expression {
    case .reference(let name, let optional, let location):
      switch lookup(name, from: owner.container) {
      case .service(let target):
        addEdge(context, to: target, at: location)
        let reference = serviceReference(target)
        return optional ? .optional(.service(reference)) : .service(reference)
      case .external(let container, let index):
        usedExternals.insert([container, index])
        return optional
          ? .optional(.external(container: container, index: index)) : .external(container: container, index: index)
      case .ambiguous(let candidates):
        diagnostics.append(
          .ambiguousReference(name, at: location, candidates: candidates.map { nodes[$0].declaration }))
        return .optional(nil)
      case .missing:
        if optional { return .optional(nil) }
        traced.append(
          (
            .unknownReference(
              name, at: location, from: describe(context),
              candidates: visibleIDs(from: owner.container) + visibleTypes(from: owner.container)), context.node
          ))
        return .optional(nil)
      case .failedAlias:
        return .optional(nil)
      }
    case .variable(let name, let location):
      if owner.declaration.arguments.contains(where: { $0.name.value == name }) { return .argument(name) }
      if let index = parameters.firstIndex(where: { $0.name == name }) {
        usedParameters.insert(index)
        return .parameter(index)
      }
      let candidates = owner.declaration.arguments.map(\.name.value) + parameters.map(\.name)
      traced.append(
        (.unknownVariable(name, at: location, from: describe(context), candidates: candidates), context.node))
      return .optional(nil)
    case .container:
      return .container
    case .literal(let literal, _):
      return .literal(literal)
    case .provider(let name, let location), .lazy(let name, let location):
      let isProvider = if case .provider = expression { true } else { false }
      var deferred = context
      deferred.kind = isProvider ? .provider : .lazy
      switch lookup(name, from: owner.container) {
      case .service(let target):
        addEdge(deferred, to: target, at: location)
        return isProvider ? .provider(serviceReference(target)) : .lazy(serviceReference(target))
      case .external:
        diagnostics.append(.deferredExternal(name, at: location, form: isProvider ? "provider" : "lazy"))
      case .ambiguous(let candidates):
        diagnostics.append(
          .ambiguousReference(name, at: location, candidates: candidates.map { nodes[$0].declaration }))
      case .missing:
        traced.append(
          (
            .unknownReference(
              name, at: location, from: describe(context),
              candidates: visibleIDs(from: owner.container) + visibleTypes(from: owner.container)), context.node
          ))
      case .failedAlias:
        break
      }
      return .optional(nil)
    case .tagged(let tag, let location):
      guard declaredTags.contains(tag) else {
        diagnostics.append(.unknownTag(tag, at: location, candidates: declaredTags.sorted()))
        return .tagged(tag: tag, services: [])
      }
      var references: [ResolutionPlan.ServiceReference] = []
      for container in lookupOrder[owner.container] {
        for target in nodeRange(of: container) {
          guard nodes[target].declaration.tags.contains(where: { $0.value == tag }) else { continue }
          addEdge(context, to: target, at: location)
          references.append(serviceReference(target))
        }
      }
      return .tagged(tag: tag, services: references)
    case .array:
      return value(expression, context)
    case .invalid:
      return .optional(nil)
    }
  }

  /// The global numbers of a container's services.
  private func nodeRange(of container: Int) -> Range<Int> {
    firstNode[container]..<(container + 1 < firstNode.count ? firstNode[container + 1] : nodes.count)
  }

  private func serviceReference(_ node: Int) -> ResolutionPlan.ServiceReference {
    ResolutionPlan.ServiceReference(container: nodes[node].container, service: nodes[node].index)
  }

  private mutating func addEdge(_ context: Context, to target: Int, at location: SourceLocation) {
    edges.append(
      DependencyEdge(from: context.node, to: target, kind: context.kind, label: context.label, location: location))
  }

  private func describe(_ context: Context) -> String {
    let id = nodes[context.node].declaration.id
    return context.kind == .property
      ? "property '\(context.label)' of '\(id)'" : "argument '\(context.label)' of '\(id)'"
  }

  // MARK: Graph checks

  private mutating func checkCycles() {
    var outgoing = nodes.map { _ in [Int]() }
    for (index, edge) in edges.enumerated() { outgoing[edge.from].append(index) }
    for component in StronglyConnectedComponents.find(nodeCount: nodes.count, edges: edges.map { ($0.from, $0.to) }) {
      let members = Set(component)
      let isCycle = component.count > 1 || outgoing[component[0]].contains { edges[$0].to == component[0] }
      guard isCycle else { continue }
      let start = component.min() ?? component[0]
      if let unique = component.sorted().first(where: { nodes[$0].scope == .unique }) {
        if let cycle = shortestCycle(through: unique, within: members, outgoing: outgoing, immediateOnly: false) {
          diagnostics.append(.uniqueCycle(cycle.map { edges[$0] }, nodes: nodes.map(\.declaration), unique: unique))
        }
        continue
      }
      // An initializer-only cycle inside the component is an error; others are broken by a
      // property, provider or lazy edge.
      let initializerEdges = edges.indices.filter {
        edges[$0].kind == .initializer && members.contains(edges[$0].from) && members.contains(edges[$0].to)
      }
      let inner = StronglyConnectedComponents.find(
        nodeCount: nodes.count, edges: initializerEdges.map { (edges[$0].from, edges[$0].to) })
      for innerComponent in inner {
        let innerMembers = Set(innerComponent)
        let first = innerComponent.min() ?? start
        let selfLoop = initializerEdges.contains { edges[$0].from == first && edges[$0].to == first }
        guard innerComponent.count > 1 || selfLoop else { continue }
        if let cycle = shortestCycle(through: first, within: innerMembers, outgoing: outgoing, immediateOnly: true) {
          diagnostics.append(.initializerCycle(cycle.map { edges[$0] }, nodes: nodes.map(\.declaration)))
        }
      }
    }
  }

  /// The edges of a shortest cycle from `start` back to it, staying within `members`.
  private func shortestCycle(through start: Int, within members: Set<Int>, outgoing: [[Int]], immediateOnly: Bool)
    -> [Int]?
  {
    var cameBy: [Int: Int] = [:]
    var queue = [start]
    var cursor = 0
    while cursor < queue.count {
      let current = queue[cursor]
      cursor += 1
      for edgeIndex in outgoing[current] {
        let edge = edges[edgeIndex]
        guard members.contains(edge.to), !immediateOnly || edge.kind == .initializer else { continue }
        if edge.to == start {
          var path = [edgeIndex]
          var node = current
          while node != start, let previous = cameBy[node] {
            path.append(previous)
            node = edges[previous].from
          }
          return path.reversed()
        }
        if cameBy[edge.to] == nil {
          cameBy[edge.to] = edgeIndex
          queue.append(edge.to)
        }
      }
    }
    return nil
  }

  private mutating func checkLifetimesAndArguments() {
    for edge in edges {
      let holder = nodes[edge.from]
      let dependency = nodes[edge.to]
      if edge.kind != .provider, !dependency.declaration.arguments.isEmpty {
        traced.append(
          (.runtimeArgumentDependency(edge, holder: holder.declaration, dependency: dependency.declaration), edge.from))
      }
      guard edge.kind.isImmediate, dependency.scope != .unique else { continue }
      if holder.scope.lifetimeRank > dependency.scope.lifetimeRank {
        diagnostics.append(
          .captiveDependency(
            edge, holder: holder.declaration, holderScope: holder.scope, dependency: dependency.declaration,
            dependencyScope: dependency.scope))
      }
    }
  }

  private mutating func checkUnused() {
    for (index, parameter) in parameters.enumerated() where !usedParameters.contains(index) {
      diagnostics.append(.unusedParameter(parameter.name, at: parameter.location))
    }
    for (containerIndex, container) in declarations.enumerated() {
      for (index, external) in container.externals.enumerated() where !usedExternals.contains([containerIndex, index]) {
        diagnostics.append(.unusedExternal(external.id, at: external.location))
      }
    }
  }

  private mutating func checkEnvironment() {
    guard let environment else { return }
    for parameter in parameters {
      guard case .environment(let segments, _) = parameter.value else { continue }
      for case .variable(let name, nil) in segments where environment[name] == nil {
        diagnostics.append(.unsetVariable(name, parameter: parameter.name, at: parameter.valueLocation))
      }
    }
  }

  /// Notes from a service outward to what requested it, as far as a service nothing requests.
  private func traceNotes(from start: Int, incoming: [Int: [DependencyEdge]]) -> [Note] {
    var notes: [Note] = []
    var visited: Set<Int> = [start]
    var current = start
    while notes.count < 8, let edge = incoming[current]?.first(where: { !visited.contains($0.from) }) {
      let requester = nodes[edge.from].declaration.id
      notes.append(
        Note(
          message: "'\(nodes[current].declaration.id)' is requested by \(edge.position) of '\(requester)'",
          location: edge.location))
      visited.insert(edge.from)
      current = edge.from
    }
    return notes
  }

  // MARK: Emission

  private func emit(_ services: [[ResolutionPlan.Service]]) -> ResolutionPlan {
    let containers = declarations.enumerated().map { index, declaration in
      let aliases = aliasDeclarations[index].enumerated().compactMap { position, alias -> ResolutionPlan.Alias? in
        guard let target = aliasTargets[index][position] else { return nil }
        return ResolutionPlan.Alias(id: alias.id, target: serviceReference(target), location: alias.location)
      }
      return ResolutionPlan.Container(
        name: declaration.name, location: declaration.location, collaborators: collaborators[index],
        customScopes: declaration.customScopes.map(\.value),
        externals: declaration.externals.map {
          ResolutionPlan.External(
            id: $0.id, type: $0.type, retain: $0.retain, optional: $0.optional, location: $0.location)
        },
        services: services[index], aliases: aliases,
        eagerServices: services[index].indices.filter {
          services[index][$0].eager && services[index][$0].scope == .singleton
        })
    }
    return ResolutionPlan(
      parameters: parameters.map { ResolutionPlan.Parameter(name: $0.name, value: $0.value, location: $0.location) },
      containers: containers)
  }
}
