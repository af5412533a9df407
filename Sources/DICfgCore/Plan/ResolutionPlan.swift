/// A compiled graph: what the runtime links to registered factories.
///
/// Every reference is resolved to an index, so linking and resolving never look names up beyond
/// the first request. The plan is `Codable` and deterministic: the same graph files give the
/// same JSON byte for byte (encode with sorted keys). Environment variables stay unresolved —
/// a plan holds no secrets — and are read when a container is created.
///
/// ```swift
/// let result = GraphCompiler().compile(CompileRequest(file: "app.yaml"))
/// if let plan = result.plan { print(plan.containers.map(\.name)) }
/// ```
public struct ResolutionPlan: Sendable, Hashable, Codable {
  /// The version of the plan's shape this build writes and reads.
  public static let currentFormatVersion = 1

  /// The shape version of this plan.
  public var formatVersion: Int
  /// Named constants shared by all containers, referenced by index.
  public var parameters: [Parameter]
  /// The containers, the first being the file's main one (or the first listed under `containers:`).
  public var containers: [Container]

  /// Creates a plan.
  public init(
    formatVersion: Int = ResolutionPlan.currentFormatVersion, parameters: [Parameter], containers: [Container]
  ) {
    self.formatVersion = formatVersion
    self.parameters = parameters
    self.containers = containers
  }

  /// A named constant.
  public struct Parameter: Sendable, Hashable, Codable {
    /// The parameter's name (`$name` in the graph file).
    public var name: String
    /// Its value: a literal, or text with environment variables to read at link time.
    public var value: ParameterValue
    /// Where it is defined.
    public var location: SourceLocation

    public init(name: String, value: ParameterValue, location: SourceLocation) {
      self.name = name
      self.value = value
      self.location = location
    }
  }

  /// A parameter's value.
  public enum ParameterValue: Sendable, Hashable, Codable {
    /// A constant.
    case literal(Literal)
    /// Text with `${NAME}` / `${NAME:-default}` parts, read from the environment when a container
    /// is created. `typed` is true for a plain scalar that is a single variable, whose text is then
    /// typed by YAML's core schema (`${TIMEOUT:-30}` is an Int).
    case environment(segments: [Segment], typed: Bool)
  }

  /// A part of a parameter's text.
  public enum Segment: Sendable, Hashable, Codable {
    /// Text as written (with `$$` already turned into `$`).
    case text(String)
    /// An environment variable, with its default if one was given.
    case variable(name: String, defaultValue: String?)
  }

  /// One container of services.
  public struct Container: Sendable, Hashable, Codable {
    /// The name of the one container of a file without `containers:`.
    public static let defaultName = "main"

    /// Its name (``defaultName`` for a file without `containers:`).
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
    /// The containers it looks references up in, in order (indices into `ResolutionPlan.containers`).
    public var collaborators: [Int]
    /// Its custom scopes, in declaration order.
    public var customScopes: [String]
    /// The instances the host app supplies.
    public var externals: [External]
    /// Its services.
    public var services: [Service]
    /// Other ids for services.
    public var aliases: [Alias]
    /// The singletons to build when the container is created (indices into `services`).
    public var eagerServices: [Int]

    public init(
      name: String, location: SourceLocation, collaborators: [Int], customScopes: [String], externals: [External],
      services: [Service], aliases: [Alias], eagerServices: [Int]
    ) {
      self.name = name
      self.location = location
      self.collaborators = collaborators
      self.customScopes = customScopes
      self.externals = externals
      self.services = services
      self.aliases = aliases
      self.eagerServices = eagerServices
    }
  }

  /// An instance the host app supplies when it creates a container (Saber's externals).
  public struct External: Sendable, Hashable, Codable {
    /// How a container holds an external.
    public enum Retain: String, Sendable, Hashable, Codable, CaseIterable {
      case strong, weak, unowned
    }

    public var id: String
    public var type: String
    public var retain: Retain
    public var optional: Bool
    public var location: SourceLocation

    public init(id: String, type: String, retain: Retain, optional: Bool, location: SourceLocation) {
      self.id = id
      self.type = type
      self.retain = retain
      self.optional = optional
      self.location = location
    }
  }

