/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
  /// The graph cannot be used as written; `dicfg validate` exits 1.
  case error
  /// The graph works, but probably not as meant; `dicfg validate --strict` treats it as an error.
  case warning

  private var rank: Int { self == .error ? 1 : 0 }

  /// Warnings order before errors.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
