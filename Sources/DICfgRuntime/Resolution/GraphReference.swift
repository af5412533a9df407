/// How a ``Container`` handle holds its link. The handles the app creates own it; the handles and
/// closures the container gives its own factories (`$container`, providers, lazy values) only
/// observe it, so a singleton holding one does not keep the link — and itself — alive forever.
enum GraphReference: Sendable {
  case owning(LinkedGraph)
  case observing(WeakGraph)

  func graph(container: String) throws -> LinkedGraph {
    switch self {
    case .owning(let graph): return graph
    case .observing(let weak):
      guard let graph = weak.graph else { throw ResolutionError.releasedContainer(container) }
      return graph
    }
  }
}
