public import DICfgCore
public import DICfgSwiftModel

/// One type's declaration or extension as one file declares it, before extensions are merged and
/// the initializers Swift writes are added: what a reader of Swift produces, and what the
/// differential test compares with swift-syntax's reading.
@_spi(DeclarationReads) public struct ReadType: Sendable, Hashable {
  public var name: String
  public var kind: SwiftType.Kind
  public var location: SourceLocation
  public var inherited: [String]
  public var globalActor: String?
  public var initializers: [SwiftInitializer]
  /// Its static and class methods.
  public var functions: [SwiftFunction] = []
  /// Its instance methods, a protocol's requirements among them.
  public var methods: [SwiftFunction] = []
  /// Its static and class properties.
  public var staticProperties: [SwiftProperty] = []
  /// An enum's cases, by name.
  public var cases: [String] = []
  /// Its generic parameters' names.
  public var genericParameters: [String] = []
  /// Its access level as written (`internal` where none is).
  public var access: SwiftAccess = .internal
  public var properties: [SwiftProperty]
  /// Stored properties, in order, for the memberwise initializer.
  public var stored: [StoredProperty]
  public var complete: Bool
  public var isExtension: Bool
  /// Whether it overrides an initializer of its superclass (`override init(frame:)`): a subclass of
  /// another module's class may then inherit that class's convenience initializers too.
  public var overridesInitializer = false
  /// The compilation condition of the `#if` clauses it is declared in (``SwiftType/condition``).
  public var condition: String?

  public init(
    name: String, kind: SwiftType.Kind, location: SourceLocation, inherited: [String], globalActor: String?,
    initializers: [SwiftInitializer] = [], properties: [SwiftProperty] = [], stored: [StoredProperty] = [],
    complete: Bool, isExtension: Bool
  ) {
    self.name = name
    self.kind = kind
    self.location = location
    self.inherited = inherited
    self.globalActor = globalActor
    self.initializers = initializers
    self.properties = properties
    self.stored = stored
    self.complete = complete
    self.isExtension = isExtension
  }
}

@_spi(DeclarationReads) public struct StoredProperty: Sendable, Hashable {
  public var name: String
  public var type: String?
  public var hasDefault: Bool
  public var isLet: Bool
  public var isPrivate: Bool
  public var isLazy: Bool
  public var isWrapped: Bool
  /// The property wrapper's type as the attribute names it (`Preference` of `@Preference`), where one
  /// wraps it: whether it gives the property a value without one written depends on that type.
  public var wrapper: String?

  public init(
    name: String, type: String?, hasDefault: Bool, isLet: Bool, isPrivate: Bool, isLazy: Bool, isWrapped: Bool,
    wrapper: String? = nil
  ) {
    self.name = name
    self.type = type
    self.hasDefault = hasDefault
    self.isLet = isLet
    self.isPrivate = isPrivate
    self.isLazy = isLazy
    self.isWrapped = isWrapped
    self.wrapper = wrapper
  }
}

/// One `#if` block where the scanner is: the conditions of the clauses before the one it is in,
/// and that clause's own (nil in `#else`).
struct ConditionalClause {
  var earlier: [String] = []
  var current: String?

  /// The condition where this clause holds: each earlier one false, its own true.
  var condition: String {
    (earlier.map { "!(\($0))" } + (current.map { [$0] } ?? [])).joined(separator: " && ")
  }

  /// Steps to the next clause (`#elseif` with its condition, `#else` with none).
  mutating func next(_ condition: String?) {
    if let current { earlier.append(current) }
    current = condition
  }
}

