/// Whether text is a Swift expression on one line, as far as its form goes: what `{ swift: … }` may
/// write besides a member path. Operands (names, implicit members `.main`, numbers, string literals,
/// `true`, `false`, `nil`, parenthesized and bracketed lists with labels, closures), their postfix
/// parts (`.member`, calls, subscripts, `!`, `?`, a trailing closure), Swift's prefix operators and its
/// standard infix operators, `as`, `as?`, `as!`, `is`, `try` and the ternary. Types and names are left
/// to the Swift compiler, which checks the expression at the graph file's line; the form is checked
/// here, so `convert from snake case` or `a..b` is an error when the file is read.
enum SwiftExpressionGrammar {
  static func isExpression(_ text: String) -> Bool {
    guard !text.contains("\n"), !text.contains("\r"), let tokens = tokens(of: text), !tokens.isEmpty else {
      return false
    }
    var parser = Parser(tokens: tokens)
    return parser.expression() && parser.index == tokens.count
  }

  enum Token: Equatable {
    case name(String)
    case number(String)
    case string
    case `operator`(String)
    case open(Character)
    case close(Character)
    case comma, colon, dot
  }

  /// The tokens of `text`, or nil where a literal or a bracket is not closed.
  static func tokens(of text: String) -> [Token]? {
    var tokens: [Token] = []
    let characters = Array(text)
    var index = 0
    var depth: [Character] = []
    let operatorCharacters = Set("+-*/%=<>!&|^~?")
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" {
        index += 1
      } else if character == "\"" {
        guard let end = stringEnd(characters, from: index) else { return nil }
        tokens.append(.string)
        index = end
      } else if character.isLetter || character == "_" || character == "`" || character == "$" || character == "#" {
        guard let end = nameEnd(characters, from: index) else { return nil }
        tokens.append(.name(String(characters[index..<end])))
        index = end
      } else if character.isNumber {
        let end = numberEnd(characters, from: index)
        tokens.append(.number(String(characters[index..<end])))
        index = end
      } else if "([{".contains(character) {
        depth.append(character)
        tokens.append(.open(character))
        index += 1
      } else if ")]}".contains(character) {
        let partner: Character = character == ")" ? "(" : character == "]" ? "[" : "{"
        guard depth.popLast() == partner else { return nil }
        tokens.append(.close(character))
        index += 1
      } else if character == "," {
        tokens.append(.comma)
        index += 1
      } else if character == ":" {
        tokens.append(.colon)
        index += 1
      } else if character == "." {
        var end = index + 1
        while end < characters.count, characters[end] == "." || characters[end] == "<" { end += 1 }
        tokens.append(end == index + 1 ? .dot : .operator(String(characters[index..<end])))
        index = end
      } else if operatorCharacters.contains(character) {
        var end = index + 1
        while end < characters.count, operatorCharacters.contains(characters[end]) { end += 1 }
        // An operator with a space before it is infix (or prefix), never a postfix `!` or `?`.
        let spaced = index > 0 && characters[index - 1] == " "
        tokens.append(.operator((spaced ? " " : "") + String(characters[index..<end])))
        index = end
      } else if character == "\\" {
        // A key path: `\.name`, `\Type.name`.
        tokens.append(.operator("\\"))
        index += 1
      } else {
        return nil
      }
    }
    return depth.isEmpty ? tokens : nil
  }

  /// The index after the string literal opening at `start`, its escapes and interpolations skipped
  /// whole; nil where it is not closed.
  private static func stringEnd(_ characters: [Character], from start: Int) -> Int? {
    var index = start + 1
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "\"" { return index + 1 }
      index += 1
    }
    return nil
  }

  /// The index after the name starting at `start` (`` `default` `` whole); nil where a backquote is
  /// not closed.
  private static func nameEnd(_ characters: [Character], from start: Int) -> Int? {
    var end = start + 1
    if characters[start] == "`" {
      while end < characters.count, characters[end] != "`" { end += 1 }
      return end < characters.count ? end + 1 : nil
    }
    while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
      end += 1
    }
    return end
  }

  /// The index after the number literal starting at `start`: digits, `_`, a fraction, an exponent
  /// with its sign (not in a hexadecimal's digits), a radix prefix.
  private static func numberEnd(_ characters: [Character], from start: Int) -> Int {
    var end = start + 1
    while end < characters.count,
      characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
        || (characters[end] == "." && end + 1 < characters.count && characters[end + 1].isNumber)
        || ((characters[end] == "-" || characters[end] == "+") && "eEpP".contains(characters[end - 1])
          && !String(characters[start..<end]).hasPrefix("0x"))
    {
      end += 1
    }
    return end
  }

  struct Parser {
    let tokens: [Token]
    var index = 0
    /// How deep the expressions being read nest; past ``maximumDepth`` the text is not read (no
    /// Swift value nests so, and a hostile one must not exhaust the stack).
    var depth = 0
    static let maximumDepth = 64

    static let infix: Set<String> = [
      "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "??", "...", "..<", "&", "|", "^",
      "<<", ">>", "===", "!==", "&+", "&-", "&*", "~=",
    ]
    static let prefix: Set<String> = ["-", "!", "~", "\\", "..<", "..."]

    func peek(_ offset: Int = 0) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }

    /// An operator's text without the space that marks it spaced.
    static func bare(_ name: String) -> String { name.hasPrefix(" ") ? String(name.dropFirst()) : name }

    /// `operand (infix operand | as Type | is Type | ? expression : expression)*`.
    mutating func expression() -> Bool {
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.maximumDepth, operand() else { return false }
      while let token = peek() {
        switch token {
        case .operator(let name) where Self.infix.contains(Self.bare(name)):
          index += 1
          guard operand() else { return false }
        case .operator(" ?"):
          index += 1
          guard expression(), peek() == .colon else { return false }
          index += 1
          guard expression() else { return false }
        case .name("as"), .name("is"):
          index += 1
          if case .operator(let mark)? = peek(), mark == "?" || mark == "!" { index += 1 }
          guard type() else { return false }
        default: return true
        }
      }
      return true
    }

    /// `try`, `await`, a prefix operator, then a primary and its postfix parts.
    mutating func operand() -> Bool {
      while case .name(let word)? = peek(), word == "try" || word == "await" {
        index += 1
        if case .operator(let mark)? = peek(), mark == "?" || mark == "!" { index += 1 }
      }
      if case .operator(let name)? = peek(), Self.prefix.contains(Self.bare(name)) { index += 1 }
      guard primary() else { return false }
      return postfix()
    }

    mutating func primary() -> Bool {
      guard let token = peek() else { return false }
      switch token {
      case .name(let name):
        index += 1
        return !["as", "is", "try", "await", "in"].contains(name) || name.hasPrefix("`")
      case .number(let text):
        index += 1
        return SwiftValueExpression.isNumberLiteral(text)
      case .string:
        index += 1
        return true
      case .dot:
        // An implicit member: `.main`, `.init(…)`.
        guard case .name? = peek(1) else { return false }
        index += 2
        return true
      case .open("("), .open("["):
        return list()
      case .open("{"):
        return closure()
      default:
        return false
      }
    }

    /// `.member`, `(arguments)`, `[subscript]`, `!`, `?`, a trailing closure, generic arguments.
    mutating func postfix() -> Bool {
      while let token = peek() {
        switch token {
        case .dot:
          guard case .name? = peek(1) else {
            if case .number? = peek(1) {  // a tuple element: `pair.0`
              index += 2
              continue
            }
            return false
          }
          index += 2
        case .open("("), .open("["):
          guard list() else { return false }
        case .open("{"):
          guard closure() else { return false }
        case .operator(let mark) where !mark.hasPrefix(" ") && mark.allSatisfy({ $0 == "!" || $0 == "?" }):
          // `x!`, `x?.y`: a postfix mark directly after its operand.
          index += 1
        default:
          return true
        }
      }
      return true
    }

    /// A parenthesized or bracketed list: items with an optional label (`string:`), or a
    /// dictionary's pairs; empty, or `[:]`.
    mutating func list() -> Bool {
      guard case .open(let open)? = peek() else { return false }
      let close: Character = open == "(" ? ")" : "]"
      index += 1
      if peek() == .close(close) {
        index += 1
        return true
      }
      if open == "[", peek() == .colon, peek(1) == .close("]") {
        index += 2
        return true
      }
      while true {
        if case .name? = peek(), peek(1) == .colon { index += 2 }
        guard expression() else { return false }
        if open == "[", peek() == .colon {
          index += 1
          guard expression() else { return false }
        }
        if peek() == .comma {
          index += 1
          continue
        }
        guard peek() == .close(close) else { return false }
        index += 1
        return true
      }
    }

    /// A closure: its brackets are balanced (the tokens say so); its body is Swift's to check.
    mutating func closure() -> Bool {
      var depth = 0
      while let token = peek() {
        index += 1
        if token == .open("{") { depth += 1 }
        if token == .close("}") {
          depth -= 1
          if depth == 0 { return true }
        }
      }
      return false
    }

    /// A type after `as` or `is`: names, dots, generic arguments, `?`, `!`, brackets.
    mutating func type() -> Bool {
      var read = false
      var angle = 0
      while let token = peek() {
        switch token {
        case .name, .dot:
          index += 1
          read = true
        case .operator(let name) where !name.hasPrefix(" ") && name.allSatisfy({ "<>?!".contains($0) }):
          angle += name.filter { $0 == "<" }.count - name.filter { $0 == ">" }.count
          index += 1
        case .open("["):
          guard list() else { return false }
          read = true
        case .comma where angle > 0:
          index += 1
        default:
          return read
        }
      }
      return read
    }
  }
}
