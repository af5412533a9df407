import DICfgCore

/// A compact summary of a diagnostic for test comparisons: `code@line:column`.
package func summary(_ diagnostic: Diagnostic) -> String {
  "\(diagnostic.code)@\(diagnostic.location.line):\(diagnostic.location.column)"
}

/// The summaries of `diagnostics`, in order.
package func summaries(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map(summary)
}
