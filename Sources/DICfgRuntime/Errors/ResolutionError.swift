public import DICfgCore

/// A failure to resolve: what went wrong, along which path, and where the service is defined.
///
/// ```
/// cannot resolve 'eventsListWireframe → dataStore': the factory of 'dataStore' threw: disk full
///   [#factory-failed] (app.yaml:5:7)
/// ```
public struct ResolutionError: DICfgError {
  /// The kind of failure, a code like the compiler's.
  public var code: DiagnosticCode
  /// What went wrong and what to do.
  public var message: String
  /// The service ids from the resolved service to the one that failed.
  public var path: [String]
  /// The graph-file location of the service that failed.
  public var location: SourceLocation?
  /// The error a factory threw, if that is the cause.
  public var underlying: (any Error)?

  init(_ code: DiagnosticCode, _ message: String, path: [String] = [], location: SourceLocation? = nil) {
    self.code = code
    self.message = message
    self.path = path
    self.location = location
  }

  /// The message, the path, the code and the location on one line.
  public var description: String {
    var text = path.isEmpty ? message : "cannot resolve '\(path.joined(separator: " → "))': \(message)"
    text += " [#\(code)]"
    if let location { text += " (\(location))" }
    return text
  }

  /// The failure as one finding: the message with the resolution path, at the failing service's
  /// graph-file location (the start of an unnamed file when it has none, as for an unknown id).
  public var diagnostics: [Diagnostic] {
    let text = path.isEmpty ? message : "cannot resolve '\(path.joined(separator: " → "))': \(message)"
    return [.error(code, text, at: location ?? .start(of: ""))]
  }
}
