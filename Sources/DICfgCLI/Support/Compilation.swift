import DICfgCompiler
import DICfgCore
import DICfgReporting

/// The graph run of a command that needs a plan: `compile`, `graph` and `explain`.
enum Compilation {
  enum Outcome {
    /// The plan of the file with the `--env` layers, its compile, and the run that made it.
    case compiled(ResolutionPlan, base: CompileResult, run: GraphRun)
    /// The run has errors: its findings on standard error, exit 1.
    case failed(CommandResult)
  }

  /// Runs `request` and gives its plan, or its findings as `dicfg validate` prints them where it has
  /// an error. With `environmentsMayFail`, an environment that does not compile is no failure of the
  /// command (the atlas shows its errors in its place); the file with the `--env` layers must compile.
  static func run(
    _ request: GraphRun.Request, input: GraphInputOptions, colors: Bool, environmentsMayFail: Bool = false
  ) -> Outcome {
    let run = GraphRun(request)
    guard let base = run.base, let plan = base.plan, environmentsMayFail || !run.hasErrors else {
      let text = DiagnosticTextReport.render(
        run.findings, sources: run.sources, colors: colors, errorLimit: input.errorLimit)
      return .failed(CommandResult(exitCode: 1, standardError: text))
    }
    return .compiled(plan, base: base, run: run)
  }

  /// Runs `file` with the command's `--env` layers, overrides and Swift.
  static func compile(file: String, input: GraphInputOptions, colors: Bool) -> Outcome {
    run(input.request([file]), input: input, colors: colors)
  }
}
