import DICfgSwiftReader

/// One Swift file as the import reads it: its tokens, their text, and their lines and columns.
struct SwiftSourceFile {
  let path: String
  let bytes: [UInt8]
  let tokens: [SwiftToken]
  /// Whether the file does not parse as Swift (an unclosed literal or bracket).
  let isUnreadable: Bool
  /// The modules the file imports, in order.
  let imports: [String]
  /// The modules it imports with `@_exported`, which every file of its module then sees.
  let exportedImports: [String]
  private let lineStarts: [Int]

  init(path: String, text: String) {
    self.path = path
    bytes = Array(text.utf8)
    let tokenizer = SwiftTokenizer(bytes: bytes)
    tokens = tokenizer.tokens
    isUnreadable = tokenizer.firstError != nil
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    lineStarts = starts
    // The reader's one reading of import lines (`@_exported public import M` among them).
    let read = SwiftImports.imports(path: path, text: text)
    imports = read.map(\.module)
    exportedImports = read.filter(\.isExported).map(\.module)
  }

  func text(_ index: Int) -> String {
    guard index >= 0, index < tokens.count else { return "" }
    return String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
  }

  /// The source text from the first token of `range` through its last, as written.
  func text(_ range: Range<Int>) -> String {
    guard !range.isEmpty else { return "" }
    return String(decoding: bytes[tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
  }

  func isWord(_ index: Int, _ word: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .identifier && text(index) == word
  }

  func isOperator(_ index: Int, _ text: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .operator && self.text(index) == text
  }

  func kind(_ index: Int) -> SwiftToken.Kind? {
    index >= 0 && index < tokens.count ? tokens[index].kind : nil
  }

  /// The index after the bracket group that starts at `index` (its partner's next), else `index + 1`.
  func after(_ index: Int) -> Int {
    switch tokens[index].kind {
    case .leftParen, .leftBracket, .leftBrace:
      let match = tokens[index].match
      return match >= 0 && match < tokens.count ? match + 1 : tokens.count
    default: return index + 1
    }
  }

  /// The partner of the bracket at `index`: the index of its closing bracket.
  func closing(_ index: Int) -> Int {
    let match = tokens[index].match
    return match >= 0 && match < tokens.count ? match : tokens.count
  }

  /// The line and column (1-based, in bytes) of the token at `index`.
  func position(_ index: Int) -> (line: Int, column: Int) {
    let offset = index < tokens.count ? tokens[index].start : bytes.count
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - lineStarts[low] + 1)
  }

  /// The items of the bracket group `open...closing(open)`, split at its top-level commas: each
  /// item's label (nil where it has none) and the range of its value's tokens.
  func items(in open: Int) -> [(label: String?, value: Range<Int>)] {
    let close = closing(open)
    var items: [(label: String?, value: Range<Int>)] = []
    var start = open + 1
    var index = start
    func finish(_ end: Int) {
      guard end > start else { return }
      if end - start >= 2, kind(start) == .identifier, kind(start + 1) == .colon {
        items.append((text(start), start + 2..<end))
      } else {
        items.append((nil, start..<end))
      }
    }
    while index < close {
      if tokens[index].kind == .comma {
        finish(index)
        start = index + 1
        index += 1
      } else {
        index = after(index)
      }
    }
    finish(close)
    return items
  }

  /// The statements of the tokens in `range`: split at `;` and where a token on a new line starts
  /// one (not an operator, a `.` member or a closing bracket continuing the line before).
  func statements(in range: Range<Int>) -> [Range<Int>] {
    var statements: [Range<Int>] = []
    var start = range.lowerBound
    var index = start
    while index < range.upperBound {
      if tokens[index].kind == .semicolon {
        if index > start { statements.append(start..<index) }
        start = index + 1
        index += 1
        continue
      }
      if index > start, tokens[index].newlineBefore, startsStatement(index) {
        statements.append(start..<index)
        start = index
      }
      index = after(index)
    }
    if range.upperBound > start { statements.append(start..<range.upperBound) }
    return statements
  }

  private func startsStatement(_ index: Int) -> Bool {
    switch tokens[index].kind {
    case .operator, .rightParen, .rightBracket, .rightBrace, .comma, .colon: return false
    case .leftBrace: return false
    default: return true
    }
  }

  /// The key (`APIClient.self`) and name (`name: "staging"`) a `register(…)` or `resolve(…)` whose
  /// `(` is at `open` passes; nil where it passes anything else (arguments).
  func keyAndName(in open: Int) -> (key: String?, name: String?)? {
    keyAndName(of: items(in: open))
  }

  /// The key and name `items` pass; nil where they pass anything else.
  func keyAndName(of items: [(label: String?, value: Range<Int>)]) -> (key: String?, name: String?)? {
    var key: String?
    var name: String?
    for item in items {
      let text = text(item.value)
      switch item.label {
      case nil where text.hasSuffix(".self"): key = String(text.dropLast(5))
      case "name"?: name = RegistrationReader.name(text)
      default: return nil
      }
    }
    return (key, name)
  }
}
