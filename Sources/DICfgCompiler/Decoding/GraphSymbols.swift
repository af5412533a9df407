public import DICfgCore
public import DICfgLoader

/// The names a graph file declares and refers to, each at its place: what the editor's navigation,
/// completion, hover and rename, and `dicfg diff`, work from. Recorded from each file as the
/// compiler reads it (`DocumentReader`), before its layers merge, so a file that does not compile
/// (an unknown reference, a bad value) still has its symbols, and each layer's own.
public struct GraphSymbols: Sendable {
  /// What a name is.
  public enum Kind: String, Sendable {
    case service, external, parameter, argument, container, scope, type, file
  }

  /// One place a name stands.
  public struct Occurrence: Sendable, Equatable {
    public var name: String
    public var kind: Kind
    /// The container the name stands in ("main" for a file without `containers:`).
    public var container: String
    /// The service whose definition holds it, where one does.
    public var owner: String?
    /// Where the name starts, and how many characters it takes.
    public var location: SourceLocation
    public var length: Int
    /// A declaration (a service's key, an external's, a parameter's), or a reference to one.
    public var isDeclaration: Bool
    /// A declaration whose value is `null`: a layer's removal of what the files under it declare.
    public var isRemoval = false
  }

  public private(set) var occurrences: [Occurrence] = []
  /// The containers, in the order first read, and the collaborators each lists.
  private var containers: [String] = []
  private var collaborators: [String: [String]] = [:]
  /// The symbols of the files the compiler read, each as `DocumentReader` decoded it.
  init(documents: [FileDocument]) {
    var seen = Set<String>()
    for document in documents where seen.insert(document.path).inserted { read(document) }
  }

  /// The symbols of every file in `files`, read as the compiler reads them.
  public init(files: [LoadedFile]) {
    var reader = DocumentReader()
    self.init(documents: files.compactMap { reader.read($0) })
  }

  /// The symbols of several compiles of one graph (the file alone and with each layer): each file
  /// once, the first compile's first, read once.
  public init(merging compiles: [CompileResult]) {
    self.init(documents: compiles.flatMap(\.documents))
  }

  /// The declarations of `kind`, the first file's first (files are read root first).
  public func declarations(_ kind: Kind) -> [Occurrence] {
    occurrences.filter { $0.isDeclaration && $0.kind == kind }
  }

  /// The occurrence at a place: the one whose text holds `line`:`column` of `file`.
  public func occurrence(in file: String, line: Int, column: Int) -> Occurrence? {
    occurrences.first {
      $0.location.file == file && $0.location.line == line && column >= $0.location.column
        && column <= $0.location.column + $0.length
    }
  }

  /// The declaration a reference names: a service of its container or another, an external, a
  /// parameter or run-time argument, a container, or the service that binds a type. For a
  /// declaration, the first of its name (a layer's definition or patch leads to the base file's).
  public func declaration(of reference: Occurrence) -> Occurrence? {
    declaration(of: reference, types: BoundTypes.Cache())
  }

  private func declaration(of reference: Occurrence, types: BoundTypes.Cache) -> Occurrence? {
    if reference.isDeclaration {
      return occurrences.first {
        $0.isDeclaration && $0.kind == reference.kind && $0.name == reference.name
          && $0.container == reference.container && $0.owner == reference.owner
      } ?? reference
    }
    switch reference.kind {
    case .parameter:
      return declarations(.argument).first { $0.name == reference.name && $0.owner == reference.owner }
        ?? declarations(.parameter).first { $0.name == reference.name }
    case .service:
      return lookup(reference.name, from: reference.container, types: types)
    case .type:
      return binding(of: reference.name, from: reference.container, types: types)
    case .container, .external, .scope:
      return declarations(reference.kind).first { $0.name == reference.name }
    case .argument, .file:
      return nil
    }
  }

  /// Every occurrence that names the same declaration as `occurrence`: the declaration, the layers
  /// that define or patch it again, and the references to it.
  public func occurrences(sameAs occurrence: Occurrence) -> [Occurrence] {
    // The types bound are worked out once for the whole search, if it needs them.
    let types = BoundTypes.Cache()
    guard let target = declaration(of: occurrence, types: types) else { return [occurrence] }
    return occurrences.filter { candidate in
      if candidate.isDeclaration {
        return candidate.name == target.name && candidate.kind == target.kind
          && candidate.container == target.container && (candidate.kind != .argument || candidate.owner == target.owner)
      }
      // A reference by the service's id, or by a type its `as:` binds (`http: HTTPClient`).
      guard candidate.name == target.name || (target.kind == .service && candidate.kind == .service) else {
        return false
      }
      return declaration(of: candidate, types: types) == target
    }
  }

