import DICfgCore

/// Draws a plan's dependency graph as Graphviz DOT or Mermaid: containers as clusters, scopes as
/// node shapes, initializer edges solid and property, provider and lazy edges dashed.
struct GraphRenderer {
  let plan: ResolutionPlan
  /// Only this container (with what it references in others), or all.
  let container: Int?

  enum Format: String, CaseIterable {
    case dot, mermaid
  }

  private struct Edge: Hashable {
    var from: String
    var to: String
    var label: String
    var dashed: Bool
  }

  func render(_ format: Format) -> String {
    switch format {
    case .dot: dot()
    case .mermaid: mermaid()
    }
  }

  // MARK: Graph

  private func serviceNode(_ container: Int, _ service: Int) -> String { "c\(container)_s\(service)" }
  private func externalNode(_ container: Int, _ external: Int) -> String { "c\(container)_e\(external)" }

  private var shownContainers: [Int] {
    guard let container else { return Array(plan.containers.indices) }
    return [container]
  }

  private func edges() -> [Edge] {
    var edges: [Edge] = []
    var seen = Set<Edge>()
    for containerIndex in shownContainers {
      for (serviceIndex, service) in plan.containers[containerIndex].services.enumerated() {
        let from = serviceNode(containerIndex, serviceIndex)
        for (argument, dashed) in service.initializer.map({ ($0, false) }) + service.properties.map({ ($0, true) }) {
          for (target, deferred) in targets(of: argument.value) {
            let edge = Edge(from: from, to: target, label: argument.label, dashed: dashed || deferred)
            if seen.insert(edge).inserted { edges.append(edge) }
          }
        }
      }
    }
    return edges
  }

  /// The nodes a value points at, and whether the edge is deferred (provider or lazy).
  private func targets(of value: ResolutionPlan.Value) -> [(String, Bool)] {
    value.named.map { named in
      switch named {
      case .service(let reference, let use): (serviceNode(reference.container, reference.service), use == .deferred)
      case .external(let owner, let index): (externalNode(owner, index), false)
      }
    }
  }

  /// Containers drawn: those shown, and any another one's edges reach.
  private func drawnContainers(_ edges: [Edge]) -> [Int] {
    let reached = Set(
      edges.flatMap { [$0.from, $0.to] }.compactMap { node in
        node.dropFirst().split(separator: "_").first.flatMap { Int($0) }
      })
    return plan.containers.indices.filter { shownContainers.contains($0) || reached.contains($0) }
  }

  // MARK: DOT

  private func dot() -> String {
    let edges = edges()
    var lines = ["digraph dicfg {", "  rankdir=LR;", "  node [fontname=\"Helvetica\", fontsize=11];"]
    for containerIndex in drawnContainers(edges) {
      let container = plan.containers[containerIndex]
      lines.append("  subgraph cluster_\(containerIndex) {")
      lines.append("    label=\(dotQuoted(container.name));")
      for (index, service) in container.services.enumerated() {
        lines.append(
          "    \(serviceNode(containerIndex, index)) [label=\(dotQuoted("\(service.id)\n\(service.type)\n\(service.scope)")), shape=\(dotShape(service.scope))];"
        )
      }
      for (index, external) in container.externals.enumerated() {
        lines.append(
          "    \(externalNode(containerIndex, index)) [label=\(dotQuoted("\(external.id)\n\(external.type)\nexternal, \(external.retain)")), shape=parallelogram];"
        )
      }
      lines.append("  }")
    }
    for edge in edges {
      lines.append(
        "  \(edge.from) -> \(edge.to) [label=\(dotQuoted(edge.label))\(edge.dashed ? ", style=dashed" : "")];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func dotShape(_ scope: ScopeKind) -> String {
    switch scope {
    case .graph: "ellipse"
    case .unique: "diamond"
    case .singleton: "box"
    case .weak: "octagon"
    case .cached: "cylinder"
    case .custom: "folder"
    }
  }

  private func dotQuoted(_ text: String) -> String { QuotedString.quoted(text, in: .dot) }

  // MARK: Mermaid

  private func mermaid() -> String {
    let edges = edges()
    var lines = ["flowchart LR"]
    for containerIndex in drawnContainers(edges) {
      let container = plan.containers[containerIndex]
      lines.append("  subgraph cluster_\(containerIndex) [\(mermaidQuoted(container.name))]")
      for (index, service) in container.services.enumerated() {
        let label = mermaidQuoted("\(service.id)<br/>\(service.type)<br/>\(service.scope)")
        let (open, close) = mermaidShape(service.scope)
        lines.append("    \(serviceNode(containerIndex, index))\(open)\(label)\(close)")
      }
      for (index, external) in container.externals.enumerated() {
        let label = mermaidQuoted("\(external.id)<br/>\(external.type)<br/>external, \(external.retain)")
        lines.append("    \(externalNode(containerIndex, index))[/\(label)/]")
      }
      lines.append("  end")
    }
    for edge in edges {
      lines.append("  \(edge.from) \(edge.dashed ? "-.->" : "-->")|\(mermaidQuoted(edge.label))| \(edge.to)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func mermaidShape(_ scope: ScopeKind) -> (String, String) {
    switch scope {
    case .graph: ("([", "])")
    case .unique: ("{{", "}}")
    case .singleton: ("[", "]")
    case .weak: ("((", "))")
    case .cached: ("[(", ")]")
    case .custom: ("[[", "]]")
    }
  }

  private func mermaidQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
  }
}
