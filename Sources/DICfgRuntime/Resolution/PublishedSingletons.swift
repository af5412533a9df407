import Atomics

/// The built singletons that are class instances, one atomic word per service of the link: the
/// instance's address, retained, or 0.
///
/// A resolve by id reads a singleton here with one acquiring load and the retain its caller's
/// reference needs, without touching the reference counts of the link's other objects (the
/// service's slot, its published box), which every thread resolving it would otherwise share.
///
/// `@unchecked Sendable`: each word is written once, through an atomic compare-and-exchange, and
/// read atomically; the instances are shared as their singleton scope intends.
@usableFromInline
final class PublishedSingletons: @unchecked Sendable {
  @usableFromInline let words: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>
  let count: Int

  init(count: Int) {
    self.count = count
    words = .allocate(capacity: max(count, 1))
    words.initialize(repeating: UnsafeAtomic<Int>.Storage(0), count: max(count, 1))
  }

  deinit {
    for index in 0..<count {
      let bits = UnsafeAtomic<Int>(at: words + index).load(ordering: .acquiring)
      if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    }
    words.deinitialize(count: max(count, 1))
    words.deallocate()
  }

  /// The singleton of service `index`, once built and published.
  @inlinable
  func object(_ index: Int) -> AnyObject? {
    guard let pointer = UnsafeRawPointer(bitPattern: UnsafeAtomic<Int>(at: words + index).load(ordering: .acquiring))
    else {
      return nil
    }
    return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Publishes the singleton of service `index` (the first publication wins).
  func publish(_ object: AnyObject, at index: Int) {
    let retained = Unmanaged<AnyObject>.passRetained(object)
    let (stored, _) = UnsafeAtomic<Int>(at: words + index).compareExchange(
      expected: 0, desired: Int(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
    if !stored { retained.release() }
  }
}
