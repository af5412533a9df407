import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader

// The passes over every registration read: targets apart, the last of a key, ids, bindings, isolation, modules.
extension RegistrationImport {
  /// Gives each registration its id: a Factory property's name, else its key's name with its
  /// registration name (`apiConfigurationStaging`). A registration of an environment that replaces
  /// one of the base takes the base's id; every other id is unique.
  static func namingServices(_ registrations: [ImportedRegistration]) -> [ImportedRegistration] {
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
      // as Resolver's mock's `.implements(P.self)`) replaces the base's. A Factory registration is
      // its factory's, whose name it keeps: two factories of one type are two services.
      let identities =
        [identity]
        + registration.bindings.map { Self.identity(key: $0, name: registration.name, registration.argumentCount) }
      let keepsItsFactory = registration.library == .factory && !registration.id.isEmpty
      if registration.environment != nil, !keepsItsFactory, let id = identities.lazy.compactMap({ byKey[$0] }).first {
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
  static func placingInDeclaringModules(
    _ registrations: [ImportedRegistration], _ declarations: SwiftDeclarations, moduleOf: (String) -> String?
  ) -> [ImportedRegistration] {
    registrations.map { registration in
      var placed = registration
      guard registration.function == nil, registration.isImported,
        let file = declarations.type(named: registration.type)?.location.file,
        let module = moduleOf(file), module != registration.module,
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
  static func hoistingConstructions(
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
  static func isolatingHolders(
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

  /// The folder of the test target a file at `path` belongs to, by its folders' names
  /// (`WildWestEngineTests`, a package's `Tests`), looked for below its first `below` folders; nil for a
  /// file of no test target.
  /// How many folders every one of `paths` is in: below them, the checkout's own place says nothing
  /// of its targets (a checkout in `~/Tests/app` is no test target).
  static func commonFolders(of paths: [String]) -> Int {
    let folders = paths.map { $0.split(separator: "/").dropLast() }
    var common = folders.first.map(Array.init) ?? []
    for path in folders.dropFirst() {
      common = Array(zip(common, path).prefix { $0 == $1 }.map(\.0))
    }
    return common.count
  }

  static func testTarget(ofPath path: String, below: Int) -> String? {
    let folders = path.split(separator: "/").dropLast()
    guard
      let index = folders.indices.dropFirst(below).first(where: {
        folders[$0].hasSuffix("Tests") || folders[$0].hasSuffix("Specs")
      })
    else {
      return nil
    }
    return folders[...index].joined(separator: "/")
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

  /// Each Factory context set apart from its factory's definition (`appDB.context(.preview) { … }`)
  /// takes the definition's key, name, container and parameter, and its scope where it sets none;
  /// one whose factory no file read defines is reported, never written without a type.
  static func resolvingContexts(_ found: inout [FoundRegistration]) {
    var definitions: [String: FoundRegistration] = [:]
    for registration in found where registration.library == .factory && registration.contextOf == nil {
      if let id = registration.givenID, definitions[id] == nil { definitions[id] = registration }
    }
    for index in found.indices {
      guard let factory = found[index].contextOf else { continue }
      guard let definition = definitions[factory] else {
        found[index].unsupported =
          found[index].unsupported ?? "it sets a context of factory '\(factory)', which no file read defines"
        continue
      }
      found[index].key = definition.key
      found[index].name = definition.name
      found[index].container = definition.container
      found[index].parameterType = definition.parameterType
      found[index].aliasOf = nil
      if found[index].scope == nil { found[index].scope = definition.scope }
    }
  }

  /// An app and its extensions are targets of their own, each with its container. Where the files
  /// read hold an extension's registrations of keys the app (else the target with the most) also
  /// registers, those of the extension are reported, to be imported from its own folder, rather than
  /// written into the app's graph with their ids suffixed and their references pointed at the app's.
  /// An extension folder registering only keys of its own is read with the app, as one graph holds
  /// both without a clash (code an app shares with its widget, say).
  ///
  /// A test target's registrations (a folder named `…Tests` or `…Specs`) are never the app's: read
  /// beside the app's, each is reported, to be imported from its own folder.
  static func readingTargetsApart(_ found: inout [FoundRegistration]) {
    let below = commonFolders(of: found.map(\.file.path))
    let tests = found.map { testTarget(ofPath: $0.file.path, below: below) }
    if tests.contains(nil) {
      for index in found.indices {
        guard let target = tests[index], found[index].unsupported == nil else { continue }
        found[index].unsupported =
          "it is registered in '\(target)', a test target's folder read beside the app's, whose registrations are "
          + "the tests' and not the app's graph: import that folder apart ('dicfg import \(target) --output \(target)')"
      }
    }
    let targets = found.map { extensionTarget(ofPath: $0.file.path) ?? "" }
    let counts = Dictionary(targets.map { ($0, 1) }, uniquingKeysWith: +)
    guard counts.count > 1 else { return }
    let main = counts[""] != nil ? "" : counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
    // By what the libraries look registrations up by (a Factory property known only by its name, by that).
    func key(_ registration: FoundRegistration) -> String {
      identity(key: registration.key ?? registration.givenID ?? "", name: registration.name, 0)
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

  /// A Resolver registration in a function of `extension Resolver` that no file read names
  /// (`registerAGESRepository()`, beside the `registerAGESDependencies()` that `registerAllServices()`
  /// calls) is never registered: it is reported, not written beside the one the app registers.
  /// Only where the files read declare `registerAllServices()`, Resolver's own to call, so that the
  /// app's calls are among them (a module read alone is called from the app).
  static func leavingUncalledRegistrations(
    _ found: inout [FoundRegistration], of readers: [RegistrationReader], namesUsed: [Set<String>]
  ) {
    guard found.contains(where: { $0.registeringFunction != nil }),
      readers.contains(where: { $0.declaresFunction("registerAllServices") })
    else { return }
    let used = namesUsed.reduce(into: Set<String>()) { $0.formUnion($1) }
    for index in found.indices where found[index].unsupported == nil {
      guard let function = found[index].registeringFunction, function != "registerAllServices",
        !used.contains(function)
      else { continue }
      // What it registers, where its closure says (`register { () -> AGESRepository in … }`).
      if found[index].key == nil { found[index].key = found[index].closure?.returnType }
      found[index].unsupported =
        "it is registered in '\(function)()', which no file read calls, so the app never registers it; nothing to "
        + "port"
    }
  }

  /// A Swinject registration in an assembly that no file read outside tests names (WordChecker's
  /// `GoogleDriveUseCaseFakeAssembly`, which no `Assembler` or `apply(assemblies:)` applies) is never
  /// registered: it is reported, not written beside the one the app registers. Only where the files
  /// read apply some assembly, so that the app's composition root is among them (a module read alone
  /// is applied by the app).
  static func leavingUnappliedAssemblies(_ found: inout [FoundRegistration], of readers: [RegistrationReader]) {
    let below = commonFolders(of: readers.map(\.file.path))
    // The app's own code, tests left out: a test's `Assembler` is no composition root of the app.
    let app = readers.filter { testTarget(ofPath: $0.file.path, below: below) == nil }
    guard app.contains(where: { !$0.assemblyOrder().isEmpty }) else { return }
    let assemblies = Set(found.compactMap { $0.library == .swinject ? $0.assembly : nil })
    guard !assemblies.isEmpty else { return }
    var applied: Set<String> = []
    for reader in app { applied.formUnion(reader.usesOfTypes(assemblies)) }
    for index in found.indices where found[index].unsupported == nil && found[index].library == .swinject {
      guard let assembly = found[index].assembly, !applied.contains(assembly) else { continue }
      found[index].unsupported =
        "it is registered in '\(assembly)', an assembly that no file read outside tests applies (no 'Assembler' or "
        + "'apply(assemblies:)' names it), so the app never registers it; nothing to port"
    }
  }

  /// The order the app's `Assembler` applies assemblies in, and what other app targets apply on top.
  /// Where several targets apply assemblies (WordChecker's app and its `WordCheckerDev` target, which
  /// applies `DomainUserSettingsAssemblyDev()` after the app's list), the target applying the most is
  /// the app's; a registration of an assembly only another target applies is that target's
  /// environment (`wordCheckerDev`), a layer over the app's graph, never the app's own. Returns the
  /// app's order, then the others'.
  static func placingTargetAssemblies(_ found: inout [FoundRegistration], of readers: [RegistrationReader]) -> [String]
  {
    var byTarget: [(target: String, order: [String])] = []
    // An assembly applies the assemblies its body creates, at its place in the order.
    let known = readers.reduce(into: Set(found.compactMap { $0.library == .swinject ? $0.assembly : nil })) {
      $0.formUnion($1.declaredAssemblies())
    }
    let nested = readers.reduce(into: [String: [String]]()) { $0.merge($1.nestedAssemblies(among: known)) { $0 + $1 } }
    func expanded(_ order: [String], depth: Int = 0) -> [String] {
      depth > 8 ? order : order.flatMap { [$0] + expanded(nested[$0] ?? [], depth: depth + 1) }
    }
    var listed: [String: Int] = [:]
    // The app's targets: what a test's `Assembler` applies is no environment of the app.
    let below = commonFolders(of: readers.map(\.file.path))
    for reader in readers where testTarget(ofPath: reader.file.path, below: below) == nil {
      let written = reader.assemblyOrder()
      guard !written.isEmpty else { continue }
      let target = SwiftDeclarations.module(ofPath: reader.file.path) ?? ""
      listed[target, default: 0] += written.count
      if let index = byTarget.firstIndex(where: { $0.target == target }) {
        byTarget[index].order += expanded(written)
      } else {
        byTarget.append((target, expanded(written)))
      }
    }
    // The app's: the target listing the most, else the one whose name the others extend (`App` of
    // `AppDev`).
    guard
      let main = byTarget.min(by: {
        (-(listed[$0.target] ?? 0), $0.target.count, $0.target) < (
          -(listed[$1.target] ?? 0), $1.target.count, $1.target
        )
      })
    else { return [] }
    let applied = Set(main.order)
    for (target, order) in byTarget where target != main.target && !target.isEmpty {
      let own = Set(order).subtracting(applied)
      for index in found.indices where found[index].library == .swinject && found[index].environment == nil {
        guard let assembly = found[index].assembly, own.contains(assembly) else { continue }
        found[index].environment = target.prefix(1).lowercased() + target.dropFirst()
      }
    }
    return main.order + byTarget.filter { $0.target != main.target }.flatMap(\.order)
  }

  /// A function of `extension Resolver` that only previews and tests call (plantgress's
  /// `registerUseCaseMocks()`, called from 21 `#Preview` blocks and 12 tests' `setUp()`) registers
  /// stand-ins: its registrations are the `preview` environment's (the `test` one's where only tests
  /// call it), never the app's.
  static func placingStandInFunctions(_ found: inout [FoundRegistration], of readers: [RegistrationReader]) {
    let functions = Set(found.compactMap { $0.environment == nil ? $0.registeringFunction : nil })
    guard !functions.isEmpty else { return }
    var places: [String: [String?]] = [:]
    let below = commonFolders(of: readers.map(\.file.path))
    for reader in readers {
      let inTests = testTarget(ofPath: reader.file.path, below: below) != nil
      for use in reader.uses(of: functions, inTests: inTests) { places[use.name, default: []].append(use.place) }
    }
    for index in found.indices where found[index].environment == nil {
      guard let function = found[index].registeringFunction, let used = places[function], !used.isEmpty,
        !used.contains(nil)
      else { continue }
      found[index].environment = used.contains("preview") ? "preview" : "test"
    }
  }

  /// How a registration another replaces ends its reason: there is nothing of it to port.
  static let replaced = "which the app resolves instead; nothing to port"

  /// Swinject and Resolver resolve the last registration of a key (a type, a name, the number of
  /// run-time arguments): of two in one file and one environment, the earlier is not imported, and
  /// says which replaces it, so every consumer takes the one the app resolves. Of two in Swinject
  /// assemblies an `Assembler` applies (`assemblies`, in its order), the later assembly's is the last.
  static func lastRegistrationWins(
    _ registrations: [ImportedRegistration], assemblies: [String] = []
  ) -> [ImportedRegistration] {
    var result = registrations
    let position = Dictionary(assemblies.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    // Where the registration is applied: its assembly's place in the order, else its file.
    func place(_ registration: ImportedRegistration) -> String {
      if registration.library == .swinject, let assembly = registration.assembly, position[assembly] != nil {
        return "assemblies"
      }
      return registration.file
    }
    var last: [String: Int] = [:]
    for (index, registration) in registrations.enumerated()
    where registration.isImported && (registration.library == .swinject || registration.library == .resolver) {
      let identity =
        place(registration) + "|" + (registration.environment ?? "") + "|"
        + Self.identity(key: registration.key, name: registration.name, registration.argumentCount)
      guard let earlier = last[identity] else {
        last[identity] = index
        continue
      }
      // Two assemblies' registrations: the later assembly's wins whatever the order the files were read in.
      var (kept, dropped) = (index, earlier)
      if let this = registration.assembly.flatMap({ position[$0] }),
        let that = registrations[earlier].assembly.flatMap({ position[$0] }), this < that
      {
        (kept, dropped) = (earlier, index)
      }
      let winner = result[kept]
      let order =
        winner.assembly != result[dropped].assembly
        ? " (the Assembler applies '\(winner.assembly ?? "")' after '\(result[dropped].assembly ?? "")')" : ""
      result[dropped].outcome = .notImported(
        "\(winner.library.rawValue) resolves the last registration of '\(winner.key)', the one at "
          + "\(winner.file):\(winner.line)\(order), " + Self.replaced)
      last[identity] = kept
    }
    return result
  }

  static func identity(key: String, name: String?, _ arguments: Int) -> String {
    SwiftTypeName.normalized(key) + "#" + (name ?? "") + (arguments == 0 ? "" : "(\(arguments))")
  }

  /// A registration that returns another's instance becomes an `as:` binding of that one, in the
  /// same environment or the base.
  static func bindingForwards(_ registrations: [ImportedRegistration]) -> [ImportedRegistration] {
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
  static func imports(of sources: [String: [String]], in registrations: [ImportedRegistration]) -> [String] {
    var files: [String] = []
    var modules: [String] = []
    for registration in registrations where registration.function != nil && !files.contains(registration.file) {
      files.append(registration.file)
      // The module the code comes from declares what it names.
      if let module = registration.module, !modules.contains(module) { modules.append(module) }
    }
    for file in files {
      for module in sources[file] ?? []
      where !modules.contains(module) && !ImportedLibrary.allCases.map(\.rawValue).contains(module) {
        modules.append(module)
      }
    }
    return modules
  }
}
