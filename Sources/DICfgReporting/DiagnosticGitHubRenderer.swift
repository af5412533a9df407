public import DICfgCore

/// Renders diagnostics as GitHub Actions workflow commands, which the run shows as annotations
/// on the files: `::error file=app.yaml,line=6,col=19,title=unknown-reference::message`.
public enum DiagnosticGitHubRenderer {
  /// One command per diagnostic, notes folded into its message.
  public static func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { diagnostic in
      let command = diagnostic.severity == .error ? "error" : "warning"
      let location = diagnostic.location
      let properties = [
        "file=\(escapeProperty(location.file))", "line=\(location.line)", "col=\(location.column)",
        "title=\(escapeProperty("dicfg \(diagnostic.code)"))",
      ].joined(separator: ",")
      var message = diagnostic.message
      for note in diagnostic.notes {
        message += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
      }
      return "::\(command) \(properties)::\(escapeData(message))\n"
    }.joined()
  }

  private static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
