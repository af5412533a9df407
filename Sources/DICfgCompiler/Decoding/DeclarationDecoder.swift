import DICfgCore
import DICfgLoader

/// Turns a merged document's nodes into declarations, checking each key and value's kind.
/// Scalars are read by what the field needs: `scope: no` is a scope named "no".
struct DeclarationDecoder {
  private(set) var diagnostics: [Diagnostic] = []

  // MARK: Parameters

  mutating func parameters(_ entries: Entries) -> [ParameterDeclaration] {
    entries.list.compactMap { entry in
      guard let value = parameterValue(entry.value) else { return nil }
      return ParameterDeclaration(
        name: entry.key.text, location: entry.key.location, valueLocation: entry.value.location, value: value)
    }
  }

  private mutating func parameterValue(_ node: ConfigNode) -> ResolutionPlan.ParameterValue? {
    guard let scalar = node.scalar else { return literal(node).map { .literal($0) } }
    let isString: Bool
    if case .string = CoreSchema.value(of: scalar) { isString = true } else { isString = false }
    guard isString, scalar.text.contains("$") else { return literal(node).map { .literal($0) } }
    switch EnvironmentTemplate.parse(scalar.text) {
    case .failure(let problem):
      diagnostics.append(.invalidTemplate(problem, at: node.location))
      return nil
    case .success(let segments):
      if segments.allSatisfy({ if case .text = $0 { true } else { false } }) {
        return .literal(.string(segments.map { if case .text(let text) = $0 { text } else { "" } }.joined()))
      }
      let single = segments.count == 1 && scalar.isPlain
      return .environment(segments: segments, typed: single)
    }
  }

  // MARK: Containers

  mutating func container(_ section: ContainerSection) -> ContainerDeclaration {
    var container = ContainerDeclaration(name: section.name, location: section.location)
    if let entry = section.defaultScope {
      container.defaultScope = name(entry.value, for: "defaultScope", what: "a scope name")
    }
    if let entry = section.collaborators, !entry.value.isNull {
      container.collaborators = names(entry.value, for: "collaborators", what: "a list of container names")
    }
    for entry in section.scopes.list {
      if let fields = entry.value.mapping, let first = fields.first {
        diagnostics.append(.unknownKey(first.key, allowed: [], context: "in custom scope '\(entry.key.text)'"))
      } else if !entry.value.isNull && entry.value.mapping == nil {
        diagnostics.append(.expected("'{}'", for: "custom scope '\(entry.key.text)'", got: entry.value))
      }
      if ScopeKind(builtInName: entry.key.text) != nil || entry.key.text == "shared" {
        diagnostics.append(.customScopeShadowsBuiltIn(entry.key))
        continue
      }
      container.customScopes.append(Located(value: entry.key.text, location: entry.key.location))
    }
    container.externals = section.externals.list.compactMap { external($0) }
    container.services = section.services.list.compactMap { service($0) }
    return container
  }

  private mutating func external(_ entry: ConfigNode.Entry) -> ExternalDeclaration? {
    let id = entry.key.text
    guard let fields = entry.value.mapping else {
      diagnostics.append(.expected("a mapping such as '{ type: String }'", for: "external '\(id)'", got: entry.value))
      return nil
    }
    var type: String?
    var retain = ResolutionPlan.External.Retain.strong
    var optional = false
    for field in fields {
      switch field.key.text {
      case "type": type = name(field.value, for: "type", what: "a type name")?.value
      case "retain":
        guard let text = name(field.value, for: "retain", what: "strong, weak or unowned")?.value else { break }
        if let value = ResolutionPlan.External.Retain(rawValue: text) {
          retain = value
        } else {
          diagnostics.append(.invalidRetain(text, at: field.value.location))
        }
      case "optional": optional = bool(field.value, for: "optional")?.value ?? false
      default:
        diagnostics.append(.unknownKey(field.key, allowed: GraphFileKeys.external, context: "in external '\(id)'"))
      }
    }
    guard let type else {
      diagnostics.append(.externalMissingType(entry.key))
      return nil
    }
    return ExternalDeclaration(id: id, location: entry.key.location, type: type, retain: retain, optional: optional)
  }

  // MARK: Services

