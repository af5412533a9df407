import DICfgCore

/// Swift names for the graph file's ids.
package enum SwiftIdentifier {
  /// `events-list` → `eventsList`, `user_details` → `user_details`; a leading digit gets `_`.
  package static func camelCase(_ name: String) -> String {
    var result = ""
    var upper = false
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        result.append(upper ? Character(character.uppercased()) : character)
        upper = false
      } else {
        upper = !result.isEmpty
      }
    }
    if result.isEmpty { return "_" }
    if let first = result.first, first.isNumber { result = "_" + result }
    return result
  }

  /// `camelCase(_:)` with its first letter in upper case: `events-list` → `EventsList`,
  /// `any Logger` → `AnyLogger`, `Paymnts.Gateway` → `PaymntsGateway`.
  package static func upperCamelCase(_ name: String) -> String {
    let camel = camelCase(name)
    return camel.prefix(1).uppercased() + camel.dropFirst()
  }

  /// What the alias of a type the target's Swift does not declare starts with: `DicfgLedger`.
  package static let aliasPrefix = "Dicfg"

  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  /// `name`, in backticks where it is a keyword.
  package static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }
}
