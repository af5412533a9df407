import DICfgCore
import DICfgSwiftModel

// Functions (a type's static ones, its methods, free functions) and properties.
extension SwiftDeclarationScanner {
  // MARK: Functions

  /// A function's name, generic parameters, parameters, effects and return type; one whose name is
  /// an operator, or that does not read, is stepped over (a type's other members are still read).
  mutating func scanFunction(_ declaration: Declaration, at keyword: Int, _ end: Int, owner: Int?) -> Int {
    var index = keyword + 1
    // An operator's name (`==`, `√`) is no function a graph file names.
    guard index < end, tokens[index].kind == .identifier,
      let first = text(index).first, first.isLetter || first == "_" || first == "`"
    else { return skipItem(from: keyword, to: end) }
    let name = text(index)
    index += 1
    if index < end, tokens[index].kind == .operator, adjacent(index - 1, index), text(index).hasPrefix("<") {
      index = skipAngles(from: index, end)
    }
    guard index < end, tokens[index].kind == .leftParen else { return skipItem(from: keyword, to: end) }
    let close = min(tokens[index].match, end)
    guard let parameters = readParameters(from: index + 1, to: close) else { return skipItem(from: keyword, to: end) }
    index = min(close + 1, end)
    let (afterEffects, isAsync, isThrowing) = readEffects(from: index, end)
    index = afterEffects
    var returnType: String?
    if isOperator(index, "->") {
      guard let (type, next) = readType(from: index + 1, end, stopAtAssignment: false) else {
        return skipItem(from: keyword, to: end)
      }
      returnType = type
      index = next
    }
    index = skipWhereClause(from: index, end)
    if index < end, tokens[index].kind == .leftBrace { index = step(index, end) }
    let typeActor = owner.flatMap { types[$0].globalActor }
    var function = SwiftFunction(
      name: name, parameters: parameters, isThrowing: isThrowing, isAsync: isAsync, returnType: returnType,
      globalActor: declaration.has("nonisolated") ? nil : declaration.globalActor ?? typeActor,
      access: access(of: declaration, owner: owner), availability: declaration.availability,
      location: location(of: declaration.start))
    function.introduced = SwiftPlatforms.later(declaration.introduced, owner.flatMap { typeIntroduced[$0] } ?? [:])
    if let owner {
      if declaration.has("static") || declaration.has("class") {
        types[owner].functions.append(function)
      } else {
        types[owner].methods.append(function)
      }
    } else {
      functions.append(function)
    }
    return index
  }

  /// The effects after a signature's parameters (`async`, `throws`, `throws(E)`, `rethrows`), which
  /// may stand on the next line, since no declaration starts with them: the token after them and
  /// which there are.
  func readEffects(from start: Int, _ end: Int) -> (next: Int, isAsync: Bool, isThrowing: Bool) {
    var index = start
    var isAsync = false
    var isThrowing = false
    while index < end, tokens[index].kind == .identifier {
      if isWord(index, "async") || isWord(index, "reasync") {
        isAsync = true
      } else if isWord(index, "throws") || isWord(index, "rethrows") {
        isThrowing = true
        if kind(index + 1) == .leftParen, !tokens[index + 1].newlineBefore { index = step(index + 1, end) - 1 }
      } else {
        break
      }
      index += 1
    }
    return (index, isAsync, isThrowing)
  }

  /// The token after a `where` clause at `index` (or `index` where none is): up to the body, or a
  /// line that starts a declaration.
  func skipWhereClause(from start: Int, _ end: Int) -> Int {
    guard isWord(start, "where") else { return start }
    var index = start
    while index < end, tokens[index].kind != .leftBrace, !(tokens[index].newlineBefore && isItemStart(index, end)) {
      index = step(index, end)
    }
    return index
  }

