/// How one type is built, as registered: under its name and, when registered with labels, the
/// initializer those labels name. Immutable; a class, so the registry and the link share one.
final class Registration: Sendable {
  enum Factory: Sendable {
    /// Takes the arguments in order, each converted to its recorded type; the values are
    /// borrowed for the call.
    case typed(@Sendable (BorrowedValues) throws -> Instance)
    /// Asks for its arguments by label.
    case untyped(@Sendable (FactoryArguments) throws -> Instance)
    /// Takes the arguments in order, and must be awaited.
    case async(@Sendable ([Instance]) async throws -> Instance)
    /// Asks for its arguments by label, and must be awaited.
    case asyncUntyped(@Sendable (FactoryArguments) async throws -> Instance)
  }

  /// The type name the graph file uses (`Payments.Gateway`).
  let name: String
  /// The type's full name, with its module, when Swift knows it (`ShopKit.Cache`).
  let fullName: String?
  let isClass: Bool
  /// The type the factory declares it returns (an instance may be of a subclass).
  let builtType: Any.Type
  var built: ObjectIdentifier { ObjectIdentifier(builtType) }
  let factory: Factory
  /// For a typed factory: its argument types, in order.
  let arguments: [Any.Type]?
  /// The labels it expects, in order: the initializer it stands for.
  let labels: [String]?
  /// Whether the factory runs on the main actor (`register(mainActor:)`).
  let isMainActor: Bool

  init(
    name: String, fullName: String?, isClass: Bool, builtType: Any.Type, factory: Factory, arguments: [Any.Type]?,
    labels: [String]?, isMainActor: Bool = false
  ) {
    self.name = name
    self.fullName = fullName
    self.isClass = isClass
    self.builtType = builtType
    self.factory = factory
    self.arguments = arguments
    self.labels = labels
    self.isMainActor = isMainActor
  }

  /// For a typed factory: its argument types' names, in order; worked out when asked (a message
  /// or a manifest needs them, registering does not).
  var argumentTypes: [String]? { arguments?.map(TypeName.described) }

  /// Whether its factory must be awaited.
  var isAsync: Bool {
    if case .async = factory { return true }
    if case .asyncUntyped = factory { return true }
    return false
  }

  /// The key it is registered under: the name, and the labels when given.
  var key: String { TypeName.key(name, labels: labels) }

  struct Property: Sendable {
    var type: String
    /// The type the setter takes.
    var valueType: Any.Type
    var set: @Sendable (Any, Any) throws -> Void
    /// Whether the setter runs on the main actor (`property(_:of:typeName:mainActor:)`).
    var isMainActor = false
  }
}
