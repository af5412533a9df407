/// The graph-scoped instances of one resolve, by global service number.
///
/// Instances are kept in the order built. Up to 16 are found by a linear scan; past that an
/// open-addressing index over the service numbers (Fibonacci hashing, linear probing) finds
/// them with a multiply, a shift and a compare or two, where a `Dictionary` would run a full hasher.
struct GraphInstances {
  private var services: [Int] = []
  private var instances: [Instance] = []
  /// Per bucket: the position of an instance plus one, or 0 for an empty bucket.
  private var table: [Int] = []
  private var shift = 0
  private static let linearLimit = 16

  subscript(_ service: Int) -> Instance? {
    if table.isEmpty {
      for position in services.indices where services[position] == service { return instances[position] }
      return nil
    }
    let mask = table.count - 1
    var bucket = bucket(of: service)
    while true {
      let entry = table[bucket]
      if entry == 0 { return nil }
      if services[entry - 1] == service { return instances[entry - 1] }
      bucket = (bucket + 1) & mask
    }
  }

  mutating func insert(_ instance: Instance, for service: Int) {
    if services.isEmpty {
      services.reserveCapacity(Self.linearLimit)
      instances.reserveCapacity(Self.linearLimit)
    }
    services.append(service)
    instances.append(instance)
    if services.count * 2 > table.count {
      if services.count > Self.linearLimit { rebuildTable() }
    } else {
      place(services.count - 1)
    }
  }

  private func bucket(of service: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: service) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
  }

  private mutating func place(_ position: Int) {
    let mask = table.count - 1
    var bucket = bucket(of: services[position])
    while table[bucket] != 0 { bucket = (bucket + 1) & mask }
    table[bucket] = position + 1
  }

  private mutating func rebuildTable() {
    let capacity = max(32, table.count * 2)
    table = Array(repeating: 0, count: capacity)
    shift = 64 - capacity.trailingZeroBitCount
    for position in services.indices { place(position) }
  }
}
