public import DICfgCore
import Foundation

/// The modules a Swift file imports (`import Foundation`, `@preconcurrency import Dispatch`,
/// `import struct Foundation.URL`), each with where it is first imported: what the target sees
/// besides its own declarations.
public enum SwiftImports {
  /// The modules `text` imports at its top level, in order, each once, with whether an import of
  /// it re-exports it (`@_exported import Foundation`): what the modules importing this one see too.
  public static func imports(
    path: String, text: String
  ) -> [(module: String, location: SourceLocation, isExported: Bool)] {
    let bytes = Array(text.utf8)
    let tokens = SwiftTokenizer(bytes: bytes).tokens
    let source = SourceFile(path: path, bytes: bytes)
    func word(_ index: Int) -> String? {
      guard index < tokens.count, tokens[index].kind == .identifier else { return nil }
      return String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }
    var found: [(module: String, location: SourceLocation, isExported: Bool)] = []
    var depth = 0
    for index in tokens.indices {
      switch tokens[index].kind {
      case .leftBrace: depth += 1
      case .rightBrace: depth -= 1
      default: break
      }
      guard depth == 0, word(index) == "import" else { continue }
      var next = index + 1
      // `import struct Foundation.URL`: the kind of the one declaration imported.
      if let kind = word(next),
        ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind)
      {
        next += 1
      }
      guard let module = word(next) else { continue }
      // `@_exported import M`: an attribute on the import's line, before it.
      var before = index
      var isExported = false
      while before > 0, !tokens[before].newlineBefore {
        before -= 1
        if word(before) == "_exported", before > 0, tokens[before - 1].kind == .at { isExported = true }
      }
      if let position = found.firstIndex(where: { $0.module == module }) {
        found[position].isExported = found[position].isExported || isExported
        continue
      }
      found.append((module, source.location(ofByteOffset: tokens[next].start), isExported))
    }
    return found
  }
}