  /// An initializer's parameters between its parentheses; nil where one has no `:` and type.
  func readParameters(from start: Int, to end: Int) -> [SwiftParameter]? {
    var parameters: [SwiftParameter] = []
    var index = start
    while index < end {
      while index < end, tokens[index].kind == .at { index = attributeEnd(index, end) }
      guard index < end, tokens[index].kind == .identifier else { return nil }
      let label = text(index)
      index += 1
      if index < end, tokens[index].kind == .identifier { index += 1 }
      guard index < end, tokens[index].kind == .colon else { return nil }
      index += 1
      guard let (_, typeEnd) = readType(from: index, end, stopAtAssignment: true) else { return nil }
      var last = typeEnd - 1
      if last > index, isOperator(last, "...") { last -= 1 }
      let type = text(from: index, through: last)
      index = typeEnd
      var defaultValue: String?
      if index < end, tokens[index].kind == .operator, text(index).hasPrefix("=") {
        index += 1
        let valueStart = index
        while index < end, tokens[index].kind != .comma { index = stepExpression(index, end) }
        defaultValue = index > valueStart ? text(from: valueStart, through: index - 1) : ""
      }
      if index < end {
        guard tokens[index].kind == .comma else { return nil }
        index += 1
      }
      parameters.append(SwiftParameter(label: label == "_" ? nil : label, type: type, defaultValue: defaultValue))
    }
    return parameters
  }

  // MARK: Properties

  /// The type Swift gives the literal at `index` where nothing else types it: `Int`, `Double`,
  /// `String` or `Bool`; nil for another token.
  func literalType(_ index: Int) -> String? {
    switch tokens[index].kind {
    case .number:
      let literal = text(index).lowercased()
      let isHex = literal.hasPrefix("0x")
      return literal.contains(".") || (isHex ? literal.contains("p") : literal.contains("e")) ? "Double" : "Int"
    case .string: return "String"
    case .identifier: return ["true", "false"].contains(text(index)) ? "Bool" : nil
    default: return nil
    }
  }

  struct Binding {
    var name: String?
    var token: Int
    var type: String?
    var hasInitializer: Bool
    /// nil for a stored property without accessors; the accessors' kinds, or `["get"]` for a
    /// getter's body.
    var accessors: [String]?
  }

  mutating func scanVariable(_ declaration: Declaration, at keyword: Int, _ end: Int, owner: Int) -> Int {
    let isLet = isWord(keyword, "let")
    // A static property read only for `factory:`: one that does not read leaves the type complete.
    let isStatic = declaration.has("static") || declaration.has("class")
    var bindings: [Binding] = []
    var index = keyword + 1
    while true {
      guard index < end else { break }
      var binding = Binding(name: nil, token: index, type: nil, hasInitializer: false, accessors: nil)
      if tokens[index].kind == .identifier {
        binding.name = text(index)
        index += 1
      } else if tokens[index].kind == .leftParen {
        index = step(index, end)
      } else {
        if !isStatic { types[owner].complete = false }
        return skipItem(from: keyword, to: end)
      }
      if index < end, tokens[index].kind == .colon {
        guard let (type, next) = readType(from: index + 1, end, stopAtAssignment: true) else {
          if !isStatic { types[owner].complete = false }
          return skipItem(from: keyword, to: end)
        }
        binding.type = type
        index = next
      }
      if index < end, tokens[index].kind == .operator, text(index).hasPrefix("="), !text(index).hasPrefix("==") {
        binding.hasInitializer = true
        index += 1
        let value = index
        defer {
          // `var count = 0`: a literal alone says its type, as Swift infers it.
          if binding.type == nil, index == value + 1 { binding.type = literalType(value) }
        }
        while index < end {
          let token = tokens[index]
          if token.kind == .comma || token.kind == .semicolon { break }
          if token.newlineBefore && isItemStart(index, end) { break }
          if token.kind == .leftBrace, let kinds = accessorKinds(of: index, end), kinds.contains(where: Self.isObserver)
          {
            break
          }
          index = stepExpression(index, end)
        }
      }
      if index < end, tokens[index].kind == .leftBrace {
        let kinds = accessorKinds(of: index, end)
        if !binding.hasInitializer || kinds?.contains(where: Self.isObserver) == true {
          binding.accessors = kinds ?? ["get"]
          index = step(index, end)
        }
      }
      bindings.append(binding)
      guard index < end, tokens[index].kind == .comma else { break }
      index += 1
    }
    record(bindings, declaration, isLet: isLet, owner: owner)
    return index
  }

