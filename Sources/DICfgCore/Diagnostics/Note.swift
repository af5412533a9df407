/// A related location attached to a ``Diagnostic``: the first of two duplicates, an edge of a
/// cycle, the layer that set a value.
public struct Note: Sendable, Hashable, Codable {
  /// What the related location is, in the diagnostic message style.
  public var message: String
  /// Where it is; nil for a note that explains rather than points.
  public var location: SourceLocation?

  /// Creates a note.
  public init(message: String, location: SourceLocation?) {
    self.message = message
    self.location = location
  }
}