  private mutating func service(_ entry: ConfigNode.Entry) -> ServiceDeclaration? {
    let id = entry.key.text
    guard let fields = entry.value.mapping else {
      diagnostics.append(.expected("a mapping such as '{ type: MyType }'", for: "service '\(id)'", got: entry.value))
      return nil
    }
    var service = ServiceDeclaration(id: id, location: entry.key.location)
    for field in fields {
      let value = field.value
      switch field.key.text {
      case "type": service.type = typeName(value, for: "type")
      case "alias": service.alias = name(value, for: "alias", what: "a service id")
      case "factory":
        if value.mapping != nil {
          factoryObject(value, into: &service)
          break
        }
        guard let scalar = value.scalar, SwiftValueExpression.isFunctionName(scalar.text) else {
          diagnostics.append(.invalidFactory(value))
          break
        }
        service.factory = Located(value: scalar.text, location: value.location)
      case "as":
        service.bindings = items(value, for: "as", what: "a list of types").compactMap { typeName($0, for: "as") }
      case "scope": service.scope = name(value, for: "scope", what: "a scope name")
      case "isolation":
        guard let text = name(value, for: "isolation", what: "MainActor or nonisolated") else { break }
        if let isolation = ResolutionPlan.Isolation(rawValue: text.value) {
          service.isolation = Located(value: isolation, location: text.location)
        } else {
          diagnostics.append(.invalidIsolation(text.value, at: text.location))
        }
      case "eager": service.eager = bool(value, for: "eager")
      case "live": service.live = bool(value, for: "live")
      case "tags": service.tags = names(value, for: "tags", what: "a list of tags")
      case "init":
        service.initializer = arguments(value, for: "init")
        service.initializerIsPartial = value.mapping.map { $0.count != service.initializer.count } ?? !value.isNull
      case "properties": service.properties = arguments(value, for: "properties")
      case "arguments":
        service.arguments = labelled(value, for: "arguments").compactMap { label, node in
          typeName(node, for: "argument '\(label.value)'").map { (label, $0.value) }
        }
      default:
        diagnostics.append(.unknownKey(field.key, allowed: GraphFileKeys.service, context: "in service '\(id)'"))
      }
    }
    switch (service.type, service.alias) {
    case (nil, nil):
      // A 'type' or 'alias' that was present but malformed is already diagnosed.
      if !fields.contains(where: { $0.key.text == "type" || $0.key.text == "alias" }) {
        diagnostics.append(.missingType(entry.key))
      }
      return nil
    case (let type?, _?):
      diagnostics.append(.typeAndAlias(at: type.location, service: id))
      return nil
    case (nil, _?):
      let extra = fields.first { $0.key.text != "alias" }
      if let extra {
        diagnostics.append(.aliasWithFields(extra.key, service: id))
        return nil
      }
    default: break
    }
    return service
  }

  /// `factory: { receiver: alertFactory, method: makeAlert }`: a method of another service (or an
  /// external) builds this one; the receiver is a reference, the method a Swift name.
  private mutating func factoryObject(_ node: ConfigNode, into service: inout ServiceDeclaration) {
    var receiver: (ValueExpression, SourceLocation)?
    var method: Located<String>?
    let reported = diagnostics.count
    for field in node.mapping ?? [] {
      switch field.key.text {
      case "receiver":
        guard let scalar = field.value.scalar, !scalar.text.hasPrefix("$"), !scalar.text.hasSuffix("?") else {
          diagnostics.append(.invalidReceiver(field.value))
          continue
        }
        receiver = (valueExpression(field.value), field.key.location)
      case "method", "property":
        guard let scalar = field.value.scalar, !scalar.text.contains("."),
          SwiftValueExpression.isFunctionName(scalar.text)
        else {
          diagnostics.append(.invalidMethod(field.value, key: field.key.text))
          continue
        }
        guard method == nil else {
          diagnostics.append(.methodAndProperty(field.key))
          continue
        }
        method = Located(value: scalar.text, location: field.value.location)
        service.readsReceiverProperty = field.key.text == "property"
      default:
        diagnostics.append(
          .unknownKey(field.key, allowed: GraphFileKeys.factoryObject, context: "in 'factory' of '\(service.id)'"))
      }
    }
    guard let receiver, let method else {
      if diagnostics.count == reported {
        diagnostics.append(.incompleteFactoryObject(node, hasReceiver: receiver != nil))
      }
      return
    }
    service.receiver = receiver
    service.factory = method
  }

