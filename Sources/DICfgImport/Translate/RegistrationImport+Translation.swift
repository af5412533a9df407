import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader

// One registration read into what the graph says of it: an entry, a factory function, a binding, or why not.
extension RegistrationImport {
  static func translate(
    _ found: FoundRegistration, with translator: ClosureTranslator
  ) -> [ImportedRegistration] {
    let file = found.file
    let (line, column) = file.position(found.start)
    var registration = ImportedRegistration(
      library: found.library, file: file.path, line: line, column: column, key: found.key ?? "", name: found.name,
      id: found.givenID ?? "", module: SwiftDeclarations.module(ofPath: file.path), environment: found.environment,
      scopeAsWritten: found.scope, outcome: .asWritten, type: found.key ?? "")
    registration.condition = found.condition
    registration.assembly = found.assembly
    registration.note = found.note
    if let limited = limitedToSomeBuilds(registration, found: found) { return [limited] }
    if let platform = found.platformCondition {
      registration.note = "the code compiles it only where '\(platform)', the graph file in every build"
    }
    registration.scope = scope(found.scope, library: found.library, default: found.library == .factory ? "unique" : nil)
    // A scope that is not one of dicfg's is a custom one, which the graph file declares.
    if let scope = registration.scope, ScopeKind(builtInName: scope) == nil { registration.customScope = scope }
    if found.unsupported == nil, let (type, labels) = found.autoregistered {
      guard let entry = translator.autoregisteredEntry(type: type, labels: labels, key: registration.key) else {
        registration.outcome = .notImported(
          "the Swift read declares no one initializer of '\(type)' with labels that 'initializer:' names; "
            + "write them ('\(type).init(a:b:)')")
        return [registration]
      }
      registration.type = entry.type
      // Its key and what it `.implements`, besides the type it builds.
      registration.bindings = ([registration.key] + found.implements).filter {
        SwiftTypeName.normalized($0) != SwiftTypeName.normalized(entry.type)
      }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
      registration.initializer = entry.initializer
      return [registration]
    }
    // `var networking: Factory<Networking> { apiClient }`: the same registration under another name.
    if found.unsupported == nil, let alias = found.aliasOf {
      registration.forwardsTo = .service(id: alias, optional: false)
      registration.outcome = .binding(of: "")
      return [registration]
    }
    guard found.unsupported == nil, let closure = found.closure else {
      registration.outcome = .notImported(
        found.unsupported ?? "its factory closure is not written where the import reads it")
      return [registration]
    }
    var imported = [translated(registration, closure: closure, found: found, with: translator)]
    // Factory's contexts: the same service in an environment's layer.
    for (environment, context) in found.contexts {
      var layered = registration
      layered.environment = environment
      layered.condition = environment == "test" ? nil : "DEBUG"
      layered.scopeAsWritten = found.scope
      layered.line = file.position(context.open).line
      layered.column = file.position(context.open).column
      imported.append(translated(layered, closure: context, found: found, with: translator))
    }
    return imported.map(notingPassedContainer)
  }

  /// A registration the code limits to some builds: another platform's branch, or a factory
  /// `@available(…)` from a system version (not imported, each with why); one of the app's platform
  /// noted as such. Nil where it is in every build, the note aside.
  static func limitedToSomeBuilds(_ base: ImportedRegistration, found: FoundRegistration) -> ImportedRegistration? {
    var registration = base
    if let platform = found.platformCondition, platform.hasPrefix("!") {
      registration.outcome = .notImported(
        "it is compiled only where '\(platform)', another platform's branch; the graph file holds the branch of "
          + "the platform the app is built for")
      return registration
    }
    // `@available(iOS 17, *) var x: Factory<T>`: the app's build targets systems without it.
    if let availability = found.availability {
      registration.outcome = .notImported(
        "it is declared '@available(\(availability))', and a graph file's service is one the container may build on "
          + "any system the app runs on; keep it out of the graph, or give it as an optional external the app "
          + "supplies where '#available(\(availability))' holds")
      return registration
    }
    return nil
  }

