import DICfgCore

// Stage 2, reference resolution: every value of every service to a plan value, recording the
// dependency edges the checks walk.

extension GraphResolver {

  struct Context {
    var node: Int
    var kind: DependencyEdge.Kind
    var label: String
  }

  mutating func resolveServices() -> [[ResolutionPlan.Service]] {
    var services = declarations.map { _ in [ResolutionPlan.Service]() }
    for number in nodes.indices {
      let node = nodes[number]
      let declaration = node.declaration
      var initializer = declaration.initializer.map { argument in
        ResolutionPlan.Argument(
          label: argument.label,
          value: value(argument.value, Context(node: number, kind: .initializer, label: argument.label)),
          location: argument.location)
      }
      var factory = declaration.factory?.value
      if let (receiver, location) = declaration.receiver, let method = factory {
        let label = ResolutionPlan.Service.receiverLabel
        let resolved = value(receiver, Context(node: number, kind: .initializer, label: label))
        initializer.insert(ResolutionPlan.Argument(label: label, value: resolved, location: location), at: 0)
        factory = receiverType(receiver, resolved, from: node.container) + "." + method
      }
      let properties = declaration.properties.map { argument in
        ResolutionPlan.Argument(
          label: argument.label,
          value: value(argument.value, Context(node: number, kind: .property, label: argument.label)),
          location: argument.location)
      }
      var service = ResolutionPlan.Service(
        id: declaration.id, type: declaration.type?.value ?? "", bindings: declaration.bindings.map(\.value),
        scope: node.scope, eager: declaration.eager?.value ?? false,
        arguments: declaration.arguments.map { ResolutionPlan.RuntimeArgument(name: $0.name.value, type: $0.type) },
        initializer: initializer, properties: properties, tags: declaration.tags.map(\.value),
        location: declaration.location, isolation: declaration.isolation?.value ?? .nonisolated)
      service.factory = factory
      service.readsReceiverProperty = declaration.receiver != nil && declaration.readsReceiverProperty
      service.live = declaration.live?.value ?? false
      services[node.container].append(service)
    }
    return services
  }

  /// The type a factory object's method is looked up in and called on: the type a reference by
  /// type names (a protocol, as `r.resolve(AlertFactory.self)` names it), else the declared type of
  /// the service or external the id names.
  func receiverType(_ written: ValueExpression, _ resolved: ResolutionPlan.Value, from container: Int) -> String {
    guard case .reference(let name, _, _) = written else { return "" }
    switch resolved {
    case .service(let reference) where lookupID(name, from: container) != nil:
      return nodes[symbols[reference.container].firstNode + reference.service].declaration.type?.value ?? name
    case .external(let owner, let index) where lookupID(name, from: container) != nil:
      return declarations[owner].externals[index].type
    default:
      return name
    }
  }

  /// Resolves a value form; arrays nest, so this walks with an explicit stack.
  mutating func value(_ root: ValueExpression, _ context: Context) -> ResolutionPlan.Value {
    guard case .array(let items, _) = root else { return single(root, context) }
    var stack: [(items: ArraySlice<ValueExpression>, values: [ResolutionPlan.Value])] = [(items[...], [])]
    while true {
      let top = stack.count - 1
      if let next = stack[top].items.first {
        stack[top].items = stack[top].items.dropFirst()
        if case .array(let nested, _) = next {
          stack.append((nested[...], []))
        } else if case .swift(let expression, let location) = next {
          // Swift types a value by where it goes, and a list's items go nowhere Swift names.
          diagnostics.append(.swiftValueInList(expression, at: location))
          stack[top].values.append(.optional(nil))
        } else {
          stack[top].values.append(single(next, context))
        }
        continue
      }
      let finished = ResolutionPlan.Value.array(stack.removeLast().values)
      if stack.isEmpty { return finished }
      stack[stack.count - 1].values.append(finished)
    }
  }

  mutating func single(_ expression: ValueExpression, _ context: Context) -> ResolutionPlan.Value {
    let owner = nodes[context.node]
    switch expression {
    case .reference(let name, let optional, let location):
      return reference(name, optional: optional, at: location, context)
    case .variable(let name, let location):
      if owner.declaration.arguments.contains(where: { $0.name.value == name }) { return .argument(name) }
      if let index = parameters.firstIndex(where: { $0.name == name }) {
        usedParameters.insert(index)
        return .parameter(index)
      }
      let candidates = owner.declaration.arguments.map(\.name.value) + parameters.map(\.name)
      traced.append(
        (.unknownVariable(name, at: location, from: describe(context), candidates: candidates), context.node))
      return .optional(nil)
    case .container:
      return .container
    case .literal(let literal, _):
      return .literal(literal)
    case .swift(let expression, _):
      return .swift(expression)
    case .provider(let name, let location), .lazy(let name, let location):
      let isProvider = if case .provider = expression { true } else { false }
      return deferred(name, isProvider: isProvider, at: location, context)
    case .tagged(let tag, let location):
      guard declaredTags.contains(tag) else {
        diagnostics.append(.unknownTag(tag, at: location, candidates: declaredTags.sorted()))
        return .tagged(tag: tag, services: [])
      }
      var references: [ResolutionPlan.ServiceReference] = []
      for container in symbols[owner.container].lookupOrder {
        for target in nodeRange(of: container) {
          guard nodes[target].declaration.tags.contains(where: { $0.value == tag }) else { continue }
          addEdge(context, to: target, at: location)
          references.append(serviceReference(target))
        }
      }
      return .tagged(tag: tag, services: references)
    case .array:
      return value(expression, context)
    case .invalid:
      return .optional(nil)
    }
  }

