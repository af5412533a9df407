import DICfgCompiler
import DICfgCore
import DICfgLoader
import Foundation

// The requests an editor sends: completion, definition, references, hover, symbols, rename and the rest.
extension LanguageServer {
  /// The occurrence under the request's position, and the analysis it belongs to.
  func occurrence(_ params: JSONValue) throws -> (GraphSymbols.Occurrence?, Analysis, String, Int, Int) {
    guard let path = Self.path(params["textDocument"]?["uri"]), let line = params["position"]?["line"]?.integer,
      let character = params["position"]?["character"]?.integer
    else { throw RequestFailure(code: -32602, message: "the request has no text document and position") }
    let analysis = analysis(of: path)
    let column = Self.column(of: character, in: lineText(path, line + 1))
    return (analysis.symbols.occurrence(in: path, line: line + 1, column: column), analysis, path, line + 1, column)
  }

  func definition(_ params: JSONValue) throws -> JSONValue {
    let (found, analysis, _, _, _) = try occurrence(params)
    guard let occurrence = found else { return .null }
    if occurrence.kind == .file { return location(.start(of: occurrence.name), length: 0) }
    if occurrence.kind == .type, let declared = analysis.swift?.type(named: occurrence.name) {
      return location(declared.location, length: 0)
    }
    guard let declaration = analysis.symbols.declaration(of: occurrence) else { return .null }
    return location(declaration.location, length: declaration.length)
  }

  func references(_ params: JSONValue) throws -> JSONValue {
    let (found, analysis, _, _, _) = try occurrence(params)
    guard let occurrence = found else { return [] }
    let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
    return .array(
      analysis.symbols.occurrences(sameAs: occurrence).filter { includeDeclaration || !$0.isDeclaration }.map {
        location($0.location, length: $0.length)
      })
  }

  func hover(_ params: JSONValue) throws -> JSONValue {
    let (found, analysis, _, _, _) = try occurrence(params)
    guard let occurrence = found, let declaration = analysis.symbols.declaration(of: occurrence) else { return .null }
    var lines: [String]
    switch declaration.kind {
    case .service:
      lines = ["**\(declaration.name)**, a service of container '\(declaration.container)'", ""]
      if let entry = analysis.merged[declaration.container]?[declaration.name] {
        let places = ServicePlaces(entry: entry, service: declaration.location)
        // The scope and isolation the compiler decided: the container's `defaultScope:`, the
        // initializer `init:` names where the Swift says.
        let compiled = analysis.plan?.containers.first { $0.name == declaration.container }?.services
          .first { $0.id == declaration.name }
        if places.written("scope") == nil {
          let scope = compiled?.scope ?? .graph
          lines.append(
            scope == .graph && !declaresDefaultScope(declaration.container, analysis: analysis)
              ? "- `scope: graph` (the default)" : "- `scope: \(scope)` (the container's `defaultScope:`)")
        }
        if places.written("isolation") == nil, let compiled {
          lines.append(
            compiled.isolation == .mainActor
              ? "- `isolation: MainActor` (its Swift initializer is)" : "- `isolation: nonisolated` (the default)")
        }
        for field in places.fields {
          lines.append("- `\(field.key): \(field.value)` — set in \(relative(field.valueLocation))")
        }
      }
      // Each environment's fields that its layer set, as `dicfg explain --env` shows them.
      for (environment, services) in analysis.mergedByEnvironment {
        guard let entry = services[declaration.container]?[declaration.name] else {
          lines.append("")
          lines.append("In \(environment): removed by its layer.")
          continue
        }
        let changed = ServicePlaces(entry: entry, service: declaration.location).fields.filter {
          $0.valueLocation.file != declaration.location.file
        }
        guard !changed.isEmpty else { continue }
        lines.append("")
        lines.append("In \(environment):")
        for field in changed {
          lines.append("- `\(field.key): \(field.value)` — set in \(relative(field.valueLocation))")
        }
      }
      let requesters = Set(
        analysis.symbols.occurrences(sameAs: declaration).filter { !$0.isDeclaration }.compactMap(\.owner)
      ).sorted()
      lines.append("")
      lines.append(
        requesters.isEmpty ? "Requested by no service." : "Requested by " + requesters.joined(separator: ", ") + ".")
    default:
      lines = ["**\(declaration.name)**, \(declaration.kind.rawValue) declared at \(relative(declaration.location))"]
    }
    return [
      "contents": ["kind": "markdown", "value": .string(lines.joined(separator: "\n"))],
      "range": range(occurrence.location, length: occurrence.length),
    ]
  }

