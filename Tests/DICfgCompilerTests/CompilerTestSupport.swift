import DICfgCompiler
import DICfgCore
import DICfgTestSupport

/// Compiles in-memory files; the environment is empty unless given, so `${NAME}` checks run.
func compile(
  _ files: MarkedFiles, file: String = "app.yaml", environments: [String] = [], overrides: [String] = [],
  variables: [String: String]? = [:]
) -> CompileResult {
  GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
    CompileRequest(file: file, environments: environments, overrides: overrides, environmentVariables: variables))
}

/// Compiles one marked file named `app.yaml`.
func compile(_ text: String, variables: [String: String]? = [:]) -> (CompileResult, MarkedFiles) {
  let files = MarkedFiles(["app.yaml": text])
  return (compile(files, variables: variables), files)
}

/// `code@line:column` for a marker, to compare with ``summaries(_:)``.
func at(_ code: DiagnosticCode, _ location: SourceLocation) -> String {
  "\(code)@\(location.line):\(location.column)"
}
