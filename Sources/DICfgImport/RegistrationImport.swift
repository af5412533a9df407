import DICfgCompiler
import DICfgCore
import DICfgSwiftReader

/// `dicfg import`: reads an app's registration code for Swinject, Resolver or Factory and writes
/// the graph file, a layer per environment the code registers apart (a mock container, a Factory
/// context, an `#if DEBUG` block), and a Swift file of factory functions carrying the code of the
/// closures the graph file cannot say; each registration is reported with how it was imported.
///
/// ```swift
/// let imported = RegistrationImport(files: [("Sources/App/AppAssembly.swift", text)])
/// imported.graphFile           // dicfg.yaml
/// imported.layers              // dicfg.ENV.yaml, by environment
/// imported.functions           // the factory functions' Swift, if any
/// imported.registrations       // each with its file, line and outcome
/// ```
public struct RegistrationImport: Sendable {
  /// Every registration read, in the order of the files and their lines.
  public let registrations: [ImportedRegistration]
  /// The graph file.
  public let graphFile: String
  /// Each environment's layer: its name and its text.
  public let layers: [(environment: String, text: String)]
  /// The factory functions' Swift file; nil where no registration needs one.
  public let functions: String?
  /// The files that are not Swift the reader can read, with where they stop being so.
  public let unreadable: [String]
  /// What the Swift read declares (the registration files' and `declarationFiles`'), which the
  /// written graph is checked against.
  public let declarations: SwiftDeclarations
  /// The files that use a library's registration API where the import read no registration, and why.
  public let filesNotRead: [(path: String, reason: String)]
  /// The modules each file read imports, by its path.
  private let moduleImports: [String: [String]]
  /// What the graph files write: the registrations, and the objects their closures construct in place.
  private let entries: [ImportedRegistration]
  /// The declarations private to their files the graph builds services with, which the port makes
  /// internal (``accessPatch(spelling:)``).
  public let widenings: [AccessWidening]
  /// The text of each file that declares one of ``widenings``.
  private let widenedFiles: [String: String]

