public import DICfgCore

/// Diagnostics as compiler-style text with the summary line, as every command prints them.
public enum DiagnosticTextReport {
  /// The findings up to the `errorLimit`-th error (all of them for 0), then how many were left out,
  /// then the summary line.
  public static func render(
    _ diagnostics: [Diagnostic], sources: [String: SourceFile], colors: Bool, errorLimit: Int
  ) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    var shown = diagnostics[...]
    var leftOut = ""
    if errorLimit > 0, errors > errorLimit {
      var seen = 0
      let end =
        diagnostics.firstIndex { diagnostic in
          if diagnostic.severity == .error { seen += 1 }
          return seen > errorLimit
        } ?? diagnostics.endIndex
      shown = diagnostics[..<end]
      let rest = diagnostics[end...]
      let moreErrors = rest.count { $0.severity == .error }
      let moreWarnings = rest.count { $0.severity == .warning }
      leftOut =
        "note: stopped after \(errorLimit) errors; \(moreErrors) more error\(moreErrors == 1 ? "" : "s")"
        + (moreWarnings > 0 ? " and \(moreWarnings) warning\(moreWarnings == 1 ? "" : "s")" : "")
        + " left out ('--error-limit 0' shows them all, '--format json' lists every finding)\n"
    }
    return DiagnosticRenderer(colors: colors).render(Array(shown)) { sources[$0] } + leftOut
      + DiagnosticRenderer.summary(errors: errors, warnings: warnings, files: sources.count) + "\n"
  }
}
