import DICfgCore

/// Converts a resolved value to the type a factory parameter or property expects.
@usableFromInline
enum ValueConversion {
  @usableFromInline
  static func convert<T>(_ value: Any, to type: T.Type, what: @autoclosure () -> String) throws -> T {
    if let converted = converted(value, to: T.self) { return converted }
    throw ResolutionError(.typeMismatch, mismatch(what(), found: describe(value), expected: String(describing: T.self)))
  }

  /// A value given where a type is taken, as an error describes it.
  @usableFromInline
  struct Found: Sendable, CustomStringConvertible {
    /// `a provider`, `a lazy value`, `nil`, `a 'Int'`.
    @usableFromInline let description: String
    let isProvider: Bool
  }

  /// `value` as a `T`: itself, a provider or lazy value wrapped for `T`, or a widened number.
  @usableFromInline
  static func converted<T>(_ value: Any, to type: T.Type) -> T? {
    if let typed = value as? T { return typed }
    if let provider = value as? AnyProvider, let providerType = T.self as? any ProviderConvertible.Type,
      let converted = providerType.init(provider) as? T
    {
      return converted
    }
    if let lazy = value as? AnyLazy, let lazyType = T.self as? any LazyConvertible.Type,
      let converted = lazyType.init(lazy) as? T
    {
      return converted
    }
    return NumberWidening.widened(value, to: T.self)
  }

  static func mismatch(_ what: String, found: Found, expected: String) -> String {
    if found.isProvider, let text = providerAsFunction(what, expected: expected) { return text }
    return "\(what) is \(found), but the factory takes '\(expected)'; fix the graph file's value or the registered type"
  }

  /// Where a provider is passed to `what`, which takes `expected`: the error's text if `expected` is
  /// a function type. A function of the service's run-time arguments is what a generated typed
  /// container passes for `{ provider: name }`; the dynamic container passes a `Provider`.
  static func providerAsFunction(_ what: String, expected: String) -> String? {
    guard let function = SwiftTypeExpression(expected).function else { return nil }
    return "\(what) is a provider, but the factory takes '\(expected)', a function, which the dynamic container "
      + "does not make of a provider; take 'Provider<\(function.result.normalized)>' and call it with the run-time "
      + "arguments by name, or build the service with the typed container dicfg's generator writes, which passes "
      + "the function"
  }

  @usableFromInline
  static func describe(_ value: Any) -> Found {
    if value is AnyProvider { return Found(description: "a provider", isProvider: true) }
    if value is AnyLazy { return Found(description: "a lazy value", isProvider: false) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional, mirror.children.isEmpty { return Found(description: "nil", isProvider: false) }
    return Found(description: "a '\(String(describing: type(of: value)))'", isProvider: false)
  }
}
