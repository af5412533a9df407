import DICfgCompiler
import DICfgCore
import DICfgSwiftModel

/// Draws a plan's dependency graph as Graphviz DOT or Mermaid: containers as clusters, the services
/// of each graph file (a module's fragment) as a cluster within them where the graph spans several
/// files, scopes as node shapes, initializer edges solid and property, provider and lazy edges
/// dashed. With `modules`, one node per graph file instead, and an edge where one file's services use
/// what another's define.
struct GraphRenderer {
  let plan: ResolutionPlan
  /// Only this container (with what it references in others), or all.
  let container: Int?
  /// Whether to draw the graph files and what each needs of the others, rather than the services.
  var modules = false

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
    switch (format, modules) {
    case (.dot, false): dot()
    case (.mermaid, false): mermaid()
    case (.dot, true): moduleDot()
    case (.mermaid, true): moduleMermaid()
    }
  }

  // MARK: Files

  /// The graph files that define the services and externals of `container`, in the plan's order.
  private func files(of container: Int) -> [String] {
    let defined =
      plan.containers[container].services.map(\.location.file)
      + plan.containers[container].externals.map(\.location.file)
    return defined.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// A file's name in a drawing: its module, by SwiftPM's layout (`Sources/AlertsKit/dicfg.yaml` is
  /// AlertsKit), else its path.
  private func moduleName(_ file: String) -> String {
    SwiftDeclarations.module(ofPath: file) ?? file
  }

  /// Each pair of files where a service of the first uses what the second defines, with the ids used,
  /// in the order first met.
  private func fileEdges() -> [(from: String, to: String, ids: [String])] {
    var edges: [(from: String, to: String, ids: [String])] = []
    func file(of named: ResolutionPlan.Value.Named) -> (String, String) {
      switch named {
      case .service(let reference, _):
        let service = plan.containers[reference.container].services[reference.service]
        return (service.location.file, service.id)
      case .external(let owner, let index):
        let external = plan.containers[owner].externals[index]
        return (external.location.file, external.id)
      }
    }
    for containerIndex in shownContainers {
      for service in plan.containers[containerIndex].services {
        for argument in service.initializer + service.properties {
          for named in argument.value.named {
            let (target, id) = file(of: named)
            guard target != service.location.file else { continue }
            if let index = edges.firstIndex(where: { $0.from == service.location.file && $0.to == target }) {
              if !edges[index].ids.contains(id) { edges[index].ids.append(id) }
            } else {
              edges.append((service.location.file, target, [id]))
            }
          }
        }
      }
    }
    return edges
  }

  /// The files drawn as modules: those of the shown containers, and those their edges reach.
  private func moduleFiles(_ edges: [(from: String, to: String, ids: [String])]) -> [String] {
    (shownContainers.flatMap(files(of:)) + edges.flatMap { [$0.from, $0.to] })
      .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// A file's node label: its module and path (the path alone outside SwiftPM's layout), and how
  /// many services it defines.
  private func moduleLabel(_ file: String, separator: String) -> String {
    let count = plan.containers.flatMap(\.services).count { $0.location.file == file }
    let name = moduleName(file) == file ? file : moduleName(file) + separator + file
    return name + separator + "\(count) service" + (count == 1 ? "" : "s")
  }

  private func edgeLabel(_ ids: [String]) -> String {
    ids.count <= 3 ? ids.joined(separator: ", ") : ids.prefix(3).joined(separator: ", ") + " +\(ids.count - 3)"
  }

  private func moduleDot() -> String {
    let edges = fileEdges()
    let files = moduleFiles(edges)
    var lines = [
      "digraph dicfg_modules {", "  rankdir=LR;", "  node [fontname=\"Helvetica\", fontsize=11, shape=box];",
    ]
    for (index, file) in files.enumerated() {
      lines.append("  m\(index) [label=\(dotQuoted(moduleLabel(file, separator: "\n")))];")
    }
    for edge in edges {
      guard let from = files.firstIndex(of: edge.from), let to = files.firstIndex(of: edge.to) else { continue }
      lines.append("  m\(from) -> m\(to) [label=\(dotQuoted(edgeLabel(edge.ids)))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func moduleMermaid() -> String {
    let edges = fileEdges()
    let files = moduleFiles(edges)
    var lines = ["flowchart LR"]
    for (index, file) in files.enumerated() {
      lines.append("  m\(index)[\(mermaidQuoted(moduleLabel(file, separator: "<br/>")))]")
    }
    for edge in edges {
      guard let from = files.firstIndex(of: edge.from), let to = files.firstIndex(of: edge.to) else { continue }
      lines.append("  m\(from) -->|\(mermaidQuoted(edgeLabel(edge.ids)))| m\(to)")
    }
    return lines.joined(separator: "\n") + "\n"
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
      let files = files(of: containerIndex)
      for (fileIndex, file) in files.enumerated() {
        // A graph of several files groups each file's services (a module's fragment).
        let indent = files.count > 1 ? "      " : "    "
        if files.count > 1 {
          lines.append("    subgraph cluster_\(containerIndex)_f\(fileIndex) {")
          lines.append("      label=\(dotQuoted(moduleName(file)));")
        }
        for (index, service) in container.services.enumerated() where service.location.file == file {
          lines.append(
            indent
              + "\(serviceNode(containerIndex, index)) [label=\(dotQuoted("\(service.id)\n\(service.type)\n\(service.scope)")), shape=\(dotShape(service.scope))];"
          )
        }
        for (index, external) in container.externals.enumerated() where external.location.file == file {
          lines.append(
            indent
              + "\(externalNode(containerIndex, index)) [label=\(dotQuoted("\(external.id)\n\(external.type)\nexternal, \(external.retain)")), shape=parallelogram];"
          )
        }
        if files.count > 1 { lines.append("    }") }
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
      let files = files(of: containerIndex)
      for (fileIndex, file) in files.enumerated() {
        let indent = files.count > 1 ? "      " : "    "
        if files.count > 1 {
          lines.append("    subgraph cluster_\(containerIndex)_f\(fileIndex) [\(mermaidQuoted(moduleName(file)))]")
        }
        for (index, service) in container.services.enumerated() where service.location.file == file {
          let label = mermaidQuoted("\(service.id)<br/>\(service.type)<br/>\(service.scope)")
          let (open, close) = mermaidShape(service.scope)
          lines.append(indent + "\(serviceNode(containerIndex, index))\(open)\(label)\(close)")
        }
        for (index, external) in container.externals.enumerated() where external.location.file == file {
          let label = mermaidQuoted("\(external.id)<br/>\(external.type)<br/>external, \(external.retain)")
          lines.append(indent + "\(externalNode(containerIndex, index))[/\(label)/]")
        }
        if files.count > 1 { lines.append("    end") }
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
