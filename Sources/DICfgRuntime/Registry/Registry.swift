import DICfgCore

/// The Swift side of a graph file: factories registered under the type names the file uses.
///
/// ```swift
/// var registry = Registry()
/// try registry.register(CoreDataStore.init)
/// try registry.register(EventsListWireframe.init(dataStore:), labels: ["dataStore"])
/// try registry.register(AddEventWireframe.init)
/// try registry.property("eventsListWireframe", of: AddEventWireframe.self, \.eventsListWireframe)
/// ```
///
/// A type is registered under its name without the module (`Payments.Gateway` for a nested type)
/// unless a name is given; its full name (`ShopKit.Cache`) finds it too. A factory registered with
/// `labels:` stands for the initializer those labels name, so one type can have a factory per
/// initializer, and a service uses the one whose labels its `init:` lists. Registering one name
/// (and labels) twice is an error. `dicfg generate` writes these registrations from the graph file.
public struct Registry: Sendable {
  /// The registrations, in the order registered.
  private(set) var entries: [Registration] = []
  /// The registrations' positions by type name (one per initializer registered).
  private(set) var byName = NameChains()
  /// Per type name: the properties the graph file may set.
  var properties: [String: [String: Registration.Property]] = [:]
  /// The Swift values graph files write (`{ swift: .convertFromSnakeCase }`), by expression.
  var swiftValues: [String: [Registration.SwiftValue]] = [:]

  public init() {}

  /// A registry with room for `capacity` registrations, so that registering them grows no table:
  /// what generated registration starts with.
  public init(capacity: Int) {
    entries.reserveCapacity(capacity)
    byName.reserveCapacity(capacity)
  }

  /// The type names registered so far, sorted.
  public var names: [String] { Set(entries.map(\.name)).sorted() }

  /// Registers an initializer or closure taking any number of arguments, recording their types.
  ///
  /// - Parameters:
  ///   - typeName: The type name the graph file uses; the type's name without its module by default.
  ///   - labels: The argument labels, in order: the factory then stands for the initializer they
  ///     name, and the link step checks them against the service's `init:` (function values carry
  ///     no labels). A factory of two or more arguments of one type needs them.
  ///   - factory: Builds the instance from the arguments the graph file's `init:` lists, in order.
  /// - Throws: ``RegistryError`` when the name (and labels) is already registered.
  @inlinable
  public mutating func register<T, each Argument>(
    _ factory: @escaping @Sendable (repeat each Argument) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    // Inlinable, so the argument conversions are specialized for the registering module's types.
    // The values are borrowed from the resolve's argument stack for the duration of the call.
    let call: @Sendable (BorrowedValues) throws -> Instance = { values in
      var position = 0
      func next<Value>(_ type: Value.Type) throws -> Value {
        defer { position += 1 }
        return try Self.unspecializedArgument(position, of: values)
      }
      return Instance.wrapping(try factory(repeat next((each Argument).self)))
    }
    try addTyped(name: typeName, built: T.self, arguments: types, labels: labels, call: call)
  }

  @usableFromInline
  mutating func addTyped(
    name: String?, built: Any.Type, arguments: [Any.Type], labels: [String]?,
    call: @escaping @Sendable (BorrowedValues) throws -> Instance
  ) throws {
    try add(factory: .typed(call), name: name, built: built, arguments: arguments, labels: labels)
  }

  /// Registers `factory`, building a `built`, under `name` (the type's name by default) and `labels`.
  mutating func add(
    factory: Registration.Factory, name: String?, built: Any.Type, arguments: [Any.Type]?, labels: [String]?,
    isMainActor: Bool = false
  ) throws {
    try add(
      Registration(
        name: name ?? TypeName.of(built), fullName: name == nil ? TypeName.full(built) : nil,
        isClass: built is AnyObject.Type, builtType: built, factory: factory, arguments: arguments, labels: labels,
        isMainActor: isMainActor))
  }

  /// Registers a closure that asks for its arguments by label.
  ///
  /// ```swift
  /// try registry.register(ConsoleLogger.self, typeName: "Logger") { arguments in
  ///   ConsoleLogger(level: try arguments("level"))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type built, for the link checks (`weak` needs a class, a service passed on must fit).
  ///   - typeName: The type name the graph file uses; the type's name without its module by default.
  ///   - factory: Builds the instance.
  public mutating func register<T>(
    _ type: T.Type, typeName: String? = nil, factory: @escaping @Sendable (FactoryArguments) throws -> T
  ) throws {
    try add(
      factory: .untyped { Instance.wrapping(try factory($0)) }, name: typeName, built: T.self, arguments: nil,
      labels: nil)
  }

  /// The properties the graph file may set on what `registration` builds: those registered under
  /// its name, else, for a function registered under its own name (`Database.open`), those of the
  /// type it builds.
  func setters(of registration: Registration) -> [String: Registration.Property] {
    guard !properties.isEmpty else { return [:] }
    return properties[registration.name] ?? properties[TypeName.of(registration.builtType)] ?? [:]
  }

  /// Registers a property the graph file may set, through a writable key path.
  public mutating func property<T: AnyObject, Value>(
    _ property: String, of type: T.Type, _ keyPath: ReferenceWritableKeyPath<T, Value> & Sendable,
    typeName: String? = nil
  ) throws {
    try self.property(property, of: type, typeName: typeName) { (instance: T, value: Value) in
      instance[keyPath: keyPath] = value
    }
  }

