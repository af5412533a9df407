import DICfgCore
import DICfgLoader
import DICfgSwiftModel

/// The compiler's messages, one factory per finding.
extension Diagnostic {
  // MARK: Structure

  static func emptyFile(_ path: String) -> Diagnostic {
    .error(
      .unsupportedVersion, "the file has no content; a graph file starts with 'dicfg: 1'", at: .start(of: path))
  }

  static func topLevelNotMapping(kind: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "a graph file is a mapping with keys such as 'dicfg' and 'services', not a \(kind)", at: location)
  }

  /// The fix in the file's own syntax: a first line in YAML, a first member in JSON.
  static func missingVersion(at location: SourceLocation, format: SourceFormat) -> Diagnostic {
    switch format {
    case .yaml:
      .error(.unsupportedVersion, "missing 'dicfg: 1'; add it as the file's first line", at: location)
    case .json:
      .error(
        .unsupportedVersion, "missing \"dicfg\": 1; add it as the object's first member ('{ \"dicfg\": 1, … }')",
        at: location)
    }
  }

  static func unsupportedVersion(_ node: ConfigNode) -> Diagnostic {
    .error(
      .unsupportedVersion,
      "'dicfg: \(node.scalar?.text ?? node.kindName)' is not a supported version; this dicfg reads 'dicfg: 1'",
      at: node.location)
  }

  static func unknownKey(_ key: ConfigNode, allowed: [String], context: String) -> Diagnostic {
    let suggestion = Suggestions.clause(for: key.text, among: allowed)
    let list = allowed.isEmpty ? "it takes no keys" : "allowed: " + allowed.map { "'\($0)'" }.joined(separator: ", ")
    let message =
      suggestion.isEmpty
      ? "unknown key '\(key.text)' \(context); \(list)" : "unknown key '\(key.text)' \(context)\(suggestion)"
    return .error(.unknownKey, message, at: key.location)
  }

  static func mixedContainerForms(at location: SourceLocation, first: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "'containers' cannot be combined with top-level container keys; move them into a container under 'containers'",
      at: location, notes: [Note(message: "a top-level container key is here", location: first)])
  }

  static func expected(_ what: String, for field: String, got node: ConfigNode) -> Diagnostic {
    let got = written(node)
    return .error(.invalidValue, "'\(field)' takes \(what), not \(got)", at: node.location)
  }

  static func invalidIdentifier(_ key: ConfigNode, kind: String) -> Diagnostic {
    .error(
      .invalidValue,
      "'\(key.text)' is not a valid \(kind) id; ids are letters, digits and '_', and do not start with a digit",
      at: key.location)
  }

  static func invalidTypeName(_ text: String, at location: SourceLocation) -> Diagnostic {
    .error(.invalidValue, "'\(text)' is not a Swift type name", at: location)
  }

  static func invalidTemplate(_ problem: EnvironmentTemplate.TemplateProblem, at location: SourceLocation) -> Diagnostic
  {
    switch problem {
    case .unterminated(let text):
      .error(.invalidValue, "'\(text)' opens '${' without a closing '}'; write '$$' for a literal '$'", at: location)
    case .invalidName(let name):
      .error(
        .invalidValue, "'\(name)' is not an environment variable name; use letters, digits and '_'", at: location)
    }
  }

  // MARK: Layers

  static func importNotFound(_ item: ImportItem) -> Diagnostic {
    .error(
      .importNotFound,
      "imported file '\(item.path)' does not exist (looked for '\(item.resolvedPath)'); "
        + "imports are relative to the importing file", at: item.location)
  }

  static func unknownEnvironment(
    _ environment: String, root: String, layer: String, imports: Bool, available: [String]
  ) -> Diagnostic {
    let fix: String
    if let suggestion = Suggestions.closest(to: environment, among: available) {
      fix = "did you mean '\(suggestion)'?"
    } else if available.isEmpty {
      fix = "no environment layer exists beside it; create '\(layer)' or leave the environment out"
    } else {
      fix = "the environments beside it are " + available.map { "'\($0)'" }.joined(separator: ", ")
    }
    return .error(
      .unknownEnvironment,
      "environment '\(environment)' has no layer: there is no '\(layer)'"
        + (imports ? ", nor one beside a file it imports" : "") + "; \(fix)",
      at: SourceLocation(file: root, line: 1, column: 1, offset: 0))
  }

  static func importCycle(_ item: ImportItem, chain: [ImportItem]) -> Diagnostic {
    .error(
      .importCycle, "importing '\(item.path)' here closes an import cycle; remove one of the imports",
      at: item.location,
      notes: chain.dropLast().map { Note(message: "'\($0.path)' is imported here", location: $0.location) })
  }

  static func duplicateDefinition(kind: String, _ key: ConfigNode, first: SourceLocation) -> Diagnostic {
    .error(
      .duplicateService,
      "\(kind) '\(key.text)' is defined twice in one layer; rename or remove one "
        + "(to change a definition, use an override file)",
      at: key.location, notes: [Note(message: "'\(key.text)' is first defined here", location: first)])
  }

  /// A value as a message quotes it: a scalar's text, else its kind.
  private static func written(_ node: ConfigNode) -> String {
    node.scalar.map { "'\($0.text)'" } ?? "a \(node.kindName)"
  }

  static func invalidFactory(_ node: ConfigNode) -> Diagnostic {
    let got = written(node)
    return .error(
      .invalidValue,
      "'factory' takes the name of a static method, a static property or a free function, such as 'Database.open', "
        + "'Scanner.shared' or 'makeDatabase', or a factory object's method, such as '{ receiver: alertFactory, "
        + "method: makeAlert }', not \(got)", at: node.location)
  }

  static func invalidReceiver(_ node: ConfigNode) -> Diagnostic {
    .error(
      .invalidValue,
      "'receiver' takes the service or external whose method builds this one, by id or by type, such as "
        + "'alertFactory' or 'AlertFactory', not \(written(node))", at: node.location)
  }

  static func invalidMethod(_ node: ConfigNode, key: String = "method") -> Diagnostic {
    .error(
      .invalidValue,
      key == "property"
        ? "'property' takes the name of a property of the receiver, such as 'baseURL', not \(written(node))"
        : "'method' takes the name of a method of the receiver, such as 'makeAlert' (its arguments go in 'init:'), "
          + "not \(written(node))", at: node.location)
  }

  static func methodAndProperty(_ key: ConfigNode) -> Diagnostic {
    .error(
      .invalidValue,
      "'factory' names both a method and a property of the receiver; keep the one that builds the service",
      at: key.location)
  }

  static func incompleteFactoryObject(_ node: ConfigNode, hasReceiver: Bool) -> Diagnostic {
    .error(
      .invalidValue,
      hasReceiver
        ? "'factory' names a receiver but no method; add 'method:', as in '{ receiver: alertFactory, method: makeAlert }', "
          + "or 'property:', as in '{ receiver: environment, property: baseURL }'"
        : "'factory' as a mapping names a factory object's method; add 'receiver:' and 'method:', as in "
          + "'{ receiver: alertFactory, method: makeAlert }'", at: node.location)
  }

  static func invalidSwiftValue(_ node: ConfigNode) -> Diagnostic {
    let got = written(node)
    return .error(
      .invalidValue,
      "'swift' takes a Swift expression on one line, such as '.convertFromSnakeCase', 'DispatchQueue.main', '2' or "
        + "'URL(string: \"https://example.com\")!', not \(got)", at: node.location)
  }

  static func swiftValueInList(_ expression: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "'{ swift: \(expression) }' is an item of a list, where Swift cannot tell its type; pass it as an argument or "
        + "a property of its own, or build the list in a factory function", at: location)
  }

  static func invalidCondition(_ node: ConfigNode) -> Diagnostic {
    let got = written(node)
    return .error(
      .invalidValue,
      "'condition' takes a Swift compilation condition, such as 'DEBUG' or 'DEBUG && !PREVIEW', not \(got)",
      at: node.location)
  }

  static func unknownConditionFlag(_ flag: String, suggestion: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "'condition' tests '\(flag)', which no build configuration defines (DEBUG, RELEASE and the package's "
        + "'.define' conditions), so the layer would never apply; did you mean '\(suggestion)'?",
      at: location)
  }

  /// A `condition:` where no layer starts: in the base, which every build has, or in a file a
  /// layer imports.
  static func misplacedCondition(_ key: ConfigNode, layerFile: String?) -> Diagnostic {
    guard let layerFile else {
      return .error(
        .invalidValue,
        "'condition' limits an environment layer to a build configuration, and the base is in every build; move it "
          + "to the layer ('app.ENV.yaml') or remove it", at: key.location)
    }
    return .error(
      .invalidValue,
      "'condition' of a layer belongs in its own file, not in one it imports; move it to '\(layerFile)'",
      at: key.location)
  }

  static func duplicateSetting(_ key: ConfigNode, first: SourceLocation) -> Diagnostic {
    .error(
      .duplicateKey, "'\(key.text)' is set in two files of one layer; keep one", at: key.location,
      notes: [Note(message: "'\(key.text)' is first set here", location: first)])
  }

  static func overrideMissingService(_ key: ConfigNode, deleting: Bool, candidates: [String]) -> Diagnostic {
    let suggestion = Suggestions.clause(for: key.text, among: candidates)
    let action =
      deleting
      ? "deletes service '\(key.text)', which no layer below defines"
      : "patches service '\(key.text)', which no layer below defines"
    let fix = suggestion.isEmpty ? "; give it a 'type' to add a new service" : suggestion
    return .error(.overrideMissingService, "this override \(action)\(fix)", at: key.location)
  }

  static func overrideInOtherContainer(
    _ key: ConfigNode, deleting: Bool, container: String, definedIn other: String, definition: SourceLocation
  ) -> Diagnostic {
    .error(
      .overrideMissingService,
      "this override \(deleting ? "deletes" : "patches") service '\(key.text)' of container '\(container)', but "
        + "'\(key.text)' is defined in container '\(other)'; move it under 'containers: \(other): services:'",
      at: key.location, notes: [Note(message: "'\(key.text)' is defined here, in '\(other)'", location: definition)])
  }

  // MARK: Declarations

  static func missingType(_ key: ConfigNode) -> Diagnostic {
    .error(
      .missingType, "service '\(key.text)' has neither 'type' nor 'alias'; add 'type: TheSwiftType'",
      at: key.location)
  }

  static func externalMissingType(_ key: ConfigNode) -> Diagnostic {
    .error(.missingType, "external '\(key.text)' has no 'type'; add 'type: TheSwiftType'", at: key.location)
  }

  static func requirementMissingType(_ key: ConfigNode) -> Diagnostic {
    .error(
      .missingType, "requirement '\(key.text)' has no 'type'; add 'type: TheSwiftType', the type the file needs",
      at: key.location)
  }

  static func unmetRequirement(_ key: ConfigNode, type: String, root: String, importedAt: SourceLocation?)
    -> Diagnostic
  {
    .error(
      .unmetRequirement,
      "this file requires '\(key.text)' of type '\(type)', which nothing in the graph of '\(root)' provides; define "
        + "a service or external '\(key.text)' there, bind one service to '\(type)' with 'as', or import the file "
        + "that does",
      at: key.location,
      notes: importedAt.map { [Note(message: "this file is imported here", location: $0)] } ?? [])
  }

  static func undependedModule(_ name: String, module: String, from own: String?, at location: SourceLocation)
    -> Diagnostic
  {
    let target = own.map { "module '\($0)'" } ?? "this file's module"
    return .error(
      .inaccessibleDeclaration,
      "cannot find '\(name)' in the scope of \(target): it is declared in module '\(module)', which \(target) does not depend "
        + "on; add \"\(module)\" to the dependencies of \(own.map { "target '\($0)'" } ?? "its target") in Package.swift",
      at: location)
  }

  static func unmetRequirementOfUnimportedFragment(
    id: String, type: String, fragment: ModuleFragments.Definition, root: String, relativePath: String,
    importsAt: SourceLocation?, at location: SourceLocation
  ) -> Diagnostic {
    var notes = [Note(message: "'\(fragment.file)' provides it here", location: fragment.location)]
    if let importsAt {
      notes.append(Note(message: "add '\(relativePath)' to these 'imports:'", location: importsAt))
    }
    return .error(
      .unmetRequirement,
      "this file requires '\(id)' of type '\(type)', which '\(fragment.file)' provides, and '\(root)' does not "
        + "import it; add '\(relativePath)' to the 'imports:' of '\(root)'",
      at: location, notes: notes)
  }

  static func ambiguousRequirement(_ key: ConfigNode, type: String, providers: [ConfigNode.Entry]) -> Diagnostic {
    .error(
      .ambiguousReference,
      "this file requires '\(key.text)' of type '\(type)', which \(providers.count) services or externals bind; "
        + "give the one it means the id '\(key.text)', or add a service '\(key.text)' with 'alias' naming it",
      at: key.location,
      notes: providers.map { Note(message: "'\($0.key.text)' binds '\(type)'", location: $0.key.location) })
  }

  static func misplacedRequirement(_ key: ConfigNode) -> Diagnostic {
    .error(
      .invalidValue,
      "'requires:' says what a graph file needs from whoever imports it, and belongs in the base files; an "
        + "environment or override layer changes what the graph provides: move '\(key.text)' to the base file",
      at: key.location)
  }

  static func typeAndAlias(at location: SourceLocation, service: String) -> Diagnostic {
    .error(
      .invalidValue, "service '\(service)' has both 'type' and 'alias'; an alias only names another service",
      at: location)
  }

  static func aliasWithFields(_ key: ConfigNode, service: String) -> Diagnostic {
    .error(
      .invalidValue,
      "'\(key.text)' cannot be set on alias '\(service)'; an alias takes everything from the service it names",
      at: key.location)
  }

  static func customScopeShadowsBuiltIn(_ key: ConfigNode) -> Diagnostic {
    .error(
      .invalidValue, "'\(key.text)' is a built-in scope name; give the custom scope a name of its own",
      at: key.location)
  }

  static func invalidRetain(_ text: String, at location: SourceLocation) -> Diagnostic {
    let suggestion = Suggestions.clause(for: text, among: ["strong", "weak", "unowned"])
    return .error(
      .invalidValue, "'retain' takes strong, weak or unowned, not '\(text)'\(suggestion)", at: location)
  }

  static func invalidIsolation(_ text: String, at location: SourceLocation) -> Diagnostic {
    let suggestion = Suggestions.clause(for: text, among: ["MainActor", "nonisolated"])
    return .error(
      .invalidValue,
      "'isolation' takes MainActor (the type or its initializer is @MainActor) or nonisolated, not '\(text)'"
        + suggestion, at: location)
  }

  static func valueFormShape(_ node: ConfigNode, entries: ConfigNode.Entries) -> Diagnostic {
    let keys = entries.map { "'\($0.key.text)'" }.joined(separator: ", ")
    return .error(
      .invalidValue,
      "a value mapping has exactly one of 'value', 'provider', 'lazy' or 'tagged'"
        + (entries.isEmpty ? ", and this one is empty" : ", not \(keys)"),
      at: node.location)
  }

  static func bareLiteral(_ text: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "'\(text)' is not a reference; write '{ value: \(text.isEmpty ? "null" : text) }' for a literal",
      at: location)
  }

  static func invalidVariable(_ text: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue, "'\(text)' is not a parameter reference; write '$name' with letters, digits and '_'",
      at: location)
  }

  static func invalidReference(_ text: String, at location: SourceLocation) -> Diagnostic {
    .error(.invalidValue, "'\(text)' is not a service id or type", at: location)
  }

  // MARK: Graph

  static func idClash(_ id: String, at location: SourceLocation, other: SourceLocation?) -> Diagnostic {
    .error(
      .duplicateService, "'\(id)' names both a service and an external in one container; rename one",
      at: location, notes: other.map { [Note(message: "'\(id)' is also defined here", location: $0)] } ?? [])
  }

  static func ambiguousScope(at location: SourceLocation) -> Diagnostic {
    .error(
      .ambiguousScope,
      "scope 'shared' is ambiguous: it means 'singleton' in Pilgrim, 'weak' in Resolver and 'graph' in Dip; "
        + "write the one you mean", at: location)
  }

  static func unknownScope(_ name: String, at location: SourceLocation, candidates: [String]) -> Diagnostic {
    let suggestion = Suggestions.clause(for: name, among: candidates)
    let fix =
      suggestion.isEmpty ? "; declare it under 'scopes:' or use graph, unique, singleton, weak or cached" : suggestion
    return .error(.unknownScope, "unknown scope '\(name)'\(fix)", at: location)
  }

  static func eagerNotSingleton(_ id: String, scope: ScopeKind, at location: SourceLocation) -> Diagnostic {
    .error(
      .eagerNotSingleton,
      "'eager: true' needs scope singleton, and '\(id)' is \(scope); make it a singleton or remove 'eager'",
      at: location)
  }

  static func unknownCollaborator(_ name: Located<String>, candidates: [String]) -> Diagnostic {
    .error(
      .unknownCollaborator,
      "unknown container '\(name.value)' in 'collaborators'" + Suggestions.clause(for: name.value, among: candidates),
      at: name.location)
  }

  static func selfCollaboration(_ name: Located<String>) -> Diagnostic {
    .error(
      .selfCollaboration, "container '\(name.value)' cannot collaborate with itself; remove it from 'collaborators'",
      at: name.location)
  }

  static func aliasCycle(_ id: String, at location: SourceLocation) -> Diagnostic {
    .error(.dependencyCycle, "alias '\(id)' leads back to itself through other aliases", at: location)
  }

  /// - Parameter suggestion: `; did you mean 'x'?`, or empty.
  static func unknownReference(_ name: String, at location: SourceLocation, from: String, suggestion: String)
    -> Diagnostic
  {
    let fix =
      suggestion.isEmpty ? "; define a service or external with that id, or bind the type with 'as'" : suggestion
    return .error(.unknownReference, "\(from) refers to '\(name)', which nothing provides\(fix)", at: location)
  }

  static func removedServiceRequested(_ id: String, at location: SourceLocation, requests: [SourceLocation])
    -> Diagnostic
  {
    let count = requests.count == 1 ? "a service still requests" : "\(requests.count) requests still name"
    return .error(
      .unknownReference,
      "this override removes service '\(id)', which \(count); remove those requests in this layer too, or "
        + "replace '\(id)' (give it a 'type') instead of removing it",
      at: location, notes: requests.map { Note(message: "'\(id)' is requested here", location: $0) })
  }

  static func unimportedFragment(
    _ file: String, relativePath: String, names: [String], references: [SourceLocation],
    definitions: [ModuleFragments.Definition], at location: SourceLocation
  ) -> Diagnostic {
    let quoted = names.map { "'\($0)'" }
    let list =
      quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    return .error(
      .unknownReference,
      "this file refers to \(list), which '\(file)' defines, and does not import it; add '\(relativePath)' to "
        + "its 'imports:'",
      at: location,
      notes: references.map { Note(message: "referred to here", location: $0) }
        + zip(names, definitions).map { Note(message: "'\($0)' is defined here", location: $1.location) })
  }

  static func referenceOutsideCollaborators(
    _ name: String, at location: SourceLocation, from: String, container: String, definedIn other: String,
    definition: SourceLocation?
  ) -> Diagnostic {
    .error(
      .unknownReference,
      "\(from) refers to '\(name)', which container '\(other)' defines, but '\(container)' does not "
        + "collaborate with '\(other)'; add '\(other)' to the 'collaborators' of '\(container)'",
      at: location,
      notes: definition.map { [Note(message: "'\(name)' is defined here, in '\(other)'", location: $0)] } ?? [])
  }

  static func unknownVariable(_ name: String, at location: SourceLocation, from: String, candidates: [String])
    -> Diagnostic
  {
    let suggestion = Suggestions.clause(for: name, among: candidates)
    let fix = suggestion.isEmpty ? "; declare it under 'parameters' or the service's 'arguments'" : suggestion
    return .error(
      .unknownReference, "\(from) refers to '$\(name)', which is neither a parameter nor a run-time argument\(fix)",
      at: location)
  }

  /// A type several services or externals bind, which references name: one error at the last
  /// binding, the others and each reference as notes.
  static func ambiguousReference(
    _ name: String, references: [SourceLocation], candidates: [GraphResolver.Candidate]
  ) -> Diagnostic {
    let externals = candidates.allSatisfy(\.isExternal)
    let ids = candidates.map { "'\($0.id)'" }
    let list = ids.dropLast().joined(separator: ", ") + " and " + (ids.last ?? "")
    let referring = references.count == 1 ? "a reference by type" : "\(references.count) references by type"
    let last = candidates[candidates.count - 1]
    return .error(
      .ambiguousReference,
      "type '\(name)' is \(externals ? "the type of" : "bound by") \(candidates.count) "
        + "\(externals ? "externals" : "services"), \(list), so \(referring) cannot tell which is meant; refer to "
        + "one by its id, or bind '\(name)' once",
      at: last.location,
      notes: candidates.dropLast().map {
        Note(message: "'\($0.id)' \($0.isExternal ? "is of type" : "binds") '\(name)' here", location: $0.location)
      } + references.map { Note(message: "'\(name)' is referred to here", location: $0) })
  }

  static func deferredExternal(_ name: String, at location: SourceLocation, form: String) -> Diagnostic {
    .error(
      .invalidValue,
      "'{ \(form): \(name) }' names an external; \(form) takes a service, refer to the external directly",
      at: location)
  }

  static func unknownTag(_ tag: String, at location: SourceLocation, candidates: [String]) -> Diagnostic {
    let suggestion = Suggestions.clause(for: tag, among: candidates)
    return .error(
      .unknownReference,
      "no service carries tag '\(tag)'\(suggestion.isEmpty ? "; add it to a service's 'tags'" : suggestion)",
      at: location)
  }

  private static func cycleNotes(_ edges: [DependencyEdge], nodes: [ServiceDeclaration]) -> [Note] {
    edges.map {
      Note(message: "'\(nodes[$0.from].id)' takes '\(nodes[$0.to].id)' in \($0.position)", location: $0.location)
    }
  }

  private static func cycleText(_ edges: [DependencyEdge], nodes: [ServiceDeclaration]) -> String {
    (edges.map { "'\(nodes[$0.from].id)'" } + ["'\(nodes[edges.first?.from ?? 0].id)'"]).joined(separator: " → ")
  }

  static func initializerCycle(_ edges: [DependencyEdge], nodes: [ServiceDeclaration]) -> Diagnostic {
    let start = nodes[edges.first?.from ?? 0]
    return .error(
      .dependencyCycle,
      "initializer cycle \(cycleText(edges, nodes: nodes)); "
        + "break it by making one edge a property, '{ provider: … }' or '{ lazy: … }'",
      at: start.location, notes: cycleNotes(edges, nodes: nodes))
  }

  static func uniqueCycle(_ edges: [DependencyEdge], nodes: [ServiceDeclaration], unique: Int) -> Diagnostic {
    .error(
      .dependencyCycle,
      "cycle \(cycleText(edges, nodes: nodes)) passes through unique service '\(nodes[unique].id)', "
        + "which would build new instances forever; give it another scope",
      at: nodes[unique].location, notes: cycleNotes(edges, nodes: nodes))
  }

  static func runtimeArgumentDependency(
    _ edge: DependencyEdge, holder: ServiceDeclaration, dependency: ServiceDeclaration
  ) -> Diagnostic {
    let arguments = dependency.arguments.map { "'\($0.name.value)'" }.joined(separator: ", ")
    return .error(
      .runtimeArgumentDependency,
      "'\(holder.id)' takes '\(dependency.id)' in \(edge.position), but '\(dependency.id)' needs run-time "
        + "arguments (\(arguments)); inject '{ provider: \(dependency.id) }' and pass them when calling it",
      at: edge.location,
      notes: [Note(message: "'\(dependency.id)' declares its arguments here", location: dependency.location)])
  }

  static func captiveDependency(
    _ edge: DependencyEdge, holder: ServiceDeclaration, holderScope: ScopeKind, dependency: ServiceDeclaration,
    dependencyScope: ScopeKind
  ) -> Diagnostic {
    .warning(
      .captiveDependency,
      "\(holderScope) '\(holder.id)' holds \(dependencyScope) '\(dependency.id)' (\(edge.position)), keeping it "
        + "alive past its scope; inject '{ provider: \(dependency.id) }' and resolve it when needed, or give "
        + "'\(dependency.id)' a longer scope",
      at: edge.location,
      notes: [Note(message: "'\(dependency.id)' is declared here", location: dependency.location)])
  }

  static func mainActorDependency(
    _ edge: DependencyEdge, holder: ServiceDeclaration, holderScope: ScopeKind, dependency: ServiceDeclaration,
    mainActor: ServiceDeclaration
  ) -> Diagnostic {
    let through = dependency.id == mainActor.id ? "" : " through '\(dependency.id)'"
    var notes = [
      Note(
        message: "'\(mainActor.id)' is isolated to the main actor here",
        location: mainActor.isolation?.location ?? mainActor.location)
    ]
    if dependency.id != mainActor.id {
      notes.insert(Note(message: "'\(dependency.id)' is declared here", location: dependency.location), at: 0)
    }
    return .error(
      .mainActorDependency,
      "\(holderScope) '\(holder.id)' is nonisolated but builds main-actor '\(mainActor.id)'\(through) "
        + "(\(edge.position)), so it would hold a main-actor object on any thread; inject "
        + "'{ provider: \(dependency.id) }' or '{ lazy: \(dependency.id) }' and call it on the main actor, or give "
        + "'\(holder.id)' 'isolation: MainActor'",
      at: edge.location, notes: notes)
  }

  static func unusedParameter(_ name: String, at location: SourceLocation) -> Diagnostic {
    .warning(
      .unusedParameter, "parameter '\(name)' is never used; remove it or refer to it as '$\(name)'", at: location)
  }

  static func overrideMissingParameter(_ name: String, at location: SourceLocation, candidates: [String])
    -> Diagnostic
  {
    let suggestion = Suggestions.clause(for: name, among: candidates)
    return .error(
      .overrideMissingParameter,
      "this override sets parameter '\(name)', which no layer below declares and nothing uses"
        + (suggestion.isEmpty ? "; refer to it as '$\(name)' or remove it" : suggestion),
      at: location)
  }

  static func weakValueSwiftType(_ service: ServiceDeclaration, type: SwiftType, at location: SourceLocation)
    -> Diagnostic
  {
    .error(
      .weakValueType,
      "'\(service.id)' has scope weak, but '\(type.name)' is a \(type.kind.rawValue); only objects can be held "
        + "weakly, so choose another scope (singleton, graph or unique)", at: location,
      notes: [Note(message: "'\(type.name)' is declared here", location: type.location)])
  }

  static func leftOutDefault(
    _ service: ServiceDeclaration, label: String, type: String, provider: String, callee: String,
    declaredAt: SourceLocation
  ) -> Diagnostic {
    .warning(
      .defaultedDependency,
      "'\(service.id)' leaves out '\(label):' of '\(callee)', so Swift passes the parameter's default, not "
        + "'\(provider)', the graph's '\(type)'; pass it: 'init: { \(label): \(provider) }'",
      // Where the graph file names what is called: its factory, else its type.
      at: service.factory?.location ?? service.type?.location ?? service.location,
      notes: [Note(message: "'\(callee)' is declared here", location: declaredAt)])
  }

  static func leftOutLookup(
    _ service: ServiceDeclaration, label: String, type: String, lookup: String, callee: String,
    declaredAt: SourceLocation
  ) -> Diagnostic {
    .warning(
      .defaultedDependency,
      "'\(service.id)' leaves out '\(label):' of '\(callee)', so Swift passes the parameter's default "
        + "'\(lookup)', which looks '\(type)' up in a container the graph does not fill; declare a service "
        + "of type '\(type)' and pass it: 'init: { \(label): <its id> }'",
      at: service.factory?.location ?? service.type?.location ?? service.location,
      notes: [Note(message: "'\(callee)' is declared here", location: declaredAt)])
  }

  static func unusedExternal(_ id: String, at location: SourceLocation) -> Diagnostic {
    .warning(
      .unusedExternal, "external '\(id)' is never used; remove it, or the host app supplies it for nothing",
      at: location)
  }
}
