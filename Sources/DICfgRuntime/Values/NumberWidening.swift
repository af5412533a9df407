/// The number conversions a resolve makes, in one table: an `Int` is passed where a `Double` or a
/// `Float` is taken, a `Double` where a `Float` is. The resolve converts by it, the link checks a
/// literal by it, and the checks between registered types accept by it.
enum NumberWidening {
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
  static func widened<T>(_ value: Any, to type: T.Type) -> T? {
    let from = ObjectIdentifier(Swift.type(of: value))
    for widening in table where ObjectIdentifier(widening.from) == from {
      if let converted = widening.convert(value) as? T { return converted }
    }
    return nil
  }

  /// Whether a value of the type named `from` is passed where the type named `to` is taken, by
  /// the names Swift prints (`Int`), or by full names (`Swift.Int`) when `qualified`.
  static func widens(_ from: String, to: String, qualified: Bool = false) -> Bool {
    let name = qualified ? TypeName.full : TypeName.described
    return table.contains { name($0.from) == from && name($0.to) == to }
  }
}
