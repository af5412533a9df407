/// The order in which a reference is looked up across collaborating containers: the container
/// itself, then its collaborators in the order listed, then theirs, each container once (breadth
/// first). The compiler resolves references in this order and the runtime's link finds ids and
/// types in it, so both always agree.
///
/// ```swift
/// // eventsList collaborates with [addEvent, root]; addEvent with [eventsList, root].
/// CollaboratorSearch.order(from: 1, collaborators: [[], [2, 0], [1, 0]])   // [1, 2, 0]
/// ```
package enum CollaboratorSearch {
  /// The containers visible from `container`, nearest first.
  ///
  /// - Parameters:
  ///   - container: Where the lookup starts.
  ///   - collaborators: Per container, the containers it collaborates with, in the order listed.
  package static func order(from container: Int, collaborators: [[Int]]) -> [Int] {
    var order = [container]
    var seen: Set<Int> = [container]
    var cursor = 0
    while cursor < order.count {
      for next in collaborators[order[cursor]] where seen.insert(next).inserted { order.append(next) }
      cursor += 1
    }
    return order
  }
}
