/// Diagnostics wrapped as an `Error`, for callers that prefer `throws` to inspecting a result.
public struct DiagnosticsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The findings, sorted.
  public var diagnostics: [Diagnostic]

  /// Wraps `diagnostics`.
  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics.sorted()
  }

  /// One line per diagnostic, `file:line:column: severity: message [#code]`.
  public var description: String {
    diagnostics.map(DiagnosticRenderer.headline).joined(separator: "\n")
  }
}
