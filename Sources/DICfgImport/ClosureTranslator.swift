import DICfgCompiler
import DICfgCore

/// Reads what a registration's closure builds: a graph entry where the closure only constructs a
/// type from resolved services, literals and Swift values (and sets properties of it); else a
/// factory function carrying the closure's code, whose resolves become its parameters.
struct ClosureTranslator {
  let registration: FoundRegistration
  let declarations: SwiftDeclarations
  /// The key of each Factory property by its name, for the parameter types of a factory function.
  let factoryKeys: [String: String]
  /// A container's computed properties that return one of its factories' instances
  /// (`var logger: any Logging { ToolsContainer.shared.logManager() }`): the factory each reads.
  var aliases: [String: String] = [:]
  /// The names of the members every type declares, and of the free functions: what tells a closure's
  /// read of a member without `self.` from a global (``SharedNames``, made once for every registration).
  var names = SharedNames()

  /// What every registration's translation asks of the declarations, worked out once.
  struct SharedNames {
    var members: Set<String> = []
    var globals: Set<String> = []

    init() {}

    init(_ declarations: SwiftDeclarations) {
      members = Set(
        declarations.types.flatMap { type in
          (type.properties + type.staticProperties).map(\.name) + (type.methods + type.functions).map(\.name)
        })
      globals = Set(declarations.functions.map(\.name))
    }
  }

  private var file: SwiftSourceFile { registration.file }
  private var library: ImportedLibrary { registration.library }

  /// The closure's resolver parameter (`r` in Swinject's `{ r in … }`), if it names one.
  private func resolverName(_ closure: Closure) -> String? {
    guard library != .factory else { return nil }
    // `{ Repo(client: $0.resolve(Networking.self)!) }`: the resolver is the first anonymous argument.
    guard let first = closure.parameters.first else {
      return anonymousArguments(of: closure).contains { file.text($0) == "$0" } ? "$0" : nil
    }
    return first.name == "_" ? nil : first.name
  }

  /// The `$0`, `$1`… of the closure itself, not of a closure inside it.
  private func anonymousArguments(of closure: Closure) -> [Int] {
    var depth = 0
    var found: [Int] = []
    for index in closure.body {
      switch file.kind(index) {
      case .leftBrace: depth += 1
      case .rightBrace: depth -= 1
      // `$0`, not a property wrapper's projection (`.$wallet`).
      case .identifier
      where depth == 0 && file.text(index).hasPrefix("$") && file.text(index).dropFirst().allSatisfy(\.isNumber)
        && !file.text(index).dropFirst().isEmpty && !file.isOperator(index - 1, "."):
        found.append(index)
      default: break
      }
    }
    return found
  }

  /// The run-time arguments of a closure: Swinject's parameters after the resolver, Factory's `$0`.
  private func argumentNames(_ closure: Closure) -> [(name: String, type: String?)] {
    switch library {
    case .swinject: return Array(closure.parameters.dropFirst())
    case .factory:
      guard let type = registration.parameterType else { return [] }
      return [(closure.parameters.first?.name ?? "$0", type)]
    case .resolver: return []
    }
  }

  // MARK: Values

