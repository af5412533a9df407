import DICfgCore
public import DICfgSwiftModel

extension SwiftParameter {
  /// Whether a default value, as written, looks its value up in a container at run time, as apps of
  /// the service locators dicfg replaces write their defaults:
  /// - a call named `resolve` (Resolver's `Resolver.resolve()` and its `Resolving` types'
  ///   `resolve()`, Swinject's and Dip's `container.resolve(Store.self)!`, `try! container.resolve()`);
  /// - a member of `Resolver` (`Resolver.optional()`, `Resolver.root.resolve()`);
  /// - a member of Factory's shared container (`Container.shared.store()`).
  /// A default that builds its own value (`SystemClock()`, `.shared`) is not one.
  public static func looksUpAContainer(_ defaultValue: String) -> Bool {
    let text = defaultValue.filter { !$0.isWhitespace }
    if text.hasPrefix("Resolver.") || text.contains("Container.shared.") { return true }
    var rest = Substring(text)
    while let found = rest.range(of: "resolve") {
      let before = rest[..<found.lowerBound].last
      let after = rest[found.upperBound...].first
      if !(before.map(isIdentifierCharacter) ?? false), after == "(" || after == "<" { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  /// The name a container lookup of a default value resolves by (`"main"` of `Resolver.resolve(name:
  /// "main")`, `.background` of `resolve(name: .background)`), as written; nil where it names none.
  public static func lookedUpName(_ defaultValue: String) -> String? {
    guard let label = defaultValue.range(of: "name:") else { return nil }
    let rest = defaultValue[label.upperBound...].drop { $0.isWhitespace }
    if rest.first == "\"" {
      let literal = rest.dropFirst()
      return literal.firstIndex(of: "\"").map { String(literal[..<$0]) }
    }
    let name = String(rest.prefix { $0 != ")" && $0 != "," }.filter { !$0.isWhitespace })
    return name.isEmpty ? nil : name
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
