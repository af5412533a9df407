public import DICfgCore
import Foundation

/// The modules a Swift file imports (`import Foundation`, `@preconcurrency import Dispatch`,
/// `import struct Foundation.URL`), each with where it is first imported: what the target sees
/// besides its own declarations.
public enum SwiftImports {
  /// The modules `text` imports at its top level, in order, each once.
  public static func modules(path: String, text: String) -> [(module: String, location: SourceLocation)] {
    let bytes = Array(text.utf8)
    let tokens = SwiftTokenizer(bytes: bytes).tokens
    let source = SourceFile(path: path, bytes: bytes)
    func word(_ index: Int) -> String? {
      guard index < tokens.count, tokens[index].kind == .identifier else { return nil }
      return String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }
    var found: [(module: String, location: SourceLocation)] = []
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
      guard let module = word(next), !found.contains(where: { $0.module == module }) else { continue }
      found.append((module, source.location(ofByteOffset: tokens[next].start)))
    }
    return found
  }
}
