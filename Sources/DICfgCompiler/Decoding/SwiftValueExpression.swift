/// The Swift values a graph file's `{ swift: … }` may write: an implicit member (`.convertFromSnakeCase`,
/// typed by where it goes), a static member or a member of one (`DispatchQueue.main`,
/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`), or a constant (`defaultTimeout`): names
/// joined by `.`, each a Swift identifier, backquoted where it is a keyword.
public enum SwiftValueExpression {
  public static func isValid(_ text: String) -> Bool {
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

  private static func isName(_ name: Substring) -> Bool {
    var name = name
    if name.first == "`", name.last == "`", name.count > 2 { name = name.dropFirst().dropLast() }
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }
}
