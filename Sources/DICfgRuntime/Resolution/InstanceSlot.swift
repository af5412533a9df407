import Atomics

/// An instance published for lock-free reads.
final class InstanceBox: AtomicReference, @unchecked Sendable {
  // Immutable after creation; the instance is shared as the scope intends.
  let value: Instance

  init(_ value: Instance) { self.value = value }
}

/// A weak reference to a published instance of a `weak`-scoped service (or a weak external),
/// set once: a new instance gets a new box. The Swift runtime reads a weak reference atomically,
/// also while its object is being released.
final class WeakBox: AtomicReference, @unchecked Sendable {
  // Written only in `init`.
  weak var object: AnyObject?

  init(_ object: AnyObject?) { self.object = object }
}

/// The shared state of one singleton, cached, custom or weak service.
///
/// A published singleton is read without a lock (`published`). Building one goes through
/// `state`, which only the graph's coordination lock guards; the lock is never held while a
/// factory runs: a thread claims the slot, builds outside the lock, and publishes when its
/// resolve finishes.
final class InstanceSlot: @unchecked Sendable {
  // `once`, `resettable` and `weakInstance` are atomic; `state` is guarded by the graph's
  // coordination lock.
  /// A singleton's instance: set once, read with a plain acquiring load.
  private let once = ManagedAtomicLazyReference<InstanceBox>()
  /// A cached or custom scope's instance, which `reset(scope:)` clears.
  private let resettable: ManagedAtomic<InstanceBox?>?
  var state = State.idle
  /// A weak scope's instance, read without a lock and replaced whole.
  let weakInstance = ManagedAtomic(WeakBox(nil))
  /// Whether the slot belongs to a `weak` service.
  let isWeak: Bool

  init(resettable: Bool, weak: Bool = false) {
    self.resettable = resettable ? ManagedAtomic<InstanceBox?>(nil) : nil
    self.isWeak = weak
  }

  /// The published instance, without a lock.
  @inline(__always)
  func publishedInstance() -> InstanceBox? {
    if let resettable { return resettable.load(ordering: .acquiring) }
    return once.load()
  }

  func publish(_ box: InstanceBox) {
    if let resettable {
      resettable.store(box, ordering: .releasing)
    } else {
      _ = once.storeIfNilThenLoad(box)
    }
  }

  /// Clears a resettable slot (a singleton's is never cleared).
  func release() {
    resettable?.store(nil, ordering: .releasing)
  }

  enum State {
    case idle
    /// A resolve on `thread` is running the factory.
    case constructing(owner: ObjectIdentifier, thread: ThreadIdentity)
    /// The instance exists; its resolve is still injecting properties.
    case constructed(Instance, owner: ObjectIdentifier, thread: ThreadIdentity)

    var owner: (context: ObjectIdentifier, thread: ThreadIdentity)? {
      switch self {
      case .idle: nil
      case .constructing(let owner, let thread), .constructed(_, let owner, let thread): (owner, thread)
      }
    }
  }
}
