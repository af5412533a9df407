import DICfgCompiler
import DICfgCore

/// Compiles one graph file for a command that needs its plan.
enum Compilation {
  enum Outcome {
    /// The plan, and the compile that produced it.
    case compiled(ResolutionPlan, CompileResult)
    /// The file has errors: the diagnostics on standard error, exit 1.
    case failed(CommandResult)
  }

  static func compile(file: String, input: GraphInputOptions, colors: Bool) -> Outcome {
    let swift = input.swiftDeclarations()
    let result = input.compile(file, swift: swift)
    guard let plan = result.plan else {
      let text = textReport(
        (swift?.unreadable ?? []) + result.diagnostics, sources: result.files.mapValues(\.source), colors: colors,
        errorLimit: input.errorLimit)
      return .failed(CommandResult(exitCode: 1, standardError: text))
    }
    return .compiled(plan, result)
  }

  /// Diagnostics as compiler-style text with the summary line, as every command prints them: the
  /// findings up to the `errorLimit`-th error (all of them for 0), then how many were left out.
  static func textReport(
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
