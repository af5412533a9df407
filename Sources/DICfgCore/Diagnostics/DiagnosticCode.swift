/// A stable identifier for a kind of finding, printed as `[#code]` and used in JSON and SARIF.
///
/// Codes never change once published: users grep for them and suppress them. Each has an entry
/// in `docs/diagnostics.md`.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The code as printed, e.g. `duplicate-key`.
  public let rawValue: String

  /// Creates a code from its printed form.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a code from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Creates a code from its printed form.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the printed form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The printed form.
  public var description: String { rawValue }
}

extension DiagnosticCode {
  // MARK: Reading files

  /// YAML or JSON that the parser rejects, at the parser's position.
  public static let syntaxError: DiagnosticCode = "syntax-error"
  /// Bytes that are not UTF-8, or characters a graph file may not hold (NUL, control characters).
  public static let invalidEncoding: DiagnosticCode = "invalid-encoding"
  /// Nesting depth, node count after alias expansion, scalar length or file size over the
  /// loader's limits.
  public static let limitExceeded: DiagnosticCode = "limit-exceeded"
  /// More than one YAML document in a graph file.
  public static let multipleDocuments: DiagnosticCode = "multiple-documents"
  /// A file that cannot be read.
  public static let ioError: DiagnosticCode = "io-error"
  /// A key repeated in one mapping.
  public static let duplicateKey: DiagnosticCode = "duplicate-key"
  /// A YAML tag other than the standard ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`,
  /// `!!map`, `!!seq`), or a standard tag on a value it does not fit.
  public static let unsupportedTag: DiagnosticCode = "unsupported-tag"
  /// An alias to an anchor that is not defined before it, or that refers to a node containing it.
  public static let invalidAlias: DiagnosticCode = "invalid-alias"
  /// A state the tool does not expect; a bug to report, never the user's fault.
  public static let internalError: DiagnosticCode = "internal-error"

  // MARK: The graph-file language

  /// A value of the wrong kind: a list where a mapping belongs, a non-scalar mapping key, ….
  public static let invalidValue: DiagnosticCode = "invalid-value"

  /// The codes this module defines, in documentation order.
  public static let loaderCodes: [DiagnosticCode] = [
    .syntaxError, .invalidEncoding, .limitExceeded, .multipleDocuments, .ioError, .duplicateKey,
    .unsupportedTag, .invalidAlias, .internalError, .invalidValue,
  ]
}
