import Atomics

/// One weakly held instance per service: the store of the `weak` scope.
///
/// `@unchecked Sendable`. Invariants: each cell is a swift-atomics `ManagedAtomic` of a
/// ``WeakReference``, replaced whole (under the scope's build lock) when a new instance is built,
/// read without a lock; a reader gets a whole reference, old or new, whose object is alive or nil.
final class WeakInstances: @unchecked Sendable {
  private let cells: [ManagedAtomic<WeakReference>?]

  /// A store with a cell for each service whose number is in `services`, among `count`.
  init(count: Int, services: [Int]) {
    guard !services.isEmpty else {
      cells = []
      return
    }
    var cells = [ManagedAtomic<WeakReference>?](repeating: nil, count: count)
    for service in services { cells[service] = ManagedAtomic(WeakReference(nil)) }
    self.cells = cells
  }

  /// Whether service `index` has a cell.
  func holds(_ index: Int) -> Bool { cells.indices.contains(index) && cells[index] != nil }

  /// The instance of service `index` while something holds it.
  @inline(__always)
  func object(_ index: Int) -> AnyObject? {
    cells[index]?.load(ordering: .acquiring).object
  }

  func publish(_ object: AnyObject, at index: Int) {
    cells[index]?.store(WeakReference(object), ordering: .releasing)
  }
}