  /// A reference to a service or an external by its id or bound type (`client`, `client?`).
  private mutating func reference(
    _ name: String, optional: Bool, at location: SourceLocation, _ context: Context
  ) -> ResolutionPlan.Value {
    let owner = nodes[context.node]
    switch lookup(name, from: owner.container, at: location) {
    case .service(let target):
      addEdge(context, to: target, at: location)
      let reference = serviceReference(target)
      return optional ? .optional(.service(reference)) : .service(reference)
    case .external(let container, let index):
      usedExternals.insert([container, index])
      return optional
        ? .optional(.external(container: container, index: index)) : .external(container: container, index: index)
    case .ambiguous(let candidates):
      ambiguous(name, at: location, candidates: candidates)
      // The externals it could mean are not unused: the one finding is the ambiguity.
      usedExternals.formUnion(candidates.compactMap(\.external))
      return .optional(nil)
    case .missing:
      if optional { return .optional(nil) }
      traceUnknownReference(name, at: location, context)
      return .optional(nil)
    case .failedAlias:
      return .optional(nil)
    }
  }

  /// The finding of a name nothing provides, traced to the service whose value names it.
  private mutating func traceUnknownReference(_ name: String, at location: SourceLocation, _ context: Context) {
    traced.append(
      (
        unknownReference(name, at: location, from: describe(context), container: nodes[context.node].container),
        context.node
      ))
  }

  /// A provider or a lazy value of a service (`{ provider: client }`): an edge of its kind, never an
  /// external's.
  private mutating func deferred(
    _ name: String, isProvider: Bool, at location: SourceLocation, _ context: Context
  ) -> ResolutionPlan.Value {
    let owner = nodes[context.node]
    var deferred = context
    deferred.kind = isProvider ? .provider : .lazy
    switch lookup(name, from: owner.container, at: location) {
    case .service(let target):
      addEdge(deferred, to: target, at: location)
      return isProvider ? .provider(serviceReference(target)) : .lazy(serviceReference(target))
    case .external:
      diagnostics.append(.deferredExternal(name, at: location, form: isProvider ? "provider" : "lazy"))
    case .ambiguous(let candidates):
      ambiguous(name, at: location, candidates: candidates)
    case .missing:
      traceUnknownReference(name, at: location, context)
    case .failedAlias:
      break
    }
    return .optional(nil)
  }

  /// The global numbers of a container's services.
  func nodeRange(of container: Int) -> Range<Int> {
    symbols[container].firstNode..<(container + 1 < symbols.count ? symbols[container + 1].firstNode : nodes.count)
  }

  func serviceReference(_ node: Int) -> ResolutionPlan.ServiceReference {
    ResolutionPlan.ServiceReference(container: nodes[node].container, service: nodes[node].index)
  }

  mutating func addEdge(_ context: Context, to target: Int, at location: SourceLocation) {
    edges.append(
      DependencyEdge(from: context.node, to: target, kind: context.kind, label: context.label, location: location))
  }

  func describe(_ context: Context) -> String {
    let id = nodes[context.node].declaration.id
    if context.kind == .initializer && context.label == ResolutionPlan.Service.receiverLabel {
      return "the factory object of '\(id)'"
    }
    return context.kind == .property
      ? "property '\(context.label)' of '\(id)'" : "argument '\(context.label)' of '\(id)'"
  }

  /// Records a reference by a type that several services or externals bind: the type's one finding,
  /// at its bindings, lists every such reference (``reportAmbiguousTypes()``).
  mutating func ambiguous(_ name: String, at location: SourceLocation, candidates: [Candidate]) {
    let key = candidates.map(\.location)
    if let index = ambiguousTypes.firstIndex(where: { $0.bindings == key }) {
      ambiguousTypes[index].references.append(location)
    } else {
      ambiguousTypes.append((name, candidates, key, [location]))
    }
  }

  /// One error per type bound several times that a reference names: at its last binding, with a note
  /// at each other binding and each reference.
  mutating func reportAmbiguousTypes() {
    for type in ambiguousTypes {
      diagnostics.append(.ambiguousReference(type.name, references: type.references, candidates: type.candidates))
    }
  }

  /// `; did you mean 'x'?` for a reference from `container` that nothing provides, or nothing.
  mutating func referenceSuggestion(for name: String, from container: Int) -> String {
    let index =
      referenceSuggestions[container] ?? SuggestionIndex(visibleIDs(from: container) + visibleTypes(from: container))
    referenceSuggestions[container] = index
    return index.clause(for: name)
  }

  /// The finding for a reference from `container` that nothing it sees provides: where the name is
  /// defined when a container it does not collaborate with has it, else a did-you-mean.
  mutating func unknownReference(_ name: String, at location: SourceLocation, from: String, container: Int)
    -> Diagnostic
  {
    let visible = Set(symbols[container].lookupOrder)
    if let other = symbols.indices.first(where: {
      !visible.contains($0) && (symbols[$0].names[name] != nil || symbols[$0].typeBindings[type: name] != nil)
    }) {
      let definition =
        self.location(of: symbols[other].names[name], in: other, aliases: symbols[other].aliases)
        ?? symbols[other].typeBindings[type: name]?.first.map {
          nodes[symbols[other].firstNode + $0].declaration.location
        }
      return .referenceOutsideCollaborators(
        name, at: location, from: from, container: declarations[container].name,
        definedIn: declarations[other].name, definition: definition)
    }
    unresolved.append((name, location))
    return .unknownReference(
      name, at: location, from: from, suggestion: referenceSuggestion(for: name, from: container))
  }
}
