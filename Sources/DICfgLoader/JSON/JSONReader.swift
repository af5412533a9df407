import DICfgCore

/// A strict RFC 8259 JSON parser feeding a ``TreeBuilder``.
///
/// libyaml reads JSON as YAML, which accepts many texts JSON forbids and rejects UTF-16
/// surrogate-pair escapes, so JSON files get this parser instead. It is iterative (nesting is
/// bounded by the builder's depth limit, never by the stack) and reports the first error at
/// its exact position.
struct JSONReader {
  private let source: SourceFile
  private let bytes: [UInt8]
  private var index: Int
  /// For each open container, whether it is an object.
  private var containers: [Bool] = []

  init(source: SourceFile) {
    self.source = source
    self.bytes = source.bytes
    self.index = source.contentStart
  }

  private enum State {
    /// A value must come next (top level, after ':' or after ',' in an array).
    case value
    /// Right after '[': a value or ']'.
    case valueOrClose
    /// Right after '{': a key or '}'.
    case keyOrClose
    /// After ',' in an object: a key.
    case key
    /// After a key: ':'.
    case colon
    /// After a value: ',', a closing bracket, or the end of the text.
    case afterValue
  }

  mutating func read(into builder: inout TreeBuilder) throws(LoadFailure) {
    var state = State.value
    var lastComma = 0
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        if state == .afterValue && containers.isEmpty { return }
        throw failure(
          containers.isEmpty && state == .value
            ? "expected a JSON value; the file is empty" : "unexpected end of file; the JSON text is cut off")
      }
      let byte = bytes[index]
      switch state {
      case .value, .valueOrClose:
        if byte == UInt8(ascii: "]") {
          guard state == .valueOrClose else { throw failure("trailing comma before ']'; remove it", at: lastComma) }
          try close(into: &builder)
          state = .afterValue
          continue
        }
        state = try value(byte, into: &builder)
      case .keyOrClose, .key:
        if byte == UInt8(ascii: "}") {
          guard state == .keyOrClose else { throw failure("trailing comma before '}'; remove it", at: lastComma) }
          try close(into: &builder)
          state = .afterValue
          continue
        }
        guard byte == UInt8(ascii: "\"") else { throw failure(keyProblem(byte)) }
        try string(into: &builder)
        state = .colon
      case .colon:
        guard byte == UInt8(ascii: ":") else { throw failure("expected ':' after the object key") }
        index += 1
        state = .value
      case .afterValue:
        guard let isObject = containers.last else {
          throw failure("unexpected text after the JSON value; a JSON file holds exactly one value")
        }
        if byte == UInt8(ascii: ",") {
          lastComma = index
          index += 1
          state = isObject ? .key : .value
        } else if byte == UInt8(ascii: isObject ? "}" : "]") {
          try close(into: &builder)
        } else {
          throw failure(
            isObject ? "expected ',' or '}' after the object member" : "expected ',' or ']' after the array element")
        }
      }
    }
  }

  // MARK: Values

  private mutating func value(_ byte: UInt8, into builder: inout TreeBuilder) throws(LoadFailure) -> State {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = byte == UInt8(ascii: "{")
      try builder.beginCollection(mapping: isObject, at: index, anchor: nil, tag: nil)
      containers.append(isObject)
      index += 1
      return isObject ? .keyOrClose : .valueOrClose
    case UInt8(ascii: "\""):
      try string(into: &builder)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number(into: &builder)
    case _ where isLetter(byte):
      try literal(into: &builder)
    default:
      throw failure(valueProblem(byte))
    }
    return .afterValue
  }

  private mutating func close(into builder: inout TreeBuilder) throws(LoadFailure) {
    index += 1
    containers.removeLast()
    try builder.endCollection()
  }

  private mutating func literal(into builder: inout TreeBuilder) throws(LoadFailure) {
    let start = index
    while index < bytes.count, isLetter(bytes[index]) { index += 1 }
    let word = String(decoding: bytes[start..<index], as: UTF8.self)
    guard word == "true" || word == "false" || word == "null" else {
      if word == "NaN" || word == "Infinity" { throw failure("NaN and Infinity are not JSON values", at: start) }
      throw failure("'\(word)' is not a JSON value; strings must be in double quotes", at: start)
    }
    try scalar(from: start, into: &builder)
  }

  private mutating func number(into builder: inout TreeBuilder) throws(LoadFailure) {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
        throw failure("NaN and Infinity are not JSON values", at: start)
      }
      throw failure("a JSON number needs a digit after '-'", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw failure("leading zeros are not allowed in JSON numbers", at: start)
      }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() > 0 else { throw failure("a JSON number needs digits after '.'", at: index) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw failure("a JSON number needs digits in its exponent", at: index) }
    }
    if index < bytes.count, isLetter(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
      throw failure("invalid JSON number", at: start)
    }
    try builder.checkScalarLength(index - start, at: start)
    try scalar(from: start, into: &builder)
  }

  /// A plain scalar of the bytes from `start` to `index`, as written.
  private func scalar(from start: Int, into builder: inout TreeBuilder) throws(LoadFailure) {
    try bytes.withUnsafeBufferPointer { all throws(LoadFailure) in
      try builder.scalar(
        UnsafeBufferPointer(rebasing: all[start..<index]), candidate: start, style: .plain, tag: nil, at: start,
        anchor: nil)
    }
  }

  /// Reads a string at `index` (its opening quote) as a double-quoted scalar.
  private mutating func string(into builder: inout TreeBuilder) throws(LoadFailure) {
    let start = index
    index += 1
    var decoded: [UInt8]?
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("unterminated string; add the closing '\"'", at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 {
        let what = byte == 0x0A || byte == 0x0D ? "a line break" : "control character U+00\(hexByte(byte))"
        throw failure("\(what) inside a JSON string must be written as an escape", at: index)
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      if decoded == nil { decoded = [] }
      decoded?.append(contentsOf: bytes[runStart..<index])
      try escape(into: &decoded)
      runStart = index
    }
    let length = (decoded?.count ?? 0) + (index - runStart)
    try builder.checkScalarLength(length, at: start)
    if var decoded {
      decoded.append(contentsOf: bytes[runStart..<index])
      try decoded.withUnsafeBufferPointer { text throws(LoadFailure) in
        try builder.scalar(text, candidate: nil, style: .doubleQuoted, tag: nil, at: start, anchor: nil)
      }
    } else {
      try bytes.withUnsafeBufferPointer { all throws(LoadFailure) in
        try builder.scalar(
          UnsafeBufferPointer(rebasing: all[runStart..<index]), candidate: runStart, style: .doubleQuoted, tag: nil,
          at: start, anchor: nil)
      }
    }
    index += 1
  }

  /// Decodes the escape at `index` (its backslash), appending its UTF-8.
  private mutating func escape(into output: inout [UInt8]?) throws(LoadFailure) {
    let start = index
    guard index + 1 < bytes.count else { throw failure("unterminated string; add the closing '\"'", at: start) }
    let code = bytes[index + 1]
    index += 2
    let simple: UInt8? =
      switch code {
      case UInt8(ascii: "\""): 0x22
      case UInt8(ascii: "\\"): 0x5C
      case UInt8(ascii: "/"): 0x2F
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      output?.append(simple)
      return
    }
    guard code == UInt8(ascii: "u") else {
      let shown = code < 0x80 ? String(UnicodeScalar(code)) : "?"
      throw failure(
        "'\\\(shown)' is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: start)
    }
    var scalar = try hexQuad(escapeStart: start)
    if (0xDC00...0xDFFF).contains(scalar) {
      throw failure("'\\u\(hexWord(scalar))' is a low surrogate with no high surrogate before it", at: start)
    }
    if (0xD800...0xDBFF).contains(scalar) {
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw failure("'\\u\(hexWord(scalar))' is a high surrogate with no low surrogate after it", at: start)
      }
      let lowStart = index
      index += 2
      let low = try hexQuad(escapeStart: lowStart)
      guard (0xDC00...0xDFFF).contains(low) else {
        throw failure("'\\u\(hexWord(scalar))' is a high surrogate with no low surrogate after it", at: start)
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else {
      throw LoadFailure(diagnostic: .internalError("an escape decoded to no scalar", at: location(start)))
    }
    output?.append(contentsOf: String(unicode).utf8)
  }

  private mutating func hexQuad(escapeStart: Int) throws(LoadFailure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw failure("'\\u' must be followed by four hexadecimal digits", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: Messages

  private func valueProblem(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "'"): "single quotes are not JSON; use double quotes"
    case UInt8(ascii: "/"), UInt8(ascii: "#"): "comments are not allowed in JSON"
    case UInt8(ascii: "}"), UInt8(ascii: ","): "expected a JSON value"
    case UInt8(ascii: "+"): "a JSON number cannot start with '+'"
    case UInt8(ascii: "."): "a JSON number needs a digit before '.'"
    default: "expected a JSON value"
    }
  }

  private func keyProblem(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "'"): "single quotes are not JSON; object keys take double quotes"
    case UInt8(ascii: "/"), UInt8(ascii: "#"): "comments are not allowed in JSON"
    case _ where isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$"):
      "object keys must be strings in double quotes"
    default: "expected an object key in double quotes"
    }
  }

  // MARK: Bytes

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index - start
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  private func hexWord(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private func location(_ offset: Int) -> SourceLocation { source.location(ofByteOffset: offset) }

  private func failure(_ message: String, at offset: Int? = nil) -> LoadFailure {
    LoadFailure(diagnostic: .jsonSyntax(message, at: location(offset ?? index)))
  }
}