  private mutating func arguments(_ node: ConfigNode, for field: String) -> [ArgumentDeclaration] {
    labelled(node, for: field).map { label, value in
      ArgumentDeclaration(label: label.value, location: label.location, value: valueExpression(value))
    }
  }

  /// The entries of a mapping whose keys are labels (identifiers).
  private mutating func labelled(_ node: ConfigNode, for field: String) -> [(Located<String>, ConfigNode)] {
    if node.isNull { return [] }
    guard let entries = node.mapping else {
      diagnostics.append(.expected("a mapping of labels to values", for: field, got: node))
      return []
    }
    return entries.compactMap { entry in
      guard Identifier.isValid(entry.key.text) else {
        diagnostics.append(.invalidIdentifier(entry.key, kind: "label"))
        return nil
      }
      return (Located(value: entry.key.text, location: entry.key.location), entry.value)
    }
  }

  // MARK: Value forms

  /// Reads one value form; arrays nest, so this walks with an explicit stack.
  mutating func valueExpression(_ root: ConfigNode) -> ValueExpression {
    guard let items = root.sequence else { return singleValue(root) }
    // Each frame: the array's location, its items, and the values read so far.
    var stack: [(location: SourceLocation, items: Slice<ConfigNode.Items>, values: [ValueExpression])] = [
      (root.location, items[...], [])
    ]
    while true {
      let top = stack.count - 1
      if let next = stack[top].items.first {
        stack[top].items = stack[top].items.dropFirst()
        if let nested = next.sequence {
          stack.append((next.location, nested[...], []))
        } else {
          stack[top].values.append(singleValue(next))
        }
        continue
      }
      let finished = stack.removeLast()
      let array = ValueExpression.array(finished.values, finished.location)
      if stack.isEmpty { return array }
      stack[stack.count - 1].values.append(array)
    }
  }

  private mutating func singleValue(_ node: ConfigNode) -> ValueExpression {
    switch node.content {
    case .sequence: return valueExpression(node)
    case .scalar(let scalar): return reference(scalar, at: node.location)
    case .mapping(let entries):
      guard entries.count == 1, let entry = entries.first else {
        diagnostics.append(.valueFormShape(node, entries: entries))
        return .invalid
      }
      let key = entry.key.text
      switch key {
      case "value": return literal(entry.value).map { .literal($0, node.location) } ?? .invalid
      case "provider", "lazy":
        guard let target = referenceName(entry.value, for: key) else { return .invalid }
        return key == "provider" ? .provider(target, node.location) : .lazy(target, node.location)
      case "tagged":
        guard let tag = name(entry.value, for: "tagged", what: "a tag") else { return .invalid }
        return .tagged(tag.value, node.location)
      case "swift":
        guard let scalar = entry.value.scalar, SwiftValueExpression.isExpression(scalar.text) else {
          diagnostics.append(.invalidSwiftValue(entry.value))
          return .invalid
        }
        return .swift(scalar.text, entry.value.location)
      default:
        diagnostics.append(.unknownKey(entry.key, allowed: GraphFileKeys.valueForm, context: "in a value"))
        return .invalid
      }
    }
  }

  private mutating func reference(_ scalar: ConfigNode.Scalar, at location: SourceLocation) -> ValueExpression {
    switch ValueReference(scalar) {
    case .service(let name, let optional):
      return .reference(name, optional: optional, location)
    case .variable(let name):
      return .variable(name, location)
    case .container:
      return .container(location)
    case .bareLiteral:
      diagnostics.append(.bareLiteral(scalar.text, at: location))
    case .invalidVariable:
      diagnostics.append(.invalidVariable(scalar.text, at: location))
    case .invalidReference:
      diagnostics.append(.invalidReference(scalar.text, at: location))
    }
    return .invalid
  }

