import DICfgCompiler
import DICfgCore

// A closure carried whole into a factory function, its resolves made parameters.
extension ClosureTranslator {
  /// A range of the closure's code and what the function's text writes in its place.
  typealias Replacement = (range: Range<Int>, name: String)
  /// A parameter of the function: its name, its type, and the value the graph passes it.
  typealias CarriedParameter = (name: String, type: String, value: ImportedValue)

  /// A function carrying the closure's code, its resolves replaced by parameters: its text, the
  /// values the graph passes it, and its run-time arguments; else why not.
  func function(returning key: String, _ closure: Closure) -> Result<Entry, Failure> {
    let carried: (replacements: [Replacement], parameters: [CarriedParameter])
    switch resolvesCarried(returning: key, closure) {
    case .success(let found): carried = found
    case .failure(let failure): return .failure(failure)
    }
    let (replacements, parameters) = carried
    if let failure = uncarried(closure, replacements: replacements) { return .failure(failure) }
    let arguments: [(name: String, type: String)]
    switch runTimeArguments(of: closure) {
    case .success(let found): arguments = found
    case .failure(let failure): return .failure(failure)
    }
    let position = file.position(registration.start)
    let function = FactoryFunction(
      comment: "\(library.rawValue)'s registration of '\(key)', its closure's code with the services it resolved "
        + "as parameters: \(file.path):\(position.line).",
      parameters: parameters.map { "\($0.name): \($0.type)" } + arguments.map { "\($0.name): \($0.type)" },
      // A `try` inside a closure the code passes on (`readAuthToken: { try … }`) is that closure's own.
      throwing: closure.body.contains {
        file.isWord($0, "try") && !file.isOperator($0 + 1, "!") && !file.isOperator($0 + 1, "?")
          && !isInPassedClosure($0, of: closure)
      }, returnType: key, body: Self.dedented(text(of: closure.body, replacing: replacements)))
    var entry = Entry(
      type: key, bindings: [],
      initializer: parameters.map { ($0.name, $0.value) }
        + arguments.map { ($0.name, ImportedValue.argument($0.name)) })
    entry.arguments = arguments
    entry.function = function
    return .success(entry)
  }

  /// The closure's resolves, each replaced by a parameter of the function (a guard binding required
  /// resolves by the names it binds), and those parameters; else why not. One pass over the tokens,
  /// in order, kept whole: each resolve is replaced where it stands, and one parameter serves every
  /// resolve of the same value.
  private func resolvesCarried(
    returning key: String, _ closure: Closure
  ) -> Result<(replacements: [Replacement], parameters: [CarriedParameter]), Failure> {
    var replacements: [Replacement] = []
    var parameters: [CarriedParameter] = []
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
            resolvedKey = declaredKey(declared)
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
          // Optional as the value now says: a resolve passed where a non-optional is declared is required.
          var isOptional = optional
          if case .resolved(_, _, let typed) = value { isOptional = typed }
          // `r.resolve(P.self) as! Impl` traps where the resolve gives nil: the resolve is required.
          if isOptional, file.isWord(end, "as"), file.isOperator(end + 1, "!") {
            value = .resolved(key: resolvedKey, name: name, optional: false)
            type = resolvedKey
          } else {
            type = resolvedKey + (isOptional ? "?" : "")
          }
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
    return .success((replacements, parameters))
  }

  /// Why the closure's code, its resolves replaced, cannot be a function's: a resolve under its own
  /// `#if`, or a use of what only the closure's place sees (the resolver otherwise than to resolve,
  /// an unnamed argument, `self`, the enclosing function's locals, a member of the registering type).
  /// The first check that fails is the reason the report gives.
  private func uncarried(_ closure: Closure, replacements: [Replacement]) -> Failure? {
    if let failure = conditionalResolve(in: closure, replacements: replacements) { return failure }
    // The code must not use the resolver or the container any other way, nor what only the
    // closure's place sees: `self` (the assembly or container) and the enclosing function's locals.
    let replaced = Set(replacements.flatMap { Array($0.range) })
    let unreplaced = closure.body.filter { !replaced.contains($0) }
    let declaredInside = Set(
      closure.body.filter { (file.isWord($0 - 1, "let") || file.isWord($0 - 1, "var")) }.map { file.text($0) })
    if let failure = placeUse(in: closure, unreplaced: unreplaced, replaced: replaced, declaredInside: declaredInside) {
      return failure
    }
    if let failure = memberUse(in: closure, unreplaced: unreplaced, declaredInside: declaredInside) { return failure }
    if library == .resolver, closure.parameters.count == 2, closure.parameters[1].name != "_" {
      return Failure("its closure reads run-time arguments in code")
    }
    return nil
  }

