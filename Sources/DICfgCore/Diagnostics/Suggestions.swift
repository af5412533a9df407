/// Did-you-mean: the closest known name to a misspelt one.
package enum Suggestions {
  /// The candidate nearest to `name` by edit distance (case differences cost half), if it is
  /// close enough to be a likely typo: at most a third of the name's length, and at least 1.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.unicodeScalars)
    let limit = target.count <= 3 ? 1 : max(2, target.count / 3)
    let letters = Letters(name)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      // A length difference beyond the limit rules a candidate out before anything is copied.
      guard abs(candidate.unicodeScalars.count - target.count) <= limit else { continue }
      // So do letters one has and the other lacks, beyond what the limit's edits could change.
      if let edits = letters?.edits(to: candidate), edits > limit { continue }
      let distance = editDistance(target, Array(candidate.unicodeScalars), limit: limit * 2)
      guard distance <= limit * 2 else { continue }
      if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.name)
      {
        continue
      }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// `; did you mean 'x'?` or nothing.
  package static func clause(for name: String, among candidates: some Sequence<String>) -> String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Edit distance in half-steps (optimal string alignment: insertions, deletions, substitutions
  /// and swaps of neighbours): a substitution that only changes case costs 1, any other edit 2.
  /// Stops early once every path exceeds `limit`.
  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if abs(a.count - b.count) * 2 > limit { return limit + 1 }
    if a.isEmpty { return b.count * 2 }
    // Three rows in one allocation, rotated by offset.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (b.count + 1)) { rows in
      var beforePrevious = UnsafeMutableBufferPointer(rebasing: rows[0...b.count])
      var previous = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...(2 * b.count + 1)])
      var current = UnsafeMutableBufferPointer(rebasing: rows[(2 * b.count + 2)...])
      for j in 0...b.count {
        beforePrevious[j] = 0
        previous[j] = j * 2
        current[j] = 0
      }
      return distance(a, b, limit: limit, &beforePrevious, &previous, &current)
    }
  }

  private static func distance(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, _ beforePrevious: inout UnsafeMutableBufferPointer<Int>,
    _ previous: inout UnsafeMutableBufferPointer<Int>, _ current: inout UnsafeMutableBufferPointer<Int>
  ) -> Int {
    for i in 1...a.count {
      current[0] = i * 2
      var rowMinimum = current[0]
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let substitution: Int
        if a[i - 1] == b[j - 1] {
          substitution = 0
        } else if a[i - 1].isASCII && b[j - 1].isASCII {
          substitution = Self.asciiLowercase(a[i - 1]) == Self.asciiLowercase(b[j - 1]) ? 1 : 2
        } else if a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping {
          substitution = 1
        } else {
          substitution = 2
        }
        current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 2)
        }
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  private static func asciiLowercase(_ scalar: Unicode.Scalar) -> UInt32 {
    (0x41...0x5A).contains(scalar.value) ? scalar.value | 0x20 : scalar.value
  }

  /// The characters an ASCII name holds, case folded, as a set of bits: a character of one name
  /// that the other lacks takes an edit of its own, so the fewest edits between two names is at
  /// least the larger count of such characters, each way; that rules most candidates out without
  /// copying them or filling the table.
  private struct Letters {
    /// The name's bytes, case folded.
    let bytes: [UInt8]
    var low: UInt64 = 0
    var high: UInt64 = 0

    init?(_ name: String) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(name.utf8.count)
      for byte in name.utf8 {
        guard byte < 0x80 else { return nil }
        bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      }
      self.bytes = bytes
      for byte in bytes {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
      }
    }

    func holds(_ byte: UInt8) -> Bool {
      byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }

    /// A lower bound on the whole edits (a change of case costs none here) from these to `other`,
    /// an ASCII name; nil where `other` is not ASCII.
    func edits(to other: String) -> Int? {
      var otherLow: UInt64 = 0
      var otherHigh: UInt64 = 0
      var extra = 0
      for byte in other.utf8 {
        guard byte < 0x80 else { return nil }
        let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        if folded < 64 { otherLow |= 1 << UInt64(folded) } else { otherHigh |= 1 << UInt64(folded - 64) }
        if !holds(folded) { extra += 1 }
      }
      var missing = 0
      for byte in bytes {
        let held = byte < 64 ? otherLow & (1 << UInt64(byte)) != 0 : otherHigh & (1 << UInt64(byte - 64)) != 0
        if !held { missing += 1 }
      }
      return max(missing, extra)
    }
  }
}

/// Did-you-mean over one set of names asked many times (the ids a container sees): the same
/// answer as ``Suggestions/closest(to:among:)`` for a set of up to ``linearLimit`` names. A larger
/// set is searched through an index of each name lowercased and with one character deleted, so a
/// query costs a few hash lookups and compares only names that share such a form with it (a typo
/// of one or two edits); a name further from every candidate gets no suggestion. The bound keeps
/// thousands of broken references in a file of thousands of services fast.
package struct SuggestionIndex: Sendable {
  /// Above this many names, queries go through the index.
  package static let linearLimit = 1_000

  private let names: [String]
  /// For a large set: each name's lowercased forms, whole and with one character deleted, to the
  /// names that have them.
  private let forms: [String: [Int]]?

  package init(_ candidates: some Sequence<String>) {
    var seen = Set<String>()
    let names = candidates.filter { seen.insert($0).inserted }
    self.names = names
    guard names.count > Self.linearLimit else {
      forms = nil
      return
    }
    var forms: [String: [Int]] = [:]
    for (index, name) in names.enumerated() {
      for form in Self.forms(of: name) { forms[form, default: []].append(index) }
    }
    self.forms = forms
  }

  /// The name nearest to `name`, if it is close enough to be a likely typo.
  package func closest(to name: String) -> String? {
    guard let forms else { return Suggestions.closest(to: name, among: names) }
    var near = Set<Int>()
    for form in Self.forms(of: name) { near.formUnion(forms[form] ?? []) }
    return Suggestions.closest(to: name, among: near.sorted().map { names[$0] })
  }

  /// `; did you mean 'x'?` or nothing.
  package func clause(for name: String) -> String {
    closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func forms(of name: String) -> Set<String> {
    let scalars = Array(name.lowercased().unicodeScalars)
    var forms: Set<String> = [String(String.UnicodeScalarView(scalars))]
    for index in scalars.indices {
      var shorter = scalars
      shorter.remove(at: index)
      forms.insert(String(String.UnicodeScalarView(shorter)))
    }
    return forms
  }
}