  /// Registers a property the graph file may set, through a setter closure. A property may be
  /// registered before its type's factory.
  public mutating func property<T, Value>(
    _ property: String, of type: T.Type, typeName: String? = nil,
    set: @escaping @Sendable (T, Value) throws -> Void
  ) throws {
    try addProperty(property, of: T.self, typeName: typeName, isMainActor: false, set: set)
  }

  /// Registers a property the graph file may set, and how: `set` receives the instance and the value
  /// converted to the property's type.
  mutating func addProperty<T, Value>(
    _ property: String, of type: T.Type, typeName: String?, isMainActor: Bool,
    set: @escaping @Sendable (T, Value) throws -> Void
  ) throws {
    let name = typeName ?? TypeName.of(T.self)
    guard properties[name]?[property] == nil else {
      throw RegistryError("property '\(property)' of '\(name)' is registered twice")
    }
    properties[name, default: [:]][property] = Registration.Property(
      type: TypeName.described(Value.self), valueType: Value.self,
      set: { instance, value in
        guard let typed = instance as? T else {
          throw ResolutionError(
            .typeMismatch, "the instance is not a '\(name)', so property '\(property)' cannot be set")
        }
        try set(typed, try ValueConversion.convert(value, to: Value.self, what: "property '\(property)' of '\(name)'"))
      }, isMainActor: isMainActor)
  }

  /// The argument at `position` of a typed factory's values, as the parameter's type.
  ///
  /// - Throws: ``ArgumentMismatch``, which the resolve turns into an error naming the service.
  @inlinable
  static func argument<Value>(_ position: Int, of values: BorrowedValues) throws -> Value {
    guard position < values.count else { throw ArgumentMismatch(position: position, found: nil, expected: "") }
    if let typed = values[position].cast(to: Value.self) { return typed }
    let value = values[position].any
    if let converted = ValueConversion.converted(value, to: Value.self) { return converted }
    throw ArgumentMismatch(
      position: position, found: ValueConversion.describe(value), expected: String(describing: Value.self))
  }

  /// ``argument(_:of:)`` for code that is not specialized, such as a parameter-pack expansion: an
  /// instance of exactly the parameter's class is passed without the dynamic cast, which in
  /// unspecialized code goes through the runtime's metadata for every argument.
  @inlinable
  static func unspecializedArgument<Value>(_ position: Int, of values: BorrowedValues) throws -> Value {
    if position < values.count, case .object(let object) = values[position], ClassCast.isExactly(object, Value.self) {
      return ClassCast.unchecked(object, to: Value.self)
    }
    return try argument(position, of: values)
  }

  mutating func add(_ registration: Registration) throws {
    if let labels = registration.labels, let types = registration.arguments, labels.count != types.count {
      throw RegistryError(
        "the factory of '\(registration.name)' takes \(types.count) arguments, but \(labels.count) labels were given")
    }
    for other in byName.append(registration.name) where entries[other].labels == registration.labels {
      byName.removeLast(registration.name)
      let what = registration.labels == nil ? "'\(registration.name)'" : "'\(registration.key)'"
      throw RegistryError(
        "\(what) is registered twice; pass 'typeName:' to register a second factory under another name, "
          + "or 'labels:' to register one per initializer")
    }
    entries.append(registration)
  }
}

/// A mistake in registering factories, or in asking generated code for a plan it does not hold.
public struct RegistryError: Error, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }

  /// The error of generated code asked for the plan of an environment it has no layer for.
  ///
  /// - Parameters:
  ///   - environment: The environment asked for; nil for the base.
  ///   - known: The environments there are plans for; nil for the base.
  ///   - graphFile: The graph file's name (`dicfg.yaml`), whose layers name the environments.
  public static func unknownEnvironment(_ environment: String?, known: [String?], graphFile: String) -> RegistryError {
    let names = known.map { $0 ?? "base" }
    let asked = environment ?? "base"
    // `dicfg.yaml` is the stem `dicfg` and the extension `yaml`; a name without a dot, its own stem.
    // The typed runtime's `UnknownEnvironmentError` names the layer by the same rule (a parity test).
    let dot = graphFile.lastIndex(of: ".")
    let stem = dot.map { String(graphFile[..<$0]) } ?? ""
    let fileExtension = dot.map { String(graphFile[graphFile.index(after: $0)...]) } ?? "yaml"
    let suggestion = Suggestions.clause(for: asked, among: names)
    return RegistryError(
      "no compiled plan for environment '\(asked)'\(suggestion.isEmpty ? "." : suggestion) The plans are "
        + names.map { "'\($0)'" }.joined(separator: ", ") + ", one for each layer beside '\(graphFile)'; "
        + "to add '\(asked)', add the layer '\(stem.isEmpty ? graphFile : stem).\(asked).\(fileExtension)' beside it")
  }
}

/// An argument a typed factory could not be given: too few values, or one of the wrong type.
/// The resolve turns it into a ``ResolutionError`` naming the type.
@usableFromInline
struct ArgumentMismatch: Error {
  @usableFromInline let position: Int
  /// The value given, described; nil when there was none.
  @usableFromInline let found: ValueConversion.Found?
  @usableFromInline let expected: String

  @inlinable
  init(position: Int, found: ValueConversion.Found?, expected: String) {
    self.position = position
    self.found = found
    self.expected = expected
  }

  func error(typeName: String) -> ResolutionError {
    guard let found else {
      return ResolutionError(.missingArgument, "the factory of '\(typeName)' takes more arguments than given")
    }
    return ResolutionError(
      .typeMismatch,
      ValueConversion.mismatch("argument \(position + 1) of '\(typeName)'", found: found, expected: expected))
  }
}
