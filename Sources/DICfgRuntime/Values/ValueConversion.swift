/// Converts a resolved value to the type a factory parameter or property expects.
@usableFromInline
enum ValueConversion {
  @usableFromInline
  static func convert<T>(_ value: Any, to type: T.Type, what: @autoclosure () -> String) throws -> T {
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
    if let number = value as? Int {
      if let converted = Double(number) as? T { return converted }
      if let converted = Float(number) as? T { return converted }
    }
    if let number = value as? Double, let converted = Float(number) as? T { return converted }
    throw ResolutionError(
      .typeMismatch,
      "\(what()) is \(describe(value)), but the factory takes '\(String(describing: T.self))'; "
        + "fix the graph file's value or the registered type")
  }

  private static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional, mirror.children.isEmpty { return "nil" }
    return "a '\(String(describing: type(of: value)))'"
  }
}