/// Reads the declarations of one Swift file from its tokens: types (nested ones, extensions,
/// those inside `#if` clauses), their attributes and inheritance, initializers and instance
/// properties. Everything else (functions, statements, bodies) is stepped over bracket by bracket.
///
/// It is conservative: a member it cannot read marks its type incomplete, so the checks leave
/// that type to the Swift compiler; what is certainly not Swift (an unclosed bracket or literal,
/// a type without a name or body, `#endif` without `#if`) is `firstError`.
struct SwiftDeclarationScanner {
  /// The file, whose line table gives every location.
  let source: SourceFile
  var bytes: [UInt8] { source.bytes }
  let tokens: [SwiftToken]
  var types: [ReadType] = []
  /// What each type's `@available`, or that of a type holding it, introduces it in, by its position
  /// in ``types``: its members' introductions are at least these.
  var typeIntroduced: [Int: [String: String]] = [:]
  /// The free functions at the top level, outside types.
  var functions: [SwiftFunction] = []
  /// The type aliases, by qualified name (`Player.Publisher`), each with the type it names as written.
  var typeAliases: [String: String] = [:]
  /// The offset of the first thing that is not Swift.
  var firstError: Int?
  /// Whether the tokenizer found an error: what the scanner finds after one follows from it.
  var lexicalError = false
  /// The `#if` clauses open where the scanner is, outermost first.
  var openClauses: [ConditionalClause] = []

  /// How deep types may nest before the reader stops reading inside them.
  static let maxNesting = 64

  init(path: String, bytes: [UInt8]) {
    source = SourceFile(path: path, bytes: bytes)
    let tokenizer = SwiftTokenizer(bytes: bytes)
    tokens = tokenizer.tokens
    firstError = tokenizer.firstError
    lexicalError = tokenizer.firstError != nil
    scanItems(from: 0, to: tokens.count, owner: nil, depth: 0)
  }

  // MARK: Locations

  func location(of token: Int) -> SourceLocation { source.location(ofByteOffset: tokens[token].start) }

  mutating func fail(at token: Int) {
    guard !lexicalError else { return }
    let offset = token < tokens.count ? tokens[token].start : bytes.count
    firstError = min(firstError ?? offset, offset)
  }

  // MARK: Tokens

  func text(_ index: Int) -> String {
    String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
  }

  func text(from first: Int, through last: Int) -> String {
    String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
  }

  func isWord(_ index: Int, _ word: StaticString) -> Bool {
    guard index < tokens.count, tokens[index].kind == .identifier else { return false }
    let token = tokens[index]
    guard token.end - token.start == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { buffer in
      var offset = token.start
      for byte in buffer {
        if bytes[offset] != byte { return false }
        offset += 1
      }
      return true
    }
  }

  func isOperator(_ index: Int, _ spelling: String) -> Bool {
    index < tokens.count && tokens[index].kind == .operator && text(index) == spelling
  }

  func kind(_ index: Int) -> SwiftToken.Kind? { index < tokens.count ? tokens[index].kind : nil }

  /// The token after `index`, a whole bracketed group where `index` opens one.
  func step(_ index: Int, _ end: Int) -> Int {
    switch tokens[index].kind {
    case .leftParen, .leftBracket, .leftBrace:
      return min(max(tokens[index].match + 1, index + 1), end)
    default:
      return index + 1
    }
  }

  /// Whether `next` immediately follows `previous`, with no space between.
  func adjacent(_ previous: Int, _ next: Int) -> Bool {
    next < tokens.count && tokens[next].start == tokens[previous].end
  }

  // MARK: Items

