/// A stable identifier for a kind of finding, printed as `[#code]` and used in JSON and SARIF.
///
/// Codes never change once published: users grep for them and suppress them. What each code
/// means, how to fix it and an example are in ``catalog`` (``documentation``), from which
/// `docs/diagnostics.md` is written.
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

  public static let syntaxError: DiagnosticCode = "syntax-error"
  public static let invalidEncoding: DiagnosticCode = "invalid-encoding"
  public static let limitExceeded: DiagnosticCode = "limit-exceeded"
  public static let multipleDocuments: DiagnosticCode = "multiple-documents"
  public static let ioError: DiagnosticCode = "io-error"
  public static let duplicateKey: DiagnosticCode = "duplicate-key"
  public static let unsupportedTag: DiagnosticCode = "unsupported-tag"
  public static let invalidAlias: DiagnosticCode = "invalid-alias"
  public static let internalError: DiagnosticCode = "internal-error"

  // MARK: The graph-file language

  public static let unknownKey: DiagnosticCode = "unknown-key"
  public static let invalidValue: DiagnosticCode = "invalid-value"
  public static let unsupportedVersion: DiagnosticCode = "unsupported-version"
  public static let missingType: DiagnosticCode = "missing-type"
  public static let duplicateService: DiagnosticCode = "duplicate-service"
  public static let unknownScope: DiagnosticCode = "unknown-scope"
  public static let ambiguousScope: DiagnosticCode = "ambiguous-scope"
  public static let unknownReference: DiagnosticCode = "unknown-reference"
  public static let ambiguousReference: DiagnosticCode = "ambiguous-reference"
  public static let dependencyCycle: DiagnosticCode = "dependency-cycle"
  public static let captiveDependency: DiagnosticCode = "captive-dependency"
  public static let runtimeArgumentDependency: DiagnosticCode = "runtime-argument-dependency"
  public static let mainActorDependency: DiagnosticCode = "main-actor-dependency"
  public static let unknownCollaborator: DiagnosticCode = "unknown-collaborator"
  public static let selfCollaboration: DiagnosticCode = "self-collaboration"
  public static let importNotFound: DiagnosticCode = "import-not-found"
  public static let importCycle: DiagnosticCode = "import-cycle"
  public static let unmetRequirement: DiagnosticCode = "unmet-requirement"
  public static let unknownEnvironment: DiagnosticCode = "unknown-environment"
  public static let overrideMissingService: DiagnosticCode = "override-missing-service"
  public static let overrideMissingParameter: DiagnosticCode = "override-missing-parameter"
  public static let eagerNotSingleton: DiagnosticCode = "eager-not-singleton"
  public static let unusedExternal: DiagnosticCode = "unused-external"
  public static let unusedParameter: DiagnosticCode = "unused-parameter"
  public static let unsetEnvironmentVariable: DiagnosticCode = "unset-environment-variable"

  // MARK: Checking a graph file against the target's Swift declarations

  public static let unknownType: DiagnosticCode = "unknown-type"
  public static let initializerMismatch: DiagnosticCode = "initializer-mismatch"
  public static let readOnlyProperty: DiagnosticCode = "read-only-property"
  public static let inaccessibleDeclaration: DiagnosticCode = "inaccessible-declaration"
  public static let conditionalType: DiagnosticCode = "conditional-type"
  public static let defaultedDependency: DiagnosticCode = "defaulted-dependency"
  public static let ambiguousBuilder: DiagnosticCode = "ambiguous-builder"
  public static let deprecatedBuilder: DiagnosticCode = "deprecated-builder"
  public static let unreadableSwift: DiagnosticCode = "unreadable-swift"
  public static let needsFullRuntime: DiagnosticCode = "needs-full-runtime"

  // MARK: Linking a plan to registered factories

  public static let unregisteredType: DiagnosticCode = "unregistered-type"
  public static let unregisteredValue: DiagnosticCode = "unregistered-value"
  public static let factoryMismatch: DiagnosticCode = "factory-mismatch"
  public static let unlabeledArguments: DiagnosticCode = "unlabeled-arguments"
  public static let isolationMismatch: DiagnosticCode = "isolation-mismatch"
  public static let unknownProperty: DiagnosticCode = "unknown-property"
  public static let weakValueType: DiagnosticCode = "weak-value-type"
  public static let missingExternal: DiagnosticCode = "missing-external"
  public static let unknownExternal: DiagnosticCode = "unknown-external"

  // MARK: Resolving

  public static let unknownService: DiagnosticCode = "unknown-service"
  public static let unknownContainer: DiagnosticCode = "unknown-container"
  public static let notResettable: DiagnosticCode = "not-resettable"
  public static let missingArgument: DiagnosticCode = "missing-argument"
  public static let typeMismatch: DiagnosticCode = "type-mismatch"
  public static let factoryFailed: DiagnosticCode = "factory-failed"
  public static let releasedExternal: DiagnosticCode = "released-external"
  public static let releasedContainer: DiagnosticCode = "released-container"
  public static let requiresAwait: DiagnosticCode = "requires-await"
  public static let requiresMainActor: DiagnosticCode = "requires-main-actor"
}
