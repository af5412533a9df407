import DICfgCore
import DICfgLoader

/// A value with the location of the node it came from.
struct Located<Value> {
  var value: Value
  var location: SourceLocation
}

/// A service as the graph file declares it, after layers are merged.
struct ServiceDeclaration {
  var id: String
  /// The service's key, where diagnostics about the service point.
  var location: SourceLocation
  var type: Located<String>?
  /// `factory: Database.open`: the function that builds it instead of an initializer; for a
  /// factory object, the method's name.
  var factory: Located<String>?
  /// `factory: { receiver: AlertFactory, method: makeAlert }`: the service or external whose method
  /// builds it, a reference like any argument's, with the location of its `receiver:` key.
  var receiver: (value: ValueExpression, location: SourceLocation)?
  /// `factory: { receiver: environment, property: baseURL }`: the receiver's property is read.
  var readsReceiverProperty = false
  var alias: Located<String>?
  var bindings: [Located<String>] = []
  var scope: Located<String>?
  /// `isolation: MainActor`, where the graph file says so.
  var isolation: Located<ResolutionPlan.Isolation>?
  var eager: Located<Bool>?
  /// `live: true`: the service reaches the world, and a container with stand-ins must have one for it.
  var live: Located<Bool>?
  var arguments: [(name: Located<String>, type: String)] = []
  var initializer: [ArgumentDeclaration] = []
  /// Whether `init:` holds what could not be read (it is not a mapping, or a label is not an
  /// identifier): already an error, so its labels are not held to the Swift's.
  var initializerIsPartial = false
  var properties: [ArgumentDeclaration] = []
  var tags: [Located<String>] = []
}

/// An initializer argument or a property.
struct ArgumentDeclaration {
  var label: String
  /// The label's key.
  var location: SourceLocation
  var value: ValueExpression
}

/// A value form of DESIGN.md §2, before references are resolved.
indirect enum ValueExpression {
  /// `name` or `name?`.
  case reference(String, optional: Bool, SourceLocation)
  /// `$name`.
  case variable(String, SourceLocation)
  /// `$container`.
  case container(SourceLocation)
  /// `{ value: X }`.
  case literal(ResolutionPlan.Literal, SourceLocation)
  /// `{ provider: name }`.
  case provider(String, SourceLocation)
  /// `{ lazy: name }`.
  case lazy(String, SourceLocation)
  /// `{ tagged: tag }`.
  case tagged(String, SourceLocation)
  /// `{ swift: .convertFromSnakeCase }`.
  case swift(String, SourceLocation)
  /// `[a, b]`.
  case array([ValueExpression], SourceLocation)
  /// A value already diagnosed as malformed.
  case invalid
}

/// An external as declared.
struct ExternalDeclaration {
  var id: String
  var location: SourceLocation
  var type: String
  var retain: ResolutionPlan.External.Retain
  var optional: Bool
}

/// A container as declared, after layers are merged.
struct ContainerDeclaration {
  var name: String
  var location: SourceLocation
  var defaultScope: Located<String>?
  var collaborators: [Located<String>] = []
  var customScopes: [Located<String>] = []
  var externals: [ExternalDeclaration] = []
  var services: [ServiceDeclaration] = []
}

/// A parameter as declared.
struct ParameterDeclaration {
  var name: String
  var location: SourceLocation
  var valueLocation: SourceLocation
  var value: ResolutionPlan.ParameterValue
}
