import DICfgCore

/// A compact summary of a diagnostic for test comparisons: `code@line:column`.
package func summary(_ diagnostic: Diagnostic) -> String {
  "\(diagnostic.code)@\(diagnostic.location.line):\(diagnostic.location.column)"
}

/// The summaries of `diagnostics`, in order.
package func summaries(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map(summary)
}

/// A diagnostic's code, position and message together, so one `#expect` checks all three and
/// shows all three when any differs.
///
/// ```swift
/// #expect(
///   DiagnosticFacts(diagnostic)
///     == DiagnosticFacts(.unknownReference, at: files["app.yaml", "1️⃣"], "argument 'http' of 'userRepo' …"))
/// ```
package struct DiagnosticFacts: Hashable, CustomStringConvertible {
  package var code: DiagnosticCode
  package var file: String
  package var line: Int
  package var column: Int
  package var message: String

  /// What a test expects: `code` at `location` (file, line and column), saying `message`.
  package init(_ code: DiagnosticCode, at location: SourceLocation, _ message: String) {
    self.code = code
    self.file = location.file
    self.line = location.line
    self.column = location.column
    self.message = message
  }

  /// What `diagnostic` says.
  package init(_ diagnostic: Diagnostic) {
    self.init(diagnostic.code, at: diagnostic.location, diagnostic.message)
  }

  package var description: String { "\(file):\(line):\(column): [#\(code)] \(message)" }
}