  /// A registration whose closure passes the resolver on (`$container`), with what its Swift changes to.
  static func notingPassedContainer(_ registration: ImportedRegistration) -> ImportedRegistration {
    guard registration.isImported,
      let label = (registration.initializer + registration.properties).first(where: { $0.value == .container })?.label
    else { return registration }
    var noted = registration
    let note =
      "'\(label)' is the container ('$container'), which its closure passes on for the service to resolve from "
      + "later: declare '\(label)' of dicfg's container type (the container dicfg generates, or DICfgRuntime's "
      + "'Container') in place of \(registration.library.rawValue)'s 'Resolver'"
    noted.note = noted.note.map { $0 + "; " + note } ?? note
    return noted
  }

  /// What the graph says of one registration's closure. The shapes a closure may take are tried in
  /// order, the first that fits deciding it (a placeholder, nothing, a binding, an entry, a factory
  /// function), then its property closures and the types its values take.
  static func translated(
    _ base: ImportedRegistration, closure written: Closure, found: FoundRegistration, with translator: ClosureTranslator
  ) -> ImportedRegistration {
    var registration = base
    let file = found.file
    var closure = written
    if found.library == .swinject { registration.argumentCount = max(0, closure.parameters.count - 1) }
    // `{ @PlayActor in PlayManager() }`: built on an actor of the app's, which a graph file cannot say.
    if let actor = closure.globalActor {
      registration.outcome = .notImported(
        "its factory runs on the global actor '\(actor)', and a graph file builds a service nonisolated or on the "
          + "main actor ('isolation: main-actor'); build it in a function of the app that hops to '\(actor)', and "
          + "give the graph what it returns as an external")
      return registration
    }
    var statements = file.statements(in: closure.body)
    // `MainActor.assumeIsolated { Bridge(…) }`: what the inner closure builds, on the main actor.
    if statements.count == 1, let first = statements.first, file.isWord(first.lowerBound, "MainActor"),
      file.isOperator(first.lowerBound + 1, "."), file.isWord(first.lowerBound + 2, "assumeIsolated"),
      file.kind(first.lowerBound + 3) == .leftBrace, file.after(first.lowerBound + 3) == first.upperBound
    {
      let inner = RegistrationReader(file: file).closure(at: first.lowerBound + 3)
      closure = Closure(
        open: inner.open, parameters: written.parameters, returnType: written.returnType, body: inner.body,
        isMainActor: true)
      statements = file.statements(in: closure.body)
    }
    if let decided = placeholderOrNil(registration, closure: closure, statements: statements, file: file) {
      return decided
    }
    // A registration that returns another's instance is a binding of that one.
    if statements.count == 1, let (end, value) = translator.resolve(at: statements[0].lowerBound, in: closure),
      end == statements[0].upperBound, let value
    {
      registration.forwardsTo = value
      registration.outcome = .binding(of: "")
      return registration
    }
    if registration.key.isEmpty, closure.returnType == nil, statements.count == 1,
      let key = keyOfOneStatement(statements[0], with: translator)
    {
      registration.key = key
    }
    // `{ _ in self.navigation }`: what the assembly holds, which the app passes in.
    if statements.count == 1, case .external(let id, let type, _)? = translator.held(statements[0], in: closure) {
      if registration.key.isEmpty { registration.key = type }
      registration.type = registration.key
      registration.isExternal = true
      registration.note =
        "an external: the app passes what '\(id)' holds when it creates the container"
      return registration
    }
    registration = withEntry(of: registration, closure: closure, statements: statements, found: found, with: translator)
    if case .notImported = registration.outcome { return registration }
    registration = settingProperties(of: registration, closures: found.propertyClosures, with: translator)
    if case .notImported = registration.outcome { return registration }
    return typingValues(of: registration, with: translator)
  }

  /// The key a closure of one statement registers where the registration names none: the type of the
  /// static member it returns (`register { Container.appState }`), or the type it casts to
  /// (`register { manager as AnyManager }`).
  static func keyOfOneStatement(_ statement: Range<Int>, with translator: ClosureTranslator) -> String? {
    let file = translator.file
    if let type = translator.staticMemberType(statement) { return type }
    guard let cast = statement.last(where: { file.isWord($0, "as") }), cast + 1 < statement.upperBound,
      !file.isOperator(cast + 1, "!"), !file.isOperator(cast + 1, "?")
    else { return nil }
    return file.text(cast + 1..<statement.upperBound)
  }

