import Atomics

/// One instance per service, written once and then only read: the store of singleton instances,
/// and the only place a built singleton is kept.
///
/// Each service has one atomic word: 0 until its instance is published, then the address of the
/// instance's object, retained by this store until it goes. A class instance is stored as itself;
/// any other value as its ``ValueBox``, with the address's lowest bit set (objects are aligned to
/// at least 16 bytes, so that bit is free).
///
/// `@unchecked Sendable`. Invariants:
/// - a word goes from 0 to an address once, through a compare-and-exchange, and never changes
///   again until `deinit`, so an address read with an acquiring load names an object this store
///   keeps alive for as long as the store exists;
/// - readers take their own reference (`takeUnretainedValue`, then the retain Swift adds for the
///   caller) or borrow the object only for a call (`borrow`), while the caller holds the store;
/// - the instances are shared between threads as their singleton scope intends.
@usableFromInline
final class WriteOnceInstances: @unchecked Sendable {
  @usableFromInline let words: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>
  private let count: Int

  init(count: Int) {
    self.count = max(count, 1)
    words = .allocate(capacity: self.count)
    words.initialize(repeating: UnsafeAtomic<Int>.Storage(0), count: self.count)
  }

  deinit {
    for index in 0..<count {
      if let pointer = UnsafeRawPointer(
        bitPattern: Self.address(UnsafeAtomic<Int>(at: words + index).load(ordering: .acquiring)))
      {
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      }
    }
    words.deinitialize(count: count)
    words.deallocate()
  }

  @inlinable
  static func address(_ word: Int) -> Int { word & ~1 }

  @inlinable
  func word(_ index: Int) -> Int { UnsafeAtomic<Int>(at: words + index).load(ordering: .acquiring) }

  /// The instance of service `index` when it is a published class instance; nil otherwise.
  @inlinable
  @inline(__always)
  func object(_ index: Int) -> AnyObject? { reader.object(index) }

  /// A reader of this store that holds no reference to it, for a holder that keeps the store
  /// alive otherwise (a handle keeps its container, which keeps the link and this store).
  @usableFromInline
  var reader: Reader { Reader(words: words) }

  /// The published instance of service `index`, of any kind.
  func instance(_ index: Int) -> Instance? {
    let word = word(index)
    guard let pointer = UnsafeRawPointer(bitPattern: Self.address(word)) else { return nil }
    let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    if word & 1 == 1 { return .value(unsafeDowncast(object, to: ValueBox.self)) }
    return .object(object)
  }

  /// Publishes the instance of service `index`; the first publication wins.
  func publish(_ instance: Instance, at index: Int) {
    let word: Int
    switch instance {
    case .object(let object): word = Int(bitPattern: Unmanaged.passRetained(object).toOpaque())
    case .value(let box): word = Int(bitPattern: Unmanaged.passRetained(box).toOpaque()) | 1
    }
    let (stored, _) = UnsafeAtomic<Int>(at: words + index).compareExchange(
      expected: 0, desired: word, ordering: .acquiringAndReleasing)
    if !stored, let pointer = UnsafeRawPointer(bitPattern: Self.address(word)) {
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }

  /// Reads the words of a ``WriteOnceInstances`` without a reference to the store, so a read
  /// touches no reference count but the instance's.
  ///
  /// `@unchecked Sendable`: the words are read only atomically; the holder guarantees the store
  /// outlives the reader.
  @usableFromInline
  struct Reader: @unchecked Sendable {
    @usableFromInline let words: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>

    @usableFromInline
    init(words: UnsafeMutablePointer<UnsafeAtomic<Int>.Storage>) { self.words = words }

    @inlinable
    func word(_ index: Int) -> Int { UnsafeAtomic<Int>(at: words + index).load(ordering: .acquiring) }

    /// The instance of service `index` when it is a published class instance; nil otherwise.
    @inlinable
    @inline(__always)
    func object(_ index: Int) -> AnyObject? {
      let word = word(index)
      guard word & 1 == 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Calls `body` with service `index`'s published instance, borrowed for the call without
    /// changing its reference count, when that instance's class is exactly `T`; nil otherwise.
    @inlinable
    @inline(__always)
    func borrow<T: AnyObject, Result>(_ index: Int, as type: T.Type, _ body: (T) throws -> Result) rethrows -> Result? {
      // A class existential with witness tables is more than one reference: never borrowed.
      guard MemoryLayout<T>.size == MemoryLayout<AnyObject>.size else { return nil }
      let word = word(index)
      guard word & 1 == 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
      let isExactly = Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
        ObjectIdentifier(Swift.type(of: $0)) == ObjectIdentifier(T.self)
      }
      guard isExactly else { return nil }
      return try Unmanaged<T>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
  }
}
