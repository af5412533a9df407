import Atomics

/// A weak reference, set once: the instance of a `weak` service (replaced whole, by a new
/// reference, when a new instance is built) or a weak external.
///
/// `@unchecked Sendable`. Invariants: `object` is written only in `init`; the Swift runtime reads
/// a weak reference atomically, also while its object is being released, so any thread may read
/// it without a lock.
final class WeakReference: AtomicReference, @unchecked Sendable {
  weak var object: AnyObject?

  init(_ object: AnyObject?) { self.object = object }
}
