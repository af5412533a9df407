import DICfgCompiler
import DICfgCore
import DICfgSwiftModel

// A closure read as a graph entry: what it constructs, with which values and properties.
extension ClosureTranslator {
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
      // Names and dots only, as one name however the code breaks its lines (`Moonpay\n    .Provider(…)`).
      type = (typeStart..<index).map { file.text($0) }.joined()
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
      let type = library == .factory ? argumentType(name, in: closure) : written.first { $0.name == name }?.type
      guard let type = type ?? propertyType(of: entry.type, named: property.label) else { return nil }
      entry.arguments.append((name, type))
    }
    // In the order the closure takes them, which is the order a resolve passes them.
    let order = written.map(\.name)
    entry.arguments.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
    return entry
  }

  func builtEntry(_ closure: Closure, key: String?) -> Entry? {
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
      guard let configured = thenProperties(&range, closure: closure, locals: locals) else { return nil }
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

  /// `Impl().then { $0.delegate = r.resolve(D.self)! }` (the Then library): the properties its
  /// closure sets, `range` left as what is built before it; none where it ends in no `.then`, nil
  /// where the closure sets something the graph cannot say.
  func thenProperties(
    _ range: inout Range<Int>, closure: Closure, locals: [String: ImportedValue]
  ) -> [(label: String, value: ImportedValue)]? {
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
    return configured
  }

  /// `let a = r.resolve(A.self)!`, `let a: A = r.resolve()`, `guard let a = r.resolve(A.self) else {
  /// fatalError() }`, `let url = "https://…"`: the local's name and the value it holds.
  func local(
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
    var trapsWhenNil = false
    if guarded {
      // `else { fatalError(…) }`: the resolve is required, as a forced one is.
      guard let elseIndex = (index..<range.upperBound).first(where: { file.isWord($0, "else") }),
        file.kind(elseIndex + 1) == .leftBrace, file.after(elseIndex + 1) == range.upperBound,
        file.text(elseIndex + 2..<file.closing(elseIndex + 1)).split(separator: "(").first.map({
          ["fatalError", "preconditionFailure", "assertionFailure"].contains(String($0))
        }) == true || file.text(elseIndex + 2..<file.closing(elseIndex + 1)).hasPrefix("return nil")
      else { return nil }
      end = elseIndex
      trapsWhenNil = !file.text(elseIndex + 2..<file.closing(elseIndex + 1)).hasPrefix("return nil")
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
    // `guard let config = Bundle.main.infoDictionary else { fatalError() }`: the value unwrapped, trapping
    // where it is nil, as the guard does.
    if trapsWhenNil, case .swift(let expression) = value {
      let plain = expression.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      value = .swift(plain ? expression + "!" : "(" + expression + ")!")
    }
    if case .resolved(let key, let resolvedName, let optional) = value {
      let key = key.isEmpty ? declared.map(Identifiers.key(of:)) ?? "" : key
      guard !key.isEmpty else { return nil }
      // A local declared non-optional (`let reactor: R = resolver.resolve()`, an app's unwrapping
      // extension) holds a required resolve; one declared optional an optional one.
      let isOptional = guarded ? false : declared.map(Identifiers.isOptional) ?? optional
      value = .resolved(key: key, name: resolvedName, optional: isOptional)
    }
    return (name, value)
  }

  /// The object a local is given (`let queue = try DatabaseQueue(path: ":memory:")`, `let
  /// configuration = URLSessionConfiguration.background(withIdentifier: id)`): built by its
  /// initializer or a static member of its type; nil where it is anything else.
  func built(
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
    // `Type.member` or `Type.member(…)`, a member of the type that makes one; not Resolver's own
    // containers (`Resolver.root`), which are the library's.
    guard file.kind(start) == .identifier, file.text(start).first?.isUppercase == true,
      library != .resolver || !file.isWord(start, "Resolver")
    else { return nil }
    var end = start + 1
    while file.isOperator(end, "."), file.kind(end + 1) == .identifier { end += 2 }
    let path = file.text(start..<end)
    guard let dot = path.lastIndex(of: "."), path[path.index(after: dot)...].first?.isLowercase == true,
      path[path.index(after: dot)...] != "self",
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
  func configuring(
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
  func call(
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
    // `Type.self` is the type itself, a metatype, which no member builds.
    guard let member = path.split(separator: ".").last, member.first?.isLowercase == true || member.first == "_",
      member != "init", member != "self",
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
  func typingArguments(of entry: Entry, closure: Closure, declared: [SwiftParameter]?) -> Entry? {
    var typed = entry
    for argument in entry.initializer {
      guard case .argument(let name) = argument.value else { continue }
      guard let type = argumentType(name, in: closure) ?? declared?.first(where: { $0.label == argument.label })?.type
      else { return nil }
      if !typed.arguments.contains(where: { $0.name == name }) { typed.arguments.append((name, type)) }
    }
    return typed
  }

  func method(
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
  func receiverType(of receiver: ImportedValue) -> String? {
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

  func entry(
    _ built: (type: String, open: Int, asType: String?), closure: Closure, locals: [String: ImportedValue] = [:]
  ) -> Entry? {
    // `ScheduledSessionSynchronizerProxy(scheduler: DispatchQueue.global(), …)` of a generic type: the
    // arguments Swift infers from the call, which a graph file's `type:` would have to spell. Code.
    if !built.type.contains("<"), let declared = declarations.type(named: built.type),
      !declared.genericParameters.isEmpty, declared.kind != .extension
    {
      return nil
    }
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
      let declared = parameters?.first(where: { ($0.label ?? "_") == label })?.type.map {
        declarations.qualified($0, declaredIn: built.type)
      }
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
          key: declaredKey(declared), name: name, optional: Identifiers.isOptional(declared))
      case .argument(let name):
        guard let type = argumentType(name, in: closure) ?? declared else { return nil }
        if !entry.arguments.contains(where: { $0.name == name }) { entry.arguments.append((name, type)) }
      default: break
      }
    }
    entry.initializer += Self.containerLookups(in: parameters ?? [], besides: initializer.map(\.label))
    return entry
  }

  /// The dependencies hidden in the defaults of the parameters a call leaves out (`store: Store =
  /// Resolver.resolve()`): each resolved by the parameter's type.
  static func containerLookups(
    in parameters: [SwiftParameter], besides passed: [String]
  ) -> [(label: String, value: ImportedValue)] {
    parameters.compactMap { parameter in
      guard !passed.contains(where: { $0 == parameter.label }), let lookup = parameter.defaultValue,
        SwiftParameter.looksUpAContainer(lookup), let label = parameter.label, let type = parameter.type
      else { return nil }
      return (
        label,
        .resolved(
          key: Identifiers.key(of: type), name: SwiftParameter.lookedUpName(lookup),
          optional: Identifiers.isOptional(type) || lookup.contains("optional"))
      )
    }
  }

  /// The entry of an initializer named by reference (`autoregister(P.self, initializer: Impl.init)`):
  /// each parameter resolved by its type. Nil where the declarations do not say which initializer.
  func autoregisteredEntry(type: String, labels: [String]?, key: String? = nil) -> Entry? {
    // A type of the SDK or another package (`JSONEncoder.init`): its `init()`, the one an
    // initializer named without labels calls where the Swift read declares none.
    guard let declared = declarations.type(named: type) else {
      return labels == nil ? Entry(type: type, bindings: [], initializer: []) : nil
    }
    let initializers = declared.initializers
    // `autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)`: the
    // generic type the key names, each generic parameter its argument there.
    var type = type
    var arguments: [String: String] = [:]
    if let key, case .named(let path) = SwiftTypeExpression(key), let last = path.last,
      last.name == type.split(separator: ".").last.map(String.init),
      last.arguments.count == declared.genericParameters.count,
      !last.arguments.isEmpty
    {
      type = SwiftTypeExpression(key).normalized
      arguments = Dictionary(
        zip(declared.genericParameters, last.arguments.map(\.normalized)), uniquingKeysWith: { first, _ in first })
    }
    let candidates = initializers.filter { initializer in
      labels.map { $0 == initializer.parameters.map { $0.label ?? "_" } } ?? true
    }
    guard candidates.count == 1, let initializer = candidates.first else { return nil }
    var initializerValues: [(label: String, value: ImportedValue)] = []
    for parameter in initializer.parameters {
      guard let label = parameter.label, var written = parameter.type else { return nil }
      if let argument = arguments[written] { written = argument }
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
}
