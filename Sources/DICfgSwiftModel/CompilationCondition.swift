/// The Swift compilation conditions a graph file's `condition:` may write, as `#if` takes them:
/// names (`DEBUG`), platform conditions with one argument (`os(iOS)`, `canImport(UIKit)`,
/// `swift(>=6.0)`), `!`, `&&`, `||` and parentheses.
public enum CompilationCondition {
  /// Whether `text` is one such condition.
  public static func isValid(_ text: String) -> Bool {
    var parser = Parser(tokens: tokens(of: text) ?? [])
    guard !parser.tokens.isEmpty, parser.expression(depth: 0) else { return false }
    return parser.position == parser.tokens.count
  }

  /// The compilation conditions that must be set for a build, so a misspelt one is caught: DEBUG,
  /// which SwiftPM and Xcode's debug configurations define, and RELEASE, the one apps define for
  /// the other; a package adds those its manifest defines (``defines(inManifest:)``).
  package static let wellKnown = ["DEBUG", "RELEASE"]

  /// The names `text` tests as compilation flags (`DEBUG` in `DEBUG && !os(iOS)`), not platform
  /// conditions; none where `text` is not a condition.
  package static func flags(in text: String) -> [String] {
    guard let tokens = tokens(of: text) else { return [] }
    var flags: [String] = []
    for (index, token) in tokens.enumerated() {
      guard case .name(let name) = token, name != "true", name != "false" else { continue }
      if index + 1 < tokens.count, case .argument = tokens[index + 1] { continue }
      if !flags.contains(name) { flags.append(name) }
    }
    return flags
  }

  /// The flags a build must set for `text` to hold (`DEBUG` of `DEBUG && !os(iOS)`, of
  /// `(DEBUG) && (PREVIEW || TESTING)` and of `DEBUG || (DEBUG && os(iOS))`): a name `&&` joins,
  /// or one every side of an `||` requires; none where `text` is not a condition.
  package static func requiredFlags(in text: String) -> Set<String> {
    guard isValid(text), let tokens = tokens(of: text) else { return [] }
    return requiredFlags(in: tokens[...], depth: 0)
  }

  private static func requiredFlags(in tokens: ArraySlice<Token>, depth: Int) -> Set<String> {
    guard depth < 32 else { return [] }
    // `&&` binds tighter than `||`: the sides of each `||` at the top level, each a run of `&&`.
    var disjuncts: [[ArraySlice<Token>]] = [[]]
    var start = tokens.startIndex
    var nesting = 0
    for index in tokens.indices {
      switch tokens[index] {
      case .open: nesting += 1
      case .close: nesting -= 1
      case .and where nesting == 0, .or where nesting == 0:
        disjuncts[disjuncts.count - 1].append(tokens[start..<index])
        if tokens[index] == .or { disjuncts.append([]) }
        start = index + 1
      default: break
      }
    }
    disjuncts[disjuncts.count - 1].append(tokens[start..<tokens.endIndex])
    let required = disjuncts.map { conjuncts in
      conjuncts.reduce(into: Set<String>()) { flags, conjunct in
        if conjunct.count == 1, case .name(let name) = conjunct.first, name != "true" {
          flags.insert(name)
        } else if isParenthesized(conjunct) {
          flags.formUnion(requiredFlags(in: conjunct.dropFirst().dropLast(), depth: depth + 1))
        }
      }
    }
    return required.dropFirst().reduce(required[0]) { $0.intersection($1) }
  }

  /// Whether `tokens` are one expression in parentheses: `(A && B)`, not `(A) && (B)`.
  private static func isParenthesized(_ tokens: ArraySlice<Token>) -> Bool {
    guard tokens.count > 2, tokens.first == .open, tokens.last == .close else { return false }
    var nesting = 0
    for index in tokens.indices.dropLast() {
      if tokens[index] == .open { nesting += 1 } else if tokens[index] == .close { nesting -= 1 }
      if nesting == 0 { return false }
    }
    return true
  }

  /// The compilation conditions a package manifest defines for its targets
  /// (`.define("PREVIEW")`, with or without a `.when(…)`).
  package static func defines(inManifest manifest: String) -> [String] {
    var names: [String] = []
    var rest = manifest[...]
    while let range = rest.range(of: ".define(") {
      rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\n" }
      guard rest.first == "\"" else { continue }
      let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty, !names.contains(String(name)) { names.append(String(name)) }
    }
    return names
  }

  /// The condition that holds where every one of `conditions` does: nil for none, the one, or each
  /// in parentheses joined by `&&`.
  public static func all(_ conditions: [String]) -> String? {
    conditions.count <= 1 ? conditions.first : conditions.map { "(\($0))" }.joined(separator: " && ")
  }

  /// The condition that holds where any of `conditions` does; nil where one of them is nil (always).
  public static func any(_ conditions: [String?]) -> String? {
    var distinct: [String] = []
    for condition in conditions {
      guard let condition else { return nil }
      if !distinct.contains(condition) { distinct.append(condition) }
    }
    return distinct.count <= 1 ? distinct.first : distinct.map { "(\($0))" }.joined(separator: " || ")
  }

  private enum Token: Equatable {
    case name(String)
    case argument(String)
    case not, and, or, open, close
  }

  /// The tokens of `text`, a platform condition's argument whole; nil where a character has no place.
  private static func tokens(of text: String) -> [Token]? {
    var tokens: [Token] = []
    var characters = text[...]
    while let first = characters.first {
      if first == " " || first == "\t" {
        characters.removeFirst()
      } else if first.isLetter || first == "_" {
        let name = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        characters.removeFirst(name.count)
        tokens.append(.name(String(name)))
        // A platform condition: its argument up to the closing parenthesis.
        if characters.first == "(" {
          guard let close = characters.firstIndex(of: ")") else { return nil }
          let argument = characters[characters.index(after: characters.startIndex)..<close]
          guard !argument.isEmpty, !argument.contains("(") else { return nil }
          tokens.append(.argument(String(argument)))
          characters = characters[characters.index(after: close)...]
        }
      } else if characters.hasPrefix("&&") {
        characters.removeFirst(2)
        tokens.append(.and)
      } else if characters.hasPrefix("||") {
        characters.removeFirst(2)
        tokens.append(.or)
      } else if first == "!" || first == "(" || first == ")" {
        characters.removeFirst()
        tokens.append(first == "!" ? .not : first == "(" ? .open : .close)
      } else {
        return nil
      }
    }
    return tokens
  }

  private struct Parser {
    let tokens: [Token]
    var position = 0

    init(tokens: [Token]) { self.tokens = tokens }

    /// term (`&&` or `||` term)*
    mutating func expression(depth: Int) -> Bool {
      guard depth < 32, term(depth: depth) else { return false }
      while position < tokens.count, tokens[position] == .and || tokens[position] == .or {
        position += 1
        guard term(depth: depth) else { return false }
      }
      return true
    }

    /// `!`* (name argument? | `(` expression `)`)
    mutating func term(depth: Int) -> Bool {
      while position < tokens.count, tokens[position] == .not { position += 1 }
      guard position < tokens.count else { return false }
      switch tokens[position] {
      case .name:
        position += 1
        if position < tokens.count, case .argument = tokens[position] { position += 1 }
        return true
      case .open:
        position += 1
        guard expression(depth: depth + 1), position < tokens.count, tokens[position] == .close else { return false }
        position += 1
        return true
      default:
        return false
      }
    }
  }
}
