import Atomics

/// One instance per service that can be replaced or cleared while other threads read it: the
/// store of `cached` and custom scopes, which `reset(scope:)` empties.
///
/// `@unchecked Sendable`. Invariants:
/// - each cell is a swift-atomics `ManagedAtomic` of an immutable box, so a reader racing with a
///   reset gets a whole box, old or new, with its own reference;
/// - writes (publish and clear) happen under the scope's build lock, so a reset never interleaves
///   with a publication; reads take no lock;
/// - the instances are shared between threads as their scope intends.
final class ReplaceableInstances: @unchecked Sendable {
  /// An instance published for lock-free reads: immutable.
  private final class Box: AtomicReference, @unchecked Sendable {
    let instance: Instance

    init(_ instance: Instance) { self.instance = instance }
  }

  /// Per service of the link: its cell, or nil when the service belongs to another scope.
  private let cells: [ManagedAtomic<Box?>?]

  /// A store with a cell for each service whose number is in `services`, among `count`; no cells
  /// at all when `services` is empty (no resolve reads a scope without services).
  init(count: Int, services: [Int]) {
    guard !services.isEmpty else {
      cells = []
      return
    }
    var cells = [ManagedAtomic<Box?>?](repeating: nil, count: count)
    for service in services { cells[service] = ManagedAtomic<Box?>(nil) }
    self.cells = cells
  }

  /// Whether service `index` has a cell.
  func holds(_ index: Int) -> Bool { cells.indices.contains(index) && cells[index] != nil }

  @inline(__always)
  func instance(_ index: Int) -> Instance? {
    cells[index]?.load(ordering: .acquiring)?.instance
  }

  func publish(_ instance: Instance, at index: Int) {
    cells[index]?.store(Box(instance), ordering: .releasing)
  }

  /// Clears every cell.
  func clear() {
    for cell in cells { cell?.store(nil, ordering: .releasing) }
  }
}
