// Typed registration for factories of one to six arguments.
//
// The variadic `register` handles every arity, but the argument conversions inside a parameter-pack
// expansion run unspecialized (a dynamic cast through run-time metadata per argument). These
// overloads, which Swift prefers over the variadic one, let each conversion specialize for the
// registering module's types.

extension Registry {
  /// Registers a factory of one argument, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A>(
    _ factory: @escaping @Sendable (A) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [A.self],
      labels: labels
    ) { values in
      Instance.wrapping(try factory(Self.argument(0, of: values)))
    }
  }

  /// Registers a factory of 2 arguments, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A, B>(
    _ factory: @escaping @Sendable (A, B) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [A.self, B.self],
      labels: labels
    ) { values in
      Instance.wrapping(try factory(Self.argument(0, of: values), Self.argument(1, of: values)))
    }
  }

  /// Registers a factory of 3 arguments, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A, B, C>(
    _ factory: @escaping @Sendable (A, B, C) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [A.self, B.self, C.self],
      labels: labels
    ) { values in
      Instance.wrapping(
        try factory(Self.argument(0, of: values), Self.argument(1, of: values), Self.argument(2, of: values)))
    }
  }

  /// Registers a factory of 4 arguments, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A, B, C, D>(
    _ factory: @escaping @Sendable (A, B, C, D) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [A.self, B.self, C.self, D.self],
      labels: labels
    ) { values in
      Instance.wrapping(
        try factory(
          Self.argument(0, of: values), Self.argument(1, of: values), Self.argument(2, of: values),
          Self.argument(3, of: values)))
    }
  }

  /// Registers a factory of 5 arguments, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A, B, C, D, E>(
    _ factory: @escaping @Sendable (A, B, C, D, E) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [
        A.self, B.self, C.self, D.self,
        E.self,
      ],
      labels: labels
    ) { values in
      Instance.wrapping(
        try factory(
          Self.argument(0, of: values), Self.argument(1, of: values), Self.argument(2, of: values),
          Self.argument(3, of: values), Self.argument(4, of: values)))
    }
  }

  /// Registers a factory of 6 arguments, as the variadic `register(_:typeName:labels:)` does.
  @inlinable
  public mutating func register<T, A, B, C, D, E, F>(
    _ factory: @escaping @Sendable (A, B, C, D, E, F) throws -> T, typeName: String? = nil, labels: [String]? = nil
  ) throws {
    try addTyped(
      name: typeName, built: T.self,
      arguments: [
        A.self, B.self, C.self, D.self,
        E.self, F.self,
      ],
      labels: labels
    ) { values in
      Instance.wrapping(
        try factory(
          Self.argument(0, of: values), Self.argument(1, of: values), Self.argument(2, of: values),
          Self.argument(3, of: values), Self.argument(4, of: values), Self.argument(5, of: values)))
    }
  }

}
