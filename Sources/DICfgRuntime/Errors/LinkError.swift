public import DICfgCore

/// The link step's findings: every problem between a plan, the registered factories and the
/// supplied externals, each at the graph-file location it concerns. No object was built.
public struct LinkError: DICfgError {
  /// The findings, sorted by location.
  public var diagnostics: [Diagnostic]

  public var description: String {
    diagnostics.map(DiagnosticRenderer.headline).joined(separator: "\n")
  }
}