  /// Imports the registrations of `files` (their paths as the report should name them), for the
  /// module `module` the written files go to (nil where that is not known): the factory functions'
  /// file imports the modules their code comes from but that one. `declarationFiles` are more of the
  /// app's Swift, read for the declarations only (the types the registrations build).
  public init(
    files: [(path: String, text: String)], module: String? = nil,
    declarationFiles: [(path: String, text: String)] = []
  ) {
    let sources = files.map { SwiftSourceFile(path: $0.path, text: $0.text) }
    let read = Set(files.map(\.path))
    let declarations = SwiftDeclarationReader().read(files: files + declarationFiles.filter { !read.contains($0.path) })
    self.declarations = declarations
    unreadable = sources.filter(\.isUnreadable).map(\.path)
    moduleImports = Dictionary(sources.map { ($0.path, $0.imports) }, uniquingKeysWith: { first, _ in first })
    // `@_exported import Swinject` in one file of a module: every file of the module sees it.
    var exported: [String: [String]] = [:]
    for source in sources {
      exported[SwiftDeclarations.module(ofPath: source.path) ?? "", default: []] += source.exportedImports
    }
    let readers = sources.filter { !$0.isUnreadable }.map {
      RegistrationReader(file: $0, moduleImports: exported[SwiftDeclarations.module(ofPath: $0.path) ?? ""] ?? [])
    }
    var found: [FoundRegistration] = []
    var unread: [(path: String, reason: String)] = []
    for reader in readers {
      let registrations = reader.registrations()
      found += registrations
      guard registrations.isEmpty, reader.callsRegistrationAPI else { continue }
      unread.append(
        (
          reader.file.path,
          reader.library.map {
            "it imports \($0.rawValue) and calls its registration API, but holds no registration the import reads"
          } ?? "it calls a registration API, but imports no library the import reads (Swinject, Resolver, Factory)"
        ))
    }
    filesNotRead = unread
    Self.readingTargetsApart(&found)
    // Factory's `manager.defaultScope`: the scope of each registration of that container that names none.
    var defaultScopes: [String: String] = [:]
    for reader in readers where reader.library == .factory {
      defaultScopes.merge(reader.defaultScopes()) { first, _ in first }
    }
    for index in found.indices where found[index].library == .factory && found[index].scope == nil {
      found[index].scope = defaultScopes[found[index].container ?? "Container"]
    }
    // Swinject's `defaultObjectScope:` and Resolver's `defaultScope`: the scope of each of the
    // library's registrations that names none.
    var libraryDefaults: [ImportedLibrary: String] = [:]
    for reader in readers where reader.library == .swinject || reader.library == .resolver {
      if let library = reader.library, let scope = reader.libraryDefaultScope() { libraryDefaults[library] = scope }
    }
    for index in found.indices where found[index].scope == nil {
      found[index].scope = libraryDefaults[found[index].library]
    }
    var factoryKeys: [String: String] = [:]
    for registration in found where registration.library == .factory {
      if let id = registration.givenID, let key = registration.key { factoryKeys[id] = key }
    }
    var registrations: [ImportedRegistration] = []
    var aliases: [String: String] = [:]
    for reader in readers where reader.library == .factory {
      aliases.merge(reader.aliases()) { first, _ in first }
    }
    let names = ClosureTranslator.SharedNames(declarations)
    // A factory whose type only its closure says (`static let client = Factory { APIClient() }`) is
    // known once its closure is read: the registrations using it are read again with it, until no
    // factory's type is newly known.
    for _ in 0..<4 {
      registrations = []
      let factoryAliases = aliases.filter { factoryKeys[$0.value] != nil }
      for registration in found {
        var translator = ClosureTranslator(
          registration: registration, declarations: declarations, factoryKeys: factoryKeys)
        translator.aliases = factoryAliases
        translator.names = names
        registrations += Self.translate(registration, with: translator)
      }
      let learned = registrations.filter { $0.library == .factory && !$0.id.isEmpty && !$0.key.isEmpty }
      let known = factoryKeys.merging(learned.map { ($0.id, $0.key) }) { first, _ in first }
      if known.count == factoryKeys.count { break }
      factoryKeys = known
    }
    registrations = Self.isolatingHolders(
      Self.bindingForwards(Self.namingServices(Self.lastRegistrationWins(registrations))), declarations)
    let (hoisted, nested) = Self.hoistingConstructions(Self.placingInDeclaringModules(registrations, declarations))
    self.registrations = hoisted
    entries = hoisted + nested
    widenings = AccessWidening.needed(by: entries, in: declarations)
    let widened = Set(widenings.map(\.location.file))
    widenedFiles = Dictionary(
      (files + declarationFiles).filter { widened.contains($0.path) }, uniquingKeysWith: { first, _ in first })
    let writer = GraphFileWriter(registrations: entries)
    graphFile = writer.graphFile()
    layers = writer.layers()
    functions = writer.functions(imports: Self.imports(of: moduleImports, in: hoisted).filter { $0 != module })
  }

  /// One module's part of the import, or the graph the app's container is made from.
  /// The patch that makes ``widenings`` internal, each file's path spelt by `spelling` (from the
  /// folder `git apply` runs in); nil where there is none. With the widenings whose line does not
  /// write the modifier, which the port changes by hand.
  public func accessPatch(spelling: (String) -> String) -> (patch: String?, unchanged: [AccessWidening]) {
    AccessPatch.render(widenings, files: widenedFiles, spelling: spelling)
  }

  public struct Fragment: Sendable {
    /// Its module; nil for the app's graph.
    public var module: String?
    /// The folder its files go to: the module's (`Sources/Networking`), or the output folder.
    public var folder: String
    public var graphFile: String
    public var layers: [(environment: String, text: String)]
    public var functions: String?

    public init(
      module: String?, folder: String, graphFile: String, layers: [(environment: String, text: String)],
      functions: String?
    ) {
      self.module = module
      self.folder = folder
      self.graphFile = graphFile
      self.layers = layers
      self.functions = functions
    }
  }

