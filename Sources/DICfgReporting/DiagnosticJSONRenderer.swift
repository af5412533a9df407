public import DICfgCore
import Foundation

/// Renders diagnostics as the one JSON document `dicfg validate --format json` writes.
///
/// ```json
/// {"serializationVersion": 1,
///  "diagnostics": [{"severity": "error", "code": "duplicate-key", "message": "…",
///                   "location": {"file": "app.yaml", "line": 4, "column": 3}, "notes": [ … ]}],
///  "summary": {"errors": 1, "warnings": 0}}
/// ```
///
/// Keys are sorted and the output is deterministic byte for byte.
public enum DiagnosticJSONRenderer {
  /// The version of the document's shape; it changes only when a field is removed or renamed.
  public static let serializationVersion = 1

  /// The JSON document for `diagnostics`, ending in a line break.
  ///
  /// - Parameter unreadModules: The modules the Swift imports whose declarations were not read, each
  ///   with why: listed under the summary's `unreadModules` where there are any.
  public static func render(_ diagnostics: [Diagnostic], unreadModules: [String: String] = [:]) -> String {
    let report = Report(
      serializationVersion: serializationVersion,
      diagnostics: diagnostics.map(Entry.init),
      summary: Summary(
        errors: diagnostics.count { $0.severity == .error },
        warnings: diagnostics.count { $0.severity == .warning },
        unreadModules: unreadModules.isEmpty ? nil : unreadModules))
    return (try? DeterministicJSON.text(report)) ?? "{}\n"
  }

  private struct Report: Encodable {
    var serializationVersion: Int
    var diagnostics: [Entry]
    var summary: Summary
  }

  private struct Summary: Encodable {
    var errors: Int
    var warnings: Int
    var unreadModules: [String: String]?
  }

  private struct Location: Encodable {
    var file: String
    var line: Int
    var column: Int

    init(_ location: SourceLocation) {
      self.file = location.file
      self.line = location.line
      self.column = location.column
    }
  }

  private struct NoteEntry: Encodable {
    var message: String
    var location: Location?

    init(_ note: Note) {
      self.message = note.message
      self.location = note.location.map(Location.init)
    }
  }

  private struct Entry: Encodable {
    var severity: String
    var code: String
    var message: String
    var location: Location
    var notes: [NoteEntry]

    init(_ diagnostic: Diagnostic) {
      self.severity = diagnostic.severity.rawValue
      self.code = diagnostic.code.rawValue
      self.message = diagnostic.message
      self.location = Location(diagnostic.location)
      self.notes = diagnostic.notes.map(NoteEntry.init)
    }
  }
}
