import Atomics

/// The newest of a series of immutable snapshots, read in place without a lock or a reference
/// count: for tables that grow now and then and are read on every resolve.
///
/// `@unchecked Sendable`. Invariants:
/// - `current` holds 0 or the address of a snapshot that `versions` keeps alive; every snapshot
///   ever published stays in `versions` until this reference goes, so a reader never holds a
///   freed one (callers publish a bounded number of snapshots);
/// - snapshots are immutable once published; `versions` is guarded by its lock, and a new
///   snapshot is published with a releasing store after it is complete.
@usableFromInline
final class SnapshotReference<Snapshot: AnyObject & Sendable>: @unchecked Sendable {
  @usableFromInline let current = UnsafeAtomic<Int>.create(0)
  private let versions = Locked<[Snapshot]>([])

  init() {}

  deinit { current.destroy() }

  /// `body` applied to the newest snapshot, or nil before the first.
  @inlinable
  func read<Result>(_ body: (Snapshot) -> Result) -> Result? {
    guard let address = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)) else { return nil }
    return Unmanaged<Snapshot>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
  }

  /// Publishes the snapshot `next` makes from the newest one, unless it returns nil.
  func update(_ next: (Snapshot?) -> Snapshot?) {
    versions.withLock { versions in
      guard let snapshot = next(versions.last) else { return }
      versions.append(snapshot)
      current.store(Int(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque()), ordering: .releasing)
    }
  }
}
