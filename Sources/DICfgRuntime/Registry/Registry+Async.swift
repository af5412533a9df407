// Registration of factories that must be awaited: `async` and `async throws` initializers and
// closures. A service built by one, or depending on one through `init:` or a property, is resolved
// with `try await container.resolve(…)`.

extension Registry {
  /// Registers an `async` (or `async throws`) initializer or closure taking any number of
  /// arguments, as ``register(_:typeName:labels:)`` does for synchronous ones.
  ///
  /// ```swift
  /// try registry.register(AsyncDatabase.init(path:), labels: ["path"])   // init(path:) async throws
  /// let database = try await container.resolve("database", as: AsyncDatabase.self)
  /// ```
  @inlinable
  public mutating func register<T, each Argument>(
    _ factory: @escaping @Sendable (repeat each Argument) async throws -> T, typeName: String? = nil,
    labels: [String]? = nil
  ) throws {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self { types.append(type) }
    let call: @Sendable ([Instance]) async throws -> Instance = { values in
      var position = 0
      func next<Value>(_ type: Value.Type) throws -> Value {
        defer { position += 1 }
        return try BorrowedValues.with(values) { try Self.unspecializedArgument(position, of: $0) }
      }
      return Instance.wrapping(try await factory(repeat try next((each Argument).self)))
    }
    try addAsync(name: typeName, built: T.self, arguments: types, labels: labels, call: call)
  }

  /// Registers an `async` closure that asks for its arguments by label, as
  /// ``register(_:typeName:factory:)`` does for a synchronous one; a service built by it is resolved
  /// with `try await`.
  ///
  /// ```swift
  /// try registry.register(RemoteConfig.self) { arguments in
  ///   try await RemoteConfig.fetch(from: try arguments("url", as: URL.self))
  /// }
  /// ```
  public mutating func register<T>(
    _ type: T.Type, typeName: String? = nil, factory: @escaping @Sendable (FactoryArguments) async throws -> T
  ) throws {
    try add(
      factory: .asyncUntyped { Instance.wrapping(try await factory($0)) }, name: typeName, built: T.self,
      arguments: nil, labels: nil)
  }

  @usableFromInline
  mutating func addAsync(
    name: String?, built: Any.Type, arguments: [Any.Type], labels: [String]?,
    call: @escaping @Sendable ([Instance]) async throws -> Instance
  ) throws {
    try add(factory: .async(call), name: name, built: built, arguments: arguments, labels: labels)
  }
}