  /// A resolve at `index`: the index after it and what it resolves (nil where it resolves in a way
  /// the import does not read: with arguments, say).
  func resolve(at index: Int, in closure: Closure) -> (end: Int, value: ImportedValue?)? {
    switch library {
    case .swinject:
      guard let resolver = resolverName(closure), file.isWord(index, resolver) else { return nil }
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
  private func staticFactoryUse(at index: Int) -> (end: Int, value: ImportedValue?)? {
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
  private func resolverArgument(at index: Int, in closure: Closure) -> (end: Int, key: String)? {
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
    if range.count == 1 {
      // Factory's `$0` is named by the label it is passed to.
      if text == "$0", library == .factory, registration.parameterType != nil { return .argument(label) }
      if argumentNames(closure).contains(where: { $0.name == text }) { return .argument(text) }
      switch file.kind(range.lowerBound) {
      case .number?: return .literal(text)
      case .string? where !text.contains("\\(") && !text.hasPrefix("\"\"\"") && !text.hasPrefix("#"):
        return .literal(text)
      case .identifier? where text == "true" || text == "false": return .literal(text)
      default: break
      }
    }
    if range.count == 2, file.isOperator(range.lowerBound, "-"), file.kind(range.lowerBound + 1) == .number {
      return .literal(text)
    }
    // The assembly's property, the enclosing function's parameter, a static member read in a static
    // context: what the closure's place holds.
    if let held = held(range, in: closure) { return held }
    let compact = text.filter { !$0.isWhitespace }
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
  private func readsOnlyTypesAndLiterals(_ range: Range<Int>) -> Bool {
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

  // MARK: Entries

  /// `Type(label: value, …)` in `range`, with `as P` after it: the type, the `(`, and `P`.
  func construction(_ range: Range<Int>) -> (type: String, open: Int, asType: String?)? {
    var index = range.lowerBound
    if file.isWord(index, "return") { index += 1 }
    let type: String
    if file.isOperator(index, "."), file.isWord(index + 1, "init"), let key = registration.key, !key.isEmpty {
      // `.init(…)`: the type the registration is resolved by.
      type = key
      index += 2
    } else {
      guard index < range.upperBound, file.kind(index) == .identifier, file.text(index).first?.isUppercase == true
      else { return nil }
      let typeStart = index
      index += 1
      while file.isOperator(index, "."), file.kind(index + 1) == .identifier, !file.isWord(index + 1, "init") {
        index += 2
      }
      type = file.text(typeStart..<index)
      // `Type.make(…)` calls a static member, which constructs nothing by that name.
      guard type.split(separator: ".").last?.first?.isUppercase == true else { return nil }
      // `Type.init(…)`.
      if file.isOperator(index, "."), file.isWord(index + 1, "init") { index += 2 }
    }
    guard file.kind(index) == .leftParen, !file.tokens[index].newlineBefore else { return nil }
    let open = index
    index = file.after(open)
    if index == range.upperBound { return (type, open, nil) }
    if file.isWord(index, "as"), index + 1 < range.upperBound {
      return (type, open, file.text(index + 1..<range.upperBound))
    }
    return nil
  }

  /// The entry of a closure that constructs its service, with its properties set: nil where the
  /// closure holds code the graph file cannot say. The closure may first bind what it resolves to
  /// locals (`let a = r.resolve(A.self)!`, `guard let a = r.resolve(A.self) else { fatalError() }`).
  func entry(_ closure: Closure, key: String? = nil) -> Entry? {
    guard var entry = builtEntry(closure, key: key) else { return nil }
    // A run-time argument the code sets a property to (`screen.title = title`): typed as the closure
    // writes it, else as the property is declared.
    let written = argumentNames(closure)
    for property in entry.properties {
      guard case .argument(let name) = property.value, !entry.arguments.contains(where: { $0.name == name }) else {
        continue
      }
      let type = library == .factory ? registration.parameterType : written.first { $0.name == name }?.type
      guard let type = type ?? propertyType(of: entry.type, named: property.label) else { return nil }
      entry.arguments.append((name, type))
    }
    // In the order the closure takes them, which is the order a resolve passes them.
    let order = written.map(\.name)
    entry.arguments.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
    return entry
  }

  private func builtEntry(_ closure: Closure, key: String?) -> Entry? {
    var statements = file.statements(in: closure.body)
    var locals = outerResolves()
    // The locals, and the properties the code sets on the objects they hold (`let configuration =
    // URLSessionConfiguration.ephemeral`, `configuration.waitsForConnectivity = true`).
    while statements.count >= 2 {
      if let local = local(statements[0], in: closure, locals: locals) {
        locals[local.name] = local.value
      } else if let (name, property) = configuring(statements[0], locals: locals, closure: closure) {
        locals[name] = property
        for (other, value) in locals where other != name {
          locals[other] = Self.replacing(name, with: property, in: value)
        }
      } else {
        break
      }
      statements.removeFirst()
    }
    if statements.count == 1 {
      var range = statements[0]
      if file.isWord(range.lowerBound, "return") { range = range.lowerBound + 1..<range.upperBound }
      // `return service as TransitService`: the object a local holds, built as the graph says.
      if file.kind(range.lowerBound) == .identifier, case .constructed(let held)? = locals[file.text(range.lowerBound)],
        range.count == 1 || (file.isWord(range.lowerBound + 1, "as") && range.count > 2)
      {
        var entry = Entry(
          type: held.type, bindings: range.count == 1 ? [] : [file.text(range.lowerBound + 2..<range.upperBound)],
          initializer: Array(zip(held.labels, held.values)))
        entry.factory = held.factory
        entry.properties = Array(zip(held.propertyLabels, held.propertyValues))
        return entry
      }
      // `Impl().then { $0.delegate = r.resolve(D.self)! }` (the Then library): its properties.
      var configured: [(label: String, value: ImportedValue)] = []
      let last = range.upperBound - 1
      if file.kind(last) == .rightBrace, let open = Optional(file.tokens[last].match), open > range.lowerBound + 1,
        file.isWord(open - 1, "then"), file.isOperator(open - 2, ".")
      {
        let then = RegistrationReader(file: file).closure(at: open)
        let instance = then.parameters.first?.name ?? "$0"
        for statement in file.statements(in: then.body) {
          guard let property = property(statement, of: instance, closure: closure, locals: locals) else { return nil }
          configured.append(property)
        }
        range = range.lowerBound..<open - 2
      }
      // `activitySummaryManager as AnyActivitySummaryManager` in `static var previews`: the static member.
      if configured.isEmpty, case .swift(let member)? = held(range, in: closure),
        let type = key ?? registration.key ?? closure.returnType
      {
        var entry = Entry(type: type, bindings: [], initializer: [])
        entry.factory = member
        return entry
      }
      let constructed = construction(range).flatMap { self.entry($0, closure: closure, locals: locals) }
      guard var entry = constructed ?? call(range, in: closure, locals: locals, key: key) else { return nil }
      entry.properties += configured
      return entry
    }
    // `let vm = ProfileViewModel(…)`, `vm.analytics = r.resolve(Analytics.self)!`, `return vm`.
    guard statements.count >= 2, let first = statements.first, file.isWord(first.lowerBound, "let"),
      file.kind(first.lowerBound + 1) == .identifier, file.isOperator(first.lowerBound + 2, "=")
    else { return nil }
    let instance = file.text(first.lowerBound + 1)
    let last = statements[statements.count - 1]
    guard file.text(last) == "return \(instance)" || file.text(last) == instance else { return nil }
    let value = first.lowerBound + 3..<first.upperBound
    var entry: Entry
    if let built = construction(value), built.asType == nil,
      let constructed = self.entry(built, closure: closure, locals: locals)
    {
      entry = constructed
    } else if let called = call(value, in: closure, locals: locals, key: key) {
      entry = called
    } else {
      return nil
    }
    for statement in statements.dropFirst().dropLast() {
      guard let property = property(statement, of: instance, closure: closure, locals: locals) else { return nil }
      entry.properties.append(property)
    }
    return entry
  }

  /// `let a = r.resolve(A.self)!`, `let a: A = r.resolve()`, `guard let a = r.resolve(A.self) else {
  /// fatalError() }`, `let url = "https://…"`: the local's name and the value it holds.
  private func local(
    _ range: Range<Int>, in closure: Closure, locals: [String: ImportedValue]
  ) -> (name: String, value: ImportedValue)? {
    var index = range.lowerBound
    let guarded = file.isWord(index, "guard")
    if guarded { index += 1 }
    guard file.isWord(index, "let"), file.kind(index + 1) == .identifier else { return nil }
    let name = file.text(index + 1)
    index += 2
    var declared: String?
    if file.kind(index) == .colon {
      let typeStart = index + 1
      while index < range.upperBound, !file.isOperator(index, "=") { index = file.after(index) }
      declared = file.text(typeStart..<index)
    }
    guard file.isOperator(index, "=") else { return nil }
    var end = range.upperBound
    if guarded {
      // `else { fatalError(…) }`: the resolve is required, as a forced one is.
      guard let elseIndex = (index..<range.upperBound).first(where: { file.isWord($0, "else") }),
        file.kind(elseIndex + 1) == .leftBrace, file.after(elseIndex + 1) == range.upperBound,
        file.text(elseIndex + 2..<file.closing(elseIndex + 1)).split(separator: "(").first.map({
          ["fatalError", "preconditionFailure", "assertionFailure"].contains(String($0))
        }) == true || file.text(elseIndex + 2..<file.closing(elseIndex + 1)).hasPrefix("return nil")
      else { return nil }
      end = elseIndex
    }
    guard
      var value = value(index + 1..<end, in: closure, label: name, locals: locals, constructs: false)
        ?? built(index + 1..<end, in: closure, locals: locals)
    else {
      return nil
    }
    if case .constructed(var construction) = value {
      construction.local = name
      value = .constructed(construction)
    }
    if case .resolved(let key, let resolvedName, let optional) = value {
      let key = key.isEmpty ? declared.map(Identifiers.key(of:)) ?? "" : key
      guard !key.isEmpty else { return nil }
      let isOptional = guarded ? false : optional || (declared.map(Identifiers.isOptional) ?? false)
      value = .resolved(key: key, name: resolvedName, optional: isOptional)
    }
    return (name, value)
  }

  /// The object a local is given (`let queue = try DatabaseQueue(path: ":memory:")`, `let
  /// configuration = URLSessionConfiguration.background(withIdentifier: id)`): built by its
  /// initializer or a static member of its type; nil where it is anything else.
  private func built(
    _ range: Range<Int>, in closure: Closure, locals: [String: ImportedValue]
  ) -> ImportedValue? {
    var start = range.lowerBound
    if file.isWord(start, "try") {
      start = file.isOperator(start + 1, "?") || file.isOperator(start + 1, "!") ? start + 2 : start + 1
    }
    let range = start..<range.upperBound
    if let construction = construction(range), construction.asType == nil,
      let entry = entry(construction, closure: closure, locals: locals), entry.arguments.isEmpty
    {
      return .constructed(
        NestedConstruction(
          type: entry.type, labels: entry.initializer.map(\.label), values: entry.initializer.map(\.value)))
    }
    // `Type.member` or `Type.member(…)`, a member of the type that makes one.
    guard file.kind(start) == .identifier, file.text(start).first?.isUppercase == true else { return nil }
    var end = start + 1
    while file.isOperator(end, "."), file.kind(end + 1) == .identifier { end += 2 }
    let path = file.text(start..<end)
    guard let dot = path.lastIndex(of: "."), path[path.index(after: dot)...].first?.isLowercase == true,
      end == range.upperBound || (file.kind(end) == .leftParen && file.after(end) == range.upperBound)
    else { return nil }
    var labels: [String] = []
    var values: [ImportedValue] = []
    if end < range.upperBound {
      for item in file.items(in: end) {
        guard let label = item.label, let value = value(item.value, in: closure, label: label, locals: locals)
        else { return nil }
        labels.append(label)
        values.append(value)
      }
    }
    let type = staticMemberType(range) ?? String(path[..<dot])
    var construction = NestedConstruction(type: type, labels: labels, values: values, factory: path)
    let oneLine = file.text(range).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    if readsOnlyTypesAndLiterals(range), SwiftValueExpression.isExpression(oneLine) {
      construction.expression = oneLine
    }
    return .constructed(construction)
  }

  /// `configuration.timeoutIntervalForRequest = 10` on an object a local holds: the local, holding it
  /// with the property set.
  private func configuring(
    _ range: Range<Int>, locals: [String: ImportedValue], closure: Closure
  ) -> (String, ImportedValue)? {
    guard file.kind(range.lowerBound) == .identifier, file.isOperator(range.lowerBound + 1, "."),
      file.isOperator(range.lowerBound + 3, "=")
    else { return nil }
    let name = file.text(range.lowerBound)
    var construction: NestedConstruction
    switch locals[name] {
    case .constructed(let held)?: construction = held
    case .swift(let path)? where SwiftValueExpression.isFunctionName(path):
      // `let configuration = URLSessionConfiguration.ephemeral`, then configured: an object of its own.
      guard let dot = path.lastIndex(of: ".") else { return nil }
      construction = NestedConstruction(
        type: String(path[..<dot]), labels: [], values: [], factory: path, local: name)
    default: return nil
    }
    guard let (label, value) = property(range, of: name, closure: closure, locals: locals) else { return nil }
    construction.propertyLabels.append(label)
    construction.propertyValues.append(value)
    return (name, .constructed(construction))
  }

  /// `value` with the object the local `name` holds replaced by `held`, where it takes it.
  static func replacing(_ name: String, with held: ImportedValue, in value: ImportedValue) -> ImportedValue {
    guard case .constructed(var construction) = value else { return value }
    if construction.local == name { return held }
    construction.values = construction.values.map { replacing(name, with: held, in: $0) }
    construction.propertyValues = construction.propertyValues.map { replacing(name, with: held, in: $0) }
    return .constructed(construction)
  }

  /// A call the graph file names with `factory:`: a factory object's method on a service the
  /// closure resolves (`r.resolve(AlertFactory.self)!.makeAlert(title: "Hi")`), or a type's static
  /// member (`Analytics.shared`, `SDK.make(key: "…")`).
  private func call(
    _ range: Range<Int>, in closure: Closure, locals: [String: ImportedValue], key: String? = nil
  ) -> Entry? {
    guard !range.isEmpty, let type = key ?? registration.key ?? closure.returnType, !type.isEmpty else { return nil }
    // The receiver: a resolve, a local holding one, or a resolve in parentheses.
    var receiver: ImportedValue?
    var index = range.lowerBound
    if let (end, found) = resolve(at: index, in: closure), let found {
      (receiver, index) = (found, end)
    } else if file.kind(index) == .identifier, let local = locals[file.text(index)] {
      (receiver, index) = (local, index + 1)
    } else if file.kind(index) == .leftParen,
      let inner = value(index + 1..<file.closing(index), in: closure, label: "", locals: locals)
    {
      (receiver, index) = (inner, file.after(index))
    } else if let open = (index..<range.upperBound).first(where: { file.kind($0) == .leftParen }),
      file.isOperator(file.after(open), "."),
      case .constructed(let built)? = value(index..<file.after(open), in: closure, label: "", locals: locals)
    {
      // `CoreDataRepository(container: container).load()`: an object of its own, whose method builds it.
      (receiver, index) = (.constructed(built), file.after(open))
    }
    if let receiver {
      switch receiver {
      case .resolved, .service, .external, .constructed: break
      default: return nil
      }
      guard file.isOperator(index, "."), file.kind(index + 1) == .identifier, file.kind(index + 2) == .leftParen,
        file.after(index + 2) == range.upperBound
      else { return nil }
      return method(file.text(index + 1), of: receiver, arguments: index + 2, type: type, closure, locals)
    }
    // `Type.member` or `Type.member(…)`: the type's name, then lower-case members.
    guard file.kind(index) == .identifier, file.text(index).first?.isUppercase == true else { return nil }
    var end = index + 1
    while file.isOperator(end, "."), file.kind(end + 1) == .identifier { end += 2 }
    let path = file.text(index..<end)
    guard let member = path.split(separator: ".").last, member.first?.isLowercase == true || member.first == "_",
      member != "init",
      end == range.upperBound || (file.kind(end) == .leftParen && file.after(end) == range.upperBound)
    else { return nil }
    var entry = Entry(type: type, bindings: [], initializer: [])
    entry.factory = path
    if end < range.upperBound {
      for item in file.items(in: end) {
        guard let label = item.label,
          let value = value(item.value, in: closure, label: label, locals: locals)
        else { return nil }
        entry.initializer.append((label, value))
      }
    }
    let owner = String(path[..<(path.lastIndex(of: ".") ?? path.endIndex)])
    let declared = declarations.type(named: owner)?.functions.first { $0.name == String(member) }?.parameters
    return typingArguments(of: entry, closure: closure, declared: declared)
  }

  /// `entry` with the type of each run-time argument it passes: as the closure writes it, else as
  /// the function called declares it; nil where neither says.
  private func typingArguments(of entry: Entry, closure: Closure, declared: [SwiftParameter]?) -> Entry? {
    var typed = entry
    for argument in entry.initializer {
      guard case .argument(let name) = argument.value else { continue }
      let written =
        library == .factory ? registration.parameterType : argumentNames(closure).first { $0.name == name }?.type
      guard let type = written.flatMap({ $0 }) ?? declared?.first(where: { $0.label == argument.label })?.type
      else { return nil }
      if !typed.arguments.contains(where: { $0.name == name }) { typed.arguments.append((name, type)) }
    }
    return typed
  }

  private func method(
    _ name: String, of receiver: ImportedValue, arguments open: Int, type: String, _ closure: Closure,
    _ locals: [String: ImportedValue]
  ) -> Entry? {
    var entry = Entry(type: type, bindings: [], initializer: [])
    entry.factory = name
    entry.receiver = receiver
    for item in file.items(in: open) {
      guard let label = item.label, let value = value(item.value, in: closure, label: label, locals: locals)
      else { return nil }
      entry.initializer.append((label, value))
    }
    let declared = receiverType(of: receiver).flatMap { declarations.type(named: Identifiers.key(of: $0)) }?.methods
      .first { $0.name == name }?.parameters
    return typingArguments(of: entry, closure: closure, declared: declared)
  }

  /// The type a factory object is written as: the key it is resolved by, its registration's key.
  private func receiverType(of receiver: ImportedValue) -> String? {
    switch receiver {
    case .resolved(let key, _, _): return key
    case .service(let id, _): return factoryKeys[id]
    case .external(_, let type, _): return type
    default: return nil
    }
  }

  /// `instance.label = value` or `(instance as! Type).label = value`.
  func property(
    _ range: Range<Int>, of instance: String, closure: Closure, locals: [String: ImportedValue] = [:]
  ) -> (label: String, value: ImportedValue)? {
    var index = range.lowerBound
    if file.kind(index) == .leftParen, file.isWord(index + 1, instance), file.isWord(index + 2, "as") {
      index = file.after(index)
    } else if file.isWord(index, instance) {
      index += 1
    } else {
      return nil
    }
    guard file.isOperator(index, "."), file.kind(index + 1) == .identifier, file.isOperator(index + 2, "=") else {
      return nil
    }
    let label = file.text(index + 1)
    return value(index + 3..<range.upperBound, in: closure, label: label, locals: locals).map { (label, $0) }
  }

  struct Entry {
    var type: String
    var bindings: [String]
    var initializer: [(label: String, value: ImportedValue)]
    var properties: [(label: String, value: ImportedValue)] = []
    var arguments: [(name: String, type: String)] = []
    /// The factory function that builds it, where one does.
    var function: FactoryFunction?
    /// What `factory:` names where a call builds it: a static member, or a factory object's method.
    var factory: String?
    /// The factory object whose method `factory` is.
    var receiver: ImportedValue?
  }

  private func entry(
    _ built: (type: String, open: Int, asType: String?), closure: Closure, locals: [String: ImportedValue] = [:]
  ) -> Entry? {
    var initializer: [(label: String, value: ImportedValue)] = []
    let items = file.items(in: built.open)
    // One argument without a label is the graph's `_:` (`DefaultPageService(httpLoader)`).
    guard items.filter({ $0.label == nil }).count <= 1 else { return nil }
    // What the declarations say of the initializer: the types `resolve()` and `args()` leave to
    // Swift, and the dependencies hidden in defaults that call a container.
    let called = declaredInitializer(of: built.type, labels: items.map { $0.label ?? "_" })
    let parameters = called?.parameters
    // A parameter declared as a generic parameter (`store: S` of `init<S: Store>`) takes the type
    // Swift infers from the call, which `.init(…)` does not name.
    let generics = Set(
      (called?.genericParameters ?? []) + (declarations.type(named: built.type)?.genericParameters ?? []))
    for item in items {
      let label = item.label ?? "_"
      let declared = parameters?.first(where: { ($0.label ?? "_") == label })?.type
      if file.isOperator(item.value.lowerBound, "."), file.isWord(item.value.lowerBound + 1, "init"),
        let declared, case .named(let path) = SwiftTypeExpression(declared).withoutExistential, path.count == 1,
        generics.contains(path[0].name)
      {
        return nil
      }
      // `.init(writer: queue, reader: queue)`: an object of the type the initializer declares there.
      if file.isOperator(item.value.lowerBound, "."), file.isWord(item.value.lowerBound + 1, "init"), let declared,
        !Identifiers.isOptional(declared), file.kind(item.value.lowerBound + 2) == .leftParen,
        file.after(item.value.lowerBound + 2) == item.value.upperBound,
        let nested = entry((declared, item.value.lowerBound + 2, nil), closure: closure, locals: locals),
        nested.arguments.isEmpty
      {
        initializer.append(
          (
            label,
            .constructed(
              NestedConstruction(
                type: declared, labels: nested.initializer.map(\.label), values: nested.initializer.map(\.value)))
          ))
        continue
      }
      guard let value = value(item.value, in: closure, label: label, locals: locals) else { return nil }
      initializer.append((label, value))
    }
    var entry = Entry(type: built.type, bindings: built.asType.map { [$0] } ?? [], initializer: initializer)
    for (position, argument) in entry.initializer.enumerated() {
      let declared = parameters?.first { $0.label == argument.label }?.type
      // What the code passes where a non-optional is declared is not optional, whatever resolves it
      // (`r.resolve()` of an extension that unwraps).
      if case .resolved(let key, let name, true) = argument.value, !key.isEmpty, let declared,
        !Identifiers.isOptional(declared)
      {
        entry.initializer[position].value = .resolved(key: key, name: name, optional: false)
      }
      switch argument.value {
      case .resolved(let key, let name, _) where key.isEmpty:
        guard let declared else { return nil }
        entry.initializer[position].value = .resolved(
          key: Identifiers.key(of: declared), name: name, optional: Identifiers.isOptional(declared))
      case .argument(let name):
        let written =
          library == .factory ? registration.parameterType : argumentNames(closure).first { $0.name == name }?.type
        guard let type = written.flatMap({ $0 }) ?? declared else { return nil }
        if !entry.arguments.contains(where: { $0.name == name }) { entry.arguments.append((name, type)) }
      default: break
      }
    }
    for parameter in parameters ?? []
    where !initializer.contains(where: { $0.label == parameter.label }) {
      guard let lookup = parameter.defaultValue, SwiftParameter.looksUpAContainer(lookup),
        let label = parameter.label, let type = parameter.type
      else { continue }
      entry.initializer.append(
        (
          label,
          .resolved(
            key: Identifiers.key(of: type), name: nil,
            optional: Identifiers.isOptional(type) || lookup.contains("optional"))
        ))
    }
    return entry
  }

  /// The entry of an initializer named by reference (`autoregister(P.self, initializer: Impl.init)`):
  /// each parameter resolved by its type. Nil where the declarations do not say which initializer.
  func autoregisteredEntry(type: String, labels: [String]?) -> Entry? {
    // A type of the SDK or another package (`JSONEncoder.init`): its `init()`, the one an
    // initializer named without labels calls where the Swift read declares none.
    guard let initializers = declarations.type(named: type)?.initializers else {
      return labels == nil ? Entry(type: type, bindings: [], initializer: []) : nil
    }
    let candidates = initializers.filter { initializer in
      labels.map { $0 == initializer.parameters.map { $0.label ?? "_" } } ?? true
    }
    guard candidates.count == 1, let initializer = candidates.first else { return nil }
    var initializerValues: [(label: String, value: ImportedValue)] = []
    for parameter in initializer.parameters {
      guard let label = parameter.label, let written = parameter.type else { return nil }
      initializerValues.append(
        (label, .resolved(key: Identifiers.key(of: written), name: nil, optional: Identifiers.isOptional(written))))
    }
    return Entry(type: type, bindings: [], initializer: initializerValues)
  }

  /// The type of the static member `range` names (`Container.appState`), as the declarations give it.
  func staticMemberType(_ range: Range<Int>) -> String? {
    var start = range.lowerBound
    if file.isWord(start, "return") { start += 1 }
    let path = file.text(start..<range.upperBound).filter { !$0.isWhitespace }
    guard SwiftValueExpression.isFunctionName(path), let dot = path.lastIndex(of: ".") else { return nil }
    let member = String(path[path.index(after: dot)...])
    if let declared = declarations.type(named: String(path[..<dot]))?.staticProperties.first(where: {
      $0.name == member
    })?.type {
      return declared
    }
    // `static let appState = AppState()` in the file read: the type it constructs.
    for index in file.tokens.indices
    where file.isWord(index, "static") && (file.isWord(index + 1, "let") || file.isWord(index + 1, "var"))
      && file.isWord(index + 2, member) && file.isOperator(index + 3, "=")
    {
      guard let built = construction(index + 4..<file.after(index + 5)) else { continue }
      return built.type
    }
    return nil
  }

  /// The type of `type`'s property `name` as declared; for ReactorKit's `reactor` (which its `View`
  /// protocol declares as `Reactor?`), the reactor its `bind(reactor:)` takes, as Swift infers it.
  func propertyType(of type: String, named name: String) -> String? {
    guard let declared = declarations.type(named: type) else { return nil }
    if let property = declared.properties.first(where: { $0.name == name })?.type { return property }
    guard name == "reactor", declared.inherited.contains(where: { ["View", "StoryboardView"].contains($0) }),
      let bind = declarations.methods(of: declared).first(where: {
        $0.name == "bind" && $0.parameters.count == 1 && $0.parameters[0].label == "reactor"
      }), let reactor = bind.parameters[0].type
    else { return nil }
    return reactor + "?"
  }

  /// The initializer of `type` that a call with `labels` calls, as Swift ranks the overloads; nil
  /// where the declarations know none.
  func declaredInitializer(of type: String, labels: [String]) -> SwiftInitializer? {
    declarations.type(named: type).flatMap { SwiftInitializer.named(by: labels, among: $0.initializers) }
  }

  /// The parameters of the initializer of `type` that a call with `labels` calls.
  func declaredParameters(of type: String, labels: [String]) -> [SwiftParameter]? {
    declaredInitializer(of: type, labels: labels)?.parameters
  }

  // MARK: Factory functions

  /// A function carrying the closure's code, its resolves replaced by parameters: its text, the
  /// values the graph passes it, and its run-time arguments; else why not.
  func function(returning key: String, _ closure: Closure) -> Result<Entry, Failure> {
    var replacements: [(range: Range<Int>, name: String)] = []
    var parameters: [(name: String, type: String, value: ImportedValue)] = []
    var index = closure.body.lowerBound
    let outerValues = outerResolves()
    let declaredInClosure = Set(
      closure.body.filter { file.isWord($0 - 1, "let") || file.isWord($0 - 1, "var") }.map { file.text($0) })
    while index < closure.body.upperBound {
      // `guard let client = r.resolve(Client.self) else { fatalError() }`: required resolves, each a
      // parameter of the name the guard binds (the reference required, so a misspelt id is an error).
      if file.isWord(index, "guard"), let required = requiredResolves(inGuardAt: index, in: closure) {
        var bindings: [String] = []
        for (bound, value) in required.bindings {
          let parameter: String
          if let existing = parameters.first(where: { $0.value == value }) {
            parameter = existing.name
          } else {
            let taken = parameters.map(\.name) + closure.parameters.map(\.name)
            parameter = taken.contains(bound) ? Self.parameterName(for: value, taken: taken) : bound
            if case .resolved(let key, _, _) = value { parameters.append((parameter, key, value)) }
          }
          if parameter != bound { bindings.append("\(bound) = \(parameter)") }
        }
        replacements.append((index..<required.end, bindings.isEmpty ? "" : "let " + bindings.joined(separator: ", ")))
        index = required.end
        continue
      }
      let outerResolve: (Int, ImportedValue?)? =
        file.kind(index) == .identifier && !file.isOperator(index - 1, ".") && file.kind(index + 1) != .colon
          && !declaredInClosure.contains(file.text(index))
        ? outerValues[file.text(index)].map { (index + 1, $0) } : nil
      if let (end, found) = outerResolve ?? resolve(at: index, in: closure) {
        guard var value = found else {
          return .failure(Failure("it resolves with arguments, which the import does not read"))
        }
        var type: String
        switch value {
        case .resolved(let written, let name, let optional):
          var resolvedKey = written
          if resolvedKey.isEmpty, file.isWord(index - 1, "return") {
            // `return resolve(name: "staging")`: the type the closure returns.
            resolvedKey = key
            value = .resolved(key: key, name: name, optional: optional)
          } else if resolvedKey.isEmpty, let declared = passedType(at: index, in: closure) {
            // `Impl(api: resolve())` inside the code: the type the initializer declares there.
            resolvedKey = Identifiers.key(of: declared)
            value = .resolved(key: resolvedKey, name: name, optional: Identifiers.isOptional(declared))
          } else if resolvedKey.isEmpty {
            // `let environment: NetworkEnvironment = resolve()`.
            guard file.isOperator(index - 1, "="),
              let colon = (closure.body.lowerBound..<index).last(where: {
                file.kind($0) == .colon
              }), colon > closure.body.lowerBound
            else {
              return .failure(Failure("'\(file.text(index..<end))' resolves a type only Swift infers"))
            }
            resolvedKey = Identifiers.key(of: file.text(colon + 1..<index - 1))
            value = .resolved(key: resolvedKey, name: name, optional: optional)
          }
          type = resolvedKey + (optional ? "?" : "")
        case .service(let id, _):
          guard let key = factoryKeys[id] else {
            return .failure(Failure("'\(id)' is no factory of the files read"))
          }
          type = key
        default: type = ""
        }
        // A resolve inside a closure the code passes on (`isSignedIn: { self.auth.resolve().isSignedIn }`)
        // runs when that closure does: a provider, which also breaks a cycle the way the code does.
        let deferred = isInPassedClosure(index, of: closure)
        if deferred {
          value = .provider(value)
          type = "Provider<\(type)>"
        }
        let parameter =
          parameters.first { $0.value == value }?.name ?? Self.parameterName(for: value, taken: parameters.map(\.name))
        if !parameters.contains(where: { $0.value == value }) { parameters.append((parameter, type, value)) }
        replacements.append((index..<end, deferred ? "(try! \(parameter)())" : parameter))
        index = end
        continue
      }
      index += 1
    }
    // A resolve inside the closure's own `#if` is made in some builds only, and a graph file's
    // dependency is one in every build.
    var conditionals: [Int] = []
    var regions: [(condition: Range<Int>, body: Range<Int>)] = []
    for index in closure.body where file.kind(index) == .pound {
      switch file.text(index) {
      case "#if": conditionals.append(index)
      case "#endif":
        guard let start = conditionals.popLast() else { break }
        var end = start + 1
        while end < index, !file.tokens[end].newlineBefore { end += 1 }
        regions.append((start + 1..<end, start..<index))
      default: break
      }
    }
    for replacement in replacements {
      guard let region = regions.first(where: { $0.body.contains(replacement.range.lowerBound) }) else { continue }
      return .failure(
        Failure(
          "it resolves '\(file.text(replacement.range))' only where '#if \(file.text(region.condition))' holds, and "
            + "a graph file's dependency is one in every build; register each build's version apart (the "
            + "other in a layer with 'condition:'), or resolve it in every build"))
    }
    // The code must not use the resolver or the container any other way, nor what only the
    // closure's place sees: `self` (the assembly or container) and the enclosing function's locals.
    let replaced = Set(replacements.flatMap { Array($0.range) })
    let unreplaced = closure.body.filter { !replaced.contains($0) }
    if let resolver = resolverName(closure), let use = unreplaced.first(where: { file.isWord($0, resolver) }) {
      // `BaseRouter(resolver: r)`: the resolver passed on, for the service to resolve for itself.
      if file.kind(use - 1) == .colon, file.kind(use - 2) == .identifier,
        file.kind(use + 1) == .comma || file.kind(use + 1) == .rightParen
      {
        return .failure(
          Failure(
            "its closure passes the resolver '\(resolver)' on as '\(file.text(use - 2)):', for the service to "
              + "resolve for itself, which a graph file cannot say; give it what it resolves as dependencies"))
      }
      return .failure(Failure("its closure uses '\(resolver)' in a way the import does not read"))
    }
    // An anonymous argument the function has no parameter for (`$1` of Swinject's run-time arguments).
    let named = Set(argumentNames(closure).map(\.name))
    if let anonymous = anonymousArguments(of: closure).first(where: {
      !replaced.contains($0) && !named.contains(file.text($0))
    }) {
      return .failure(
        Failure(
          "its closure reads '\(file.text(anonymous))', an argument it is not given a name for, which a factory "
            + "function has no parameter for; name the closure's parameters ('{ r, id in … }')"))
    }
    if unreplaced.contains(where: { file.isWord($0, "self") && !file.isOperator($0 - 1, ".") }) {
      return .failure(
        Failure(
          "its closure reads 'self' (the \(library == .factory ? "container" : "assembly")), which a factory "
            + "function cannot see; make what it reads a service"))
    }
    let declaredInside = Set(
      closure.body.filter { (file.isWord($0 - 1, "let") || file.isWord($0 - 1, "var")) }.map { file.text($0) })
    let outer = enclosingLocals().subtracting(declaredInside).subtracting(closure.parameters.map(\.name))
    if let local = unreplaced.first(where: {
      file.kind($0) == .identifier && outer.contains(file.text($0)) && !file.isOperator($0 - 1, ".")
        && file.kind($0 + 1) != .colon
    }) {
      return .failure(
        Failure(
          "its closure reads '\(file.text(local))', a local or parameter of the function it is registered in, which a factory "
            + "function cannot see; make it a service or a Swift value"))
    }
    // A member read without `self.` (`activitySummaryManager` of the type or protocol extension it
    // is registered in): what the closure's place sees and a function does not.
    let (members, globals) = (names.members, names.globals)
    // The names the code binds itself: the closure's parameters, its inner closures' (`{ name in … }`)
    // and loop variables (`for item in`).
    var parameterNames = Set(closure.parameters.map(\.name))
    let reader = RegistrationReader(file: file)
    for index in closure.body {
      if file.kind(index) == .leftBrace { parameterNames.formUnion(reader.closure(at: index).parameters.map(\.name)) }
      if file.isWord(index, "for"), file.kind(index + 1) == .identifier { parameterNames.insert(file.text(index + 1)) }
      // `catch { … error … }`: the error a `catch` without a pattern binds.
      if file.isWord(index, "catch"), file.kind(index + 1) == .leftBrace { parameterNames.insert("error") }
      if file.kind(index) == .leftParen, file.isWord(file.closing(index) + 1, "in") {
        parameterNames.formUnion(file.items(in: index).map { file.text($0.value) })
      }
    }
    if let member = unreplaced.first(where: { index in
      let name = file.text(index)
      return file.kind(index) == .identifier && !file.isOperator(index - 1, ".") && file.kind(index + 1) != .colon
        && members.contains(name) && !globals.contains(name) && !declaredInside.contains(name)
        && !parameterNames.contains(name) && name.first?.isLowercase == true
    }) {
      return .failure(
        Failure(
          "its closure reads '\(file.text(member))', a member of the type it is registered in, which a factory "
            + "function cannot see; make it a service or a Swift value"))
    }
    if library == .resolver, closure.parameters.count == 2, closure.parameters[1].name != "_" {
      return .failure(Failure("its closure reads run-time arguments in code"))
    }
    var arguments: [(name: String, type: String)] = []
    for argument in argumentNames(closure) {
      if argument.type?.hasPrefix("(") == true {
        return .failure(
          Failure(
            "its parameter is a tuple, and a graph file names run-time arguments one by one (`arguments:`)"))
      }
      // `{ r, direction in … Reactor(direction: direction) }`: the type the initializer it is passed to declares.
      let passed = closure.body.lazy.filter { file.isWord($0, argument.name) && file.kind($0 - 1) == .colon }
        .compactMap { passedType(at: $0, in: closure) }.first
      guard let type = argument.type ?? passed else {
        return .failure(Failure("the type of its argument '\(argument.name)' is one only Swift infers"))
      }
      if argument.name.hasPrefix("$") {
        return .failure(Failure("its closure reads its parameter as '\(argument.name)'; name it ('{ id in … }')"))
      }
      arguments.append((argument.name, type))
    }
    let position = file.position(registration.start)
    let function = FactoryFunction(
      comment: "\(library.rawValue)'s registration of '\(key)', its closure's code with the services it resolved "
        + "as parameters: \(file.path):\(position.line).",
      parameters: parameters.map { "\($0.name): \($0.type)" } + arguments.map { "\($0.name): \($0.type)" },
      throwing: closure.body.contains {
        file.isWord($0, "try") && !file.isOperator($0 + 1, "!") && !file.isOperator($0 + 1, "?")
      }, returnType: key, body: Self.dedented(text(of: closure.body, replacing: replacements)))
    var entry = Entry(
      type: key, bindings: [],
      initializer: parameters.map { ($0.name, $0.value) }
        + arguments.map { ($0.name, ImportedValue.argument($0.name)) })
    entry.arguments = arguments
    entry.function = function
    return .success(entry)
  }

  /// The resolves a `guard` at `start` binds where each of its conditions binds one (`let client =
  /// r.resolve(Client.self)`) and its `else` traps: each required, by the name it binds; and the index
  /// after the guard. Nil for any other guard.
  private func requiredResolves(inGuardAt start: Int, in closure: Closure) -> (
    end: Int, bindings: [(name: String, value: ImportedValue)]
  )? {
    var index = start + 1
    var bindings: [(name: String, value: ImportedValue)] = []
    while true {
      guard file.isWord(index, "let") || file.isWord(index, "var"), file.kind(index + 1) == .identifier,
        file.isOperator(index + 2, "="), let (end, value) = resolve(at: index + 3, in: closure),
        case .resolved(let key, let name, _)? = value, !key.isEmpty
      else { return nil }
      bindings.append((file.text(index + 1), .resolved(key: key, name: name, optional: false)))
      if file.kind(end) == .comma {
        index = end + 1
        continue
      }
      guard file.isWord(end, "else"), file.kind(end + 1) == .leftBrace,
        file.isWord(end + 2, "fatalError") || file.isWord(end + 2, "preconditionFailure")
      else { return nil }
      return (file.after(end + 1), bindings)
    }
  }

  /// Whether `index` is inside a closure literal the code passes or stores (`label: { … }`, `= { … }`,
  /// `({ … })`), not a block of a statement (`if … { … }`).
  private func isInPassedClosure(_ index: Int, of closure: Closure) -> Bool {
    closure.body.contains { open in
      guard open < index, file.kind(open) == .leftBrace, file.closing(open) > index else { return false }
      let before = open - 1
      return file.kind(before) == .colon || file.kind(before) == .leftParen || file.kind(before) == .comma
        || file.isOperator(before, "=") || file.isWord(before, "return") || file.isWord(before, "in")
    }
  }

  /// The type the initializer called around `index` declares for the argument there (`api` of
  /// `Impl(api: resolve())`), where the declarations say.
  private func passedType(at index: Int, in closure: Closure) -> String? {
    guard file.kind(index - 1) == .colon, file.kind(index - 2) == .identifier else { return nil }
    let label = file.text(index - 2)
    guard
      let open = closure.body.filter({ file.kind($0) == .leftParen && $0 < index && file.closing($0) > index }).max(),
      file.kind(open - 1) == .identifier
    else { return nil }
    var start = open - 1
    while file.isOperator(start - 1, "."), file.kind(start - 2) == .identifier { start -= 2 }
    var callee = file.text(start..<open)
    // `let reactor: LanguageSettingReactor = .init(…)`: the type the local is declared with.
    if callee == "init", file.isOperator(start - 1, "."), file.isOperator(start - 2, "="),
      let colon = (closure.body.lowerBound..<start - 2).last(where: { file.kind($0) == .colon }),
      file.kind(colon - 1) == .identifier, file.isWord(colon - 2, "let") || file.isWord(colon - 2, "var")
    {
      callee = file.text(colon + 1..<start - 2)
    }
    guard callee.first?.isUppercase == true else { return nil }
    let labels = file.items(in: open).map { $0.label ?? "_" }
    return declaredParameters(of: callee, labels: labels)?.first { $0.label == label }?.type
  }

  /// What the closure's place holds, as a graph says it: a property of the assembly (`self.navigation`)
  /// or a parameter of the function it is registered in (`container` of `assemble(container:)`) is an
  /// external, which the app passes when it creates the container; a static member of the type it is
  /// registered in, read in a static context (`activitySummaryManager` in `static var previews`), is
  /// that member (`HomeContainer_Previews.activitySummaryManager`). Nil for anything else, and where a
  /// local or a closure's parameter of that name hides it.
  func held(_ range: Range<Int>, in closure: Closure) -> ImportedValue? {
    var end = range.upperBound
    // `name as AnyManager`: the cast is the registration's key, not part of the value.
    if let cast = range.first(where: { file.isWord($0, "as") }), cast > range.lowerBound,
      !file.isOperator(cast + 1, "!"), !file.isOperator(cast + 1, "?")
    {
      end = cast
    }
    var start = range.lowerBound
    if file.isWord(start, "return") { start += 1 }
    let explicitSelf = file.isWord(start, "self") && file.isOperator(start + 1, ".")
    if explicitSelf { start += 2 }
    guard end - start == 1, file.kind(start) == .identifier else { return nil }
    let name = file.text(start)
    if !explicitSelf {
      if closure.parameters.contains(where: { $0.name == name }) { return nil }
      if let type = enclosingParameters()[name] {
        return .external(id: name, type: Identifiers.key(of: type), optional: Identifiers.isOptional(type))
      }
      if enclosingLocals().contains(name) { return nil }
    }
    guard let owner = RegistrationReader(file: file).enclosingType(of: registration.start),
      let declared = declarations.type(named: owner)
    else { return nil }
    if isInStaticContext() {
      // A protocol's extension (`extension PreviewProvider`) has no type to name the member by.
      guard !explicitSelf, [.class, .struct, .enum, .actor].contains(declared.kind) else { return nil }
      // Its own static members, and those of the protocols it conforms to (`extension PreviewProvider`).
      let holders = [declared] + declared.inherited.compactMap { declarations.type(named: $0) }
      guard
        let member = holders.lazy.compactMap({ $0.staticProperties.first { $0.name == name } }).first,
        member.access != .private, member.access != .fileprivate
      else { return nil }
      return .swift(owner + "." + name)
    }
    guard let property = declared.properties.first(where: { $0.name == name }), let type = property.type,
      !type.hasPrefix("Factory<"), !type.hasPrefix("ParameterFactory<")
    else { return nil }
    return .external(id: name, type: Identifiers.key(of: type), optional: Identifiers.isOptional(type))
  }

  /// The parameters of the function the registration is written in, by name, with their types
  /// (`container: Container` of `assemble(container:)`).
  private func enclosingParameters() -> [String: String] {
    guard let body = enclosingBody(), let open = parameterClause(before: body) else { return [:] }
    var parameters: [String: String] = [:]
    for item in file.items(in: open) {
      // `container: Container` (the label is its name) or `_ container: Container`.
      if let label = item.label {
        parameters[label] = file.text(item.value)
      } else if let colon = item.value.first(where: { file.kind($0) == .colon }), colon > item.value.lowerBound,
        file.kind(colon - 1) == .identifier
      {
        parameters[file.text(colon - 1)] = file.text(colon + 1..<item.value.upperBound)
      }
    }
    return parameters
  }

  /// The `(` of the parameter clause of the function or initializer whose body opens at `body`: the
  /// first after its `func` or `init` (a parameter's own parentheses, `(A & B)`, come after it); nil
  /// for a computed property's body.
  private func parameterClause(before body: Int) -> Int? {
    guard let keyword = (0..<body).last(where: { file.isWord($0, "func") || file.isWord($0, "init") }),
      let open = (keyword..<body).first(where: { file.kind($0) == .leftParen }), file.closing(open) < body,
      !(file.closing(open)..<body).contains(where: { file.kind($0) == .leftBrace || file.kind($0) == .rightBrace })
    else { return nil }
    return open
  }

  /// Whether the function or computed property the registration is written in is `static` (or
  /// `class`): its bare names are the type's static members.
  private func isInStaticContext() -> Bool {
    var innermost: Int?
    for index in 0..<registration.start
    where (file.isWord(index, "func") || file.isWord(index, "var")) && !file.isOperator(index - 1, ".") {
      var open = index + 1
      while open < registration.start, file.kind(open) != .leftBrace, file.kind(open) != .rightBrace,
        !file.isOperator(open, "=")
      {
        open = file.after(open)
      }
      if file.kind(open) == .leftBrace, file.closing(open) > registration.start { innermost = index }
    }
    guard let declaration = innermost else { return false }
    var modifier = declaration - 1
    while modifier >= 0, file.kind(modifier) == .identifier {
      if file.isWord(modifier, "static") || file.isWord(modifier, "class") { return true }
      modifier -= 1
    }
    return false
  }

  /// The names the function around the registration declares before it (`let baseURL = …` in
  /// `assemble()`).
  private func enclosingLocals() -> Set<String> {
    guard let body = enclosingBody() else { return [] }
    // Its parameters (`container` of `assemble(container:)`), by the names its body uses.
    var names: Set<String> = []
    if let open = parameterClause(before: body) {
      for item in file.items(in: open) {
        let tokens = item.label.map { _ in [] } ?? Array(item.value)
        let beforeColon = tokens.prefix { file.kind($0) != .colon }.filter { file.kind($0) == .identifier }
        if let name = beforeColon.last { names.insert(file.text(name)) }
        if let label = item.label, item.value.isEmpty == false, tokens.isEmpty { names.insert(label) }
      }
    }
    for index in body + 1..<registration.start
    where (file.isWord(index, "let") || file.isWord(index, "var")) && file.kind(index + 1) == .identifier {
      names.insert(file.text(index + 1))
    }
    return names
  }

  /// The locals of the function around the registration that hold a service it resolved there
  /// (`let logger = container.resolve(FileLogger.self)!` in `assemble(container:)`): the closures
  /// that read them read that service.
  func outerResolves() -> [String: ImportedValue] {
    guard library == .swinject, let body = enclosingBody() else { return [:] }
    var resolves: [String: ImportedValue] = [:]
    for index in body + 1..<registration.start
    where file.isWord(index, "let") && file.kind(index + 1) == .identifier && file.isOperator(index + 2, "=")
      && file.kind(index + 3) == .identifier && file.isOperator(index + 4, ".") && file.isWord(index + 5, "resolve")
      && file.kind(index + 6) == .leftParen
    {
      guard let (key, name) = file.keyAndName(in: index + 6), let key else { continue }
      let forced = file.isOperator(file.after(index + 6), "!")
      resolves[file.text(index + 1)] = .resolved(key: key, name: name, optional: !forced)
    }
    return resolves
  }

  /// The `{` of the body of the function the registration is written in.
  private func enclosingBody() -> Int? {
    var body: Int?
    for index in 0..<registration.start
    where (file.isWord(index, "func") || file.isWord(index, "init")) && !file.isOperator(index - 1, ".") {
      var open = index + 1
      while open < registration.start, file.kind(open) != .leftBrace, file.kind(open) != .rightBrace {
        open = file.after(open)
      }
      if file.kind(open) == .leftBrace, file.closing(open) > registration.start { body = open }
    }
    return body
  }

  struct Failure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A parameter's name for a resolved value: its key's (`apiConfiguration`), with its name
  /// (`apiConfigurationStaging`), else the service's id.
  static func parameterName(for value: ImportedValue, taken: [String]) -> String {
    var base: String
    switch value {
    case .resolved(let key, let name, _):
      base = Identifiers.serviceID(key: key, name: name)
    case .service(let id, _): base = id
    case .provider(let inner): base = parameterName(for: inner, taken: [])
    default: base = "value"
    }
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = base + String(number)
      number += 1
    }
    return candidate
  }

  /// The source of `range` as written, each replaced range written as its name.
  private func text(of range: Range<Int>, replacing replacements: [(range: Range<Int>, name: String)]) -> String {
    guard !range.isEmpty else { return "" }
    var bytes: [UInt8] = []
    var offset = file.tokens[range.lowerBound].start
    for replacement in replacements {
      let start = file.tokens[replacement.range.lowerBound].start
      bytes += file.bytes[offset..<start]
      bytes += Array(replacement.name.utf8)
      // A statement replaced by nothing takes its line with it: the next token starts where it did.
      offset =
        replacement.name.isEmpty && replacement.range.upperBound < range.upperBound
        ? file.tokens[replacement.range.upperBound].start : file.tokens[replacement.range.upperBound - 1].end
    }
    bytes += file.bytes[offset..<file.tokens[range.upperBound - 1].end]
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with the indentation its lines after the first share removed.
  static func dedented(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let indents = lines.dropFirst().filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
    let common = indents.min() ?? 0
    return ([String(lines.first ?? "")] + lines.dropFirst().map { String($0.dropFirst(min(common, $0.count))) })
      .joined(separator: "\n")
  }
}

/// A generated factory function: a registration closure's code, named once the service has its id.
struct FactoryFunction: Sendable {
  var comment: String
  var parameters: [String]
  var throwing: Bool
  var returnType: String
  var body: String

  /// Its Swift, named `name`: a line a parameter where one line would be long, as formatters write it.
  /// `isPublic` where the code generated for another module calls it (a module's fragment's).
  func text(named name: String, isPublic: Bool = false) -> String {
    let head = (isPublic ? "public func " : "func ") + name + "("
    let tail = ")\(throwing ? " throws" : "") -> \(returnType) {\n"
    let oneLine = head + parameters.joined(separator: ", ") + tail
    let signature =
      oneLine.count <= 100 || parameters.isEmpty
      ? oneLine : head + "\n" + parameters.map { "  " + $0 }.joined(separator: ",\n") + "\n" + tail
    var commentLines: [String] = []
    var line = "///"
    for word in comment.split(separator: " ") {
      if line.count + word.count + 1 > 100 {
        commentLines.append(line)
        line = "///"
      }
      line += " " + word
    }
    commentLines.append(line)
    return commentLines.joined(separator: "\n") + "\n" + signature
      + body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
      .joined(separator: "\n") + "\n}\n"
  }
}