  /// The import as a fragment per module, each written into the module's folder and checked in its
  /// build, requiring what its services take from other modules; and the graph of `output`'s module,
  /// which imports them (`relativePath(from, to)` gives a path from a folder), holds that module's
  /// services, those of files in no module and those in a custom scope (declared there once), and
  /// declares what no module registers as externals.
  public func fragments(output: String, relativePath: (String, String) -> String) -> [Fragment] {
    let root = SwiftDeclarations.module(ofPath: output + "/dicfg.yaml")
    var folders: [String: String] = [:]
    for registration in entries {
      guard let module = registration.module, module != root, folders[module] == nil else { continue }
      if let folder = registration.moduleFolder {
        folders[module] = folder
      } else if let range = registration.file.range(of: "Sources/" + module + "/") {
        folders[module] = String(registration.file[..<range.upperBound].dropLast())
      }
    }
    let modules = folders.keys.sorted()
    func fragment(_ module: String?, folder: String, writer: GraphFileWriter) -> Fragment {
      let imports = Self.imports(of: moduleImports, in: writer.registrations).filter { $0 != (module ?? root) }
      return Fragment(
        module: module, folder: folder, graphFile: writer.graphFile(), layers: writer.layers(),
        functions: writer.functions(imports: imports))
    }
    var fragments = modules.compactMap { module -> Fragment? in
      guard let folder = folders[module] else { return nil }
      return fragment(
        module, folder: folder,
        writer: GraphFileWriter(
          registrations: entries, holds: { $0.module == module && $0.customScope == nil }, isFragment: true))
    }
    // A custom scope is declared once, in the app's graph: the services in one stay there, so each
    // fragment declares all it uses and is checked alone.
    let app = GraphFileWriter(
      registrations: entries,
      holds: { registration in
        registration.customScope != nil || registration.module.map { !modules.contains($0) } ?? true
      },
      imports: modules.compactMap { folders[$0].map { relativePath(output, $0 + "/dicfg.yaml") } })
    var graph = fragment(nil, folder: output, writer: app)
    // An environment only modules register in still needs a layer beside the app's graph, which is
    // where its environments are found; the modules' layers beside their fragments are applied with it.
    for registration in entries {
      guard let environment = registration.environment,
        !graph.layers.contains(where: { $0.environment == environment })
      else { continue }
      graph.layers.append(
        (
          environment,
          "# The '\(environment)' environment: its registrations are in the layers beside the modules' fragments.\n"
            + "dicfg: 1\n" + (registration.condition.map { "condition: \(GraphFileWriter.scalar($0))\n" } ?? "")
            + "services: {}\n"
        ))
    }
    fragments.insert(graph, at: 0)
    return fragments
  }

  // MARK: Translation

