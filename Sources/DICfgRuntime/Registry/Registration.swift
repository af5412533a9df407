/// How one type is built and configured, as registered.
struct Registration: Sendable {
  enum Factory: Sendable {
    /// Takes the arguments in order, each converted to its recorded type; the values are
    /// borrowed for the call.
    case typed(@Sendable (UnsafeBufferPointer<Instance>) throws -> Instance)
    /// Asks for its arguments by label.
    case untyped(@Sendable (FactoryArguments) throws -> Instance)
  }

  var name: String
  var isClass: Bool
  /// The type the factory declares it returns (an instance may be of a subclass).
  var built: ObjectIdentifier
  var factory: Factory
  /// For a typed factory: its argument types, in order.
  var argumentTypes: [String]?
  /// For a typed factory, optionally: the labels it expects, in order.
  var labels: [String]?
  var properties: [String: Property] = [:]

  struct Property: Sendable {
    var type: String
    var set: @Sendable (Any, Any) throws -> Void
  }
}
