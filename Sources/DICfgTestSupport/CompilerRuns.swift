import DICfgCompiler
import DICfgCore
import Foundation

// Runs of the compiler over in-memory files, as the compiler's and the generator's tests make them.

/// Compiles in-memory files; the environment is empty unless given, so `${NAME}` checks run.
package func compile(
  _ files: MarkedFiles, file: String = "app.yaml", environments: [String] = [], overrides: [String] = [],
  variables: [String: String]? = [:]
) -> CompileResult {
  GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
    CompileRequest(file: file, environments: environments, overrides: overrides, environmentVariables: variables))
}

/// Compiles one marked file named `app.yaml`.
package func compile(_ text: String, variables: [String: String]? = [:]) -> (CompileResult, MarkedFiles) {
  let files = MarkedFiles(["app.yaml": text])
  return (compile(files, variables: variables), files)
}

/// `code@line:column` for a marker, to compare with ``summaries(_:)``.
package func at(_ code: DiagnosticCode, _ location: SourceLocation) -> String {
  "\(code)@\(location.line):\(location.column)"
}

/// Generated Swift with each placed statement on one line: a head left alone on the line before
/// its value (unindented, ending in `(`, `,`, `=` or `{`, or followed by a `.member`) is joined to it, and the
/// `#sourceLocation` directives are left out. What a statement says, whatever its layout.
package func joinedStatements(_ text: String) -> String {
  var lines: [String] = []
  for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  where !line.hasPrefix("#sourceLocation") {
    let value = line.drop { $0 == " " }
    if let head = lines.last, !value.isEmpty, !head.hasPrefix(" "),
      head.hasSuffix("(") || head.hasSuffix(",") || head.hasSuffix("=")
        || head.hasSuffix("{") || (value.hasPrefix(".") && !head.isEmpty && !head.hasSuffix("}"))
    {
      lines[lines.count - 1] = head + (value.hasPrefix(".") || head.hasSuffix("(") ? "" : " ") + value
    } else {
      lines.append(line)
    }
  }
  // A value placed on its column after its head, on one line: one space between them.
  return lines.map { $0.hasPrefix(" ") ? $0 : $0.replacing(/([(,={]) {2,}/) { $0.output.1 + " " } }
    .joined(separator: "\n")
}
