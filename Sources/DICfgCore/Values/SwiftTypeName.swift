/// Swift type names as graph files, Swift code and the Swift runtime spell them, reduced to one
/// spelling to compare (``SwiftTypeExpression/normalized``): the rule by which the compiler finds a type among the target's
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
    return SwiftTypeExpression(text).normalized
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
