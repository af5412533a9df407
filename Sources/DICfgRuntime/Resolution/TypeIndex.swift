import Atomics

/// The services of one container found by Swift type so far, by the type's identity (the
/// address of its metadata, which lives as long as the process).
///
/// Readers load the current table's address with one acquiring load and read it in place: no lock
/// and no reference count. A type found for the first time adds a new table under a lock; every
/// table ever published stays alive until the index goes, so a reader never holds a freed one
/// (a container resolves a bounded set of types, each added once).
///
/// `@unchecked Sendable`: `versions` is guarded by `lock`; `current` is atomic; tables are
/// immutable.
@usableFromInline
final class TypeIndex: @unchecked Sendable {
  @usableFromInline let current = UnsafeAtomic<Int>.create(0)
  private let lock = Lock()
  private var versions: [TypeTable] = []

  deinit { current.destroy() }

  /// The service bound to `type`, if a resolve by that type found it before.
  @inlinable
  func service(boundTo type: Any.Type) -> Int? {
    guard let address = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)) else { return nil }
    return Unmanaged<TypeTable>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.service(boundTo: type) }
  }

  /// Remembers that `type` resolves to `service`.
  func remember(_ service: Int, boundTo type: Any.Type) {
    lock.withLock {
      if versions.last?.service(boundTo: type) != nil { return }
      let table = TypeTable(adding: ObjectIdentifier(type), service, to: versions.last)
      versions.append(table)
      current.store(Int(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
    }
  }
}

/// An immutable open-addressing table from type identities to services.
@usableFromInline
final class TypeTable {
  /// Per bucket: a type identity's bits, or 0 when empty.
  @usableFromInline let keys: [UInt]
  @usableFromInline let services: [Int]
  @usableFromInline let shift: UInt

  init(adding type: ObjectIdentifier, _ service: Int, to previous: TypeTable?) {
    var entries: [(UInt, Int)] = [(UInt(bitPattern: type), service)]
    if let previous {
      for (key, value) in zip(previous.keys, previous.services) where key != 0 { entries.append((key, value)) }
    }
    var capacity = 8
    while capacity < entries.count * 2 { capacity *= 2 }
    var keys = [UInt](repeating: 0, count: capacity)
    var services = [Int](repeating: 0, count: capacity)
    let shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
    for (key, value) in entries {
      var bucket = Self.bucket(of: key, shift: shift)
      while keys[bucket] != 0 { bucket = (bucket + 1) & (capacity - 1) }
      keys[bucket] = key
      services[bucket] = value
    }
    self.keys = keys
    self.services = services
    self.shift = shift
  }

  @inlinable
  static func bucket(of key: UInt, shift: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  @inlinable
  func service(boundTo type: Any.Type) -> Int? {
    let key = UInt(bitPattern: ObjectIdentifier(type))
    let mask = keys.count - 1
    var bucket = Self.bucket(of: key, shift: shift)
    while true {
      let found = keys[bucket]
      if found == key { return services[bucket] }
      if found == 0 { return nil }
      bucket = (bucket &+ 1) & mask
    }
  }
}
