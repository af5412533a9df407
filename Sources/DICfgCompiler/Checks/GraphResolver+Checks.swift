import DICfgCore

// Stage 3, the graph checks: cycles, captive dependencies, run-time arguments, unused
// declarations, environment variables, and the trace of who requested a service.

extension GraphResolver {

  mutating func checkCycles() {
    var outgoing = nodes.map { _ in [Int]() }
    for (index, edge) in edges.enumerated() { outgoing[edge.from].append(index) }
    for component in StronglyConnectedComponents.find(nodeCount: nodes.count, edges: edges.map { ($0.from, $0.to) }) {
      let members = Set(component)
      let isCycle = component.count > 1 || outgoing[component[0]].contains { edges[$0].to == component[0] }
      guard isCycle else { continue }
      let start = component.min() ?? component[0]
      // A unique service on a cycle of initializer and property edges is built anew without end; one
      // whose every cycle passes a provider or a lazy value builds once per call of it.
      var uniqueCycle: (unique: Int, edges: [Int])?
      for unique in component.sorted() where nodes[unique].scope == .unique && uniqueCycle == nil {
        if let cycle = shortestCycle(through: unique, within: members, outgoing: outgoing, immediateOnly: false) {
          uniqueCycle = (unique, cycle)
        }
      }
      if let (unique, cycle) = uniqueCycle {
        diagnostics.append(.uniqueCycle(cycle.map { edges[$0] }, nodes: nodes.map(\.declaration), unique: unique))
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

  /// The edges of a shortest cycle from `start` back to it of initializer and property edges (of
  /// initializer edges only where `immediateOnly`), staying within `members`.
  func shortestCycle(through start: Int, within members: Set<Int>, outgoing: [[Int]], immediateOnly: Bool)
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
        guard members.contains(edge.to), edge.kind.isImmediate, !immediateOnly || edge.kind == .initializer else {
          continue
        }
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

  /// - Parameter reported: Edges already reported as a main-actor dependency: not captive as well.
  mutating func checkLifetimesAndArguments(reported: Set<Int>) {
    for (index, edge) in edges.enumerated() {
      let holder = nodes[edge.from]
      let dependency = nodes[edge.to]
      if edge.kind != .provider, !dependency.declaration.arguments.isEmpty {
        traced.append(
          (.runtimeArgumentDependency(edge, holder: holder.declaration, dependency: dependency.declaration), edge.from))
      }
      guard edge.kind.isImmediate, !reported.contains(index), holder.scopeIsKnown, dependency.scopeIsKnown
      else { continue }
      if holder.scope.keepsCaptive(dependency.scope) {
        diagnostics.append(
          .captiveDependency(
            edge, holder: holder.declaration, holderScope: holder.scope, dependency: dependency.declaration,
            dependencyScope: dependency.scope))
      }
    }
  }

  /// A nonisolated shared-scope service must not build a main-actor one: itself, or through the
  /// graph and unique services its build builds (a shared dependency is checked on its own).
  /// Returns the edges it reported, which no other finding repeats.
  mutating func checkIsolation() -> Set<Int> {
    guard nodes.contains(where: { $0.declaration.isolation?.value == .mainActor }) else { return [] }
    var incoming = nodes.map { _ in [Int]() }
    for (index, edge) in edges.enumerated() where edge.kind.isImmediate { incoming[edge.to].append(index) }
    // For each service built on the main actor or building one within its holder's build: the
    // main-actor service it reaches.
    var reaches = [Int?](repeating: nil, count: nodes.count)
    var queue: [Int] = []
    for (index, node) in nodes.enumerated() where node.declaration.isolation?.value == .mainActor {
      reaches[index] = index
      queue.append(index)
    }
    while let next = queue.popLast() {
      for edgeIndex in incoming[next] {
        let holder = edges[edgeIndex].from
        guard reaches[holder] == nil, nodes[holder].scope == .graph || nodes[holder].scope == .unique else { continue }
        reaches[holder] = reaches[next]
        queue.append(holder)
      }
    }
    var reported = Set<Int>()
    for (index, edge) in edges.enumerated() where edge.kind.isImmediate {
      let holder = nodes[edge.from]
      guard holder.scopeIsKnown, holder.scope != .graph, holder.scope != .unique,
        holder.declaration.isolation?.value != .mainActor,
        let reached = reaches[edge.to]
      else { continue }
      reported.insert(index)
      diagnostics.append(
        .mainActorDependency(
          edge, holder: holder.declaration, holderScope: holder.scope, dependency: nodes[edge.to].declaration,
          mainActor: nodes[reached].declaration))
    }
    return reported
  }

  mutating func checkUnused() {
    for (index, parameter) in parameters.enumerated() where !usedParameters.contains(index) {
      if let baseParameters, !baseParameters.contains(parameter.name) {
        diagnostics.append(
          .overrideMissingParameter(parameter.name, at: parameter.location, candidates: baseParameters.sorted()))
      } else {
        diagnostics.append(.unusedParameter(parameter.name, at: parameter.location))
      }
    }
    for (containerIndex, container) in declarations.enumerated() {
      for (index, external) in container.externals.enumerated() where !usedExternals.contains([containerIndex, index]) {
        diagnostics.append(.unusedExternal(external.id, at: external.location))
      }
    }
  }

  mutating func checkEnvironment() {
    guard let environment else { return }
    for parameter in parameters {
      for name in parameter.value.unsetVariables(in: environment) {
        diagnostics.append(
          .unsetEnvironmentVariable(name, parameter: parameter.name, at: parameter.valueLocation, severity: .warning))
      }
    }
  }

  /// Notes from a service outward to what requested it, as far as a service nothing requests.
  func traceNotes(from start: Int, incoming: [Int: [DependencyEdge]]) -> [Note] {
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

  /// Adds to each graph finding the trace of who requested its service, now that every edge is known.
  mutating func attachTraces() {
    leaveOutReferencesOfUnknownCollaborators()
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
  }

  /// A reference from a container that names a collaborator that does not exist may be to what
  /// that collaborator would define: it is left out, and the collaborator's finding says how many.
  mutating func leaveOutReferencesOfUnknownCollaborators() {
    guard !unknownCollaborators.isEmpty else { return }
    traced.removeAll { diagnostic, node in
      guard diagnostic.code == .unknownReference, let found = unknownCollaborators[nodes[node].container] else {
        return false
      }
      unknownCollaborators[nodes[node].container] = (found.diagnostic, found.leftOut + 1)
      return true
    }
    for (_, found) in unknownCollaborators where found.leftOut > 0 {
      diagnostics[found.diagnostic].notes.append(
        Note(
          message: "\(found.leftOut) reference\(found.leftOut == 1 ? "" : "s") from this container that nothing "
            + "it sees provides \(found.leftOut == 1 ? "is" : "are") left out; fix the collaborator's name first",
          location: nil))
    }
  }
}
