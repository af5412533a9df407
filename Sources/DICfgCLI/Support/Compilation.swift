import DICfgCompiler
import DICfgCore
import DICfgLoader
import Foundation

/// Compiles one graph file for a command, and renders the diagnostics when it fails.
struct Compilation {
  let result: CompileResult

  init(file: String, layers: LayerOptions, limits: LimitOptions) {
    result = GraphCompiler(loader: ConfigLoader(limits: limits.limits)).compile(
      CompileRequest(
        file: file, environments: layers.environments, overrides: layers.overrides,
        environmentVariables: ProcessInfo.processInfo.environment))
  }

  /// The failure to return when the file has errors: the diagnostics on standard error, exit 1.
  func failure(colors: Bool) -> CommandResult? {
    guard result.plan == nil else { return nil }
    let sources = result.files.mapValues(\.source)
    let errors = result.diagnostics.count { $0.severity == .error }
    let warnings = result.diagnostics.count - errors
    let text =
      DiagnosticRenderer(colors: colors).render(result.diagnostics) { sources[$0] }
      + DiagnosticRenderer.summary(errors: errors, warnings: warnings, files: sources.count) + "\n"
    return CommandResult(exitCode: 1, standardError: text)
  }
}