  /// A service: a type name to link to a factory, how long it lives, and what it is built from.
  ///
  /// Its fields are held behind one immutable reference, so a copy (every read of a plan's
  /// services, every linked service keeping its own) is one retain instead of one per string and
  /// array; setting a field replaces the reference.
  public struct Service: Sendable, Hashable, Codable {
    private var fields: Fields

    public var id: String {
      get { fields.values.id }
      set { edit { $0.id = newValue } }
    }
    /// The name a Swift factory is registered under.
    public var type: String {
      get { fields.values.type }
      set { edit { $0.type = newValue } }
    }
    /// Further types it can be resolved as.
    public var bindings: [String] {
      get { fields.values.bindings }
      set { edit { $0.bindings = newValue } }
    }
    public var scope: ScopeKind {
      get { fields.values.scope }
      set { edit { $0.scope = newValue } }
    }
    public var eager: Bool {
      get { fields.values.eager }
      set { edit { $0.eager = newValue } }
    }
    /// Run-time arguments supplied at resolve, in declaration order.
    public var arguments: [RuntimeArgument] {
      get { fields.values.arguments }
      set { edit { $0.arguments = newValue } }
    }
    /// Initializer arguments, in order.
    public var initializer: [Argument] {
      get { fields.values.initializer }
      set { edit { $0.initializer = newValue } }
    }
    /// Properties set after construction, in order.
    public var properties: [Argument] {
      get { fields.values.properties }
      set { edit { $0.properties = newValue } }
    }
    public var tags: [String] {
      get { fields.values.tags }
      set { edit { $0.tags = newValue } }
    }
    public var location: SourceLocation {
      get { fields.values.location }
      set { edit { $0.location = newValue } }
    }
    /// Where its factory runs: anywhere, or on the main actor (`isolation: MainActor`).
    public var isolation: Isolation {
      get { fields.values.isolation ?? .nonisolated }
      set { edit { $0.isolation = newValue == .nonisolated ? nil : newValue } }
    }
    /// The function that builds it instead of an initializer of ``type`` (`factory: Database.open`):
    /// a static method or a free function, given the `init:` values by label.
    public var factory: String? {
      get { fields.values.factory }
      set { edit { $0.factory = newValue } }
    }
    /// Whether its factory is a property of its ``receiver`` (`factory: { receiver: environment,
    /// property: baseURL }`), read where a method would be called.
    public var readsReceiverProperty: Bool {
      get { fields.values.readsReceiverProperty ?? false }
      set { edit { $0.readsReceiverProperty = newValue ? true : nil } }
    }
    /// Whether the graph marks it `live: true`: it reaches the world (a network, a disk, a device), so a
    /// container with stand-ins (a test's, a preview's) that builds it without one reports it.
    public var live: Bool {
      get { fields.values.live ?? false }
      set { edit { $0.live = newValue ? true : nil } }
    }
    /// The name its factory is registered under: the function that builds it, else its type.
    public var registeredName: String { fields.values.factory ?? fields.values.type }

    /// The label of the argument that passes a factory object to its method: a service built by
    /// `factory: { receiver: AlertFactory, method: makeAlert }` has the receiver as its first
    /// initializer argument under this label, so every walk of the plan, the link and the
    /// resolve treat it as the dependency it is, and its ``factory`` is `AlertFactory.makeAlert`.
    public static let receiverLabel = "self"

    /// The factory object whose method builds it (its first initializer argument), or nil.
    public var receiver: Argument? {
      guard let first = fields.values.initializer.first, first.label == Self.receiverLabel, factory != nil else {
        return nil
      }
      return first
    }

    /// The arguments its initializer, function or method takes: ``initializer`` without the
    /// ``receiver``.
    public var callArguments: ArraySlice<Argument> {
      receiver == nil ? fields.values.initializer[...] : fields.values.initializer.dropFirst()
    }

    /// The name of the method or function ``factory`` names, without its type (`makeAlert`).
    public var factoryMember: String? {
      factory.map { name in name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name }
    }

    public init(
      id: String, type: String, bindings: [String], scope: ScopeKind, eager: Bool, arguments: [RuntimeArgument],
      initializer: [Argument], properties: [Argument], tags: [String], location: SourceLocation,
      isolation: Isolation = .nonisolated
    ) {
      fields = Fields(
        Values(
          id: id, type: type, bindings: bindings, scope: scope, eager: eager, arguments: arguments,
          initializer: initializer, properties: properties, tags: tags, location: location,
          isolation: isolation == .nonisolated ? nil : isolation))
    }