  /// A closure that builds nothing: a placeholder that stops the app until it registers the service (an
  /// external), `nil` (nothing in this environment), or an optional service its factory may build as nil
  /// (not imported); nil for any other.
  static func placeholderOrNil(
    _ base: ImportedRegistration, closure: Closure, statements: [Range<Int>], file: SwiftSourceFile
  ) -> ImportedRegistration? {
    var registration = base
    // `self { fatalError("HTTPLoader must be configured before use") }`: a placeholder the app
    // replaces at launch, which a graph says as an external.
    if statements.count == 1, let first = statements.first,
      ["fatalError", "preconditionFailure"].contains(file.text(first.lowerBound)),
      file.kind(first.lowerBound + 1) == .leftParen, file.after(first.lowerBound + 1) == first.upperBound,
      !registration.key.isEmpty
    {
      registration.type = registration.key
      registration.isExternal = true
      registration.note =
        "an external: its factory only stops the app ('\(file.text(first.lowerBound))') until "
        + "the app registers it, so the app passes it when it creates the container"
      return registration
    }
    // `self { nil }`: nothing in this environment; what takes it takes nil.
    if statements.count == 1, ["nil", "return nil"].contains(file.text(statements[0])) {
      registration.isNil = true
      return registration
    }
    // `Factory<Session?>` whose factory may build nil (`guard … else { return nil }`, `try?`); `self { nil }`
    // alone is nothing (above), and a context building one always is the service there.
    if Identifiers.isOptional(registration.key),
      closure.body.contains(where: {
        file.isWord($0, "nil") || (file.isWord($0, "try") && file.isOperator($0 + 1, "?"))
      })
    {
      registration.outcome = .notImported(
        "it registers '\(registration.key)', a service its factory may build as nil, which a graph file cannot say (a service "
          + "is built, or its environment does not provide it); register '\(Identifiers.key(of: registration.key))' where it "
          + "can be built and give its users an optional reference")
      return registration
    }
    return nil
  }

  /// What its closure builds, as the graph says it: an entry, or a factory function of the code; its
  /// type, keys, values and scope from there; or why not.
  static func withEntry(
    of base: ImportedRegistration, closure: Closure, statements: [Range<Int>], found: FoundRegistration,
    with translator: ClosureTranslator
  ) -> ImportedRegistration {
    var registration = base
    registration.isMainActor = closure.isMainActor
    var entry: ClosureTranslator.Entry
    // A service of an optional type (`Factory<(any QRCodeGenerating)?> { CIFilter(name: "…") }`) is
    // what its factory returns, optional as written, which a function says: the initializer of a type
    // the import does not read may be failable (`CIFilter.init?(name:)`), and an `as:` type is never
    // optional.
    let optionalKey = Identifiers.isOptional(registration.key)
    if !optionalKey, let read = translator.entry(closure, key: registration.key.isEmpty ? nil : registration.key) {
      entry = read
    } else {
      if registration.key.isEmpty, statements.count == 1, let built = translator.construction(statements[0]) {
        registration.key = built.asType ?? built.type
      }
      guard !registration.key.isEmpty || closure.returnType != nil else {
        registration.outcome = .notImported(
          "its closure holds code and the type it registers is one only Swift infers; write 'register(T.self)' or "
            + "'{ () -> T in … }'")
        return registration
      }
      let key = registration.key.isEmpty ? (closure.returnType ?? "") : registration.key
      registration.key = key
      switch translator.function(returning: key, closure) {
      case .success(let function): entry = function
      case .failure(let failure):
        registration.outcome = .notImported(failure.reason)
        return registration
      }
      registration.outcome = .factoryFunction("")
    }
    if registration.key.isEmpty { registration.key = entry.bindings.first ?? closure.returnType ?? entry.type }
    registration.type = entry.type
    registration.bindings = ([registration.key] + entry.bindings + found.implements).filter {
      SwiftTypeName.normalized($0) != SwiftTypeName.normalized(entry.type)
    }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    registration.initializer = entry.initializer
    registration.properties = entry.properties
    // Resolver's `.shared` of a value type keeps nothing (only objects are held weakly): unique.
    if registration.scope == "weak",
      let kind = translator.declarations.type(named: entry.type)?.kind, kind == .struct || kind == .enum
    {
      registration.scope = "unique"
      registration.note = "its scope '\(found.scope ?? "")' holds only objects, and '\(entry.type)' is a value: unique"
    }
    registration.arguments = entry.arguments
    registration.factoryFunction = entry.function
    if let factory = entry.factory {
      registration.factory = factory
      registration.receiver = entry.receiver
    }
    return registration
  }

