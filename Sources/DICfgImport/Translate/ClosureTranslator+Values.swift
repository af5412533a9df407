import DICfgCompiler
import DICfgCore

// The values a closure passes: resolves, literals, Swift values, run-time arguments, objects built in place.
extension ClosureTranslator {
  /// A resolve at `index`: the index after it and what it resolves (nil where it resolves in a way
  /// the import does not read: with arguments, say).
  /// `self.keychain(r)` (or `keychain(r)`) at `index`, passing the closure's resolver to a closure
  /// the assembly stores that resolves one service and nothing else (DSM-PICK's `private let keychain
  /// = { (resolver: Resolver) in resolver.resolve(Keychain.self)! }`): that resolve, and the token
  /// after the call.
  func storedResolve(at index: Int, passing resolver: String) -> (end: Int, value: ImportedValue?)? {
    var start = index
    if file.isWord(index, "self"), file.isOperator(index + 1, ".") {
      start = index + 2
    } else if file.isOperator(index - 1, ".") {
      return nil
    }
    guard file.kind(start) == .identifier, file.kind(start + 1) == .leftParen, file.isWord(start + 2, resolver),
      file.kind(start + 3) == .rightParen
    else { return nil }
    let name = file.text(start)
    // `let keychain = {` in the type that holds the registration, not another type of the file.
    let reader = RegistrationReader(file: file)
    let holder = reader.enclosingType(of: registration.start)
    guard
      let declared = file.tokens.indices.first(where: {
        (file.isWord($0, "let") || file.isWord($0, "var")) && file.isWord($0 + 1, name) && file.isOperator($0 + 2, "=")
          && file.kind($0 + 3) == .leftBrace && reader.enclosingType(of: $0) == holder
      })
    else { return nil }
    let stored = reader.closure(at: declared + 3)
    let parameter = stored.parameters.first?.name ?? "$0"
    let body = stored.body
    guard file.isWord(body.lowerBound, parameter), file.isOperator(body.lowerBound + 1, "."),
      file.isWord(body.lowerBound + 2, "resolve"), file.kind(body.lowerBound + 3) == .leftParen,
      let (key, name) = file.keyAndName(in: body.lowerBound + 3), let key
    else { return nil }
    let end = file.after(body.lowerBound + 3)
    let forced = file.isOperator(end, "!")
    guard (forced ? end + 1 : end) == body.upperBound else { return nil }
    return (start + 4, .resolved(key: key, name: name, optional: !forced))
  }

  func resolve(at index: Int, in closure: Closure) -> (end: Int, value: ImportedValue?)? {
    switch library {
    case .swinject:
      guard let resolver = resolverName(closure) else { return nil }
      if let stored = storedResolve(at: index, passing: resolver) { return stored }
      guard file.isWord(index, resolver) else { return nil }
      // SwinjectAutoregistration's `r ~> A.self` and `r ~> (A.self, name: "n")`.
      if file.isOperator(index + 1, "~>") {
        if file.kind(index + 2) == .leftParen {
          guard let (key, name) = file.keyAndName(in: index + 2) else { return (file.after(index + 2), nil) }
          return (file.after(index + 2), key.map { .resolved(key: $0, name: name, optional: false) })
        }
        var end = index + 2
        while end < file.tokens.count, file.kind(end) == .identifier || file.isOperator(end, "."),
          !file.isWord(end, "self")
        {
          end += 1
        }
        guard file.isWord(end, "self"), end > index + 3 else { return nil }
        return (end + 1, .resolved(key: file.text(index + 2..<end - 1), name: nil, optional: false))
      }
      guard file.isOperator(index + 1, "."), file.isWord(index + 2, "resolve"), file.kind(index + 3) == .leftParen
      else { return nil }
      guard let (key, name) = file.keyAndName(in: index + 3) else { return (file.after(index + 3), nil) }
      var end = file.after(index + 3)
      let forced = file.isOperator(end, "!")
      if forced { end += 1 }
      // `r.resolve()`: the type Swift infers, which the declarations give where it is passed.
      return (end, .resolved(key: key ?? "", name: name, optional: !forced))
    case .resolver:
      var start = index
      if file.isWord(index, "Resolver") || (resolverName(closure).map { file.isWord(index, $0) } ?? false),
        file.isOperator(index + 1, ".")
      {
        start = index + 2
      } else if file.isOperator(index - 1, ".") {
        return nil
      }
      guard file.isWord(start, "resolve") || file.isWord(start, "optional"), file.kind(start + 1) == .leftParen else {
        return nil
      }
      guard let (key, name) = file.keyAndName(in: start + 1) else { return (file.after(start + 1), nil) }
      return (file.after(start + 1), .resolved(key: key ?? "", name: name, optional: file.isWord(start, "optional")))
    case .factory:
      if let found = staticFactoryUse(at: index) { return found }
      // `self.x()`, `Container.shared.x()`, `CheckoutContainer.shared.x()`.
      var start = index
      if file.isWord(index, "self"), file.isOperator(index + 1, ".") {
        start = index + 2
      } else if file.kind(index) == .identifier, file.isOperator(index + 1, "."), file.isWord(index + 2, "shared"),
        file.isOperator(index + 3, ".")
      {
        start = index + 4
      } else {
        return nil
      }
      guard file.kind(start) == .identifier else { return nil }
      // `self.logger` of a computed property that returns a factory's instance.
      if let alias = aliases[file.text(start)], start == index + 2, file.kind(start + 1) != .leftParen,
        !file.isOperator(start + 1, ".")
      {
        return (start + 1, .service(id: alias, optional: false))
      }
      // `self.client()`, `self.client.resolve()`.
      if file.kind(start + 1) == .leftParen, file.closing(start + 1) == start + 2 {
        return (start + 3, .service(id: file.text(start), optional: false))
      }
      guard file.isOperator(start + 1, "."),
        file.isWord(start + 2, "resolve") || file.isWord(start + 2, "callAsFunction"),
        file.kind(start + 3) == .leftParen, file.closing(start + 3) == start + 4
      else { return nil }
      return (start + 5, .service(id: file.text(start), optional: false))
    }
  }

