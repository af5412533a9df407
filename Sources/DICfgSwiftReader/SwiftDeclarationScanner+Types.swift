import DICfgCore
import DICfgSwiftModel

// Types, their generic parameters and inheritance, and their initializers.
extension SwiftDeclarationScanner {
  // MARK: Types

  mutating func scanType(
    _ kind: SwiftType.Kind, _ declaration: Declaration, at keyword: Int, _ end: Int, owner: Int?, depth: Int
  ) -> Int {
    var index = keyword + 1
    let name: String
    var generics: [String] = []
    if kind == .extension {
      guard let (type, next) = readType(from: index, end, stopAtAssignment: false) else {
        fail(at: index)
        return skipItem(from: keyword, to: end)
      }
      (name, index) = (type, next)
    } else {
      guard index < end, tokens[index].kind == .identifier else {
        fail(at: index)
        return skipItem(from: keyword, to: end)
      }
      name = text(index)
      index += 1
      if index < end, tokens[index].kind == .operator, text(index).hasPrefix("<") {
        let close = skipAngles(from: index, end)
        // A protocol's `<Element>` names its primary associated types, not generic parameters.
        if kind != .protocol { generics = genericParameterNames(from: index, to: close) }
        index = close
      }
    }
    var inherited: [String] = []
    if index < end, tokens[index].kind == .colon {
      index += 1
      while let (type, next) = readType(from: index, end, stopAtAssignment: false) {
        inherited.append(type)
        index = next
        guard index < end, tokens[index].kind == .comma else { break }
        index += 1
      }
    }
    if isWord(index, "where") {
      while index < end, tokens[index].kind != .leftBrace { index = step(index, end) }
    }
    guard index < end, tokens[index].kind == .leftBrace else {
      fail(at: index)
      return skipItem(from: keyword, to: end)
    }
    let close = tokens[index].match
    let qualified = owner.map { types[$0].name + "." + name } ?? name
    let position = types.count
    types.append(
      ReadType(
        name: qualified, kind: kind, location: location(of: declaration.start), inherited: inherited,
        globalActor: declaration.globalActor, initializers: [], properties: [], stored: [],
        complete: !declaration.conditionalAttributes && !Self.mayAddMembers(declaration.attributes),
        isExtension: kind == .extension))
    types[position].access = declaration.access ?? .internal
    types[position].condition = openCondition
    types[position].genericParameters = generics
    // What the type's `@available` introduces holds for its members, and those of types inside it.
    typeIntroduced[position] = SwiftPlatforms.later(
      declaration.introduced, owner.flatMap { typeIntroduced[$0] } ?? [:])
    if depth < Self.maxNesting {
      scanItems(from: index + 1, to: min(close, end), owner: position, depth: depth + 1)
    } else {
      types[position].complete = false
    }
    return min(close + 1, end)
  }

  /// Whether an attribute may be a macro that adds initializers or properties.
  static func mayAddMembers(_ attributes: [String]) -> Bool {
    attributes.contains { !$0.hasPrefix("_") && !SwiftDeclarationReader.knownAttributes.contains($0) }
  }

  /// Steps over `<…>` from the token that opens it (`<`, or an operator run holding it, as in
  /// `init?<T>`), counting the angles of operator runs (`>>` closes two) and not `->`.
  func skipAngles(from index: Int, _ end: Int) -> Int {
    var depth = 0
    var probe = index
    while probe < end {
      if tokens[probe].kind == .operator {
        depth += angleChange(probe)
        probe += 1
        if depth <= 0 { return probe }
      } else if [.leftBrace, .rightBrace, .semicolon].contains(tokens[probe].kind) {
        return probe
      } else {
        probe = step(probe, end)
      }
    }
    return probe
  }

  /// The names a generic parameter clause `<…>` from `index` to `close` declares: each name at its
  /// first depth after the `<` or a comma (`S` and `T` of `<S: Store<Int>, T>`).
  func genericParameterNames(from index: Int, to close: Int) -> [String] {
    var names: [String] = []
    var depth = 0
    var expectsName = false
    for probe in index..<close {
      if tokens[probe].kind == .operator {
        depth += angleChange(probe)
        expectsName = depth == 1 && text(probe).hasSuffix("<")
      } else if tokens[probe].kind == .comma {
        expectsName = depth == 1
      } else if expectsName, tokens[probe].kind == .identifier, text(probe) == "each" {
        continue  // a parameter pack's `each T`: the name follows
      } else {
        if expectsName, tokens[probe].kind == .identifier { names.append(text(probe)) }
        expectsName = false
      }
    }
    return names
  }

