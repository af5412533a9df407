import DICfgCore

/// Entries found by name: each entry, by its position, is linked to the one before it under the
/// same name, so one lookup of a name finds all of its entries, latest first. The registry keeps
/// its registrations' index this way (a type registered once per initializer), and the link
/// checks read the same index. Names are compared as `SwiftTypeName.normalized` spells them, as
/// the compiler compares them.
struct NameChains: Sendable {
  /// Per name: the position of its latest entry.
  private var latest: [String: Int] = [:]
  /// Per entry: the position of the one before it under the same name, or -1.
  private var earlier: [Int] = []

  /// The positions of a name's entries, latest first.
  struct Positions: Sequence, IteratorProtocol {
    fileprivate var position: Int
    fileprivate let earlier: [Int]

    mutating func next() -> Int? {
      guard position >= 0 else { return nil }
      defer { position = earlier[position] }
      return position
    }
  }

  mutating func reserveCapacity(_ capacity: Int) {
    latest.reserveCapacity(capacity)
    earlier.reserveCapacity(capacity)
  }

  /// Every name with an entry.
  var names: Dictionary<String, Int>.Keys { latest.keys }

  /// Adds an entry named `name` at the next position, and returns the positions of the entries
  /// already under that name (one lookup of the name for both).
  mutating func append(_ name: String) -> Positions {
    let before = latest.updateValue(earlier.count, forKey: SwiftTypeName.normalized(name)) ?? -1
    earlier.append(before)
    return Positions(position: before, earlier: earlier)
  }

  /// Takes back the entry ``append(_:)`` just added under `name`.
  mutating func removeLast(_ name: String) {
    let before = earlier.removeLast()
    latest[SwiftTypeName.normalized(name)] = before >= 0 ? before : nil
  }

  /// The positions of `name`'s entries, latest first; nil when it has none.
  func positions(of name: String) -> Positions? {
    positions(normalized: SwiftTypeName.normalized(name))
  }

  /// The positions of the entries of `name`, spelled as `SwiftTypeName.normalized` spells it.
  func positions(normalized name: String) -> Positions? {
    latest[name].map { Positions(position: $0, earlier: earlier) }
  }
}