  /// A resolve inside the closure's own `#if`, made in some builds only, where a graph file's
  /// dependency is one in every build.
  private func conditionalResolve(in closure: Closure, replacements: [Replacement]) -> Failure? {
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
      return Failure(
        "it resolves '\(file.text(replacement.range))' only where '#if \(file.text(region.condition))' holds, and "
          + "a graph file's dependency is one in every build; register each build's version apart (the "
          + "other in a layer with 'condition:'), or resolve it in every build")
    }
    return nil
  }

  /// A use of what only the closure's place sees: the resolver otherwise than to resolve, an argument
  /// it names no parameter for, `self`, a local or parameter of the enclosing function.
  private func placeUse(
    in closure: Closure, unreplaced: [Int], replaced: Set<Int>, declaredInside: Set<String>
  ) -> Failure? {
    // An argument label spelt as the resolver (`Provider(resolver: resolver)`) is not a use of it.
    let isLabel = { (index: Int) in
      file.kind(index + 1) == .colon && [.leftParen, .comma].contains(file.kind(index - 1))
    }
    if let resolver = resolverName(closure),
      let use = unreplaced.first(where: { file.isWord($0, resolver) && !isLabel($0) })
    {
      // `BaseRouter(resolver: r)` or `BaseRouter(r)`: the resolver passed on, for the service to resolve
      // for itself.
      let labeled = file.kind(use - 1) == .colon && file.kind(use - 2) == .identifier
      if labeled || [.leftParen, .comma].contains(file.kind(use - 1)),
        file.kind(use + 1) == .comma || file.kind(use + 1) == .rightParen
      {
        return Failure(
          "its closure passes the resolver '\(resolver)' on\(labeled ? " as '\(file.text(use - 2)):'" : ""), for the "
            + "service to resolve for itself, which a graph file cannot say; give it what it resolves as dependencies")
      }
      return Failure("its closure uses '\(resolver)' in a way the import does not read")
    }
    // An anonymous argument the function has no parameter for (`$1` of Swinject's run-time arguments).
    let named = Set(argumentNames(closure).map(\.name))
    if let anonymous = anonymousArguments(of: closure).first(where: {
      !replaced.contains($0) && !named.contains(file.text($0))
    }) {
      return Failure(
        "its closure reads '\(file.text(anonymous))', an argument it is not given a name for, which a factory "
          + "function has no parameter for; name the closure's parameters ('{ r, id in … }')")
    }
    if unreplaced.contains(where: { file.isWord($0, "self") && !file.isOperator($0 - 1, ".") }) {
      return Failure(
        "its closure reads 'self' (the \(library == .factory ? "container" : "assembly")), which a factory "
          + "function cannot see; make what it reads a service")
    }
    let outer = enclosingLocals().subtracting(declaredInside).subtracting(closure.parameters.map(\.name))
    if let local = unreplaced.first(where: {
      file.kind($0) == .identifier && outer.contains(file.text($0)) && !file.isOperator($0 - 1, ".")
        && file.kind($0 + 1) != .colon
    }) {
      return Failure(
        "its closure reads '\(file.text(local))', a local or parameter of the function it is registered in, which a factory "
          + "function cannot see; make it a service or a Swift value")
    }
    return nil
  }

  /// A member of the type the closure is registered in read without `self.`, Resolver's own containers,
  /// or a static member of the Factory container it is registered in.
  private func memberUse(in closure: Closure, unreplaced: [Int], declaredInside: Set<String>) -> Failure? {
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
      return Failure(
        "its closure reads '\(file.text(member))', a member of the type it is registered in, which a factory "
          + "function cannot see; make it a service or a Swift value")
    }
    // Resolver's own containers: `main` or `root` bare in `extension Resolver` (a registration of the
    // resolver itself, `register { main as RouterDependencies }`), or read through `Resolver.`.
    if library == .resolver,
      let read = unreplaced.first(where: { index in
        let name = file.text(index)
        guard file.kind(index) == .identifier, !file.isOperator(index - 1, "."), file.kind(index + 1) != .colon
        else { return false }
        if name == "Resolver" { return file.isOperator(index + 1, ".") }
        return (name == "main" || name == "root") && !members.contains(name) && !globals.contains(name)
          && !declaredInside.contains(name) && !parameterNames.contains(name)
      })
    {
      let text = file.text(read) == "Resolver" ? "Resolver." + file.text(read + 2) : file.text(read)
      return Failure(
        "its closure reads '\(text)', Resolver's own container, which a factory function cannot see and a "
          + "graph file's service cannot be; make what the app resolves from it services of the graph")
    }
    // A static member of the Factory container it is registered in (`Container.isGitHubRelease`),
    // which the factory function, in code that no longer imports the library, cannot name.
    if library == .factory, let container = registration.container,
      let read = unreplaced.first(where: {
        file.isWord($0, container) && file.isOperator($0 + 1, ".") && file.kind($0 + 2) == .identifier
          && !file.isOperator($0 - 1, ".")
      })
    {
      return Failure(
        "its closure reads '\(container).\(file.text(read + 2))', a member of the container it is registered in, "
          + "which a factory function cannot see; make it a service or a Swift value")
    }
    return nil
  }

  /// The closure's run-time arguments, each with its type as written or as the initializer it is
  /// passed to declares it; else why not.
  private func runTimeArguments(of closure: Closure) -> Result<[(name: String, type: String)], Failure> {
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
    return .success(arguments)
  }

  /// The resolves a `guard` at `start` binds where each of its conditions binds one (`let client =
  /// r.resolve(Client.self)`) and its `else` traps: each required, by the name it binds; and the index
  /// after the guard. Nil for any other guard.
  func requiredResolves(inGuardAt start: Int, in closure: Closure) -> (
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
  func isInPassedClosure(_ index: Int, of closure: Closure) -> Bool {
    closure.body.contains { open in
      guard open < index, file.kind(open) == .leftBrace, file.closing(open) > index else { return false }
      let before = open - 1
      return file.kind(before) == .colon || file.kind(before) == .leftParen || file.kind(before) == .comma
        || file.isOperator(before, "=") || file.isWord(before, "return") || file.isWord(before, "in")
    }
  }

  /// The type the initializer called around `index` declares for the argument there (`api` of
  /// `Impl(api: resolve())`), where the declarations say.
  func passedType(at index: Int, in closure: Closure) -> String? {
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
    return declaredParameters(of: callee, labels: labels)?.first { $0.label == label }?.type.map {
      declarations.qualified($0, declaredIn: callee)
    }
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
  func enclosingParameters() -> [String: String] {
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
  func parameterClause(before body: Int) -> Int? {
    guard let keyword = (0..<body).last(where: { file.isWord($0, "func") || file.isWord($0, "init") }),
      let open = (keyword..<body).first(where: { file.kind($0) == .leftParen }), file.closing(open) < body,
      !(file.closing(open)..<body).contains(where: { file.kind($0) == .leftBrace || file.kind($0) == .rightBrace })
    else { return nil }
    return open
  }

  /// Whether the function or computed property the registration is written in is `static` (or
  /// `class`): its bare names are the type's static members.
  func isInStaticContext() -> Bool {
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
  func enclosingLocals() -> Set<String> {
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
  func enclosingBody() -> Int? {
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
  func text(of range: Range<Int>, replacing replacements: [(range: Range<Int>, name: String)]) -> String {
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