  func angleChange(_ index: Int) -> Int {
    var change = 0
    var previous: UInt8 = 0
    for offset in tokens[index].start..<tokens[index].end {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "<") { change += 1 }
      if byte == UInt8(ascii: ">") && previous != UInt8(ascii: "-") { change -= 1 }
      previous = byte
    }
    return change
  }

  /// The token after the one at `index` in an expression: past its brackets, and past a generic
  /// argument clause (`PassthroughSubject<Event, Never>()`), whose commas separate no expressions.
  func stepExpression(_ index: Int, _ end: Int) -> Int {
    if index > 0, let close = genericArgumentsEnd(at: index, end) { return close + 1 }
    return step(index, end)
  }

  /// Where the generic argument clause that opens at `index` closes, as Swift's parser decides in an
  /// expression: a `<` right after a name, then types (names, `.`, `,`, `?`, `!`, `&`, `->`,
  /// `...`, brackets) to the matching `>`, followed by what may follow a type in an expression;
  /// nil where `<` is a comparison.
  func genericArgumentsEnd(at index: Int, _ end: Int) -> Int? {
    guard tokens[index].kind == .operator, text(index) == "<", adjacent(index - 1, index),
      tokens[index - 1].kind == .identifier || tokens[index - 1].kind == .operator && text(index - 1).hasSuffix(">")
    else { return nil }
    var depth = 1
    var probe = index + 1
    while probe < end {
      switch tokens[probe].kind {
      case .identifier, .comma, .colon: probe += 1
      case .leftBracket, .leftParen: probe = step(probe, end)
      case .operator:
        let spelling = text(probe)
        if spelling == "->" || spelling == "..." {
          probe += 1
          continue
        }
        guard spelling.allSatisfy({ "<>?!.&".contains($0) }) else { return nil }
        depth += angleChange(probe)
        if depth < 0 { return nil }
        if depth == 0 {
          // What follows the last `>` of the run is postfix: `Optional<Int>?.none`.
          guard spelling.contains(">"),
            spelling.reversed().prefix(while: { $0 != ">" }).allSatisfy({ $0 == "?" || $0 == "!" })
          else { return nil }
          return followsGenericArguments(probe + 1, end) ? probe : nil
        }
        probe += 1
      default: return nil
      }
    }
    return nil
  }

  /// Whether the token at `index` may follow a generic argument clause in an expression.
  func followsGenericArguments(_ index: Int, _ end: Int) -> Bool {
    guard index < end, !tokens[index].newlineBefore else { return true }
    switch tokens[index].kind {
    case .leftParen, .rightParen, .rightBracket, .leftBrace, .rightBrace, .comma, .semicolon, .colon: return true
    case .operator:
      let spelling = text(index)
      return adjacent(index - 1, index)
        && (spelling.hasPrefix(".") || spelling.hasPrefix("?") || spelling.hasPrefix("!"))
        || ["==", "!=", "===", "!=="].contains(spelling)
    default: return false
    }
  }

  /// A type as written, from `start` to a `,`, `{`, `where`, a line that starts a declaration, or
  /// (with `stopAtAssignment`) a `=`; its text and the token after it. Nil where no type starts.
  func readType(from start: Int, _ end: Int, stopAtAssignment: Bool) -> (String, Int)? {
    var probe = start
    var angles = 0
    var last = -1
    while probe < end {
      let token = tokens[probe]
      if [.leftBrace, .rightBrace, .semicolon].contains(token.kind) { break }
      if angles == 0 {
        if [.comma, .colon, .rightParen, .rightBracket].contains(token.kind) { break }
        if isWord(probe, "where") { break }
        if stopAtAssignment, token.kind == .operator, text(probe).hasPrefix("="), !text(probe).hasPrefix("==") { break }
        if probe > start && token.newlineBefore && isItemStart(probe, end) { break }
      }
      if token.kind == .operator { angles = max(0, angles + angleChange(probe)) }
      probe = step(probe, end)
      last = probe - 1
    }
    guard last >= start else { return nil }
    return (text(from: start, through: last), probe)
  }

  // MARK: Initializers

  mutating func scanInitializer(_ declaration: Declaration, at keyword: Int, _ end: Int, owner: Int) -> Int {
    var index = keyword + 1
    var failable = false
    var generics: [String] = []
    if index < end, tokens[index].kind == .operator, adjacent(keyword, index) {
      let spelling = text(index)
      failable = spelling.hasPrefix("?") || spelling.hasPrefix("!")
      let close = spelling.contains("<") ? skipAngles(from: index, end) : index + 1
      generics = genericParameterNames(from: index, to: close)
      index = close
    }
    guard index < end, tokens[index].kind == .leftParen else {
      fail(at: index)
      types[owner].complete = false
      return skipItem(from: keyword, to: end)
    }
    let close = min(tokens[index].match, end)
    guard let parameters = readParameters(from: index + 1, to: close) else {
      fail(at: index)
      types[owner].complete = false
      return skipItem(from: keyword, to: end)
    }
    index = min(close + 1, end)
    let (afterEffects, isAsync, isThrowing) = readEffects(from: index, end)
    index = skipWhereClause(from: afterEffects, end)
    if index < end, tokens[index].kind == .leftBrace { index = step(index, end) }
    if declaration.has("override") { types[owner].overridesInitializer = true }
    // The global actor of the type's declaration (or extension) isolates its initializers.
    let typeActor = types[owner].globalActor
    var initializer = SwiftInitializer(
      parameters: parameters, isThrowing: isThrowing, isAsync: isAsync, isFailable: failable,
      globalActor: declaration.has("nonisolated") ? nil : declaration.globalActor ?? typeActor,
      access: access(of: declaration, owner: owner), availability: declaration.availability,
      location: location(of: declaration.start))
    initializer.introduced = SwiftPlatforms.later(declaration.introduced, typeIntroduced[owner] ?? [:])
    initializer.genericParameters = generics
    types[owner].initializers.append(initializer)
    return index
  }
}