  private static func translate(
    _ found: FoundRegistration, with translator: ClosureTranslator
  ) -> [ImportedRegistration] {
    let file = found.file
    let (line, column) = file.position(found.start)
    var registration = ImportedRegistration(
      library: found.library, file: file.path, line: line, column: column, key: found.key ?? "", name: found.name,
      id: found.givenID ?? "", module: SwiftDeclarations.module(ofPath: file.path), environment: found.environment,
      scopeAsWritten: found.scope, outcome: .asWritten, type: found.key ?? "")
    registration.condition = found.condition
    if let platform = found.platformCondition, platform.hasPrefix("!") {
      registration.outcome = .notImported(
        "it is compiled only where '\(platform)', another platform's branch; the graph file holds the branch of "
          + "the platform the app is built for")
      return [registration]
    }
    if let platform = found.platformCondition {
      registration.note = "the code compiles it only where '\(platform)', the graph file in every build"
    }
    registration.scope = scope(found.scope, library: found.library, default: found.library == .factory ? "unique" : nil)
    // A scope that is not one of dicfg's is a custom one, which the graph file declares.
    if let scope = registration.scope, ScopeKind(builtInName: scope) == nil { registration.customScope = scope }
    if found.unsupported == nil, let (type, labels) = found.autoregistered {
      guard let entry = translator.autoregisteredEntry(type: type, labels: labels) else {
        registration.outcome = .notImported(
          "the Swift read declares no one initializer of '\(type)' with labels that 'initializer:' names; "
            + "write them ('\(type).init(a:b:)')")
        return [registration]
      }
      registration.type = entry.type
      registration.bindings =
        SwiftTypeName.normalized(registration.key) == SwiftTypeName.normalized(type) ? [] : [registration.key]
      registration.initializer = entry.initializer
      return [registration]
    }
    // `var networking: Factory<Networking> { apiClient }`: the same registration under another name.
    if let alias = found.aliasOf {
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
    return imported
  }

  private static func translated(
    _ base: ImportedRegistration, closure written: Closure, found: FoundRegistration, with translator: ClosureTranslator
  ) -> ImportedRegistration {
    var registration = base
    let file = found.file
    var closure = written
    if found.library == .swinject { registration.argumentCount = max(0, closure.parameters.count - 1) }
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
    // A registration that returns another's instance is a binding of that one.
    if statements.count == 1, let (end, value) = translator.resolve(at: statements[0].lowerBound, in: closure),
      end == statements[0].upperBound, let value
    {
      registration.forwardsTo = value
      registration.outcome = .binding(of: "")
      return registration
    }
    // `register { Container.appState }`: the type the static member is declared with;
    // `register { manager as AnyManager }`: the type it is cast to.
    if registration.key.isEmpty, closure.returnType == nil, statements.count == 1 {
      if let type = translator.staticMemberType(statements[0]) {
        registration.key = type
      } else if let cast = statements[0].last(where: { file.isWord($0, "as") }), cast + 1 < statements[0].upperBound,
        !file.isOperator(cast + 1, "!"), !file.isOperator(cast + 1, "?")
      {
        registration.key = file.text(cast + 1..<statements[0].upperBound)
      }
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
    registration.isMainActor = closure.isMainActor
    var entry: ClosureTranslator.Entry
    if let read = translator.entry(closure, key: registration.key.isEmpty ? nil : registration.key) {
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
    // Properties set once it is built (`initCompleted`, `resolveProperties`).
    for properties in found.propertyClosures {
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

  // MARK: Ids

  /// Gives each registration its id: a Factory property's name, else its key's name with its
  /// registration name (`apiConfigurationStaging`). A registration of an environment that replaces
  /// one of the base takes the base's id; every other id is unique.
  private static func namingServices(_ registrations: [ImportedRegistration]) -> [ImportedRegistration] {
    var named = registrations
    var taken: [String: Int] = [:]
    var byKey: [String: String] = [:]
    // The base's first, so an environment's replacement takes the base's id.
    let order =
      named.indices.filter { named[$0].environment == nil } + named.indices.filter { named[$0].environment != nil }
    for index in order {
      let registration = named[index]
      let identity = Self.identity(key: registration.key, name: registration.name, registration.argumentCount)
      // An environment's registration of a type the base has (by its key, or a type it implements,
      // as Resolver's mock's `.implements(P.self)`) replaces the base's.
      let identities =
        [identity]
        + registration.bindings.map { Self.identity(key: $0, name: registration.name, registration.argumentCount) }
      if registration.environment != nil, let id = identities.lazy.compactMap({ byKey[$0] }).first {
        named[index].id = id
        continue
      }
      let base =
        registration.id.isEmpty
        ? Identifiers.serviceID(key: registration.key, name: registration.name)
        : registration.id
      var id = base
      if registration.environment == nil || byKey[identity] == nil {
        if let count = taken[base], registration.library != .factory || count > 0 {
          id = base + String(count + 1)
        }
        taken[base, default: 0] += 1
      }
      named[index].id = id
      for known in identities where byKey[known] == nil { byKey[known] = id }
    }
    var functions: Set<String> = []
    for index in named.indices {
      if case .factoryFunction = named[index].outcome {
        let registration = named[index]
        let subject =
          registration.library == .factory
          ? SwiftIdentifier.upperCamelCase(registration.id)
          : Identifiers.typeName(registration.key) + (registration.name.map(SwiftIdentifier.upperCamelCase) ?? "")
        let base = "make" + subject + (registration.environment.map(SwiftIdentifier.upperCamelCase) ?? "")
        // Two registrations of one type (in two assemblies) are two functions.
        let function = Identifiers.unique(base, taken: &functions)
        named[index].outcome = .factoryFunction(function)
        named[index].factory = function
        named[index].function = named[index].factoryFunction?.text(named: function)
      }
    }
    return named
  }

  /// A service the graph builds (no factory function's code) belongs to the module that declares its
  /// type, where the Swift read says, also when the app target registers it: a module's fragment
  /// holds what the module implements.
  private static func placingInDeclaringModules(
    _ registrations: [ImportedRegistration], _ declarations: SwiftDeclarations
  ) -> [ImportedRegistration] {
    registrations.map { registration in
      var placed = registration
      guard registration.function == nil, registration.isImported,
        let file = declarations.type(named: registration.type)?.location.file,
        let module = SwiftDeclarations.module(ofPath: file), module != registration.module,
        let range = file.range(of: "Sources/" + module + "/", options: .backwards)
      else { return registration }
      placed.module = module
      placed.moduleFolder = String(file[..<range.upperBound].dropLast())
      return placed
    }
  }

  /// Objects closures construct in place become services of their own, `unique` (a new one for the
  /// one argument that takes it), named by their registration and the argument (`welcomeViewModel`);
  /// an object a local of the closure holds is one service for every argument that takes it, `graph`
  /// where several do (one instance per resolve, as the closure made one per call).
  private static func hoistingConstructions(
    _ registrations: [ImportedRegistration]
  ) -> (registrations: [ImportedRegistration], nested: [ImportedRegistration]) {
    var taken = Set(registrations.map(\.id))
    var nested: [ImportedRegistration] = []
    /// How many arguments and properties take each local's object.
    func uses(_ value: ImportedValue, into counts: inout [String: Int]) {
      guard case .constructed(let construction) = value else { return }
      if let local = construction.local {
        counts[local, default: 0] += 1
        if counts[local, default: 0] > 1 { return }
      }
      for value in construction.values + construction.propertyValues { uses(value, into: &counts) }
    }
    func hoist(
      _ value: ImportedValue, label: String, in parent: ImportedRegistration, root: String,
      locals: inout [String: String], counts: [String: Int]
    ) -> ImportedValue {
      guard case .constructed(let construction) = value else { return value }
      if let local = construction.local, let id = locals[local] { return .service(id: id, optional: false) }
      if let expression = construction.expression, construction.propertyLabels.isEmpty,
        construction.local.map({ (counts[$0] ?? 0) <= 1 }) ?? true
      {
        return .swift(expression)
      }
      // A local is named by the registration whose closure holds it (`placeRepositoryDbQueue`).
      let owner = construction.local == nil ? parent.id : root
      let named = construction.local ?? (label == "_" ? Identifiers.typeName(construction.type) : label)
      let id = Identifiers.unique(owner + SwiftIdentifier.upperCamelCase(named), taken: &taken)
      if let local = construction.local { locals[local] = id }
      var entry = parent
      let shared = construction.local.map { (counts[$0] ?? 0) > 1 } ?? false
      (entry.id, entry.key, entry.type, entry.name) = (id, construction.type, construction.type, nil)
      (entry.bindings, entry.scope, entry.customScope, entry.isNested) = ([], shared ? "graph" : "unique", nil, true)
      (entry.factory, entry.receiver, entry.function, entry.factoryFunction) = (
        construction.factory, construction.receiver, nil, nil
      )
      entry.readsReceiverProperty = construction.receiver != nil
      (entry.properties, entry.arguments, entry.outcome, entry.isNil) = ([], [], .asWritten, false)
      (entry.forwardsTo, entry.note, entry.argumentCount, entry.isMainActor) = (nil, nil, 0, false)
      entry.initializer = zip(construction.labels, construction.values).map { label, value in
        (label, hoist(value, label: label, in: entry, root: root, locals: &locals, counts: counts))
      }
      entry.properties = zip(construction.propertyLabels, construction.propertyValues).map { label, value in
        (label, hoist(value, label: label, in: entry, root: root, locals: &locals, counts: counts))
      }
      nested.append(entry)
      return .service(id: id, optional: false)
    }
    var result = registrations
    for index in result.indices where result[index].isImported {
      let parent = result[index]
      var counts: [String: Int] = [:]
      for value in (parent.initializer + parent.properties).map(\.value) + [parent.receiver].compactMap({ $0 }) {
        uses(value, into: &counts)
      }
      var locals: [String: String] = [:]
      result[index].initializer = parent.initializer.map {
        ($0.label, hoist($0.value, label: $0.label, in: parent, root: parent.id, locals: &locals, counts: counts))
      }
      result[index].properties = parent.properties.map {
        ($0.label, hoist($0.value, label: $0.label, in: parent, root: parent.id, locals: &locals, counts: counts))
      }
      result[index].receiver = parent.receiver.map {
        hoist($0, label: "receiver", in: parent, root: parent.id, locals: &locals, counts: counts)
      }
    }
    return (result, nested)
  }

  /// What a registration is looked up by: its key, its name and how many run-time arguments it
  /// takes (Swinject tells `register(A.self) { r in … }` from `{ r, id in … }`).
  /// A service kept in a shared scope that builds a main-actor one (itself, or through the unique and
  /// graph services it builds) is built on the main actor too: a nonisolated singleton would hold a
  /// main-actor object on any thread, which the library's closure did where Swift 5 let it.
  private static func isolatingHolders(
    _ registrations: [ImportedRegistration], _ declarations: SwiftDeclarations
  ) -> [ImportedRegistration] {
    var result = registrations
    // A service whose type Swift isolates to the main actor says so in the graph too, as those the
    // code builds on the main actor do: the graph file validates alone as it does beside the Swift.
    for position in result.indices where result[position].writesEntry {
      if declarations.type(named: result[position].type)?.globalActor == "MainActor" {
        result[position].isMainActor = true
      }
    }
    let lookup = ServiceLookup(registrations)
    let index = Dictionary(registrations.indices.map { (registrations[$0].id, $0) }) { first, _ in first }
    func isMainActor(_ registration: ImportedRegistration) -> Bool { registration.isMainActor }
    func isShared(_ registration: ImportedRegistration) -> Bool {
      guard let scope = registration.scope else { return false }
      return scope != "unique" && scope != "graph"
    }
    // What each service builds: the services its values name.
    func built(_ registration: ImportedRegistration) -> [Int] {
      (registration.initializer + registration.properties).map(\.value)
        .compactMap { lookup.target(of: $0, in: registration.environment) }.compactMap { index[$0] }
    }
    var changed = true
    while changed {
      changed = false
      // The services built on the main actor, or building one within their holder's build.
      var reaches = result.map { isMainActor($0) }
      var grew = true
      while grew {
        grew = false
        for position in result.indices where !reaches[position] && !isShared(result[position]) {
          if built(result[position]).contains(where: { reaches[$0] }) {
            reaches[position] = true
            grew = true
          }
        }
      }
      for position in result.indices where result[position].writesEntry && isShared(result[position]) {
        guard !isMainActor(result[position]),
          let reached = built(result[position]).first(where: { reaches[$0] })
        else { continue }
        result[position].isMainActor = true
        let note = "isolation: MainActor, as it builds main-actor '\(result[reached].id)'"
        result[position].note = result[position].note.map { $0 + "; " + note } ?? note
        changed = true
      }
    }
    return result
  }

  /// The folder of the app extension (a widget, an intents or share extension, a watch or TV app) a
  /// file at `path` belongs to, by its folders' names (`Apps/Station/Widgets`); nil for the app's.
  static func extensionTarget(ofPath path: String) -> String? {
    let folders = path.split(separator: "/").dropLast()
    let endings = [
      "Widget", "Widgets", "WidgetExtension", "Extension", "Intents", "AppIntents", "Watch App", "WatchApp",
      "WatchKit", "TV", "Clip", "NotificationService", "NotificationContent",
    ]
    guard let index = folders.firstIndex(where: { folder in endings.contains { folder.hasSuffix($0) } }) else {
      return nil
    }
    return folders[...index].joined(separator: "/")
  }

  /// An app and its extensions are targets of their own, each with its container. Where the files
  /// read hold an extension's registrations of keys the app (else the target with the most) also
  /// registers, those of the extension are reported, to be imported from its own folder, rather than
  /// written into the app's graph with their ids suffixed and their references pointed at the app's.
  /// An extension folder registering only keys of its own is read with the app, as one graph holds
  /// both without a clash (code an app shares with its widget, say).
  private static func readingTargetsApart(_ found: inout [FoundRegistration]) {
    let targets = found.map { extensionTarget(ofPath: $0.file.path) ?? "" }
    let counts = Dictionary(targets.map { ($0, 1) }, uniquingKeysWith: +)
    guard counts.count > 1 else { return }
    let main = counts[""] != nil ? "" : counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
    func key(_ registration: FoundRegistration) -> String {
      (registration.key ?? registration.givenID ?? "") + "|" + (registration.name ?? "")
    }
    let mainKeys = Set(found.indices.filter { targets[$0] == main }.map { key(found[$0]) })
    let clashing = Set(
      found.indices.filter { targets[$0] != main && mainKeys.contains(key(found[$0])) }.map { targets[$0] })
    for index in found.indices where clashing.contains(targets[index]) {
      let target = targets[index]
      found[index].unsupported =
        "it is registered in '\(target)', an app extension's target read beside the app's, which registers the "
        + "same services in a container of its own: import that folder apart ('dicfg import \(target) --output \(target)')"
    }
  }

  /// How a registration another replaces ends its reason: there is nothing of it to port.
  static let replaced = "which the app resolves instead; nothing to port"

  /// Swinject and Resolver resolve the last registration of a key (a type, a name, the number of
  /// run-time arguments): of two in one file and one environment, the earlier is not imported, and
  /// says which replaces it, so every consumer takes the one the app resolves.
  private static func lastRegistrationWins(_ registrations: [ImportedRegistration]) -> [ImportedRegistration] {
    var result = registrations
    var last: [String: Int] = [:]
    for (index, registration) in registrations.enumerated()
    where registration.isImported && (registration.library == .swinject || registration.library == .resolver) {
      let identity =
        registration.file + "|" + (registration.environment ?? "") + "|"
        + Self.identity(key: registration.key, name: registration.name, registration.argumentCount)
      if let earlier = last[identity] {
        result[earlier].outcome = .notImported(
          "\(registration.library.rawValue) resolves the last registration of '\(registration.key)', the one at "
            + "\(registration.file):\(registration.line), " + Self.replaced)
      }
      last[identity] = index
    }
    return result
  }

  static func identity(key: String, name: String?, _ arguments: Int) -> String {
    SwiftTypeName.normalized(key) + "#" + (name ?? "") + (arguments == 0 ? "" : "(\(arguments))")
  }

  /// A registration that returns another's instance becomes an `as:` binding of that one, in the
  /// same environment or the base.
  private static func bindingForwards(_ registrations: [ImportedRegistration]) -> [ImportedRegistration] {
    var bound = registrations
    let services = ServiceLookup(registrations)
    for index in bound.indices {
      guard let value = bound[index].forwardsTo else { continue }
      guard let target = services.target(of: value, in: bound[index].environment),
        let targetIndex = bound.firstIndex(where: { $0.id == target && $0.environment == bound[index].environment })
          ?? bound.firstIndex(where: { $0.id == target && $0.environment == nil })
      else {
        // The registration it returns may be one the import read but could not import.
        let unported = bound.first { candidate in
          guard case .notImported = candidate.outcome, case .resolved(let key, let name, _) = value else {
            return false
          }
          return candidate.name == name
            && SwiftTypeName.normalized(candidate.key) == SwiftTypeName.normalized(key)
        }
        bound[index].outcome = .notImported(
          unported.map {
            "it returns the instance of '\($0.key)' (\($0.file):\($0.line)), which is not imported; port that one first"
          } ?? "it returns another registration's instance, which no registration of the files read provides")
        continue
      }
      bound[index].outcome = .binding(of: target)
      // Its scope stays: the instance it returns is kept as the registration's scope says, which a
      // binding does where the target's scope keeps no instance longer.
      let scope = bound[index].scope ?? "graph"
      let targetScope = bound[targetIndex].scope ?? "graph"
      if scope != targetScope, scope != "graph", scope != "unique" {
        if targetScope == "graph" || targetScope == "unique" {
          bound[targetIndex].scope = scope
          bound[targetIndex].customScope = bound[index].customScope
          bound[index].note = "'\(target)' takes its scope '\(scope)', which the code gives the instance it returns"
        } else {
          bound[index].note = "its scope '\(scope)' is not kept: '\(target)' is '\(targetScope)'"
        }
      }
      let key = bound[index].key
      if SwiftTypeName.normalized(key) != SwiftTypeName.normalized(bound[targetIndex].type),
        !bound[targetIndex].bindings.contains(key)
      {
        bound[targetIndex].bindings.append(key)
      }
    }
    return bound
  }

  /// The modules the factory functions' file imports: those of the files their code comes from,
  /// but the library's own.
  private static func imports(of sources: [String: [String]], in registrations: [ImportedRegistration]) -> [String] {
    let files = registrations.filter { $0.function != nil }.map(\.file).reduce(into: [String]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    var modules: [String] = []
    for file in files {
      // The module the code comes from declares what it names.
      if let module = SwiftDeclarations.module(ofPath: file), !modules.contains(module) { modules.append(module) }
      for module in sources[file] ?? []
      where !modules.contains(module) && !ImportedLibrary.allCases.map(\.rawValue).contains(module) {
        modules.append(module)
      }
    }
    return modules
  }
}

/// How each library's scopes map to dicfg's.
public enum ScopeMapping {
  /// By library, each scope as the library names it and dicfg's.
  public static let table: [ImportedLibrary: [String: String]] = [
    .swinject: ["graph": "graph", "transient": "unique", "container": "singleton", "weak": "weak"],
    .resolver: [
      "graph": "graph", "unique": "unique", "application": "singleton", "container": "singleton", "cached": "cached",
      "shared": "weak",
    ],
    .factory: [
      "unique": "unique", "singleton": "singleton", "cached": "cached", "shared": "weak", "graph": "graph",
    ],
  ]
}
