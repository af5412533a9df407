/// The number conversions a resolve makes, in one table: an `Int` is passed where a `Double` or a
/// `Float` is taken, a `Double` where a `Float` is. The resolve converts by it, the link and the
/// checks against Swift declarations check a literal by it, and the checks between registered
/// types accept by it.
package enum NumberWidening {
  private struct Widening: Sendable {
    let from: Any.Type
    let to: Any.Type
    let convert: @Sendable (Any) -> Any?
  }

  private static let table: [Widening] = [
    Widening(from: Int.self, to: Double.self) { ($0 as? Int).map { Double($0) } },
    Widening(from: Int.self, to: Float.self) { ($0 as? Int).map { Float($0) } },
    Widening(from: Double.self, to: Float.self) { ($0 as? Double).map { Float($0) } },
  ]

  /// `value` converted to a `T` it widens to, if any.
  package static func widened<T>(_ value: Any, to type: T.Type) -> T? {
    let from = ObjectIdentifier(Swift.type(of: value))
    for widening in table where ObjectIdentifier(widening.from) == from {
      if let converted = widening.convert(value) as? T { return converted }
    }
    return nil
  }

  /// Whether a value of the type named `from` is passed where the type named `to` is taken, by
  /// the names Swift prints (`Int`), or by full names (`Swift.Int`) when `qualified`.
  package static func widens(_ from: String, to: String, qualified: Bool = false) -> Bool {
    table.contains { _typeName($0.from, qualified: qualified) == from && _typeName($0.to, qualified: qualified) == to }
  }
}

extension ResolutionPlan.Literal {
  /// Whether the literal converts to the Swift type named `expected` (`Double`, `Optional<Int>`),
  /// as the resolve converts it; true for a type not known by name here (a class, a protocol, a
  /// collection), which other checks judge.
  package func fits(_ expected: String) -> Bool {
    if expected.hasPrefix("Optional<"), expected.hasSuffix(">") {
      if case .null = self { return true }
      return fits(String(expected.dropFirst("Optional<".count).dropLast()))
    }
    let scalars = ["String", "Bool", "Int", "Double", "Float"]
    guard scalars.contains(expected) else { return true }
    let literalType: String
    switch self {
    case .string: literalType = "String"
    case .bool: literalType = "Bool"
    case .int: literalType = "Int"
    case .double: literalType = "Double"
    default: return false
    }
    return literalType == expected || NumberWidening.widens(literalType, to: expected)
  }
}
