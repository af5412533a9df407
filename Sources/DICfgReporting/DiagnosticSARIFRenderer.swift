public import DICfgCore
import Foundation

/// Renders diagnostics as a SARIF 2.1.0 log, for code-scanning uploads: one rule per code used,
/// one result per diagnostic, notes as related locations. Columns count Unicode scalars
/// (`columnKind: unicodeCodePoints`), as dicfg's do.
public enum DiagnosticSARIFRenderer {
  /// The SARIF document for `diagnostics`, ending in a line break.
  ///
  /// - Parameter toolVersion: The version of dicfg that found them.
  public static func render(_ diagnostics: [Diagnostic], toolVersion: String) -> String {
    let codes = Array(Set(diagnostics.map(\.code))).sorted { $0.rawValue < $1.rawValue }
    let rules = codes.map { code in
      Rule(
        id: code.rawValue, name: code.rawValue, shortDescription: Message(text: code.summary),
        defaultConfiguration: Configuration(
          level: diagnostics.first { $0.code == code }?.severity == .warning ? "warning" : "error"))
    }
    let results = diagnostics.map { diagnostic in
      Result(
        ruleId: diagnostic.code.rawValue,
        ruleIndex: codes.firstIndex(of: diagnostic.code) ?? 0,
        level: diagnostic.severity == .error ? "error" : "warning",
        message: Message(text: diagnostic.message),
        locations: [Location(physicalLocation: PhysicalLocation(diagnostic.location))],
        relatedLocations: diagnostic.notes.enumerated().compactMap { index, note in
          note.location.map {
            RelatedLocation(id: index, physicalLocation: PhysicalLocation($0), message: Message(text: note.message))
          }
        })
    }
    let log = Log(
      version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
      runs: [
        Run(
          tool: Tool(driver: Driver(name: "dicfg", version: toolVersion, rules: rules)),
          columnKind: "unicodeCodePoints", results: results)
      ])
    return (try? DeterministicJSON.text(log)) ?? "{}\n"
  }

  private struct Log: Encodable {
    var version: String
    var schema: String
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case version, runs
      case schema = "$schema"
    }
  }

  private struct Run: Encodable {
    var tool: Tool
    var columnKind: String
    var results: [Result]
  }

  private struct Tool: Encodable { var driver: Driver }

  private struct Driver: Encodable {
    var name: String
    var version: String
    var rules: [Rule]
  }

  private struct Rule: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var defaultConfiguration: Configuration
  }

  private struct Configuration: Encodable { var level: String }

  private struct Message: Encodable { var text: String }

  private struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    var relatedLocations: [RelatedLocation]
  }

  private struct Location: Encodable { var physicalLocation: PhysicalLocation }

  private struct RelatedLocation: Encodable {
    var id: Int
    var physicalLocation: PhysicalLocation
    var message: Message
  }

  private struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region

    init(_ location: SourceLocation) {
      artifactLocation = ArtifactLocation(uri: Self.uri(location.file))
      region = Region(startLine: location.line, startColumn: location.column)
    }

    /// A relative URI reference: the path with characters outside RFC 3986's unreserved set and
    /// '/' percent-encoded.
    private static func uri(_ path: String) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~/")
      return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
  }

  private struct ArtifactLocation: Encodable { var uri: String }

  private struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
  }
}