    public init(from decoder: any Decoder) throws {
      fields = Fields(try Values(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
      try fields.values.encode(to: encoder)
    }

    public static func == (left: Service, right: Service) -> Bool {
      left.fields === right.fields || left.fields.values == right.fields.values
    }

    public func hash(into hasher: inout Hasher) {
      fields.values.hash(into: &hasher)
    }

    private mutating func edit(_ change: (inout Values) -> Void) {
      var values = fields.values
      change(&values)
      fields = Fields(values)
    }

    /// The stored fields, encoded as the plan's JSON has them.
    private struct Values: Sendable, Hashable, Codable {
      var id: String
      var type: String
      var bindings: [String]
      var scope: ScopeKind
      var eager: Bool
      var arguments: [RuntimeArgument]
      var initializer: [Argument]
      var properties: [Argument]
      var tags: [String]
      var location: SourceLocation
      /// Absent from the encoded plan for a nonisolated service.
      var isolation: Isolation?
      /// Absent from the encoded plan for a service built by an initializer.
      var factory: String?
      /// True where ``factory`` names a factory object's property, which is read, not called;
      /// absent otherwise.
      var readsReceiverProperty: Bool?
      /// True for a service marked `live: true`; absent otherwise.
      var live: Bool?
    }

    private final class Fields: Sendable {
      let values: Values

      init(_ values: Values) {
        self.values = values
      }
    }
  }

  /// Where a service's factory runs.
  public enum Isolation: String, Sendable, Hashable, Codable {
    /// On any thread or task.
    case nonisolated
    /// On the main actor: the service's type (or its initializer) is `@MainActor`.
    case mainActor = "MainActor"
  }

  /// Another id for a service (Pilgrim's `byKey`).
  public struct Alias: Sendable, Hashable, Codable {
    public var id: String
    public var target: ServiceReference
    public var location: SourceLocation

    public init(id: String, target: ServiceReference, location: SourceLocation) {
      self.id = id
      self.target = target
      self.location = location
    }
  }

  /// A run-time argument a service takes at resolve.
  public struct RuntimeArgument: Sendable, Hashable, Codable {
    public var name: String
    public var type: String

    public init(name: String, type: String) {
      self.name = name
      self.type = type
    }
  }

  /// A labelled initializer argument or a property.
  public struct Argument: Sendable, Hashable, Codable {
    public var label: String
    public var value: Value
    public var location: SourceLocation

    public init(label: String, value: Value, location: SourceLocation) {
      self.label = label
      self.value = value
      self.location = location
    }
  }

  /// A service in a container.
  public struct ServiceReference: Sendable, Hashable, Codable {
    public var container: Int
    public var service: Int

    public init(container: Int, service: Int) {
      self.container = container
      self.service = service
    }
  }

  /// What an argument or property receives.
  public indirect enum Value: Sendable, Hashable, Codable {
    /// A service's instance.
    case service(ServiceReference)
    /// An external of a container.
    case external(container: Int, index: Int)
    /// A parameter.
    case parameter(Int)
    /// A run-time argument of the service being built.
    case argument(String)
    /// The container itself.
    case container
    /// A constant.
    case literal(Literal)
    /// A closure resolving the service on each call.
    case provider(ServiceReference)
    /// A value resolved once, on first use.
    case lazy(ServiceReference)
    /// The services carrying a tag, in file order.
    case tagged(tag: String, services: [ServiceReference])
    /// An array of values.
    case array([Value])
    /// An optional value: `nil` when nothing provides it.
    case optional(Value?)
    /// A Swift value the graph file writes as Swift does, typed by where it goes: an enum case
    /// (`.convertFromSnakeCase`) or a static member (`DispatchQueue.main`). The generated code
    /// writes it; the link takes it from the registry's Swift values.
    case swift(String)
  }

  /// A constant value.
  public indirect enum Literal: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([Literal])
    case map([LiteralEntry])
  }

  /// One key and value of a literal mapping.
  public struct LiteralEntry: Sendable, Hashable, Codable {
    public var key: String
    public var value: Literal

    public init(key: String, value: Literal) {
      self.key = key
      self.value = value
    }
  }
}
