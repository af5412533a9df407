import DICfgCore

extension Registry {
  /// Registers a Swift value a graph file writes as Swift does, `{ swift: .convertFromSnakeCase }`:
  /// the link gives it to each argument and property of type `Value` that takes that expression.
  /// The value is made once, when a container is created. `dicfg generate` writes these
  /// registrations from the graph file, typed by the initializer or property each value goes to.
  ///
  /// ```swift
  /// registry.swiftValue(".convertFromSnakeCase") { JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase }
  /// registry.swiftValue("DispatchQueue.main") { DispatchQueue.main }
  /// ```
  ///
  /// An expression registered again for the same type keeps its first value: one expression of
  /// one type is one Swift value, whichever initializer or property it was registered for.
  public mutating func swiftValue<Value>(_ expression: String, _ value: @escaping @Sendable () -> Value) {
    guard swiftValues[expression]?.contains(where: { $0.type == Value.self }) != true else { return }
    swiftValues[expression, default: []].append(Registration.SwiftValue(type: Value.self, make: { value() }))
  }

  /// The value registered for `expression` where a value of type `taken` is taken: the one of that
  /// type, or, where the type is not known (an untyped factory), the only one.
  func swiftValue(_ expression: String, taken: Any.Type?) -> Registration.SwiftValue? {
    guard let values = swiftValues[expression] else { return nil }
    guard let taken else { return values.count == 1 ? values[0] : nil }
    return values.first { $0.type == taken }
  }
}

extension Registration {
  /// A Swift value registered under the expression a graph file writes, for one type.
  struct SwiftValue: Sendable {
    let type: Any.Type
    let make: @Sendable () -> Any
  }
}
