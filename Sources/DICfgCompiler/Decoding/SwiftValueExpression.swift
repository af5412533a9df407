/// The Swift values a graph file's `{ swift: … }` may write: an implicit member (`.convertFromSnakeCase`,
/// typed by where it goes), a static member or a member of one (`DispatchQueue.main`,
/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`), or a constant (`defaultTimeout`): names
/// joined by `.`, each a Swift identifier, backquoted where it is a keyword; or a number literal
/// (`2`, `-0.5`, `1_000`, `0xFF`), which Swift types as the parameter's `UInt64`, `Int32` or
/// `CGFloat` where a graph literal, an `Int` or a `Double`, would not be converted.
public enum SwiftValueExpression {
  /// Whether `text` is what `{ swift: … }` takes: a member path or number literal (``isValid(_:)``),
  /// or any Swift expression on one line (`URL(string: "https://example.com")!`,
  /// `DispatchQueue.global(qos: .utility)`), whose form is checked here and whose types the Swift
  /// compiler checks at the graph file's line.
  public static func isExpression(_ text: String) -> Bool {
    isValid(text) || SwiftExpressionGrammar.isExpression(text)
  }

  /// The member `expression` names where it is an implicit member of one name (`.convertFromSnakeCase`,
  /// `.formatted(…)`), else nil.
  public static func implicitMember(_ expression: String) -> String? {
    guard expression.hasPrefix(".") else { return nil }
    var name = expression.dropFirst().prefix { $0 != "(" && $0 != "." }
    if name.first == "`", name.last == "`", name.count > 2 { name = name.dropFirst().dropLast() }
    return name.isEmpty ? nil : String(name)
  }

  public static func isValid(_ text: String) -> Bool {
    if isNumberLiteral(text) { return true }
    var rest = text[...]
    if rest.first == "." { rest = rest.dropFirst() }
    let names = rest.split(separator: ".", omittingEmptySubsequences: false)
    return !names.isEmpty && names.allSatisfy(isName)
  }

  /// Whether `text` names a function as a graph file's `factory:` does: a free function
  /// (`makeDatabase`) or a static method (`Database.open`, `Storage.Database.open`).
  public static func isFunctionName(_ text: String) -> Bool {
    !text.hasPrefix(".") && isValid(text)
  }

  /// A Swift integer or floating-point literal, with an optional `-`: decimal digits with `_`
  /// between them, a fraction and an exponent, or `0x`, `0o`, `0b` digits.
  static func isNumberLiteral(_ text: String) -> Bool {
    var rest = text[...]
    if rest.first == "-" { rest = rest.dropFirst() }
    /// Drops a run of `allowed` characters (with `_` after the first); false where none starts it.
    func digits(_ allowed: String) -> Bool {
      guard let first = rest.first, allowed.contains(first) else { return false }
      rest = rest.drop { allowed.contains($0) || $0 == "_" }
      return true
    }
    let decimal = "0123456789"
    for (prefix, allowed) in [("0x", decimal + "abcdefABCDEF"), ("0o", "01234567"), ("0b", "01")]
    where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(2)
      return digits(allowed) && rest.isEmpty
    }
    guard digits(decimal) else { return false }
    if rest.first == "." {
      rest = rest.dropFirst()
      guard digits(decimal) else { return false }
    }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
      guard digits(decimal) else { return false }
    }
    return rest.isEmpty
  }

  private static func isName(_ name: Substring) -> Bool {
    var name = name
    if name.first == "`", name.last == "`", name.count > 2 { name = name.dropFirst().dropLast() }
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }
}
