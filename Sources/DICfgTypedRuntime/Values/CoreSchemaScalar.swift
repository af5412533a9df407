/// A plain scalar's text typed by YAML 1.2's core schema, as the graph file's loader types it:
/// `3` an `Int`, `3.5` and `1e3` `Double`s, `true`/`false` `Bool`s, `null`, `~` and empty text nil,
/// everything else (`yes`, `no`, `on`, `0777`) a `String`.
///
/// The typed runtime reads parameters from the environment without the loader (it links nothing of
/// dicfg's tools), so it holds this rule too; `EnvironmentParameterParityTests` holds it to the
/// loader's `CoreSchema` and the dynamic container's conversions.
public enum CoreSchemaScalar: Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  case int(Int)
  /// An integer that does not fit in `Int`, kept as written.
  case bigInt(String)
  case double(Double)
  case string(String)

  /// Types the text of a plain scalar.
  @_optimize(none)  // cold (run once per container): optimizing it costs every app's build more than it saves
  public init(plain text: String) {
    switch text {
    case "", "~", "null", "Null", "NULL": self = .null
    case "true", "True", "TRUE": self = .bool(true)
    case "false", "False", "FALSE": self = .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": self = .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": self = .double(-.infinity)
    case ".nan", ".NaN", ".NAN": self = .double(.nan)
    default:
      let utf8 = Array(text.utf8)
      if let integer = Self.integer(utf8, text: text) {
        self = integer
      } else if Self.isFloat(utf8), let double = Double(text) {
        self = .double(double)
      } else {
        self = .string(text)
      }
    }
  }

  @_optimize(none)  // cold (an error's text): optimizing it costs every app's build more than it saves
  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the Bool \(value)"
    case .int(let value): "the Int \(value)"
    case .bigInt(let text): "'\(text)' (an integer no Int holds)"
    case .double(let value): "the Double \(value)"
    case .string(let text): "the text '\(text)'"
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
  @_optimize(none)  // cold (run once per container): optimizing it costs every app's build more than it saves
  private static func integer(_ utf8: [UInt8], text: String) -> CoreSchemaScalar? {
    guard !utf8.isEmpty else { return nil }
    if utf8.count > 2, utf8[0] == 0x30, utf8[1] == 0x6F || utf8[1] == 0x78 {
      return number(utf8[2...], radix: utf8[1] == 0x6F ? 8 : 16, negative: false, text: text)
    }
    let body = utf8[0] == 0x2B || utf8[0] == 0x2D ? utf8.dropFirst() : utf8[...]
    return number(body, radix: 10, negative: utf8[0] == 0x2D, text: text)
  }

  /// The integer `digits` write in `radix`, negated where `negative`: an `Int`, or the text where no
  /// `Int` holds it; nil where a byte is not a digit of `radix`. (Read here rather than by the
  /// standard library's generic `Int(_:radix:)`, which each module using it compiles anew.)
  @_optimize(none)  // cold (run once per container): optimizing it costs every app's build more than it saves
  private static func number(
    _ digits: ArraySlice<UInt8>, radix: Int, negative: Bool, text: String
  ) -> CoreSchemaScalar? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    var fits = true
    for byte in digits {
      let digit: Int
      switch byte {
      case 0x30...0x39: digit = Int(byte &- 0x30)
      case 0x61...0x66: digit = Int(byte &- 0x61) &+ 10
      case 0x41...0x46: digit = Int(byte &- 0x41) &+ 10
      default: return nil
      }
      guard digit < radix else { return nil }
      guard fits else { continue }
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
      let (next, overflowedAgain) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflowed || overflowedAgain { fits = false } else { value = next }
    }
    return fits ? .int(value) : .bigInt(text)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
  @_optimize(none)  // cold (run once per container): optimizing it costs every app's build more than it saves
  private static func isFloat(_ utf8: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let begin = index
      while index < utf8.count, isDigit(utf8[index]) { index += 1 }
      return index - begin
    }
    if index < utf8.count, utf8[index] == 0x2B || utf8[index] == 0x2D { index += 1 }
    if index < utf8.count, utf8[index] == 0x2E {
      index += 1
      guard digits() > 0 else { return false }
    } else {
      guard digits() > 0 else { return false }
      if index < utf8.count, utf8[index] == 0x2E {
        index += 1
        _ = digits()
      }
    }
    if index < utf8.count, utf8[index] == 0x65 || utf8[index] == 0x45 {
      index += 1
      if index < utf8.count, utf8[index] == 0x2B || utf8[index] == 0x2D { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == utf8.count
  }
}