  private mutating func referenceName(_ node: ConfigNode, for field: String) -> String? {
    guard let name = name(node, for: field, what: "a service id or type") else { return nil }
    if name.value.hasPrefix("$") || name.value.hasSuffix("?") {
      diagnostics.append(.invalidReference(name.value, at: node.location))
      return nil
    }
    return name.value
  }

  /// A literal from any node, built without recursion.
  mutating func literal(_ root: ConfigNode) -> ResolutionPlan.Literal? {
    typealias Literal = ResolutionPlan.Literal
    enum Pending {
      case list(items: Slice<ConfigNode.Items>, values: [Literal])
      case map(entries: Slice<ConfigNode.Entries>, key: String?, values: [ResolutionPlan.LiteralEntry])
    }
    func start(_ node: ConfigNode) -> Pending? {
      switch node.content {
      case .scalar: nil
      case .sequence(let items): .list(items: items[...], values: [])
      case .mapping(let entries): .map(entries: entries[...], key: nil, values: [])
      }
    }
    guard let first = start(root) else { return root.scalar.map(Self.scalarLiteral) }
    var stack = [first]
    var finished: Literal?
    while let top = stack.popLast() {
      var frame = top
      if let value = finished {
        finished = nil
        switch frame {
        case .list(let items, var values):
          values.append(value)
          frame = .list(items: items, values: values)
        case .map(let entries, let key, var values):
          values.append(ResolutionPlan.LiteralEntry(key: key ?? "", value: value))
          frame = .map(entries: entries, key: nil, values: values)
        }
      }
      let next: ConfigNode?
      switch frame {
      case .list(let items, let values):
        guard let item = items.first else {
          finished = .list(values)
          continue
        }
        frame = .list(items: items.dropFirst(), values: values)
        next = item
      case .map(let entries, _, let values):
        guard let entry = entries.first else {
          finished = .map(values)
          continue
        }
        frame = .map(entries: entries.dropFirst(), key: entry.key.text, values: values)
        next = entry.value
      }
      stack.append(frame)
      if let next, let nested = start(next) {
        stack.append(nested)
      } else if let scalar = next?.scalar {
        finished = Self.scalarLiteral(scalar)
      }
    }
    return finished
  }

  /// A scalar as the core schema types it; a big integer stays text.
  private static func scalarLiteral(_ scalar: ConfigNode.Scalar) -> ResolutionPlan.Literal {
    switch CoreSchema.value(of: scalar) {
    case .null: .null
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .bigInt(let text): .string(text)
    case .double(let value): .double(value)
    case .string(let text): .string(text)
    }
  }

  // MARK: Scalars

  /// A scalar read as a name, whatever its style.
  private mutating func name(_ node: ConfigNode, for field: String, what: String) -> Located<String>? {
    guard let scalar = node.scalar, !scalar.text.isEmpty else {
      diagnostics.append(.expected(what, for: field, got: node))
      return nil
    }
    return Located(value: scalar.text, location: node.location)
  }

  /// A type spelling: a name, optionally qualified or generic (`Outer.Inner`, `Box<Int>`).
  private mutating func typeName(_ node: ConfigNode, for field: String) -> Located<String>? {
    guard let name = name(node, for: field, what: "a type name") else { return nil }
    guard let first = name.value.unicodeScalars.first,
      first == "_" || first == "[" || first == "(" || first.properties.isAlphabetic
    else {
      diagnostics.append(.invalidTypeName(name.value, at: node.location))
      return nil
    }
    return name
  }

  private mutating func names(_ node: ConfigNode, for field: String, what: String) -> [Located<String>] {
    items(node, for: field, what: what).compactMap { name($0, for: field, what: "a name") }
  }

  private mutating func items(_ node: ConfigNode, for field: String, what: String) -> [ConfigNode] {
    guard let items = node.sequence else {
      diagnostics.append(.expected(what, for: field, got: node))
      return []
    }
    return Array(items)
  }

  private mutating func bool(_ node: ConfigNode, for field: String) -> Located<Bool>? {
    if let scalar = node.scalar, scalar.tag == nil || scalar.tag == .bool, scalar.style == .plain,
      case .bool(let value) = CoreSchema.value(of: scalar)
    {
      return Located(value: value, location: node.location)
    }
    diagnostics.append(.expected("true or false", for: field, got: node))
    return nil
  }
}