  /// A use of a static-style factory (`static let x = Factory { … }`): `Container.x()`,
  /// `Container.Login.viewModel()`, `Login.viewModel()`, or `viewModel()` beside it in its type, each
  /// also with `.resolve()`; the index after it and the service, nil where `index` starts none.
  func staticFactoryUse(at index: Int) -> (end: Int, value: ImportedValue?)? {
    guard file.kind(index) == .identifier, !file.isOperator(index - 1, ".") else { return nil }
    // The type path before the name: `Container.Login.` or none.
    var path: [String] = []
    var name = index
    while file.isOperator(name + 1, "."), file.kind(name + 2) == .identifier,
      file.text(name).first?.isUppercase == true
    {
      path.append(file.text(name))
      name += 2
    }
    let id: String
    if let owner = path.last {
      id = RegistrationReader.staticFactoryID(file.text(name), in: owner)
    } else {
      // Beside it in the registration's own type, or the container's.
      let own = RegistrationReader.staticFactoryID(file.text(name), in: registration.container)
      guard factoryKeys[own] != nil || factoryKeys[file.text(name)] != nil else { return nil }
      id = factoryKeys[own] != nil ? own : file.text(name)
    }
    guard factoryKeys[id] != nil else { return nil }
    if file.kind(name + 1) == .leftParen, file.closing(name + 1) == name + 2 {
      return (name + 3, .service(id: id, optional: false))
    }
    guard file.isOperator(name + 1, "."), file.isWord(name + 2, "resolve") || file.isWord(name + 2, "callAsFunction"),
      file.kind(name + 3) == .leftParen, file.closing(name + 3) == name + 4
    else { return nil }
    return (name + 5, .service(id: id, optional: false))
  }

  /// Resolver's `args()`, `args("id")`, `args.get("id")`: the index after it and the argument's
  /// key ("" for the one unkeyed argument).
  func resolverArgument(at index: Int, in closure: Closure) -> (end: Int, key: String)? {
    guard library == .resolver, closure.parameters.count == 2, file.isWord(index, closure.parameters[1].name) else {
      return nil
    }
    var open = index + 1
    if file.isOperator(open, "."), file.isWord(open + 1, "get") { open += 2 }
    guard file.kind(open) == .leftParen else { return nil }
    let items = file.items(in: open)
    let key = items.first.map { RegistrationReader.name(file.text($0.value)) } ?? ""
    return (file.after(open), key)
  }

  /// A value of one token: a run-time argument (Factory's `$0`, or `$1` of a tuple, named by the label
  /// it is passed to; a closure's named argument), or a literal; nil for anything else.
  func token(_ index: Int, in closure: Closure, label: String) -> ImportedValue? {
    let text = file.text(index)
    if library == .factory, let type = registration.parameterType, let position = Self.anonymousIndex(text),
      position < (Self.tupleElements(type)?.count ?? 1)
    {
      return .argument(label)
    }
    if argumentNames(closure).contains(where: { $0.name == text }) { return .argument(text) }
    switch file.kind(index) {
    case .number?: return .literal(text)
    case .string? where !text.contains("\\(") && !text.hasPrefix("\"\"\"") && !text.hasPrefix("#"):
      return .literal(text)
    case .identifier? where text == "true" || text == "false": return .literal(text)
    default: return nil
    }
  }