  /// The declaration `name` finds where `container` refers to it, by the compiler's lookup: a
  /// service or external of the nearest container along ``lookupOrder(from:)`` that declares the
  /// id, else the one service that binds `name` as a type there.
  package func lookup(_ name: String, from container: String) -> Occurrence? {
    lookup(name, from: container, types: BoundTypes.Cache())
  }

  private func lookup(_ name: String, from container: String, types: BoundTypes.Cache) -> Occurrence? {
    let declared = types.declared { declaredServicesAndExternals() }
    for owner in types.order(from: container, { lookupOrder(from: container) }) {
      if let found = declared[owner]?[name] { return found }
    }
    return binding(of: name, from: container, types: types)
  }

  /// The first declaration of each service and external id, by container: the one a lookup finds.
  private func declaredServicesAndExternals() -> [String: [String: Occurrence]] {
    var declared: [String: [String: Occurrence]] = [:]
    for occurrence in occurrences where occurrence.isDeclaration && [.service, .external].contains(occurrence.kind) {
      if declared[occurrence.container]?[occurrence.name] == nil {
        declared[occurrence.container, default: [:]][occurrence.name] = occurrence
      }
    }
    return declared
  }

  /// The containers a reference in `container` looks in, nearest first: the container, then its
  /// collaborators, breadth first (`CollaboratorSearch`, as the compiler and the link look).
  package func lookupOrder(from container: String) -> [String] {
    var position: [String: Int] = [:]
    for (index, name) in containers.enumerated() { position[name] = index }
    guard let start = position[container] else { return [container] }
    let collaborators = containers.map { (self.collaborators[$0] ?? []).compactMap { position[$0] } }
    return CollaboratorSearch.order(from: start, collaborators: collaborators).map { containers[$0] }
  }

  /// The one service bound to `type` (by its `type:` or an `as:`) in the nearest container along
  /// ``lookupOrder(from:)`` that binds it (`TypeBindings`, the compiler's rule); nil for none or
  /// several.
  private func binding(of type: String, from container: String, types: BoundTypes.Cache) -> Occurrence? {
    let bound = types.get { boundTypes() }
    let order = lookupOrder(from: container).compactMap { containers.firstIndex(of: $0) }
    guard let (owner, found) = TypeBindings.nearest(type, along: order, in: bound.bindings), found.count == 1 else {
      return nil
    }
    let service = bound.services[owner][found[0]]
    let declared = types.declared { declaredServicesAndExternals() }
    return declared[containers[owner]]?[service].flatMap { $0.kind == .service ? $0 : nil }
      ?? declarations(.service).first { $0.name == service && $0.container == containers[owner] }
  }

  /// Each container's services in the order declared, and the types their `type:` and `as:` bind,
  /// numbered alike: one pass over the occurrences.
  private func boundTypes() -> BoundTypes {
    var services = Array(repeating: [String](), count: containers.count)
    var declared = Array(repeating: Set<String>(), count: containers.count)
    var types: [String: [String: [String]]] = [:]
    var position: [String: Int] = [:]
    for (index, name) in containers.enumerated() { position[name] = index }
    for occurrence in occurrences {
      guard let index = position[occurrence.container] else { continue }
      if occurrence.isDeclaration, occurrence.kind == .service {
        if declared[index].insert(occurrence.name).inserted { services[index].append(occurrence.name) }
      } else if occurrence.kind == .type, let owner = occurrence.owner {
        types[occurrence.container, default: [:]][owner, default: []].append(occurrence.name)
      }
    }
    let bindings = containers.indices.map { index in
      var bindings = TypeBindings()
      for (local, service) in services[index].enumerated() {
        bindings.bind(local, type: nil, as: types[containers[index]]?[service] ?? [])
      }
      return bindings
    }
    return BoundTypes(services: services, bindings: bindings)
  }

  // MARK: Reading

  private mutating func read(_ file: FileDocument) {
    for item in file.imports {
      // Where the compiler finds it: resolved from the importing file as `Paths.resolve` does.
      occurrences.append(
        Occurrence(
          name: item.resolvedPath, kind: .file, container: ResolutionPlan.Container.defaultName, owner: nil,
          location: item.location,
          length: item.path.count, isDeclaration: false))
    }
    for entry in file.document.parameters.list {
      declare(entry, kind: .parameter, container: ResolutionPlan.Container.defaultName)
    }
    for section in file.document.containers {
      let container = section.name
      if !containers.contains(container) { containers.append(container) }
      if let key = section.key {
        add(key, kind: .container, container: container, owner: nil, declaration: true)
      }
      for item in section.collaborators?.value.sequence ?? [] where item.scalar != nil {
        add(item, kind: .container, container: container, owner: nil)
        collaborators[container, default: []].append(item.text)
      }
      if let scope = section.defaultScope?.value, scope.scalar != nil {
        add(scope, kind: .scope, container: container, owner: nil)
      }
      for entry in section.scopes.list { declare(entry, kind: .scope, container: container) }
      for entry in section.externals.list {
        declare(entry, kind: .external, container: container)
        if let type = entry.value.mapping?[key: "type"], type.scalar != nil {
          add(type, kind: .type, container: container, owner: entry.key.text)
        }
      }
      // A requirement stands for what the importing graph provides: an external when the file is
      // read alone.
      for entry in section.requirements.list {
        declare(entry, kind: .external, container: container)
        if let type = entry.value.mapping?[key: "type"], type.scalar != nil {
          add(type, kind: .type, container: container, owner: entry.key.text)
        }
      }
      for service in section.services.list {
        declare(service, kind: .service, container: container, owner: service.key.text)
        if let fields = service.value.mapping { readService(fields, id: service.key.text, container: container) }
      }
    }
  }