  /// Types of the standard library and Foundation a graph file fills with a literal or a parameter.
  static let standardValueTypes: Set<String> = [
    "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
    "UInt32", "UInt64", "Double", "Float", "TimeInterval", "URL", "Data", "Date", "UUID",
  ]

  /// Whether a file of the analysis sets `defaultScope:` for `container`.
  func declaresDefaultScope(_ container: String, analysis: Analysis) -> Bool {
    analysis.symbols.occurrences.contains {
      $0.kind == .scope && $0.owner == nil && !$0.isDeclaration && $0.container == container
    }
  }

  /// The labels of the initializers the service's type declares (those not private), each with its
  /// type and initializer: what `init:` may name.
  private func initializerLabels(
    of service: String, in container: String, analysis: Analysis
  ) -> [(label: String, detail: String)] {
    guard let type = serviceType(service, in: container, analysis: analysis),
      let declared = analysis.swift?.type(named: type)
    else { return [] }
    return declared.initializers.filter { !$0.isPrivate }.flatMap { initializer in
      initializer.parameters.compactMap { parameter in
        parameter.label.map { ($0, "\(parameter.type ?? "?") in \(type).\(initializer.signature)") }
      }
    }
  }

  func completion(_ params: JSONValue) throws -> JSONValue {
    let (_, analysis, path, line, column) = try occurrence(params)
    let symbols = analysis.symbols
    var items: [JSONValue] = []
    var offered = Set<String>()
    func item(_ label: String, kind: Int, detail: String) {
      // Each candidate once: a name a layer declares again is offered as the base has it.
      guard offered.insert(label).inserted else { return }
      items.append(["label": .string(label), "kind": .integer(kind), "detail": .string(detail)])
    }
    func keys(_ keys: [String]) {
      for key in keys { item(key, kind: 10, detail: "graph file key") }
    }
    let place = analysis.files[path].map { CompletionPlace(source: $0.source, line: line, column: column) } ?? .none
    switch place {
    case .documentKey(let container):
      keys(container == nil ? GraphFileKeys.topLevel : GraphFileKeys.container)
    case .serviceKey:
      keys(GraphFileKeys.service)
    case .externalKey:
      keys(GraphFileKeys.external)
    case .valueFormKey:
      keys(GraphFileKeys.valueForm)
    case .type:
      for type in analysis.swift?.types ?? [] where type.kind != .extension {
        item(
          type.name, kind: type.kind == .struct ? 22 : 7, detail: "\(type.kind.rawValue), \(relative(type.location))")
      }
    case .label(let service, let container):
      for (label, detail) in initializerLabels(of: service, in: container, analysis: analysis) {
        item(label, kind: 5, detail: detail)
      }
    case .scope:
      for scope in ScopeKind.builtIn { item(scope.name, kind: 14, detail: "built-in scope") }
      for scope in symbols.declarations(.scope) {
        item(scope.name, kind: 14, detail: "scope declared in the graph file")
      }
    case .parameter(let service, let container):
      for argument in symbols.declarations(.argument) where argument.owner == service && argument.container == container
      {
        item(argument.name, kind: 6, detail: "run-time argument of '\(service)'")
      }
      for parameter in symbols.declarations(.parameter) { item(parameter.name, kind: 21, detail: "parameter") }
    case .reference(let container, let taker):
      for candidate in referenceCandidates(from: container, taker: taker, analysis: analysis) {
        item(candidate.name, kind: 6, detail: candidate.detail)
      }
    case .container:
      for container in symbols.declarations(.container) { item(container.name, kind: 9, detail: "container") }
    case .none:
      break
    }
    return ["isIncomplete": false, "items": .array(items)]
  }

