/// The ids visible from one container, to global service numbers: an open-addressing table
/// hashed with FNV-1a over the id's UTF-8, built once at link time.
///
/// A resolve by id hashes a short string on every call; FNV-1a over a few bytes costs a fraction
/// of `Hasher`'s seeded SipHash, and the ids come from the app and its graph file, not from
/// untrusted input. A class, so a lookup reads the table through one reference.
final class IDTable: Sendable {
  private let ids: [String]
  private let services: [Int]
  /// Per bucket: a position in `ids` plus one, or 0 when empty.
  private let buckets: [Int32]

  init(_ entries: [String: Int]) {
    let sorted = entries.sorted { $0.key < $1.key }
    ids = sorted.map(\.key)
    services = sorted.map(\.value)
    var capacity = 8
    while capacity < ids.count * 2 { capacity *= 2 }
    var buckets = [Int32](repeating: 0, count: capacity)
    for (position, id) in ids.enumerated() {
      var bucket = Self.hash(id) & (capacity - 1)
      while buckets[bucket] != 0 { bucket = (bucket + 1) & (capacity - 1) }
      buckets[bucket] = Int32(position + 1)
    }
    self.buckets = buckets
  }

  /// The global service number of `id`, if it is visible.
  subscript(_ id: String) -> Int? {
    let mask = buckets.count - 1
    var bucket = Self.hash(id) & mask
    while true {
      let entry = Int(buckets[bucket])
      if entry == 0 { return nil }
      if ids[entry - 1] == id { return services[entry - 1] }
      bucket = (bucket + 1) & mask
    }
  }

  /// Every id, sorted.
  var keys: [String] { ids }

  private static func hash(_ id: String) -> Int {
    var id = id
    return id.withUTF8 { bytes in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
  }
}
