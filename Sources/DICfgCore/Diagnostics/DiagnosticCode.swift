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

  /// A key the format does not have.
  public static let unknownKey: DiagnosticCode = "unknown-key"
  /// A value of the wrong kind: a list where a mapping belongs, a non-scalar mapping key, ….
  public static let invalidValue: DiagnosticCode = "invalid-value"
  /// `dicfg:` missing, or not a supported version (an empty file has no version either).
  public static let unsupportedVersion: DiagnosticCode = "unsupported-version"
  /// A service with neither `type` nor `alias`.
  public static let missingType: DiagnosticCode = "missing-type"
  /// One id defined twice within a layer.
  public static let duplicateService: DiagnosticCode = "duplicate-service"
  /// A scope that is neither built in nor declared.
  public static let unknownScope: DiagnosticCode = "unknown-scope"
  /// `shared`, which means a different scope in each library that uses it.
  public static let ambiguousScope: DiagnosticCode = "ambiguous-scope"
  /// A reference nothing provides.
  public static let unknownReference: DiagnosticCode = "unknown-reference"
  /// A type bound by several services visible from the reference.
  public static let ambiguousReference: DiagnosticCode = "ambiguous-reference"
  /// An initializer cycle, or a cycle through a `unique` service.
  public static let dependencyCycle: DiagnosticCode = "dependency-cycle"
  /// A service holding one that dies sooner.
  public static let captiveDependency: DiagnosticCode = "captive-dependency"
  /// A service with run-time arguments used as a plain dependency.
  public static let runtimeArgumentDependency: DiagnosticCode = "runtime-argument-dependency"
  /// Collaboration with a container that does not exist.
  public static let unknownCollaborator: DiagnosticCode = "unknown-collaborator"
  /// A container collaborating with itself.
  public static let selfCollaboration: DiagnosticCode = "self-collaboration"
  /// An imported file that does not exist.
  public static let importNotFound: DiagnosticCode = "import-not-found"
  /// Files importing each other in a loop.
  public static let importCycle: DiagnosticCode = "import-cycle"
  /// An override layer patching a service the layers below lack.
  public static let overrideMissingService: DiagnosticCode = "override-missing-service"
  /// `eager: true` on a scope other than singleton.
  public static let eagerNotSingleton: DiagnosticCode = "eager-not-singleton"
  /// An external declared and never referenced.
  public static let unusedExternal: DiagnosticCode = "unused-external"
  /// A parameter declared and never referenced.
  public static let unusedParameter: DiagnosticCode = "unused-parameter"
  /// `${NAME}` with no default while `NAME` is unset.
  public static let unsetEnvironmentVariable: DiagnosticCode = "unset-environment-variable"

  // MARK: Linking a plan to registered factories

  /// A type in the plan with no registered factory.
  public static let unregisteredType: DiagnosticCode = "unregistered-type"
  /// A typed factory whose arity or labels differ from the service's `init:`.
  public static let factoryMismatch: DiagnosticCode = "factory-mismatch"
  /// A property the graph file sets that is not registered for the type.
  public static let unknownProperty: DiagnosticCode = "unknown-property"
  /// `weak` scope or retain on a type that is not a class.
  public static let weakValueType: DiagnosticCode = "weak-value-type"
  /// A required external the host app did not supply.
  public static let missingExternal: DiagnosticCode = "missing-external"
  /// An external supplied that the plan does not declare.
  public static let unknownExternal: DiagnosticCode = "unknown-external"

  // MARK: Resolving

  /// A resolve by an id or type no service of the container provides.
  public static let unknownService: DiagnosticCode = "unknown-service"
  /// A container name the plan does not have.
  public static let unknownContainer: DiagnosticCode = "unknown-container"
  /// A reset of a scope that is neither `cached` nor declared under `scopes:`.
  public static let notResettable: DiagnosticCode = "not-resettable"
  /// A run-time argument or factory argument that was not supplied.
  public static let missingArgument: DiagnosticCode = "missing-argument"
  /// A value whose type differs from what the factory or property takes.
  public static let typeMismatch: DiagnosticCode = "type-mismatch"
  /// A factory that threw.
  public static let factoryFailed: DiagnosticCode = "factory-failed"
  /// A weak or unowned external the host app has released.
  public static let releasedExternal: DiagnosticCode = "released-external"
  /// A container handle or provider used after the app released every handle it created.
  public static let releasedContainer: DiagnosticCode = "released-container"

  /// The codes of linking and resolving, which concern a plan and registered Swift factories
  /// rather than graph files alone.
  public static let runtimeCodes: [DiagnosticCode] = [
    .unregisteredType, .factoryMismatch, .unknownProperty, .weakValueType, .missingExternal, .unknownExternal,
    .unknownService, .missingArgument, .typeMismatch, .factoryFailed, .releasedExternal, .releasedContainer,
  ]

  /// Every code dicfg emits, in documentation order.
  public static let allCodes: [DiagnosticCode] = [
    .syntaxError, .invalidEncoding, .limitExceeded, .multipleDocuments, .ioError, .duplicateKey,
    .unsupportedTag, .invalidAlias, .unknownKey, .invalidValue, .unsupportedVersion, .missingType,
    .duplicateService, .unknownScope, .ambiguousScope, .unknownReference, .ambiguousReference, .dependencyCycle,
    .captiveDependency, .runtimeArgumentDependency, .unknownCollaborator, .selfCollaboration, .importNotFound,
    .importCycle, .overrideMissingService, .eagerNotSingleton, .unusedExternal, .unusedParameter,
    .unsetEnvironmentVariable, .unregisteredType, .factoryMismatch, .unknownProperty, .weakValueType,
    .missingExternal, .unknownExternal, .unknownService, .missingArgument, .typeMismatch, .factoryFailed,
    .releasedExternal, .releasedContainer, .internalError,
  ]
}
