import DICfgCore

/// Checks that a file is UTF-8 text a graph file may hold, before any parser sees it.
///
/// libyaml reports encoding problems at the start of the file with only a byte offset; this
/// check finds the first bad byte itself and gives its line and column. YAML files may hold only
/// YAML's printable characters (tab, line breaks, and no other C0 or C1 control character, no
/// DEL, no U+FFFE or U+FFFF); JSON files may hold any UTF-8 but NUL, since the JSON parser
/// reports control characters as the syntax errors they are.
struct EncodingCheck {
  /// What the check found.
  struct Result {
    /// The first problem, if any.
    var problem: Diagnostic?
    /// Whether every byte after the byte-order mark is ASCII, so character indices are byte offsets.
    var isASCII: Bool
    /// Whether the file holds NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR, which libyaml counts as
    /// line breaks in some places and dicfg never does.
    var hasUnicodeLineBreaks = false
  }

  static func check(_ source: SourceFile, format: SourceFormat) -> Result {
    let bytes = source.bytes
    if let wideEncoding = wideEncodingName(bytes) {
      return Result(
        problem: .error(
          .invalidEncoding,
          "file is \(wideEncoding), not UTF-8; save it as UTF-8", at: source.location(ofByteOffset: 0)),
        isASCII: false)
    }
    let start = source.contentStart
    var index = start
    let count = bytes.count
    var isASCII = true
    var hasUnicodeLineBreaks = false
    while index < count {
      // Printable ASCII and line feeds, most of any file, skip every other test.
      index = bytes.withUnsafeBufferPointer { buffer in
        var position = index
        while position < count {
          if position + 8 <= count, let base = buffer.baseAddress {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            if Self.isPrintableASCII(word) {
              position += 8
              continue
            }
          }
          guard (0x20..<0x7F).contains(buffer[position]) || buffer[position] == 0x0A else { break }
          position += 1
        }
        return position
      }
      guard index < count else { break }
      let byte = bytes[index]
      if byte < 0x80 {
        if let problem = asciiProblem(byte, format: format) {
          return Result(problem: diagnostic(problem, source, index), isASCII: false)
        }
        index += 1
        continue
      }
      isASCII = false
      switch decodeScalar(bytes, at: index) {
      case .invalid(let reason):
        let message = "invalid UTF-8 byte 0x\(hexByte(byte)) (\(reason)); save the file as UTF-8"
        return Result(problem: diagnostic(message, source, index), isASCII: false)
      case .scalar(let value, let length):
        if format == .yaml, let problem = yamlScalarProblem(value) {
          return Result(problem: diagnostic(problem, source, index), isASCII: false)
        }
        if value == 0x85 || value == 0x2028 || value == 0x2029 { hasUnicodeLineBreaks = true }
        index += length
      }
    }
    return Result(problem: nil, isASCII: isASCII, hasUnicodeLineBreaks: hasUnicodeLineBreaks)
  }

  /// Whether all eight bytes of `word` are printable ASCII (0x20 to 0x7E).
  @inline(__always)
  private static func isPrintableASCII(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    guard word & high == 0 else { return false }
    let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & high
    let delete = word ^ 0x7F7F_7F7F_7F7F_7F7F
    let hasDelete = (delete &- 0x0101_0101_0101_0101) & ~delete & high
    return belowSpace == 0 && hasDelete == 0
  }

  private static func diagnostic(_ message: String, _ source: SourceFile, _ offset: Int) -> Diagnostic {
    .error(.invalidEncoding, message, at: source.location(ofByteOffset: offset))
  }

  private static func asciiProblem(_ byte: UInt8, format: SourceFormat) -> String? {
    if byte == 0 { return "NUL byte in the file; a graph file is text, remove it" }
    guard format == .yaml else { return nil }
    switch byte {
    case 0x09, 0x0A, 0x0D: return nil
    case 0x01..<0x20, 0x7F:
      return hexScalar(UInt32(byte)) + " is a control character a YAML file cannot hold; "
        + "remove it, or write it as an escape in a double-quoted string"
    default: return nil
    }
  }

  private static func yamlScalarProblem(_ value: UInt32) -> String? {
    switch value {
    case 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return nil
    default:
      return hexScalar(value) + " is a character a YAML file cannot hold; "
        + "remove it, or write it as an escape in a double-quoted string"
    }
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  private static func hexScalar(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private enum Decoded {
    case scalar(UInt32, length: Int)
    case invalid(String)
  }

  /// Decodes one multi-byte UTF-8 sequence strictly (no overlong forms, no surrogates, nothing
  /// past U+10FFFF).
  private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> Decoded {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    case 0x80...0xBF: return .invalid("a continuation byte with no lead byte")
    default: return .invalid("a byte that never occurs in UTF-8")
    }
    guard index + length <= bytes.count else { return .invalid("a sequence cut off by the end of the file") }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return .invalid("a sequence cut short") }
      value = value << 6 | UInt32(next & 0x3F)
    }
    switch (length, value) {
    case (3, ..<0x800), (4, ..<0x10000): return .invalid("an overlong encoding")
    case (3, 0xD800...0xDFFF): return .invalid("an encoded UTF-16 surrogate")
    case (4, 0x110000...): return .invalid("a code point past U+10FFFF")
    default: return .scalar(value, length: length)
    }
  }

  /// Names UTF-16 and UTF-32 files by their byte-order mark or their zero bytes.
  private static func wideEncodingName(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    guard bytes.count >= 4 else { return nil }
    switch (bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0) {
    case (true, true, true, _), (_, true, true, true): return "UTF-32"
    case (true, _, true, _), (_, true, _, true): return "UTF-16"
    default: return nil
    }
  }
}
