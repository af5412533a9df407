public import DICfgCore

extension DiagnosticCode {
  /// Everything said about one code: what it finds, what it means, how to fix it, and an example.
  ///
  /// ``DiagnosticCode/catalog`` holds one per code, the single source of the codes' summaries
  /// (SARIF rules), of `docs/diagnostics.md` and of ``DiagnosticCode/allCodes``.
  public struct Documentation: Sendable {
    /// Where a code is found.
    public enum Stage: Sendable, Hashable {
      /// Reading and compiling graph files (`dicfg validate`).
      case graphFile
      /// Checking a graph file against the Swift declarations of the target it wires
      /// (`dicfg generate`, the build plugin, `dicfg validate --swift`).
      case swiftDeclarations
      /// Linking a plan to registered factories and externals (creating a container).
      case linking
      /// Resolving services.
      case resolving
      /// Anywhere: a state dicfg does not expect.
      case `internal`
    }

    /// What the documentation shows as an example.
    public enum Example: Sendable, Hashable {
      /// Broken files of `config-examples/invalid/` (a file, or a folder of files validated together),
      /// shown with the output recorded beside them.
      case graphFiles([String])
      /// The text dicfg prints.
      case output(String)
      case none
    }

    public let code: DiagnosticCode
    public let stage: Stage
    /// One line saying what the code finds, lowercase, as in a SARIF rule.
    public let summary: String
    /// What the finding means, in full sentences.
    public let meaning: String
    /// How to fix it.
    public let fix: String
    public let example: Example

    init(_ code: DiagnosticCode, stage: Stage, summary: String, meaning: String, fix: String, example: Example) {
      self.code = code
      self.stage = stage
      self.summary = summary
      self.meaning = meaning
      self.fix = fix
      self.example = example
    }
  }
}
