/// Did-you-mean: the closest known name to a misspelt one.
package enum Suggestions {
  /// The candidate nearest to `name` by edit distance (case differences cost half), if it is
  /// close enough to be a likely typo: at most a third of the name's length, and at least 1.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.unicodeScalars)
    let limit = target.count <= 3 ? 1 : max(2, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
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
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i * 2
      var rowMinimum = current[0]
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let substitution: Int
        if a[i - 1] == b[j - 1] {
          substitution = 0
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
    return a.isEmpty ? b.count * 2 : previous[b.count]
  }
}
