import DICfgCompiler
import DICfgCore
import DICfgGeneration

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
      let text = DiagnosticTextReport.render(
        (swift?.unreadable ?? []) + result.diagnostics, sources: result.files.mapValues(\.source), colors: colors,
        errorLimit: input.errorLimit)
      return .failed(CommandResult(exitCode: 1, standardError: text))
    }
    return .compiled(plan, result)
  }
}