  /// What the graph file writes for the value in `range`; nil where only Swift code can say it.
  func value(
    _ range: Range<Int>, in closure: Closure, label: String, locals: [String: ImportedValue] = [:],
    constructs: Bool = true
  ) -> ImportedValue? {
    guard !range.isEmpty else { return nil }
    if let (end, value) = resolve(at: range.lowerBound, in: closure), end == range.upperBound { return value }
    // `self.environment().baseURL`: the property of a service, read by an object of its own.
    if let (end, found) = resolve(at: range.lowerBound, in: closure), let receiver = found, end + 2 == range.upperBound,
      file.isOperator(end, "."), file.kind(end + 1) == .identifier,
      let owner = receiverType(of: receiver).map(Identifiers.key(of:)),
      let type = propertyType(of: owner, named: file.text(end + 1))
    {
      var construction = NestedConstruction(type: type, labels: [], values: [], factory: file.text(end + 1))
      construction.receiver = receiver
      return .constructed(construction)
    }
    // `(r.resolve() as A)`, `r.resolve(A.self)! as A`: the resolve in parentheses.
    if file.kind(range.lowerBound) == .leftParen, file.closing(range.lowerBound) == range.upperBound - 1 {
      return value(range.lowerBound + 1..<range.upperBound - 1, in: closure, label: label, locals: locals)
    }
    if range.count == 1, let local = locals[file.text(range.lowerBound)] { return local }
    // `BaseRouter(resolver: r)`: the resolver passed on, for the service to resolve from later.
    if range.count == 1, let resolver = resolverName(closure), file.isWord(range.lowerBound, resolver) {
      return .container
    }
    if let (end, found) = resolve(at: range.lowerBound, in: closure), file.isWord(end, "as"),
      end + 1 < range.upperBound, file.kind(end + 1) == .identifier,
      case .resolved(let key, let name, let optional)? = found
    {
      let type = file.text(end + 1..<range.upperBound)
      return .resolved(key: key.isEmpty ? Identifiers.key(of: type) : key, name: name, optional: optional)
    }
    if let (end, key) = resolverArgument(at: range.lowerBound, in: closure), end == range.upperBound {
      return .argument(key.isEmpty ? label : key)
    }
    let text = file.text(range)
    if range.count == 1, let token = token(range.lowerBound, in: closure, label: label) { return token }
    if range.count == 2, file.isOperator(range.lowerBound, "-"), file.kind(range.lowerBound + 1) == .number {
      return .literal(text)
    }
    // The assembly's property, the enclosing function's parameter, a static member read in a static
    // context: what the closure's place holds.
    if let held = held(range, in: closure) { return held }
    let compact = text.filter { !$0.isWhitespace }
    // Resolver's own containers (`Resolver.root`) are the library, not a value of the app's.
    if library == .resolver, compact == "Resolver" || compact.hasPrefix("Resolver.") { return nil }
    // A name of the code is one of its locals or the closure's (`self.baseURL` too); a member of a
    // type (`URLSession.shared`) or an enum case (`.main`) is a Swift value.
    if SwiftValueExpression.isValid(compact), compact.first == "." || compact.first?.isUppercase == true {
      return .swift(compact)
    }
    // `Session(configuration: .default)` passed in place: an object of its own.
    if constructs, !compact.hasPrefix("."), let built = construction(range), built.asType == nil, !built.type.isEmpty,
      let entry = entry(built, closure: closure, locals: locals), entry.arguments.isEmpty,
      // `Double(10)`: a value of a type the app does not declare, made of constants, is a Swift value.
      (declarations.type(named: built.type).map { $0.kind != .extension } ?? false) || !readsOnlyTypesAndLiterals(range)
    {
      return .constructed(
        NestedConstruction(
          type: entry.type, labels: entry.initializer.map(\.label), values: entry.initializer.map(\.value)))
    }
    // Any other expression of types and literals only (`URL(string: "https://…")!`): a Swift value,
    // which the build compiles at the graph file's line. One that reads a name of the code (a local,
    // `self`, the resolver) is code.
    let oneLine = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    if constructs, readsOnlyTypesAndLiterals(range), SwiftValueExpression.isExpression(oneLine) {
      return .swift(oneLine)
    }
    return nil
  }

  /// Whether the names `range` reads are types, members, labels and literals only: no name of the
  /// code (a local, a parameter, `self`) that a graph file cannot see.
  func readsOnlyTypesAndLiterals(_ range: Range<Int>) -> Bool {
    range.allSatisfy { index in
      // A string's interpolation (`"\\(base)/api"`) reads names of the code too.
      guard file.kind(index) == .identifier else {
        return file.kind(index) != .pound && !(file.kind(index) == .string && file.text(index).contains("\\("))
      }
      let name = file.text(index)
      if file.isOperator(index - 1, ".") || file.kind(index + 1) == .colon { return true }
      // `return` in a closure literal of constants (`{ return [.init(name: "Nachtigalweg")] }`).
      if ["true", "false", "nil", "as", "is", "try", "return"].contains(name) { return true }
      return name.first?.isUppercase == true
    }
  }
}
