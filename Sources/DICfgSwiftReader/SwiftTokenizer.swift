/// One token of a Swift source file: its kind, its bytes, whether a line break precedes it, and,
/// for a bracket, the index of the bracket that closes or opens it.
package struct SwiftToken: Sendable {
  package enum Kind: UInt8, Sendable {
    /// A name or keyword, `$0`, or a name in backticks.
    case identifier
    case number
    /// A string literal of any kind, interpolations included.
    case string
    case regex
    /// `#` and a name: `#if`, `#endif`, `#warning`, `#Preview`.
    case pound
    /// A run of operator characters (`->`, `?`, `==`, `...`), or a `.`.
    case `operator`
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon, at, backslash
    /// A character Swift does not allow outside a literal.
    case invalid
  }

  package var kind: Kind
  package var start: Int
  package var end: Int
  package var newlineBefore: Bool
  /// For a bracket: the index of its partner, or the token count where it has none.
  package var match: Int = -1
}

/// Splits Swift source into tokens, skipping comments and whitespace, and reads every literal
/// whole: strings (multi-line, raw, interpolated to any depth up to a limit), regex literals
/// (`/…/` where an expression starts, `#/…/#`), numbers and names in backticks. Brackets are
/// paired. The first thing that is not Swift (an unterminated literal or comment, an unpaired
/// bracket, a stray character) is kept as `firstError`; tokenizing goes on after it.
package struct SwiftTokenizer {
  package let bytes: [UInt8]
  package private(set) var tokens: [SwiftToken] = []
  /// The offset of the first error, if any: an unterminated literal or comment, or a stray
  /// character, before any bracket error (which such a literal causes).
  package var firstError: Int? { lexicalError ?? bracketError }
  private var lexicalError: Int?
  private var bracketError: Int?
  private var position = 0
  private var newline = true

  /// How deep string interpolations may nest before the file is taken as unreadable.
  static let maxInterpolationDepth = 32

  package init(bytes: [UInt8]) {
    self.bytes = bytes
    tokens.reserveCapacity(bytes.count / 4)
    run()
    pairBrackets()
  }

  private mutating func fail(at offset: Int) {
    lexicalError = min(lexicalError ?? offset, offset)
  }

  private mutating func failBracket(at offset: Int) {
    bracketError = min(bracketError ?? offset, offset)
  }

  private func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

  private mutating func add(_ kind: SwiftToken.Kind, from start: Int) {
    tokens.append(SwiftToken(kind: kind, start: start, end: position, newlineBefore: newline))
    newline = false
  }

  private mutating func run() {
    // A byte-order mark and a `#!` line are not tokens.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    if byte(position) == UInt8(ascii: "#") && byte(position + 1) == UInt8(ascii: "!") { skipLine() }
    while position < bytes.count {
      let start = position
      let c = bytes[position]
      switch c {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
        position += 1
      case UInt8(ascii: "\n"):
        newline = true
        position += 1
      case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "/"):
        skipLine()
      case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "`"):
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "`"), bytes[position] != UInt8(ascii: "\n") {
          position += 1
        }
        if byte(position) == UInt8(ascii: "`") && position > start + 1 {
          position += 1
        } else {
          fail(at: start)
        }
        add(.identifier, from: start)
      case UInt8(ascii: "\""):
        if !skipString(hashes: 0, depth: 0) { fail(at: start) }
        add(.string, from: start)
      case UInt8(ascii: "#"):
        lexPound(from: start)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber()
        add(.number, from: start)
      case UInt8(ascii: "("): single(.leftParen)
      case UInt8(ascii: ")"): single(.rightParen)
      case UInt8(ascii: "["): single(.leftBracket)
      case UInt8(ascii: "]"): single(.rightBracket)
      case UInt8(ascii: "{"): single(.leftBrace)
      case UInt8(ascii: "}"): single(.rightBrace)
      case UInt8(ascii: ","): single(.comma)
      case UInt8(ascii: ":"): single(.colon)
      case UInt8(ascii: ";"): single(.semicolon)
      case UInt8(ascii: "@"): single(.at)
      case UInt8(ascii: "\\"): single(.backslash)
      case UInt8(ascii: "."):
        // An operator containing a dot starts with one: `.`, `...`, `..<`.
        position += 1
        if byte(position) == UInt8(ascii: ".") {
          while position < bytes.count, Self.isOperator(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            if startsComment(at: position) { break }
            position += 1
          }
        }
        add(.operator, from: start)
      default:
        if c == UInt8(ascii: "/") && regexMayStart() && skipBareRegex() {
          add(.regex, from: start)
        } else if Self.isOperator(c) {
          position += 1
          while position < bytes.count, Self.isOperator(bytes[position]), !startsComment(at: position) { position += 1 }
          add(.operator, from: start)
        } else if Self.isIdentifierStart(c) {
          lexName(.identifier, from: start)
        } else {
          invalid(from: start)
        }
      }
    }
  }

  /// A name, from its first character (or the `#` before it) on.
  private mutating func lexName(_ kind: SwiftToken.Kind, from start: Int) {
    position += 1
    while position < bytes.count, Self.isIdentifierBody(bytes[position]) { position += 1 }
    add(kind, from: start)
  }

  /// A character Swift does not allow here: an error, and a token of its own.
  private mutating func invalid(from start: Int) {
    position += 1
    fail(at: start)
    add(.invalid, from: start)
  }

  private mutating func single(_ kind: SwiftToken.Kind) {
    let start = position
    position += 1
    add(kind, from: start)
  }

  private func startsComment(at offset: Int) -> Bool {
    bytes[offset] == UInt8(ascii: "/")
      && (byte(offset + 1) == UInt8(ascii: "/") || byte(offset + 1) == UInt8(ascii: "*"))
  }

  private mutating func skipLine() {
    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
  }

  /// A block comment, nested ones inside it included.
  private mutating func skipBlockComment() {
    let start = position
    var depth = 0
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/") && byte(position + 1) == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if bytes[position] == UInt8(ascii: "*") && byte(position + 1) == UInt8(ascii: "/") {
        depth -= 1
        position += 2
        if depth == 0 { return }
      } else {
        if bytes[position] == UInt8(ascii: "\n") { newline = true }
        position += 1
      }
    }
    fail(at: start)
  }

  /// `#` and what follows it: a raw string, an extended regex literal, a directive or macro, or
  /// a stray `#`.
  private mutating func lexPound(from start: Int) {
    var hashes = 0
    while byte(position + hashes) == UInt8(ascii: "#") { hashes += 1 }
    let next = byte(position + hashes)
    if next == UInt8(ascii: "\"") {
      position += hashes
      if !skipString(hashes: hashes, depth: 0) { fail(at: start) }
      add(.string, from: start)
    } else if next == UInt8(ascii: "/") {
      position += hashes
      if !skipExtendedRegex(hashes: hashes) { fail(at: start) }
      add(.regex, from: start)
    } else if hashes == 1 && Self.isIdentifierStart(next) {
      lexName(.pound, from: start)
    } else {
      invalid(from: start)
    }
  }

  private mutating func lexNumber() {
    while position < bytes.count {
      let c = bytes[position]
      if Self.isIdentifierBody(c) && c < 0x80 {
        position += 1
        // An exponent's sign: `1e-3`, `0x1p+4`.
        if (c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "p") || c == UInt8(ascii: "P")),
          byte(position) == UInt8(ascii: "-") || byte(position) == UInt8(ascii: "+"),
          Self.isDigit(byte(position + 1))
        {
          position += 1
        }
      } else if c == UInt8(ascii: "."), Self.isDigit(byte(position + 1)) {
        position += 1
      } else {
        return
      }
    }
  }

  /// A string literal from its opening quote (after any `#`s): single-line or multi-line, raw
  /// when `hashes` > 0, with interpolations read to their closing parenthesis. False where it is
  /// not closed.
  private mutating func skipString(hashes: Int, depth: Int) -> Bool {
    var multiline = byte(position + 1) == UInt8(ascii: "\"") && byte(position + 2) == UInt8(ascii: "\"")
    // A raw string's `"""` opens a multi-line string only where the line ends after it: `#"""#`
    // is a single-line raw string holding one quote.
    if multiline && hashes > 0 { multiline = lineEnds(after: position + 3) }
    position += multiline ? 3 : 1
    while position < bytes.count {
      let c = bytes[position]
      if c == UInt8(ascii: "\\") && hashesFollow(position + 1, hashes) {
        position += 1 + hashes
        if byte(position) == UInt8(ascii: "(") {
          position += 1
          if !skipInterpolation(depth: depth + 1) { return false }
        } else if position < bytes.count {
          if bytes[position] == UInt8(ascii: "\n") { newline = true }
          position += 1
        }
        continue
      }
      if c == UInt8(ascii: "\"") {
        if multiline {
          if byte(position + 1) == UInt8(ascii: "\"") && byte(position + 2) == UInt8(ascii: "\"")
            && hashesFollow(position + 3, hashes)
          {
            position += 3 + hashes
            return true
          }
        } else if hashesFollow(position + 1, hashes) {
          position += 1 + hashes
          return true
        }
        position += 1
        continue
      }
      if c == UInt8(ascii: "\n") {
        if !multiline { return false }
        newline = true
      }
      position += 1
    }
    return false
  }

  /// Whether only spaces and tabs stand between `offset` and the end of its line.
  private func lineEnds(after offset: Int) -> Bool {
    var probe = offset
    while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") { probe += 1 }
    return probe >= bytes.count || bytes[probe] == UInt8(ascii: "\n") || bytes[probe] == UInt8(ascii: "\r")
  }

  private func hashesFollow(_ offset: Int, _ count: Int) -> Bool {
    guard count > 0 else { return true }
    guard offset + count <= bytes.count else { return false }
    for index in offset..<(offset + count) where bytes[index] != UInt8(ascii: "#") { return false }
    return true
  }

  /// The expression of an interpolation, to its closing parenthesis: strings and comments inside
  /// it are read whole, brackets counted.
  private mutating func skipInterpolation(depth: Int) -> Bool {
    guard depth <= Self.maxInterpolationDepth else { return false }
    var parentheses = 1
    while position < bytes.count {
      let c = bytes[position]
      switch c {
      case UInt8(ascii: "("):
        parentheses += 1
        position += 1
      case UInt8(ascii: ")"):
        parentheses -= 1
        position += 1
        if parentheses == 0 { return true }
      case UInt8(ascii: "\""):
        if !skipString(hashes: 0, depth: depth) { return false }
      case UInt8(ascii: "#"):
        var hashes = 0
        while byte(position + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if byte(position + hashes) == UInt8(ascii: "\"") {
          position += hashes
          if !skipString(hashes: hashes, depth: depth) { return false }
        } else {
          position += hashes
        }
      case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "/"):
        skipLine()
      case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
        let before = firstError
        skipBlockComment()
        if firstError != before { return false }
      case UInt8(ascii: "\n"):
        newline = true
        position += 1
      default:
        position += 1
      }
    }
    return false
  }

  /// Whether a `/` here starts an expression: after an operator, an opening bracket, a comma or
  /// colon, a keyword that takes an expression, or at the start of the file; not after a value.
  private func regexMayStart() -> Bool {
    let next = byte(position + 1)
    if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n") || next == 0 {
      return false
    }
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .number, .string, .regex, .rightParen, .rightBracket, .rightBrace:
      return false
    case .identifier:
      let keywords: [String] = [
        "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else",
      ]
      return keywords.contains { text(previous) == $0 }
    default:
      return true
    }
  }

  /// A `/…/` regex on one line, escapes inside it; false (nothing read) where the line does not
  /// close it, so the slash is an operator. As in Swift, the first unescaped `/` closes it, in a
  /// character class too.
  private mutating func skipBareRegex() -> Bool {
    var offset = position + 1
    while offset < bytes.count {
      let c = bytes[offset]
      if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { return false }
      if c == UInt8(ascii: "\\") {
        offset += 2
        continue
      }
      if c == UInt8(ascii: "/") {
        // A regex does not end in a space: `a /b/ c` reads as two divisions otherwise.
        if bytes[offset - 1] == UInt8(ascii: " ") { return false }
        position = offset + 1
        return true
      }
      offset += 1
    }
    return false
  }

  /// `#/…/#` (any number of `#`s), over several lines where it starts one.
  private mutating func skipExtendedRegex(hashes: Int) -> Bool {
    position += 1
    while position < bytes.count {
      let c = bytes[position]
      if c == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if c == UInt8(ascii: "/") && hashesFollow(position + 1, hashes) {
        position += 1 + hashes
        return true
      }
      if c == UInt8(ascii: "\n") { newline = true }
      position += 1
    }
    position = bytes.count
    return false
  }

  /// Pairs every bracket with its partner; a closing bracket without one, or an opening one left
  /// open, is an error.
  private mutating func pairBrackets() {
    var open: [Int] = []
    // How many of each kind are open (parentheses, brackets, braces), so a stray closing bracket
    // is known without a search.
    var openCount = [0, 0, 0]
    func slot(_ kind: SwiftToken.Kind) -> Int { kind == .leftParen ? 0 : kind == .leftBracket ? 1 : 2 }
    for index in tokens.indices {
      let kind = tokens[index].kind
      switch kind {
      case .leftParen, .leftBracket, .leftBrace:
        open.append(index)
        openCount[slot(kind)] += 1
      case .rightParen, .rightBracket, .rightBrace:
        let opening: SwiftToken.Kind =
          switch kind {
          case .rightParen: .leftParen
          case .rightBracket: .leftBracket
          default: .leftBrace
          }
        guard let last = open.last, openCount[slot(opening)] > 0 else {
          // A stray closing bracket stands alone.
          failBracket(at: tokens[index].start)
          continue
        }
        if tokens[last].kind != opening { failBracket(at: tokens[index].start) }
        // It closes its partner and whatever was left open inside it.
        while let inner = open.popLast() {
          openCount[slot(tokens[inner].kind)] -= 1
          tokens[inner].match = index
          if tokens[inner].kind == opening {
            tokens[index].match = inner
            break
          }
        }
      default:
        break
      }
    }
    // Where brackets are left open at the end, the innermost one is where the text stops making sense.
    if let innermost = open.last { failBracket(at: tokens[innermost].start) }
    for unclosed in open { tokens[unclosed].match = tokens.count }
  }

  func text(_ token: SwiftToken) -> String {
    String(decoding: bytes[token.start..<token.end], as: UTF8.self)
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

  static func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
  }

  static func isIdentifierBody(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

  static func isOperator(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
      UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
      true
    default: false
    }
  }
}