  private mutating func declare(
    _ entry: ConfigNode.Entry, kind: Kind, container: String, owner: String? = nil
  ) {
    add(entry.key, kind: kind, container: container, owner: owner, declaration: true)
    if entry.value.isNull { occurrences[occurrences.count - 1].isRemoval = true }
  }

  private mutating func readService(_ fields: ConfigNode.Entries, id: String, container: String) {
    for field in fields {
      switch field.key.text {
      case "type" where field.value.scalar != nil:
        add(field.value, kind: .type, container: container, owner: id)
      case "as":
        for item in field.value.sequence ?? [field.value] where item.scalar != nil {
          add(item, kind: .type, container: container, owner: id)
        }
      case "alias" where field.value.scalar != nil:
        add(field.value, kind: .service, container: container, owner: id)
      case "scope" where field.value.scalar != nil:
        add(field.value, kind: .scope, container: container, owner: id)
      case "arguments":
        for argument in field.value.mapping ?? [] {
          add(argument.key, kind: .argument, container: container, owner: id, declaration: true)
        }
      case "init", "properties":
        for argument in field.value.mapping ?? [] { readValue(argument.value, owner: id, container: container) }
      default: break
      }
    }
  }

  /// A value of `init:` or `properties:`, read as the compiler reads it (`ValueReference`): a
  /// reference, a `$parameter`, a provider or lazy reference, a list of them; literals
  /// (`{ value: … }`) and `$container` name nothing here.
  private mutating func readValue(_ node: ConfigNode, owner: String, container: String, isTarget: Bool = false) {
    switch node.content {
    case .scalar(let scalar):
      switch ValueReference(scalar) {
      case .service(let name, let optional) where !(isTarget && optional):
        add(node, kind: .service, container: container, owner: owner, name: name)
      case .variable(let name) where !isTarget:
        add(node, kind: .parameter, container: container, owner: owner, name: name, offset: 1)
      default:
        break
      }
    case .sequence(let items):
      guard !isTarget else { return }
      for item in items { readValue(item, owner: owner, container: container) }
    case .mapping(let entries):
      guard !isTarget else { return }
      for entry in entries where ["provider", "lazy"].contains(entry.key.text) {
        // A provider's or lazy value's target is a service id or type, as the compiler takes it.
        readValue(entry.value, owner: owner, container: container, isTarget: true)
      }
    }
  }

  private mutating func add(
    _ node: ConfigNode, kind: Kind, container: String, owner: String?, declaration: Bool = false,
    name: String? = nil, offset: Int = 0
  ) {
    let text = name ?? node.text
    var location = node.location
    let quoted = node.scalar.map { !$0.isPlain && $0.style != .plain } ?? false
    location.column += offset + (quoted ? 1 : 0)
    occurrences.append(
      Occurrence(
        name: text, kind: kind, container: container, owner: owner, location: location,
        length: kind == .file ? node.text.count : text.count, isDeclaration: declaration))
  }
}

/// Each container's services, in the order declared, and the types they bind, numbered alike:
/// worked out when a lookup by type first needs them, once per request (the symbols are rebuilt on
/// every edit, and most edits never look a type up).
private struct BoundTypes {
  var services: [[String]]
  var bindings: [TypeBindings]

  /// What one request's lookups share, worked out on first use: the bound types, the declarations
  /// by container and id, and each container's lookup order.
  final class Cache {
    private var built: BoundTypes?
    private var declarations: [String: [String: GraphSymbols.Occurrence]]?
    private var orders: [String: [String]] = [:]

    func get(_ make: () -> BoundTypes) -> BoundTypes {
      if let built { return built }
      let made = make()
      built = made
      return made
    }

    func declared(_ make: () -> [String: [String: GraphSymbols.Occurrence]]) -> [String: [String: GraphSymbols
      .Occurrence]]
    {
      if let declarations { return declarations }
      let made = make()
      declarations = made
      return made
    }

    func order(from container: String, _ make: () -> [String]) -> [String] {
      if let order = orders[container] { return order }
      let made = make()
      orders[container] = made
      return made
    }
  }
}
