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
    let result = input.compile(file)
    guard let plan = result.plan else {
      let text = textReport(result.diagnostics, sources: result.files.mapValues(\.source), colors: colors)
      return .failed(CommandResult(exitCode: 1, standardError: text))
    }
    return .compiled(plan, result)
  }

  /// Diagnostics as compiler-style text with the summary line, as every command prints them.
  static func textReport(_ diagnostics: [Diagnostic], sources: [String: SourceFile], colors: Bool) -> String {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    return DiagnosticRenderer(colors: colors).render(diagnostics) { sources[$0] }
      + DiagnosticRenderer.summary(errors: errors, warnings: warnings, files: sources.count) + "\n"
  }
}
