/// YAML 1.2's core schema: how a plain scalar's text is typed.
///
/// `3` is an Int, `3.5` and `1e3` Doubles, `true`/`false` Bools, `null`, `~` and the empty
/// scalar nil, and everything else — `yes`, `no`, `on`, `0777` — a String.
public enum CoreSchema {
  /// A typed scalar.
  public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer that does not fit in `Int`, kept as written.
    case bigInt(String)
    case double(Double)
    case string(String)
  }

  /// Types the text of a plain scalar.
  public static func value(ofPlain text: String) -> Value {
    // Every null, bool, number and special float starts with one of these characters; most
    // scalars (names, ids, URLs) start with another and are strings at once.
    guard let first = text.utf8.first else { return .null }
    switch first {
    case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
      UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      break
    default: return .string(text)
    }
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    let utf8 = Array(text.utf8)
    if let integer = integerValue(utf8, text: text) { return integer }
    if isFloat(utf8), let double = Double(text) { return .double(double) }
    return .string(text)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func integerValue(_ utf8: [UInt8], text: String) -> Value? {
    guard !utf8.isEmpty else { return nil }
    if utf8.count > 2, utf8[0] == 0x30, utf8[1] == 0x6F || utf8[1] == 0x78 {
      let radix = utf8[1] == 0x6F ? 8 : 16
      let digits = String(decoding: utf8[2...], as: UTF8.self)
      guard digits.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }) else { return nil }
      return Int(digits, radix: radix).map(Value.int) ?? .bigInt(text)
    }
    let body = utf8[0] == 0x2B || utf8[0] == 0x2D ? utf8.dropFirst() : utf8[...]
    guard !body.isEmpty, body.allSatisfy(isDigit) else { return nil }
    return Int(text).map(Value.int) ?? .bigInt(text)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
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
