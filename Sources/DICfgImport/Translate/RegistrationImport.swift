import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
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
  /// Factory's overrides made at run time (`.register { … }` on a factory, in a preview or a test):
  /// each with its place and the factory it replaces, reported apart from the registrations.
  public let overrides: [Override]

  /// A factory replaced at run time, where.
  public struct Override: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    /// The factory's name (`searchService`).
    public var factory: String
    /// The call as written, its closure left out: `.register { … }`, `.register(factory: …)`.
    public var call: String
  }
  /// The modules each file read imports, by its path.
  let moduleImports: [String: [String]]
  /// What the graph files write: the registrations, and the objects their closures construct in place.
  let entries: [ImportedRegistration]
  /// The declarations private to their files the graph builds services with, which the port makes
  /// internal (``accessPatch(spelling:)``).
  public let widenings: [AccessWidening]
  /// The text of each file that declares one of ``widenings``.
  let widenedFiles: [String: String]

  /// Imports the registrations of `files` (their paths as the report should name them), for the
  /// module `module` the written files go to (nil where that is not known): the factory functions'
  /// file imports the modules their code comes from but that one. `declarationFiles` are more of the
  /// app's Swift, read for the declarations only (the types the registrations build); `unreadable`
  /// are files found that could not be read as text (not UTF-8), which the report names. `targets`
  /// names the build target of the files the caller knows one for (an Xcode project's target folder),
  /// whose `@_exported import`s every file of that target sees; the others are of the module their
  /// path names (`Sources/Module/…`).
  public init(
    files: [(path: String, text: String)], module: String? = nil,
    declarationFiles: [(path: String, text: String)] = [], unreadable: [String] = [],
    targets: [String: String] = [:]
  ) {
    let sources = files.map { SwiftSourceFile(path: $0.path, text: $0.text) }
    let read = Set(files.map(\.path))
    let declarations = SwiftDeclarationReader().read(files: files + declarationFiles.filter { !read.contains($0.path) })
    self.declarations = declarations
    self.unreadable = (unreadable + sources.filter(\.isUnreadable).map(\.path)).sorted()
    moduleImports = Dictionary(sources.map { ($0.path, $0.imports) }, uniquingKeysWith: { first, _ in first })
    // `@_exported import Swinject` in one file of a module: every file of the module sees it.
    let target = { (path: String) in targets[path] ?? SwiftDeclarations.module(ofPath: path) ?? "" }
    var exported: [String: [String]] = [:]
    for source in sources {
      exported[target(source.path), default: []] += source.exportedImports
    }
    let readers = sources.filter { !$0.isUnreadable }.map {
      RegistrationReader(file: $0, moduleImports: exported[target($0.path)] ?? [])
    }
    // What each file names, read once for the passes that ask which functions are called.
    let namesUsed = readers.map { $0.namesUsed() }
    var (found, unread) = Self.registrations(of: readers, namesUsed: namesUsed)
    filesNotRead = unread
    overrides = readers.flatMap { reader in
      reader.overrides().map { override in
        let (line, column) = reader.file.position(override.index)
        return Override(file: reader.file.path, line: line, column: column, factory: override.name, call: override.call)
      }
    }
    let assemblies = Self.placing(&found, of: readers, namesUsed: namesUsed)
    var registrations = Self.translateAll(found, of: readers, declarations)
    // A file of an Xcode target (or of a package target whose path is `Sources`) is of the app's own
    // module, which its path does not name: `FreeAPS/Sources/Assemblies` is no module `Assemblies`.
    let moduleOf = { (path: String) in targets[path] == nil ? SwiftDeclarations.module(ofPath: path) : nil }
    for index in registrations.indices { registrations[index].module = moduleOf(registrations[index].file) }
    registrations = Self.bindingForwards(
      Self.namingServices(Self.lastRegistrationWins(registrations, assemblies: assemblies)))
    let (registered, constructed) = Self.hoistingConstructions(
      Self.placingInDeclaringModules(registrations, declarations, moduleOf: moduleOf))
    // Isolation once every entry is known, what the closures construct in place too: a main-actor type
    // the code builds inside `{ @MainActor in … }` says so in the graph, and so does what holds it.
    let isolated = Self.isolatingHolders(registered + constructed, declarations)
    let (hoisted, nested) = (Array(isolated.prefix(registered.count)), Array(isolated.dropFirst(registered.count)))
    self.registrations = hoisted
    entries = hoisted + nested
    widenings = AccessWidening.needed(
      by: entries, in: declarations,
      texts: Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first }))
    let widened = Set(widenings.map(\.location.file))
    widenedFiles = Dictionary(
      (files + declarationFiles).filter { widened.contains($0.path) }, uniquingKeysWith: { first, _ in first })
    let writer = GraphFileWriter(registrations: entries)
    graphFile = writer.graphFile()
    layers = writer.layers()
    functions = writer.functions(imports: Self.imports(of: moduleImports, in: hoisted).filter { $0 != module })
  }

  /// The passes over what the readers found, before any is translated: each library's meaning of
  /// where a registration is made (Factory's contexts, functions nothing calls, assemblies nothing
  /// applies or another target applies, previews' and tests' functions, targets read apart) and its
  /// default scope. Returns the order the app's `Assembler` applies assemblies in.
  static func placing(
    _ found: inout [FoundRegistration], of readers: [RegistrationReader], namesUsed: [Set<String>]
  ) -> [String] {
    resolvingContexts(&found)
    leavingUncalledRegistrations(&found, of: readers, namesUsed: namesUsed)
    leavingUnappliedAssemblies(&found, of: readers)
    let assemblies = placingTargetAssemblies(&found, of: readers)
    placingStandInFunctions(&found, of: readers)
    readingTargetsApart(&found)
    applyingDefaultScopes(&found, of: readers)
    return assemblies
  }

  /// The registrations each reader finds, and the files that call a registration API where no
  /// registration was read, each with why.
  static func registrations(
    of readers: [RegistrationReader], namesUsed: [Set<String>]
  ) -> (found: [FoundRegistration], unread: [(path: String, reason: String)]) {
    let registrations = readers.map { $0.registrations() }
    let found = Array(registrations.joined())
    // Resolver's `registerAllServices()` that calls the functions registering (`registerNetworking()`).
    let registeringFunctions = Set(found.compactMap(\.registeringFunction))
    var unread: [(path: String, reason: String)] = []
    for (reader, (registrations, names)) in zip(readers, zip(registrations, namesUsed)) {
      guard registrations.isEmpty, reader.callsRegistrationAPI, registeringFunctions.isDisjoint(with: names)
      else { continue }
      unread.append(
        (
          reader.file.path,
          reader.library.map {
            "it imports \($0.rawValue) and calls its registration API, but holds no registration the import reads"
          } ?? "it calls a registration API, but imports no library the import reads (Swinject, Resolver, Factory)"
        ))
    }
    return (found, unread)
  }

  /// Each registration that names no scope takes the one its app sets: Factory's
  /// `manager.defaultScope` for its container, Swinject's `defaultObjectScope:` and Resolver's
  /// `defaultScope`.
  static func applyingDefaultScopes(_ found: inout [FoundRegistration], of readers: [RegistrationReader]) {
    // Factory's `manager.defaultScope`: the scope of each registration of that container that names none.
    var defaultScopes: [String: String] = [:]
    let autoRegistering = readers.reduce(into: Set<String>()) { $0.formUnion($1.autoRegisteringTypes()) }
    for reader in readers where reader.library == .factory {
      defaultScopes.merge(reader.defaultScopes(autoRegistering: autoRegistering)) { first, _ in first }
    }
    for index in found.indices where found[index].library == .factory && found[index].scope == nil {
      found[index].scope = defaultScopes[found[index].container ?? "Container"]
    }
    // Swinject's `defaultObjectScope:` and Resolver's `defaultScope`: the scope of each of the
    // library's registrations that names none, where the app sets one. Where it sets several, for
    // different containers, which container a registration is made on is not read: it keeps the
    // library's own default, and says so.
    var libraryDefaults: [ImportedLibrary: [(path: String, scope: String)]] = [:]
    for reader in readers where reader.library == .swinject || reader.library == .resolver {
      if let library = reader.library, let scope = reader.libraryDefaultScope() {
        libraryDefaults[library, default: []].append((reader.file.path, scope))
      }
    }
    for index in found.indices where found[index].scope == nil {
      guard let defaults = libraryDefaults[found[index].library], let first = defaults.first else { continue }
      if defaults.allSatisfy({ $0.scope == first.scope }) {
        found[index].scope = first.scope
      } else {
        found[index].note =
          "its scope is \(found[index].library.rawValue)'s own default: the app sets "
          + defaults.map { "'\($0.scope)' in \($0.path)" }.joined(separator: " and ")
          + " for different containers, and which one it is registered on is not read"
      }
    }
  }

  /// What the graph says of each registration found. A factory whose type only its closure says
  /// (`static let client = Factory { APIClient() }`) is known once its closure is read: the
  /// registrations using it are read again with it, until no factory's type is newly known.
  static func translateAll(
    _ found: [FoundRegistration], of readers: [RegistrationReader], _ declarations: SwiftDeclarations
  ) -> [ImportedRegistration] {
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
    return registrations
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
