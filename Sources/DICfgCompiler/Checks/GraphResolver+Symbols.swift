import DICfgCore

// Stage 1, the symbol tables: ids, type bindings, scopes, collaborators and aliases of each
// container.

extension GraphResolver {

  mutating func indexContainers() {
    for (containerIndex, container) in declarations.enumerated() {
      let firstNode = nodes.count
      var named: [String: Named] = [:]
      named.reserveCapacity(container.services.count + container.externals.count)
      var bindings = TypeBindings(capacity: container.services.count)
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
        nodes.append(
          Node(
            container: containerIndex, index: local, declaration: service, scope: scope ?? defaultScope,
            scopeIsKnown: scope != nil))
        bindings.bind(local, type: service.type?.value, as: service.bindings.map(\.value))
        declaredTags.formUnion(service.tags.map(\.value))
        local += 1
      }
      symbols.append(ContainerSymbols(firstNode: firstNode, names: named, typeBindings: bindings, aliases: aliases))
    }
  }

  mutating func report(clash: Named, id: String, at location: SourceLocation, in container: Int) {
    diagnostics.append(.idClash(id, at: location, other: self.location(of: clash, in: container, aliases: [])))
  }

  func location(of named: Named?, in container: Int, aliases: [ServiceDeclaration]) -> SourceLocation? {
    switch named {
    case .service(let index)?: nodes[symbols[container].firstNode + index].declaration.location
    case .external(let index)?: declarations[container].externals[index].location
    case .alias(let index)?: index < aliases.count ? aliases[index].location : nil
    case nil: nil
    }
  }

  /// The service's scope; nil for a scope name that is reported as unknown or ambiguous.
  mutating func resolveScope(
    of service: ServiceDeclaration, in container: ContainerDeclaration, defaultScope: ScopeKind
  ) -> ScopeKind? {
    var kind = defaultScope
    if let scope = service.scope {
      guard let declared = scopeKind(scope, in: container) else { return nil }
      kind = declared
    }
    if let eager = service.eager, eager.value, kind != .singleton {
      diagnostics.append(.eagerNotSingleton(service.id, scope: kind, at: eager.location))
    }
    return kind
  }

  mutating func scopeKind(_ name: Located<String>, in container: ContainerDeclaration) -> ScopeKind? {
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

  mutating func resolveCollaborators() {
    for (index, container) in declarations.enumerated() {
      var resolved: [Int] = []
      for name in container.collaborators {
        guard let target = declarations.firstIndex(where: { $0.name == name.value }) else {
          if unknownCollaborators[index] == nil { unknownCollaborators[index] = (diagnostics.count, 0) }
          diagnostics.append(.unknownCollaborator(name, candidates: declarations.map(\.name)))
          continue
        }
        if target == index {
          diagnostics.append(.selfCollaboration(name))
          continue
        }
        if !resolved.contains(target) { resolved.append(target) }
      }
      symbols[index].collaborators = resolved
    }
    let collaborators = symbols.map(\.collaborators)
    for index in symbols.indices {
      symbols[index].lookupOrder = CollaboratorSearch.order(from: index, collaborators: collaborators)
    }
  }

  // MARK: Aliases

  mutating func resolveAliases() {
    for container in symbols.indices {
      symbols[container].aliasTargets = Array(repeating: nil, count: symbols[container].aliases.count)
    }
    for container in declarations.indices {
      for (index, alias) in symbols[container].aliases.enumerated() {
        symbols[container].aliasTargets[index] = followAlias(container: container, index: index, alias: alias)
      }
    }
  }

  /// The service or external an alias names, following aliases of aliases (a loop is a cycle).
  mutating func followAlias(
    container: Int, index: Int, alias: ServiceDeclaration
  ) -> ContainerSymbols.AliasTarget? {
    var visited: [(Int, Int)] = []
    var current = (container, index)
    while true {
      let declaration = symbols[current.0].aliases[current.1]
      guard let target = declaration.alias else { return nil }
      if visited.contains(where: { $0 == current }) {
        diagnostics.append(.aliasCycle(alias.id, at: target.location))
        return nil
      }
      visited.append(current)
      switch lookupID(target.value, from: current.0) {
      case (.service(let local), let owner)?: return .service(symbols[owner].firstNode + local)
      case (.alias(let next), let owner)?: current = (owner, next)
      case (.external(let external), let owner)?: return .external(container: owner, index: external)
      case nil:
        diagnostics.append(
          .unknownReference(
            target.value, at: target.location, from: "alias '\(declaration.id)'",
            suggestion: Suggestions.clause(for: target.value, among: visibleIDs(from: current.0))))
        return nil
      }
    }
  }

  // MARK: Lookup

  func lookupID(_ id: String, from container: Int) -> (Named, Int)? {
    for owner in symbols[container].lookupOrder {
      if let named = symbols[owner].names[id] { return (named, owner) }
    }
    return nil
  }

  func visibleIDs(from container: Int) -> [String] {
    symbols[container].lookupOrder.flatMap { symbols[$0].names.keys.sorted() }
  }

  func visibleTypes(from container: Int) -> [String] {
    symbols[container].lookupOrder.flatMap { symbols[$0].typeBindings.services.keys.sorted() }
  }

  enum Lookup {
    case service(Int)
    case external(container: Int, index: Int)
    case missing
    /// Several services, or several externals, of the type: each one's id and place.
    case ambiguous([Candidate])
    case failedAlias
  }

  /// A service or an external a reference by type could mean.
  struct Candidate {
    var id: String
    var location: SourceLocation
    /// The external's container and index, for an external.
    var external: [Int]?
    var isExternal: Bool { external != nil }
  }

  func lookup(_ name: String, from container: Int, at location: SourceLocation? = nil) -> Lookup {
    // A fragment's reference by a type it requires names its requirement (`requires: { cloud: { type:
    // Cloud } }` makes `Cloud` in that file `cloud`), whatever else of the type the importing graph binds.
    if let file = location?.file, let id = requirementTypes[file]?[SwiftTypeName.normalized(name)], id != name,
      lookupID(name, from: container) == nil
    {
      return lookup(id, from: container)
    }
    if let (named, owner) = lookupID(name, from: container) {
      switch named {
      case .service(let local): return .service(symbols[owner].firstNode + local)
      case .external(let index): return .external(container: owner, index: index)
      case .alias(let index):
        switch symbols[owner].aliasTargets[index] {
        case .service(let node)?: return .service(node)
        case .external(let container, let external)?: return .external(container: container, index: external)
        case nil: return .failedAlias
        }
      }
    }
    guard
      let (owner, candidates) = TypeBindings.nearest(
        name, along: symbols[container].lookupOrder, in: symbols.map(\.typeBindings))
    else { return externals(ofType: name, from: container) }
    let global = candidates.map { symbols[owner].firstNode + $0 }
    return global.count == 1
      ? .service(global[0])
      : .ambiguous(
        global.map { node in
          let declaration = nodes[node].declaration
          // Where it binds the type: its `as:` item, else its `type:`.
          let binding =
            declaration.bindings.first { SwiftTypeName.normalized($0.value) == SwiftTypeName.normalized(name) }?
            .location
            ?? declaration.type?.location
          return Candidate(id: declaration.id, location: binding ?? declaration.location)
        })
  }

  /// A reference by a type no service binds: the external of that type in the nearest container
  /// that has one (Swinject's `r.resolve(Scanner.self)` finds what the app registered as an
  /// instance), ambiguous where that container has several.
  func externals(ofType name: String, from container: Int) -> Lookup {
    let type = SwiftTypeName.normalized(name)
    for owner in symbols[container].lookupOrder {
      let matching = declarations[owner].externals.indices.filter {
        SwiftTypeName.normalized(declarations[owner].externals[$0].type) == type
      }
      if matching.count == 1 { return .external(container: owner, index: matching[0]) }
      if matching.count > 1 {
        return .ambiguous(
          matching.map {
            let external = declarations[owner].externals[$0]
            return Candidate(id: external.id, location: external.location, external: [owner, $0])
          })
      }
    }
    return .missing
  }
}
