/// An immutable open-addressing table from type identities to services.
@usableFromInline
final class TypeTable: Sendable {
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
