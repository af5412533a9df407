/// A mapping's keys by their bytes: an open-addressing table of entry positions, hashed and
/// compared over the keys' UTF-8 bytes without making strings.
///
/// The table holds positions only (the entries it indexes are `0..<count`, added in order);
/// whoever asks passes the key's hash and a test of the key at a position. The hash is seeded per
/// process (`Hasher`), so a file of crafted keys cannot make every probe collide.
struct KeyIndex: Sendable {
  /// Entry position + 1 per slot; 0 is empty. A power of two, at most half full.
  private var slots: [UInt32]
  /// Per position, its key's hash, to rehash without reading the keys again.
  private var hashes: [Int] = []

  var count: Int { hashes.count }

  init(capacity: Int) {
    var size = 32
    while size < capacity * 2 { size *= 2 }
    slots = [UInt32](repeating: 0, count: size)
    hashes.reserveCapacity(capacity)
  }

  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }

  /// The position of the entry whose key hashes to `hash` and passes `matches`, if any.
  func position(hash: Int, matches: (Int) -> Bool) -> Int? {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 {
      let position = Int(slots[slot]) - 1
      if hashes[position] == hash, matches(position) { return position }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds the next position, `count`, whose key hashes to `hash` and is not yet in the table.
  mutating func append(hash: Int) {
    if (count + 1) * 2 > slots.count {
      slots = [UInt32](repeating: 0, count: slots.count * 2)
      for (position, hash) in hashes.enumerated() { place(position, hash: hash) }
    }
    place(count, hash: hash)
    hashes.append(hash)
  }

  private mutating func place(_ position: Int, hash: Int) {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt32(position + 1)
  }
}