  /// The services and externals a reference from `container` may name, each with its detail: the
  /// containers the compiler looks in first first, so a name declared in several is offered as the
  /// reference would find it.
  func referenceCandidates(
    from container: String, taker: CompletionPlace.Taker?, analysis: Analysis
  ) -> [(name: String, detail: String)] {
    let symbols = analysis.symbols
    var candidates: [(name: String, detail: String)] = []
    // The containers the compiler looks in first, so a name declared in several is offered as
    // the reference would find it.
    let order = symbols.lookupOrder(from: container)
    let rank = { (service: GraphSymbols.Occurrence) in order.firstIndex(of: service.container) ?? order.count }
    let services = symbols.declarations(.service).enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }.map(\.element)
    // What the argument or property takes, where the Swift says: a candidate whose type and
    // bindings all certainly cannot be passed there is not offered.
    let taken = taker.flatMap { takenType($0, in: container, analysis: analysis) }
    let converts = taken == nil ? nil : analysis.swift?.conversionRule()
    func fits(_ types: [String]) -> Bool {
      guard let taken, let converts else { return true }
      return types.isEmpty
        || types.contains { type in
          // A type the target declares is never the standard library's value type a literal fills.
          if Self.standardValueTypes.contains(taken) { return analysis.swift?.type(named: type) == nil }
          return converts(type, taken) != false
        }
    }
    for service in services {
      let fields = analysis.merged[service.container]?[service.name]?.value.mapping
      let type = fields?[key: "type"]?.text ?? "?"
      let bindings = (fields?[key: "as"]).map { $0.sequence.map { Array($0) } ?? [$0] }?.map(\.text) ?? []
      guard fits((fields?[key: "type"] == nil ? [] : [type]) + bindings) else { continue }
      let scope = fields?[key: "scope"]?.text ?? "graph"
      candidates.append((service.name, "\(type), \(scope) (container '\(service.container)')"))
    }
    for external in symbols.declarations(.external) {
      let type = externalType(external, analysis: analysis)
      guard fits(type.map { [$0] } ?? []) else { continue }
      candidates.append((external.name, "external of container '\(external.container)'"))
    }
    return candidates
  }

  /// The Swift type the argument or property `taker` names takes, where the target's Swift declares
  /// the service's type: an initializer's parameter with that label, or a property; an array's
  /// element, for a value in a list; nil where the Swift does not say.
  func takenType(_ taker: CompletionPlace.Taker, in container: String, analysis: Analysis) -> String? {
    guard let typeName = serviceType(taker.service, in: container, analysis: analysis),
      let declared = analysis.swift?.type(named: typeName)
    else { return nil }
    let written: String?
    if taker.field == "init" {
      written =
        declared.initializers.filter { !$0.isPrivate }.lazy.compactMap { initializer in
          initializer.parameters.first { $0.label == taker.label }?.type
        }.first
    } else {
      written = declared.properties.first { $0.name == taker.label }?.type
    }
    guard let written else { return nil }
    var type = SwiftTypeExpression(written)
    if let wrapped = type.wrapped { type = wrapped }
    if let element = type.element { type = element }
    if let wrapped = type.wrapped { type = wrapped }
    return type.withoutExistential.normalized
  }

  /// The type an external declares.
  func externalType(_ external: GraphSymbols.Occurrence, analysis: Analysis) -> String? {
    analysis.symbols.occurrences.first {
      $0.kind == .type && $0.owner == external.name && $0.container == external.container
    }?.name
  }

  /// The type of service `id` of `container`: as the merged service has it, else as a file of
  /// the graph names it where the file does not merge.
  func serviceType(_ id: String, in container: String, analysis: Analysis) -> String? {
    analysis.merged[container]?[id]?.value.mapping?[key: "type"]?.text
      ?? analysis.symbols.occurrences.first { $0.kind == .type && $0.owner == id && $0.container == container }?.name
  }

  func documentSymbols(_ params: JSONValue) throws -> JSONValue {
    guard let path = Self.path(params["textDocument"]?["uri"]) else {
      throw RequestFailure(code: -32602, message: "the request has no text document")
    }
    // Containers with their services inside; a file without containers lists its services.
    let symbols = analysis(of: path).symbols.occurrences.filter {
      $0.isDeclaration && $0.location.file == path && [.service, .container].contains($0.kind)
    }
    let containers = symbols.filter { $0.kind == .container }
    func symbol(_ occurrence: GraphSymbols.Occurrence, children: [JSONValue]?) -> JSONValue {
      var value: [String: JSONValue] = [
        "name": .string(occurrence.name), "kind": .integer(occurrence.kind == .container ? 2 : 5),
        "range": range(occurrence.location, length: occurrence.length),
        "selectionRange": range(occurrence.location, length: occurrence.length),
      ]
      if let children { value["children"] = .array(children) }
      return .object(value)
    }
    let services = symbols.filter { $0.kind == .service }
    let outside = services.filter { service in !containers.contains { $0.name == service.container } }
    return .array(
      outside.map { symbol($0, children: nil) }
        + containers.map { container in
          symbol(
            container, children: services.filter { $0.container == container.name }.map { symbol($0, children: nil) })
        })
  }

  func workspaceSymbols(_ query: String) -> JSONValue {
    var seen = Set<String>()
    var found: [JSONValue] = []
    for analysis in analyses.values.sorted(by: { $0.root < $1.root }) {
      for symbol in analysis.symbols.declarations(.service)
      where query.isEmpty || symbol.name.localizedCaseInsensitiveContains(query) {
        guard seen.insert("\(symbol.location)").inserted else { continue }
        found.append(symbolInformation(symbol))
      }
    }
    return .array(found)
  }

  func symbolInformation(_ symbol: GraphSymbols.Occurrence) -> JSONValue {
    [
      "name": .string(symbol.name), "kind": .integer(symbol.kind == .container ? 2 : 5),
      "location": location(symbol.location, length: symbol.length),
      "containerName": .string(symbol.kind == .container ? "" : symbol.container),
    ]
  }

  func rename(_ params: JSONValue) throws -> JSONValue {
    let (found, analysis, _, _, _) = try occurrence(params)
    guard let occurrence = found, let newName = params["newName"]?.string else {
      throw RequestFailure(code: -32803, message: "there is no service, external or parameter to rename here")
    }
    guard let declaration = analysis.symbols.declaration(of: occurrence),
      [.service, .external, .parameter, .argument].contains(declaration.kind)
    else { throw RequestFailure(code: -32803, message: "only a service, an external or a parameter can be renamed") }
    guard Identifier.isValid(newName) else {
      throw RequestFailure(
        code: -32803,
        message: "'\(newName)' is not a valid \(declaration.kind.rawValue) id; ids are letters, digits and '_', and do "
          + "not start with a digit")
    }
    if let clash = analysis.symbols.occurrences.first(where: {
      $0.isDeclaration && $0.name == newName && $0.kind == declaration.kind
        && (declaration.kind != .service || $0.container == declaration.container)
    }) {
      throw RequestFailure(
        code: -32803,
        message: "'\(newName)' is already a \(clash.kind.rawValue) (\(relative(clash.location))); choose another name")
    }
    var changes: [String: [JSONValue]] = [:]
    // A reference by type (`http: HTTPClient`) names the service through its binding: it keeps
    // its text.
    for place in analysis.symbols.occurrences(sameAs: occurrence) where place.name == declaration.name {
      changes[Self.uri(place.location.file), default: []].append([
        "range": range(place.location, length: place.length), "newText": .string(newName),
      ])
    }
    return ["changes": .object(changes.mapValues { .array($0) })]
  }
}
