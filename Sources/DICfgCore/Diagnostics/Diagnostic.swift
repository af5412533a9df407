/// One finding about a graph file: what is wrong, where, and what to do.
///
/// Diagnostics are values: the loader and the compiler return them rather than print or throw
/// them, and a renderer turns them into text, JSON or SARIF.
///
/// ```swift
/// let diagnostic = Diagnostic(
///   .error, .duplicateKey, "duplicate key 'services'; remove one of them",
///   at: location, notes: [Note(message: "'services' is first defined here", location: first)])
/// ```
public struct Diagnostic: Sendable, Hashable, Codable {
  /// Error or warning.
  public var severity: Severity
  /// The stable code users grep for and suppress.
  public var code: DiagnosticCode
  /// The message: lowercase start, no trailing period, names in single quotes.
  public var message: String
  /// The node at fault.
  public var location: SourceLocation
  /// Related locations.
  public var notes: [Note]

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
    notes: [Note] = []
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.location = location
    self.notes = notes
  }

  /// Creates an error.
  public static func error(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(.error, code, message, at: location, notes: notes)
  }

  /// Creates a warning.
  public static func warning(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(.warning, code, message, at: location, notes: notes)
  }
}

extension Diagnostic {
  /// Whether `other` reports the same thing at the same place: its severity, code, message and
  /// location, whatever the notes.
  public func isSameFinding(as other: Diagnostic) -> Bool {
    location == other.location && code == other.code && severity == other.severity && message == other.message
  }
}

extension Diagnostic: Comparable {
  /// Orders by location (file, line, column), then code, then message, so a sorted list is
  /// deterministic.
  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    if lhs.location != rhs.location { return lhs.location < rhs.location }
    if lhs.code != rhs.code { return lhs.code.rawValue < rhs.code.rawValue }
    return lhs.message < rhs.message
  }
}

extension Sequence<Diagnostic> {
  /// Whether any of the diagnostics is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }
}

extension Array<Diagnostic> {
  /// The diagnostics in order (``Diagnostic/<(_:_:)``), each finding once: diagnostics that differ
  /// in their notes only are one, with every note of each.
  ///
  /// Sorts positions by file, line and column, integers compared without touching the
  /// diagnostics' strings, and compares whole diagnostics only where those tie, so a flood of a
  /// million findings sorts in a fraction of the time `sorted()` and a `Set` take.
  public func sortedUnique() -> [Diagnostic] {
    var fileRanks: [String: Int] = [:]
    for file in Set(map(\.location.file)).sorted() { fileRanks[file] = fileRanks.count }
    let keys = map { (fileRanks[$0.location.file] ?? 0, $0.location.line, $0.location.column) }
    let order = indices.sorted { left, right in
      let (a, b) = (keys[left], keys[right])
      if a != b { return a < b }
      return self[left] < self[right]
    }
    var unique: [Diagnostic] = []
    unique.reserveCapacity(count)
    var runStart = 0
    for index in order {
      let diagnostic = self[index]
      if let last = unique.last, last.location != diagnostic.location { runStart = unique.count }
      // One finding reached twice (by two compiles, one adding a note) shares a location, so it
      // is within the current run: it is kept once, with the notes of both.
      if let same = unique[runStart...].firstIndex(where: { $0.isSameFinding(as: diagnostic) }) {
        for note in diagnostic.notes where !unique[same].notes.contains(note) { unique[same].notes.append(note) }
        continue
      }
      unique.append(diagnostic)
    }
    return unique
  }
}
