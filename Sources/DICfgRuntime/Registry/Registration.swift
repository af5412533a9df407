/// How one type is built, as registered: under its name and, when registered with labels, the
/// initializer those labels name.
struct Registration: Sendable {
  enum Factory: Sendable {
    /// Takes the arguments in order, each converted to its recorded type; the values are
    /// borrowed for the call.
    case typed(@Sendable (UnsafeBufferPointer<Instance>) throws -> Instance)
    /// Asks for its arguments by label.
    case untyped(@Sendable (FactoryArguments) throws -> Instance)
    /// Takes the arguments in order, and must be awaited.
    case async(@Sendable ([Instance]) async throws -> Instance)
  }

  /// The type name the graph file uses (`Payments.Gateway`).
  var name: String
  /// The type's full name, with its module, when Swift knows it (`ShopKit.Cache`).
  var fullName: String?
  var isClass: Bool
  /// The type the factory declares it returns (an instance may be of a subclass).
  var builtType: Any.Type
  var built: ObjectIdentifier { ObjectIdentifier(builtType) }
  var factory: Factory
  /// For a typed factory: its argument types, in order.
  var arguments: [Any.Type]?
  /// For a typed factory: its argument types' names, in order.
  var argumentTypes: [String]?
  /// The labels it expects, in order: the initializer it stands for.
  var labels: [String]?
  /// Whether the factory runs on the main actor (`register(mainActor:)`).
  var isMainActor = false

  /// Whether its factory must be awaited.
  var isAsync: Bool {
    if case .async = factory { return true }
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
