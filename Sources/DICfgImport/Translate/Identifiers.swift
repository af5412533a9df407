import DICfgCompiler
import DICfgCore

/// The names the import gives services, parameters and functions.
enum Identifiers {
  /// `APIConfiguration` → `apiConfiguration`, `URLSessionHTTPClient` → `urlSessionHTTPClient`.
  static func lowerCamel(_ text: String) -> String {
    let characters = Array(text.filter { $0.isLetter || $0.isNumber || $0 == "_" })
    guard !characters.isEmpty else { return "service" }
    var upper = 0
    while upper < characters.count, characters[upper].isUppercase { upper += 1 }
    // The leading capitals, but the last of a run followed by a lowercase word starts that word.
    var lowered = upper
    if upper > 1, upper < characters.count, characters[upper].isLowercase { lowered = upper - 1 }
    if upper == 1 { lowered = 1 }
    let result = String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    return result.first?.isNumber == true ? "_" + result : result
  }

  /// The id of the service a registration or a resolve names by `key` and `name`:
  /// `APIConfiguration` named `staging` → `apiConfigurationStaging`.
  static func serviceID(key: String, name: String?) -> String {
    lowerCamel(typeName(key)) + (name.map(SwiftIdentifier.upperCamelCase) ?? "")
  }

  /// The name a type spelling is known by: `any APIClient` → `APIClient`, `Box<Int>` → `Box`,
  /// `Networking.APIClient` → `APIClient`.
  static func typeName(_ spelling: String) -> String {
    guard case .named(let components) = SwiftTypeExpression(spelling).withoutExistential, let last = components.last
    else { return spelling }
    return last.name
  }

  /// The key a parameter's or property's declared type resolves by: without `any` and without the
  /// optional around it, spelled as ``SwiftTypeName`` compares types.
  static func key(of type: String) -> String {
    let expression = SwiftTypeExpression(type)
    return (expression.wrapped ?? expression).withoutExistential.normalized
  }

  /// Whether a declared type is optional (`T?`, `T!`, `Optional<T>`): what resolves it may be nil.
  static func isOptional(_ type: String) -> Bool {
    SwiftTypeExpression(type).wrapped != nil
  }

  /// `base`, or `base2`, `base3`… where `taken` has it; added to `taken`.
  static func unique(_ base: String, taken: inout Set<String>) -> String {
    var name = base
    var number = 2
    while taken.contains(name) {
      name = base + String(number)
      number += 1
    }
    taken.insert(name)
    return name
  }
}