  static func isObserver(_ kind: String) -> Bool { kind == "willSet" || kind == "didSet" }

  /// The accessors' kinds where the braces at `index` hold accessors (`get`, `set`, `didSet`…);
  /// nil where they hold a getter's body.
  func accessorKinds(of index: Int, _ end: Int) -> [String]? {
    let close = min(tokens[index].match, end)
    var probe = index + 1
    var kinds: [String] = []
    while probe < close {
      while probe < close, tokens[probe].kind == .at { probe = attributeEnd(probe, close) }
      while probe < close, tokens[probe].kind == .identifier,
        ["mutating", "nonmutating", "__consuming", "consuming", "borrowing"].contains(text(probe))
      {
        probe += 1
      }
      guard probe < close, tokens[probe].kind == .identifier, Self.accessorKinds.contains(text(probe)) else {
        return kinds.isEmpty ? nil : kinds
      }
      kinds.append(text(probe))
      probe += 1
      // `set(newValue)`, effects, then the body.
      while probe < close, tokens[probe].kind != .leftBrace, !Self.accessorKinds.contains(text(probe)),
        tokens[probe].kind != .at
      {
        probe = step(probe, close)
      }
      if probe < close, tokens[probe].kind == .leftBrace { probe = step(probe, close) }
      while probe < close, tokens[probe].kind == .semicolon { probe += 1 }
    }
    return kinds.isEmpty ? nil : kinds
  }

  mutating func record(_ bindings: [Binding], _ declaration: Declaration, isLet: Bool, owner: Int) {
    let isPrivate = declaration.modifiers.contains {
      ($0.name == "private" || $0.name == "fileprivate") && $0.detail == nil
    }
    let privateSetter = declaration.modifiers.contains {
      ($0.name == "private" || $0.name == "fileprivate") && $0.detail == "set"
    }
    let wrappers = declaration.attributes.filter { $0.first?.isUppercase == true }
    let isWrapped = !wrappers.isEmpty
    // A wrapper given its arguments (`@Injected(\.client)`), or one of the injection libraries'
    // that read their service when built (`@Injected`, `@LazyInjected`), gives the property its value.
    let wrapperInitializes = wrappers.contains {
      declaration.attributesWithArguments.contains($0) || Self.initializingWrappers.contains($0)
    }
    let access = access(of: declaration, owner: owner)
    let isStatic = declaration.has("static") || declaration.has("class")
    // `var a, b: Int`: a binding without a type takes the next one's.
    var bindingTypes: [String?] = []
    var next: String?
    for binding in bindings.reversed() {
      if let type = binding.type { next = type }
      bindingTypes.append(next)
    }
    bindingTypes.reverse()
    for (binding, type) in zip(bindings, bindingTypes) {
      guard let name = binding.name else { continue }
      var isStored = true
      var hasSetter = !isLet
      if let kinds = binding.accessors, kinds.contains("get") || kinds.contains("_read") {
        isStored = false
        hasSetter = kinds.contains("set") || kinds.contains("_modify")
      }
      let property = SwiftProperty(
        name: name, type: type, isSettable: hasSetter && !isPrivate && !privateSetter, access: access,
        location: location(of: binding.token))
      if isStatic {
        types[owner].staticProperties.append(property)
        continue
      }
      types[owner].properties.append(property)
      if isStored && !types[owner].isExtension {
        let optional = type.map { SwiftTypeExpression($0).wrapped != nil } ?? false
        types[owner].stored.append(
          StoredProperty(
            name: name, type: isWrapped ? nil : type,
            hasDefault: binding.hasInitializer || (optional && !isLet) || wrapperInitializes,
            isLet: isLet, isPrivate: isPrivate, isLazy: declaration.has("lazy"), isWrapped: isWrapped,
            wrapper: wrappers.first))
      }
    }
  }
}
