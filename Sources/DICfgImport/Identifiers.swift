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

  /// `staging` → `Staging`, `mock-api` → `MockApi`.
  static func upperCamel(_ text: String) -> String {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  /// The name a type spelling is known by: `any APIClient` → `APIClient`, `Box<Int>` → `Box`,
  /// `Networking.APIClient` → `APIClient`.
  static func typeName(_ spelling: String) -> String {
    var text = trimmed(spelling)
    if text.hasPrefix("any ") { text.removeFirst(4) }
    if let generic = text.firstIndex(of: "<") { text = String(text[..<generic]) }
    return String(text.split(separator: ".").last ?? Substring(text))
  }

  /// A type spelling compared as the libraries compare keys: no `any`, no spaces.
  static func normalized(_ spelling: String) -> String {
    var text = spelling.filter { !$0.isWhitespace }
    if text.hasPrefix("any") && text.dropFirst(3).first?.isUppercase == true { text.removeFirst(3) }
    return text
  }

  /// `text` without the spaces around it.
  static func trimmed(_ text: String) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
