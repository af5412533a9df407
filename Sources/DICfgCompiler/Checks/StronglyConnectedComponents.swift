/// Tarjan's strongly connected components, iterative so a 200,000-service chain needs no deep
/// stack.
enum StronglyConnectedComponents {
  /// The components of the graph with `nodeCount` nodes and the given edges, each with at least
  /// one node; nodes that touch no edge are left out.
  static func find(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [[Int]] {
    guard !edges.isEmpty else { return [] }
    var adjacency = [[Int]](repeating: [], count: nodeCount)
    for edge in edges { adjacency[edge.from].append(edge.to) }
    var index = [Int](repeating: -1, count: nodeCount)
    var lowLink = [Int](repeating: 0, count: nodeCount)
    var onStack = [Bool](repeating: false, count: nodeCount)
    var stack: [Int] = []
    var components: [[Int]] = []
    var counter = 0
    // Each frame: a node and the position of the next neighbour to visit.
    var frames: [(node: Int, next: Int)] = []
    for root in 0..<nodeCount where index[root] == -1 && !adjacency[root].isEmpty {
      frames.append((root, 0))
      index[root] = counter
      lowLink[root] = counter
      counter += 1
      stack.append(root)
      onStack[root] = true
      while let frame = frames.last {
        let node = frame.node
        if frame.next < adjacency[node].count {
          frames[frames.count - 1].next += 1
          let neighbour = adjacency[node][frame.next]
          if index[neighbour] == -1 {
            index[neighbour] = counter
            lowLink[neighbour] = counter
            counter += 1
            stack.append(neighbour)
            onStack[neighbour] = true
            frames.append((neighbour, 0))
          } else if onStack[neighbour] {
            lowLink[node] = min(lowLink[node], index[neighbour])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        guard lowLink[node] == index[node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == node { break }
        }
        components.append(component)
      }
    }
    return components
  }
}
