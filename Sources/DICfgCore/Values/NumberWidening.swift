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
  /// Whether the literal converts to the Swift type named `expected` (`Double`, `Int?`, compared as
  /// `SwiftTypeName.normalized` spells it), as the resolve converts it; true for a type not known by name here (a class, a protocol, a
  /// collection), which other checks judge.
  package func fits(_ expected: String) -> Bool {
    let parsed = SwiftTypeExpression(expected)
    if let wrapped = parsed.wrapped {
      if case .null = self { return true }
      return fits(wrapped.normalized)
    }
    let expected = parsed.normalized
    // Numbers and characters of other types: a literal reaches them as an `Int`, a `Double` or a
    // `String`, which no resolve converts, so none fits (written `{ swift: 2 }`, Swift types it).
    if Self.unconverted.contains(expected) { return false }
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

extension ResolutionPlan.Literal {
  /// The standard library's and Foundation's number and character types that a literal of a graph
  /// file never reaches: it is an `Int`, a `Double`, a `String` or a `Bool`, and the resolve
  /// converts only an `Int` to a `Double` or a `Float`.
  package static let unconverted: Set<String> = [
    "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float80",
    "CGFloat", "Decimal", "NSNumber", "NSDecimalNumber", "Character", "Unicode.Scalar",
  ]

  /// The literal as Swift source (`2`, `0.5`, `"text"`, `true`), for a fix that writes it as a
  /// Swift value; nil for null.
  package var swiftSource: String? {
    switch self {
    case .string(let text): QuotedString.quoted(text, in: .swift)
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): "\(value)"
    default: nil
    }
  }
}

extension ResolutionPlan.Literal {
  /// The Swift expression giving the value a resolve passes for this literal where `expected` is
  /// taken (`Double`, `Float?`): the literal as written where Swift reads it to the same value, the
  /// conversion the resolve makes otherwise (`Float(0.1 as Double)`), nil where the literal does not
  /// fit (``fits(_:)``) or the type is not one of the scalars the resolve converts to.
  package func swiftExpression(as expected: String) -> String? {
    let parsed = SwiftTypeExpression(expected)
    let type = (parsed.wrapped ?? parsed).normalized
    guard ["String", "Bool", "Int", "Double", "Float"].contains(type), fits(type) else { return nil }
    switch (self, type) {
    case (.string(let text), _): return QuotedString.quoted(text, in: .swift)
    case (.bool(let value), _): return value ? "true" : "false"
    case (.int(let value), "Int"): return String(value)
    // An integer literal is exact in a `Double` up to 2^53 and in a `Float` up to 2^24; past that,
    // the conversion rounds as the resolve's does.
    case (.int(let value), "Double"): return value.magnitude <= 1 << 53 ? String(value) : "Double(\(value) as Int)"
    case (.int(let value), "Float"): return value.magnitude <= 1 << 24 ? String(value) : "Float(\(value) as Int)"
    case (.double(let value), _):
      let literal =
        value.isNaN
        ? "Double.nan" : value.isInfinite ? (value < 0 ? "-Double.infinity" : "Double.infinity") : "\(value)"
      // A decimal read straight as a `Float` can round differently from one read as a `Double`
      // first, as the resolve reads it.
      return type == "Float" ? "Float(\(literal) as Double)" : literal
    default: return nil
    }
  }
}