  static let declarationKeywords: Set<String> = [
    "var", "let", "func", "init", "deinit", "subscript", "typealias", "associatedtype", "case", "struct", "class",
    "enum", "actor", "protocol", "extension", "import", "operator", "precedencegroup", "macro",
  ]
  /// Property wrappers of Resolver and Factory that resolve their service themselves: a property
  /// they wrap has its value without an initial value written.
  static let initializingWrappers: Set<String> = [
    "Injected", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject", "InjectedType",
  ]

  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "override", "required",
    "convenience", "static", "class", "lazy", "weak", "unowned", "dynamic", "optional", "mutating", "nonmutating",
    "nonisolated", "indirect", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing",
    "__consuming", "_const", "unsafe",
  ]
  static let accessorKinds: Set<String> = [
    "get", "set", "willSet", "didSet", "_read", "_modify", "init", "unsafeAddress", "unsafeMutableAddress",
  ]

  /// Whether a declaration starts at `index`: an attribute, a directive, a declaration keyword,
  /// or modifiers before one.
  func isItemStart(_ index: Int, _ end: Int) -> Bool {
    switch tokens[index].kind {
    case .at, .pound: return true
    case .identifier:
      var probe = index
      // Modifiers, a few at most, each with its `(set)`.
      for _ in 0..<8 {
        guard probe < end, tokens[probe].kind == .identifier else { return false }
        let word = text(probe)
        if Self.declarationKeywords.contains(word) { return word != "actor" || kind(probe + 1) == .identifier }
        guard Self.modifiers.contains(word) else { return false }
        probe += 1
        if kind(probe) == .leftParen, !tokens[probe].newlineBefore { probe = step(probe, end) }
      }
      return false
    default:
      return false
    }
  }

  /// The token after the declaration or statement that starts at `index`: past its brackets, up
  /// to a `;` or a line that starts a declaration.
  func skipItem(from index: Int, to end: Int) -> Int {
    var probe = index
    var first = true
    while probe < end {
      let token = tokens[probe]
      if !first {
        if token.kind == .semicolon { return probe + 1 }
        if token.newlineBefore && isItemStart(probe, end) { return probe }
      }
      first = false
      probe = step(probe, end)
    }
    return end
  }

  /// The token after a directive's line (`#if CONDITION`).
  func endOfLine(after index: Int, _ end: Int) -> Int {
    var probe = index + 1
    while probe < end, !tokens[probe].newlineBefore { probe = step(probe, end) }
    return probe
  }

  /// Reads the declarations from `start` to `end`: a file's top level (`owner` nil) or a type's
  /// members.
  mutating func scanItems(from start: Int, to end: Int, owner: Int?, depth: Int) {
    var index = start
    var conditionals: [Int] = []
    while index < end {
      let token = tokens[index]
      if token.kind == .semicolon {
        index += 1
        continue
      }
      if token.kind == .pound {
        switch text(index) {
        case "#if":
          if let after = conditionalOfAttributes(at: index, end) {
            index = scanItem(from: index, to: end, owner: owner, depth: depth, attributesEnd: after)
          } else {
            conditionals.append(index)
            let line = endOfLine(after: index, end)
            openClauses.append(ConditionalClause(current: directiveText(from: index + 1, to: line)))
            index = line
          }
        case "#elseif":
          let line = endOfLine(after: index, end)
          if conditionals.isEmpty {
            fail(at: index)
          } else {
            openClauses[openClauses.count - 1].next(directiveText(from: index + 1, to: line))
          }
          index = line
        case "#else":
          if conditionals.isEmpty { fail(at: index) } else { openClauses[openClauses.count - 1].next(nil) }
          index += 1
        case "#endif":
          if conditionals.popLast() == nil { fail(at: index) } else { openClauses.removeLast() }
          index += 1
        case "#sourceLocation":
          index += 1
          if kind(index) == .leftParen { index = step(index, end) }
        default:
          // A macro expansion: what it declares is not known.
          if let owner { types[owner].complete = false }
          index = skipItem(from: index, to: end)
        }
        continue
      }
      // Declarations on one line are separated by `;`.
      if index > start, !token.newlineBefore, ![.semicolon, .pound].contains(tokens[index - 1].kind) {
        fail(at: index)
      }
      index = scanItem(from: index, to: end, owner: owner, depth: depth, attributesEnd: nil)
    }
    // An `#if` left open: the innermost one.
    if let open = conditionals.last { fail(at: open) }
    openClauses.removeLast(conditionals.count)
  }

  /// The text of a directive's condition, from `start` to `end` (the token after its line).
  func directiveText(from start: Int, to end: Int) -> String {
    guard start < end else { return "" }
    return String(decoding: bytes[tokens[start].start..<tokens[end - 1].end], as: UTF8.self)
  }

  /// The condition where every open `#if` clause holds; nil outside any.
  var openCondition: String? { CompilationCondition.all(openClauses.map(\.condition).filter { !$0.isEmpty }) }

  /// Where an `#if` holds only attributes of the declaration after it (`#if os(iOS)
  /// @available(iOS 17, *) #endif`), the token after its `#endif`.
  func conditionalOfAttributes(at index: Int, _ end: Int) -> Int? {
    var probe = endOfLine(after: index, end)
    var nesting = 1
    var sawAttribute = false
    // Such a block is a few attributes; a longer one is read as ordinary `#if` clauses.
    let limit = min(end, probe + 256)
    while probe < limit {
      switch tokens[probe].kind {
      case .at:
        probe = attributeEnd(probe, end)
        sawAttribute = true
      case .pound:
        switch text(probe) {
        case "#if":
          nesting += 1
          probe = endOfLine(after: probe, end)
        case "#elseif": probe = endOfLine(after: probe, end)
        case "#else": probe += 1
        case "#endif":
          nesting -= 1
          probe += 1
          if nesting == 0 { return sawAttribute && probe < end && tokens[probe].kind != .pound ? probe : nil }
        default: return nil
        }
      default:
        return nil
      }
    }
    return nil
  }

  /// The token after the attribute at `index`: `@Name`, `@Module.Name<T>`, and its arguments.
  func attributeEnd(_ index: Int, _ end: Int) -> Int {
    var probe = index + 1
    guard probe < end, tokens[probe].kind == .identifier else { return probe }
    probe = attributeNameEnd(index, end)
    if probe < end, tokens[probe].kind == .leftParen, !tokens[probe].newlineBefore { probe = step(probe, end) }
    return probe
  }

  /// The tokens of each argument of the attribute whose parenthesis is at `open`, split at its
  /// commas; nil where no parenthesis follows the attribute's name on its line.
  func attributeArguments(from open: Int, _ end: Int) -> [[Int]]? {
    guard open < end, tokens[open].kind == .leftParen, !tokens[open].newlineBefore else { return nil }
    let close = min(tokens[open].match, end)
    var arguments: [[Int]] = [[]]
    var index = open + 1
    while index < close {
      if tokens[index].kind == .comma {
        arguments.append([])
        index += 1
      } else {
        arguments[arguments.count - 1].append(index)
        index = step(index, close)
      }
    }
    return arguments
  }

  /// What `@available(*, deprecated)` or `@available(*, unavailable, message: "…", renamed: "…")`
  /// says, from its arguments' tokens (``attributeArguments(from:_:)``); nil for another platform's or
  /// version's availability, which is not every build's.
  func availability(_ arguments: [[Int]]) -> SwiftAvailability? {
    guard let platform = arguments.first, platform.count == 1, isOperator(platform[0], "*") else { return nil }
    var result: SwiftAvailability?
    var message: String?
    var renamed: String?
    for argument in arguments.dropFirst() {
      guard let first = argument.first, tokens[first].kind == .identifier else { continue }
      switch text(first) {
      case "deprecated" where argument.count == 1: result = result ?? SwiftAvailability(kind: .deprecated)
      case "unavailable" where argument.count == 1: result = SwiftAvailability(kind: .unavailable)
      case "message" where argument.count == 3: message = stringContent(argument[2])
      case "renamed" where argument.count == 3: renamed = stringContent(argument[2])
      default: continue
      }
    }
    result?.message = message
    result?.renamed = renamed
    return result
  }

  /// The version of each platform `@available(iOS 17, macOS 14.0, *)` or `@available(iOS,
  /// introduced: 17)` introduces a declaration in, from its arguments' tokens, by SwiftPM's platform
  /// names; empty for `@available(*, …)` and a language version's.
  func introduced(_ arguments: [[Int]]) -> [String: String] {
    guard let first = arguments.first?.first, tokens[first].kind == .identifier,
      let platform = SwiftPlatforms.normalized(text(first))
    else { return [:] }
    // The long form names one platform: `@available(iOS, introduced: 17, deprecated: 18)`.
    if arguments[0].count == 1 {
      for argument in arguments.dropFirst() where argument.count >= 3 && text(argument[0]) == "introduced" {
        return [platform: text(from: argument[2], through: argument[argument.count - 1])]
      }
      return [:]
    }
    // The short form lists each platform with its version, then `*`.
    var found: [String: String] = [:]
    for argument in arguments where argument.count >= 2 && tokens[argument[0]].kind == .identifier {
      guard let named = SwiftPlatforms.normalized(text(argument[0])) else { continue }
      found[named] = text(from: argument[1], through: argument[argument.count - 1])
    }
    return found
  }

  /// The text of a one-line string literal without interpolation (`"use open(logger:)"`); nil for
  /// another token.
  func stringContent(_ index: Int) -> String? {
    guard tokens[index].kind == .string else { return nil }
    let literal = text(index)
    guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.hasSuffix("\""), literal.count >= 2,
      !literal.contains("\\(")
    else { return nil }
    return String(literal.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
  }

  /// The token after an attribute's name (`MainActor`, `Observation.Observable`, `Foo<Int>`).
  func attributeNameEnd(_ index: Int, _ end: Int) -> Int {
    var probe = index + 2
    while probe + 1 < end, isOperator(probe, "."), adjacent(probe - 1, probe), tokens[probe + 1].kind == .identifier {
      probe += 2
    }
    if probe < end, tokens[probe].kind == .operator, adjacent(probe - 1, probe), text(probe).hasPrefix("<") {
      probe = skipAngles(from: probe, end)
      // A member of the generic type: `@FocusState<Field?>.Binding`.
      while probe + 1 < end, isOperator(probe, "."), adjacent(probe - 1, probe), tokens[probe + 1].kind == .identifier {
        probe += 2
      }
    }
    return probe
  }

  /// One declaration or statement from `start`; reads it where it is a type, an initializer or a
  /// property, and returns the token after it.
  mutating func scanItem(from start: Int, to end: Int, owner: Int?, depth: Int, attributesEnd: Int?) -> Int {
    var attributes: [String] = []
    var attributesWithArguments: Set<String> = []
    var availability: SwiftAvailability?
    var introduced: [String: String] = [:]
    var conditionalAttributes = false
    var index = start
    if let attributesEnd {
      conditionalAttributes = true
      index = attributesEnd
    }
    while index < end {
      if tokens[index].kind == .at, index + 1 < end, tokens[index + 1].kind == .identifier {
        let nameEnd = attributeNameEnd(index, end)
        attributes.append(text(from: index + 1, through: nameEnd - 1))
        if attributes.last == "available", let arguments = attributeArguments(from: nameEnd, end) {
          if let read = self.availability(arguments) { availability = read }
          introduced.merge(self.introduced(arguments)) { _, later in later }
        }
        index = attributeEnd(index, end)
        if index > nameEnd, let name = attributes.last { attributesWithArguments.insert(name) }
      } else if tokens[index].kind == .pound, text(index) == "#if", let after = conditionalOfAttributes(at: index, end)
      {
        conditionalAttributes = true
        index = after
      } else {
        break
      }
    }
    let modifiers = scanModifiers(&index, end)
    guard index < end, tokens[index].kind == .identifier else {
      return skipItem(from: max(index, start), to: end)
    }
    let declaration = Declaration(
      start: start, attributes: attributes, attributesWithArguments: attributesWithArguments,
      availability: conditionalAttributes ? nil : availability, introduced: conditionalAttributes ? [:] : introduced,
      conditionalAttributes: conditionalAttributes, modifiers: modifiers)
    switch text(index) {
    case "struct": return scanType(.struct, declaration, at: index, end, owner: owner, depth: depth)
    case "class": return scanType(.class, declaration, at: index, end, owner: owner, depth: depth)
    case "enum": return scanType(.enum, declaration, at: index, end, owner: owner, depth: depth)
    case "protocol": return scanType(.protocol, declaration, at: index, end, owner: owner, depth: depth)
    case "actor" where kind(index + 1) == .identifier:
      return scanType(.actor, declaration, at: index, end, owner: owner, depth: depth)
    case "extension" where owner == nil:
      return scanType(.extension, declaration, at: index, end, owner: owner, depth: depth)
    case "init":
      guard let owner else { return skipItem(from: index, to: end) }
      return scanInitializer(declaration, at: index, end, owner: owner)
    case "var", "let":
      guard let owner else { return skipItem(from: index, to: end) }
      return scanVariable(declaration, at: index, end, owner: owner)
    case "func":
      // A type's static and class methods, and free functions, are what `factory:` may name; its
      // instance methods what a factory object's `method:` names.
      return scanFunction(declaration, at: index, end, owner: owner)
    case "typealias": return scanTypeAlias(at: index, end, owner: owner)
    case "case" where owner.map { types[$0].kind == .enum } ?? false:
      guard let owner else { return skipItem(from: index, to: end) }
      return scanEnumCases(at: index, end, owner: owner)
    default:
      return skipItem(from: index, to: end)
    }
  }

  /// The modifiers from `index` (`public`, `private(set)`, `class` before a declaration keyword),
  /// each with the word in its parentheses; leaves `index` after them.
  func scanModifiers(_ index: inout Int, _ end: Int) -> [(name: String, detail: String?)] {
    var modifiers: [(name: String, detail: String?)] = []
    while index < end, tokens[index].kind == .identifier {
      let word = text(index)
      guard Self.modifiers.contains(word) else { break }
      // `class` is a modifier before another declaration keyword or modifier.
      if word == "class" {
        guard index + 1 < end, tokens[index + 1].kind == .identifier else { break }
        let next = text(index + 1)
        guard next != "class", Self.declarationKeywords.contains(next) || Self.modifiers.contains(next) else { break }
      }
      index += 1
      var detail: String?
      if index < end, tokens[index].kind == .leftParen, !tokens[index].newlineBefore,
        word != "open" || adjacent(index - 1, index)
      {
        if index + 1 < end, tokens[index + 1].kind == .identifier { detail = text(index + 1) }
        index = step(index, end)
      }
      modifiers.append((word, detail))
    }
    return modifiers
  }

  /// `typealias Publisher = Events<Player?>`: its name stands for the type it names. Returns the
  /// token after it.
  mutating func scanTypeAlias(at index: Int, _ end: Int, owner: Int?) -> Int {
    let after = skipItem(from: index, to: end)
    guard kind(index + 1) == .identifier, let equals = (index + 2..<after).first(where: { isOperator($0, "=") }),
      equals + 1 < after
    else { return after }
    let name = (owner.map { types[$0].name + "." } ?? "") + text(index + 1)
    if typeAliases[name] == nil { typeAliases[name] = text(from: equals + 1, through: after - 1) }
    return after
  }

  /// An enum's cases, what `{ swift: .name }` may name where the enum is taken. Returns the token
  /// after them.
  mutating func scanEnumCases(at index: Int, _ end: Int, owner: Int) -> Int {
    let after = skipItem(from: index, to: end)
    var probe = index + 1
    while probe < after {
      if tokens[probe].kind == .identifier {
        var name = text(probe)
        if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 { name = String(name.dropFirst().dropLast()) }
        if !types[owner].cases.contains(name) { types[owner].cases.append(name) }
      }
      // The next case after a comma; what follows a name (its values, its raw value) is passed.
      probe += 1
      while probe < after, tokens[probe].kind != .comma { probe = step(probe, after) }
      probe += 1
    }
    return after
  }

  struct Declaration {
    var start: Int
    var attributes: [String]
    /// The attributes written with arguments (`@Injected(\.client)`).
    var attributesWithArguments: Set<String> = []
    /// What an `@available(*, …)` of it says, where it deprecates it or makes it unavailable.
    var availability: SwiftAvailability?
    /// The version of each platform an `@available` of it introduces it in, by SwiftPM's name.
    var introduced: [String: String] = [:]
    var conditionalAttributes: Bool
    var modifiers: [(name: String, detail: String?)]

    var globalActor: String? { attributes.contains("MainActor") ? "MainActor" : nil }
    func has(_ modifier: String) -> Bool { modifiers.contains { $0.name == modifier } }
    /// The access level its modifiers write (`private(set)` is the setter's, not the declaration's).
    var access: SwiftAccess? {
      modifiers.lazy.filter { $0.detail == nil }.compactMap { SwiftAccess(keyword: $0.name) }.first
    }
  }

  /// The access level of a member of `owner` (nil at the top level): the one written, else a
  /// protocol's or an extension's own, else `internal`.
  func access(of declaration: Declaration, owner: Int?) -> SwiftAccess {
    if let written = declaration.access { return written }
    guard let owner, types[owner].kind == .protocol || types[owner].isExtension else { return .internal }
    return types[owner].access
  }
}