  /// The properties its property closures set once it is built (`initCompleted`,
  /// `resolveProperties`), or why not.
  static func settingProperties(
    of base: ImportedRegistration, closures: [Closure], with translator: ClosureTranslator
  ) -> ImportedRegistration {
    var registration = base
    let file = translator.file
    for properties in closures {
      guard properties.parameters.count == 2 else {
        registration.outcome = .notImported("its property closure does not name the instance")
        return registration
      }
      var instance = properties.parameters[1].name
      var statements = file.statements(in: properties.body)
      // `guard let impl = c as? Impl else { return }` (or `if let impl = c as? Impl { … }`) over a
      // protocol's registration: the properties of the instance as the type it builds.
      if let cast = InstanceCast(statements, of: instance, in: file) {
        guard cast.type == registration.type else {
          registration.outcome = .notImported(
            "its property closure sets properties only when the instance is a '\(cast.type)', and it builds a "
              + "'\(registration.type)'; set them on the type it builds")
          return registration
        }
        instance = cast.name
        statements = cast.statements
      }
      for statement in statements {
        guard let property = translator.property(statement, of: instance, closure: properties) else {
          registration.outcome = .notImported(
            "'\(file.text(statement))' in its property closure is code the graph file cannot say")
          return registration
        }
        registration.properties.append(property)
      }
    }
    return registration
  }

  /// Its values typed as the Swift read declares what takes them: a resolve by the type a property
  /// is declared with, a factory no file read declares as an external of the type it is passed as;
  /// or why not.
  static func typingValues(of base: ImportedRegistration, with translator: ClosureTranslator) -> ImportedRegistration {
    var registration = base
    // `viewModel.analytics = resolve()`: the type the property is declared with.
    for (position, property) in registration.properties.enumerated() {
      guard case .resolved(let key, let name, let optional) = property.value,
        let declared = translator.propertyType(of: registration.type, named: property.label)
      else { continue }
      registration.properties[position].value = .resolved(
        key: key.isEmpty ? Identifiers.key(of: declared) : key, name: name,
        optional: optional && Identifiers.isOptional(declared))
    }
    // `self.analytics()` of a factory no file read declares: an external of the type it is passed as.
    let parameters = translator.declaredParameters(of: registration.type, labels: registration.initializer.map(\.label))
    let properties = translator.declarations.type(named: registration.type)?.properties ?? []
    for (position, argument) in registration.initializer.enumerated() {
      guard case .service(let id, let optional) = argument.value, translator.factoryKeys[id] == nil,
        let declared = parameters?.first(where: { $0.label == argument.label })?.type
      else { continue }
      registration.initializer[position].value = .external(
        id: id, type: Identifiers.key(of: declared), optional: optional || Identifiers.isOptional(declared))
    }
    for (position, property) in registration.properties.enumerated() {
      guard case .service(let id, let optional) = property.value, translator.factoryKeys[id] == nil,
        let declared = properties.first(where: { $0.name == property.label })?.type
      else { continue }
      registration.properties[position].value = .external(
        id: id, type: Identifiers.key(of: declared), optional: optional || Identifiers.isOptional(declared))
    }
    let receiver = registration.receiver.map { [(label: "receiver", value: $0)] } ?? []
    for value in registration.initializer + registration.properties + receiver {
      switch value.value {
      case .resolved(let key, _, _) where key.isEmpty:
        registration.outcome = .notImported(
          "'\(value.label)' is resolved as a type only Swift infers, and the Swift read does not declare it")
        return registration
      case .service(let id, _) where translator.factoryKeys[id] == nil:
        registration.outcome = .notImported(
          "'\(value.label)' calls '\(id)', a factory of no file read, where the Swift read declares no type; "
            + "import the module that declares it too")
        return registration
      default: continue
      }
    }
    return registration
  }

  /// dicfg's scope for a library's, as ``ScopeMapping`` documents it.
  static func scope(_ written: String?, library: ImportedLibrary, default fallback: String?) -> String? {
    guard let written else { return fallback }
    // `.container`, `ObjectScope.container`, `ResolverScope.application`: the scope's own name.
    let name = String(written.split(separator: ".").last ?? Substring(written))
    return ScopeMapping.table[library]?[name] ?? name
  }
}
