/// A double-quoted string literal in the family of languages dicfg writes (Swift, JSON, Graphviz
/// DOT): backslash and quote escaped, newline as `\n`, and in Swift and JSON return and tab as
/// `\r` and `\t` and other control characters in the language's own form (DOT reads `\r` as a
/// line break and has no numeric escape, so it gets them as they are).
public enum QuotedString {
  /// How a language writes a control character that has no short escape.
  public enum Language: Sendable {
    /// `\u{1b}`.
    case swift
    /// `\u001b`.
    case json
    /// Graphviz DOT has no numeric escape: the character is written as it is.
    case dot
  }

  /// `text` as a double-quoted literal of `language`.
  public static func quoted(_ text: String, in language: Language) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r" where language != .dot: result += "\\r"
      case "\t" where language != .dot: result += "\\t"
      case _ where scalar.value < 0x20 || (language == .swift && scalar.value == 0x7F):
        let hex = String(scalar.value, radix: 16)
        switch language {
        case .swift: result += "\\u{\(hex)}"
        case .json: result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        case .dot: result.unicodeScalars.append(scalar)
        }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
