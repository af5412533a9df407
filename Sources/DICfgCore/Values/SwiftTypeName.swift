/// Swift type names as graph files, Swift code and the Swift runtime spell them, reduced to one
/// spelling to compare: the rule by which the compiler finds a type among the target's
/// declarations, the runtime finds a registered factory or an external's bound value, and both
/// find the services a type is bound to.
///
/// ```swift
/// SwiftTypeName.normalized("[String: Int]?")        // "Optional<Dictionary<String,Int>>"
/// SwiftTypeName.normalized("any Logger")            // "Logger"
/// SwiftTypeName.lookupNames("ShopKit.Cache")        // ["ShopKit.Cache", "Cache"]
/// ```
public enum SwiftTypeName {
  /// One spelling for a type name: whitespace, `Swift.`, `any` and `some` removed, sugar spelled
  /// out (`T?` and `T!` as `Optional<T>`, `[T]` as `Array<T>`, `[K: V]` as `Dictionary<K,V>`),
  /// redundant parentheses dropped, and generic arguments reduced alike.
  public static func normalized(_ text: String) -> String {
    if isPlain(text) { return text }
    return reduced(Substring(text.filter { !$0.isWhitespace }))
  }

  /// The names a graph file's `written` type may be found under, most specific first: as written
  /// (normalized), then without its first component, a module's name (`ShopKit.Cache` as
  /// `Cache`, `Payments.Gateway` as `Gateway` when no `Payments.Gateway` is found).
  public static func lookupNames(_ written: String) -> [String] {
    let name = normalized(written)
    return [name] + (withoutFirstComponent(name).map { [$0] } ?? [])
  }

  /// A normalized name without its first component (`ShopKit.Cache` as `Cache`), or nil for a
  /// name of one component: the second of ``lookupNames(_:)``, without building the list.
  public static func withoutFirstComponent(_ name: String) -> String? {
    topLevelDot(in: name).map { String(name[name.index(after: $0)...]) }
  }

  /// Whether `text` is spelled as `normalized` would spell it: letters, digits, `_`, `.`, `<`, `>`
  /// and `,` only, and no prefix to drop. Most names are: they are returned as they are.
  private static func isPlain(_ text: String) -> Bool {
    if let plain = text.utf8.withContiguousStorageIfAvailable(isPlain) { return plain }
    return Array(text.utf8).withUnsafeBufferPointer(isPlain)
  }

  /// Whether the UTF-8 `bytes` hold a plain name: a letter, digit or `_` starts each name (the
  /// whole text's, and each generic argument's), `.` joins names, `<`, `,` and `>` enclose
  /// arguments, and no name starts with `Swift.`.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var startsName = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let letter = (byte | 0x20) &- UInt8(ascii: "a") < 26
      if letter || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
        if startsName, byte == UInt8(ascii: "S"), bytes.count - index >= 6, bytes[index + 5] == UInt8(ascii: "."),
          bytes[index + 1] == UInt8(ascii: "w"), bytes[index + 2] == UInt8(ascii: "i"),
          bytes[index + 3] == UInt8(ascii: "f"), bytes[index + 4] == UInt8(ascii: "t")
        {
          return false
        }
        startsName = false
      } else if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ">") {
        startsName = true
      } else {
        return false
      }
      index += 1
    }
    return true
  }

  private static func reduced(_ type: Substring) -> String {
    var type = type
    for prefix in ["any", "some"] where type.hasPrefix(prefix) && type.count > prefix.count {
      let rest = type.dropFirst(prefix.count)
      if let first = rest.first, first.isUppercase || first == "(" || first == "[" { type = rest }
    }
    if type.hasPrefix("Swift.") { type = type.dropFirst("Swift.".count) }
    if type.hasSuffix("?") || type.hasSuffix("!") {
      return "Optional<" + reduced(type.dropLast()) + ">"
    }
    if type.hasPrefix("("), type.hasSuffix(")"), closing(of: type) == type.index(before: type.endIndex) {
      return reduced(type.dropFirst().dropLast())
    }
    if type.hasPrefix("["), type.hasSuffix("]"), closing(of: type) == type.index(before: type.endIndex) {
      let inside = type.dropFirst().dropLast()
      let parts = topLevelSplit(inside, at: ":")
      if parts.count == 2 { return "Dictionary<" + reduced(parts[0]) + "," + reduced(parts[1]) + ">" }
      return "Array<" + reduced(inside) + ">"
    }
    if let open = type.firstIndex(of: "<"), type.hasSuffix(">") {
      let arguments = topLevelSplit(type[type.index(after: open)..<type.index(before: type.endIndex)], at: ",")
      return type[..<open] + "<" + arguments.map(reduced).joined(separator: ",") + ">"
    }
    return String(type)
  }

  /// The index of the bracket that closes the one `type` starts with.
  private static func closing(of type: Substring) -> Substring.Index? {
    var depth = 0
    for index in type.indices {
      switch type[index] {
      case "(", "[", "<": depth += 1
      case ")", "]", ">":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }

  /// `text` split at each `separator` outside brackets.
  private static func topLevelSplit(_ text: Substring, at separator: Character) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      switch text[index] {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      case separator where depth == 0:
        parts.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    parts.append(text[start...])
    return parts
  }

  /// The first `.` outside generic arguments.
  private static func topLevelDot(in name: String) -> String.Index? {
    for index in name.indices {
      switch name[index] {
      case "<", "(", "[": return nil
      case ".": return index
      default: continue
      }
    }
    return nil
  }
}
