/// The ids visible from one container, to global service numbers: an open-addressing table
/// hashed with FNV-1a over the id's UTF-8, built once at link time from the ids in the order the
/// container sees them (its own, then its collaborators'), the first of an id winning.
///
/// A resolve by id hashes a short string on every call; FNV-1a over a few bytes costs a fraction
/// of `Hasher`'s seeded SipHash, and the ids come from the app and its graph file, not from
/// untrusted input. A class, so a lookup reads the table through one reference.
///
/// A second index finds an id by its `String` value's 16 bytes without reading its text: an id of
/// up to 15 UTF-8 bytes is stored inline in those bytes, so the same id written anywhere in the
/// app has the same bytes. Identical bytes are always the same string; a string whose bytes differ
/// (a longer one, kept elsewhere in memory) falls back to the text lookup.
@usableFromInline
final class IDTable: Sendable {
  private let ids: [String]
  @usableFromInline let services: [Int]
  /// Per bucket: a position in `ids` plus one, or 0 when empty.
  private let buckets: [Int32]
  /// Per id: its `String` value's two words.
  @usableFromInline let valueWords: [UInt64]
  /// Per bucket of the value index: a position in `ids` plus one, or 0 when empty.
  @usableFromInline let valueBuckets: [Int32]
  @usableFromInline let valueShift: UInt64

  /// The table of `candidates`, in order of precedence: an id already in the table keeps its
  /// service.
  init(_ candidates: [(id: String, service: Int)]) {
    var capacity = 8
    while capacity < candidates.count * 2 { capacity *= 2 }
    var ids: [String] = []
    var services: [Int] = []
    ids.reserveCapacity(candidates.count)
    services.reserveCapacity(candidates.count)
    var buckets = [Int32](repeating: 0, count: capacity)
    for (id, service) in candidates {
      var bucket = Self.hash(id) & (capacity - 1)
      var present = false
      while buckets[bucket] != 0 {
        if ids[Int(buckets[bucket]) - 1] == id {
          present = true
          break
        }
        bucket = (bucket + 1) & (capacity - 1)
      }
      guard !present else { continue }
      ids.append(id)
      services.append(service)
      buckets[bucket] = Int32(ids.count)
    }
    self.ids = ids
    self.services = services
    self.buckets = buckets
    var words: [UInt64] = []
    var valueBuckets = [Int32](repeating: 0, count: capacity)
    let shift = UInt64(64 - capacity.trailingZeroBitCount)
    if MemoryLayout<String>.size == 16 {
      words.reserveCapacity(ids.count * 2)
      for (position, id) in ids.enumerated() {
        let (low, high) = Self.words(of: id)
        words.append(low)
        words.append(high)
        var bucket = Self.bucket(low, high, shift: shift)
        while valueBuckets[bucket] != 0 { bucket = (bucket + 1) & (capacity - 1) }
        valueBuckets[bucket] = Int32(position + 1)
      }
    }
    self.valueWords = words
    self.valueBuckets = valueBuckets
    self.valueShift = shift
  }

  /// The global service number of the id whose `String` value is `id`'s, if the value index has
  /// it; nil sends the caller to the text lookup.
  @inlinable
  @inline(__always)
  func service(ofSameValue id: String) -> Int? {
    guard !valueWords.isEmpty else { return nil }
    let (low, high) = Self.words(of: id)
    let mask = valueBuckets.count - 1
    var bucket = Self.bucket(low, high, shift: valueShift)
    while true {
      let entry = Int(valueBuckets[bucket])
      if entry == 0 { return nil }
      if valueWords[2 &* (entry &- 1)] == low && valueWords[2 &* (entry &- 1) &+ 1] == high {
        return services[entry &- 1]
      }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// A string value's two words (on platforms where a `String` is 16 bytes).
  @inlinable
  static func words(of id: String) -> (UInt64, UInt64) { StringValue.words(of: id) }

  @inlinable
  static func bucket(_ low: UInt64, _ high: UInt64, shift: UInt64) -> Int {
    Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
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
  var keys: [String] { ids.sorted() }

  private static func hash(_ id: String) -> Int {
    var id = id
    return id.withUTF8 { bytes in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
  }
}
