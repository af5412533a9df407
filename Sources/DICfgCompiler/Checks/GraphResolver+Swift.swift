import DICfgCore
import DICfgSwiftModel

// The checks against the target's Swift declarations: each service's type, the initializer its
// `init:` names, the values it passes and the properties it sets. One finding per service and per
// value, at the graph file's key or value, with a note at the Swift declaration. What the
// declarations cannot tell (a type from another module, initializers a superclass or a macro may
// add, a conformance declared elsewhere) is left to the Swift compiler.

extension GraphResolver {
  mutating func checkSwift(_ swift: SwiftDeclarations, services: inout [[ResolutionPlan.Service]]) {
    // A service's type is built: a protocol is never what a misspelt `type:` means.
    let declared = swift.types.filter { $0.kind != .extension && $0.kind != .protocol }.map(\.name)
    let context = SwiftContext(swift)
    let lost = checkBindings(swift, context: context)
    for number in nodes.indices {
      if let builder = moduleBuilder(of: nodes[number].declaration) {
        build(number, with: builder, services: &services)
      }
      let node = nodes[number]
      guard let typeName = node.declaration.type else { continue }
      if node.scope == .weak, let type = swift.type(named: typeName.value), type.kind == .struct || type.kind == .enum {
        diagnostics.append(
          .weakValueSwiftType(
            node.declaration, type: type, at: node.declaration.scope?.location ?? typeName.location))
      }
      // The generated code names the service's type however it is built.
      checkCondition(swift.type(named: typeName.value), of: node.declaration, at: typeName.location)
      if let type = swift.type(named: typeName.value),
        checkReach(
          type, member: nil, access: type.access, declaredAt: type.location, of: node.declaration,
          at: typeName.location)
      {
        continue
      }
      // An `init:` that did not read is its one error.
      if node.declaration.initializerIsPartial { continue }
      if let factory = node.declaration.factory {
        checkBuilt(number, by: factory, swift, context: context, lostBindings: lost, services: &services)
        continue
      }
      guard let type = swift.type(named: typeName.value) else {
        // An alias of a type the Swift read does not declare (another module's) is the Swift compiler's to check.
        if swift.typeAlias(named: typeName.value) != nil { continue }
        if let (suggestion, reason) = meantType(typeName.value, of: node.declaration, declared: declared, in: swift) {
          diagnostics.append(
            .unknownSwiftType(
              typeName.value, at: typeName.location, service: node.declaration.id, suggestion: suggestion,
              reason: reason, declaration: swift.type(named: suggestion)?.location))
        }
        continue
      }
      checkInitialized(
        number, type: type, at: typeName.location, context: context, lostBindings: lost, services: &services)
    }
  }

  /// The checks of a service built by its type's initializer: the initializer `init:` names, its
  /// reach, the values passed, the defaults left out, its isolation; then the properties set.
  private mutating func checkInitialized(
    _ number: Int, type: SwiftType, at location: SourceLocation, context: SwiftContext,
    lostBindings lost: Set<LostBinding>, services: inout [[ResolutionPlan.Service]]
  ) {
    let node = nodes[number]
    let service = services[node.container][node.index]
    if let initializer = checkInitializer(of: node.declaration, type: type, context: context) {
      let callee = "\(type.name).\(initializer.signature)"
      if checkReach(
        type, member: callee, access: initializer.access, declaredAt: initializer.location,
        of: node.declaration, at: node.declaration.initializer.first?.location ?? location)
      {
        return
      }
      checkValues(
        of: node.declaration, service: service, initializer: initializer, callee: callee, declaredIn: type.name,
        context: context, lostBindings: lost)
      checkLeftOutDefaults(of: node, initializer: initializer, callee: callee)
      if initializer.globalActor == "MainActor" {
        isolateOnMainActor(number, initializer: initializer, callee: callee, at: location, services: &services)
      }
    }
    checkProperties(of: node.declaration, type: type, context: context)
  }

  /// The checks of a service built by a function (`factory:`): its parameters, effects and
  /// isolation, as an initializer's, and the properties set on what it returns.
  private mutating func checkBuilt(
    _ number: Int, by factory: Located<String>, _ swift: SwiftDeclarations, context: SwiftContext,
    lostBindings lost: Set<LostBinding>, services: inout [[ResolutionPlan.Service]]
  ) {
    let node = nodes[number]
    guard let typeName = node.declaration.type else { return }
    var service = services[node.container][node.index]
    if let (function, callee) = checkFactory(factory, of: node.declaration, service, in: swift, context: context) {
      let owner = swift.builders(of: service).owner
      if owner?.name != typeName.value { checkCondition(owner, of: node.declaration, at: factory.location) }
      if service.receiver == nil,
        checkReach(
          owner, member: callee, access: function.access, declaredAt: function.location,
          of: node.declaration, at: factory.location)
      {
        return
      }
      // The values `init:` passes, without a factory object's receiver.
      service.initializer = Array(service.callArguments)
      checkValues(
        of: node.declaration, service: service, initializer: function, callee: callee, declaredIn: owner?.name,
        context: context, lostBindings: lost)
      checkLeftOutDefaults(of: node, initializer: function, callee: callee)
      if function.globalActor == "MainActor" {
        isolateOnMainActor(
          number, initializer: function, callee: callee, isFunction: true, at: factory.location, services: &services
        )
      }
    }
    if let type = swift.type(named: typeName.value) {
      checkProperties(of: node.declaration, type: type, context: context)
    }
  }

  /// The builder another module's generated code declares for `declaration`: a service its graph
  /// file declares with an internal type or initializer, as the file declares it (no layer changed
  /// its type, factory or arguments), read where the code is generated in another module.
  func moduleBuilder(of declaration: ServiceDeclaration) -> ModuleBuilder? {
    guard let own = generatedModule, let type = declaration.type,
      let module = SwiftDeclarations.module(ofPath: type.location.file), module != own,
      let builder = builders.builder(file: type.location.file, service: declaration.id),
      declaration.receiver == nil, declaration.properties.isEmpty,
      declaration.factory?.value == (builder.calleeIsFunction ? builder.callee : nil),
      declaration.initializer.map(\.label) == builder.arguments
    else { return nil }
    return builder
  }

  /// Node `number` and its service built with `builder`: a service of the type the builder returns,
  /// built by the builder, given the same arguments.
  mutating func build(_ number: Int, with builder: ModuleBuilder, services: inout [[ResolutionPlan.Service]]) {
    let node = nodes[number]
    guard let type = node.declaration.type else { return }
    nodes[number].declaration.type = Located(value: builder.exposed, location: type.location)
    nodes[number].declaration.factory = Located(
      value: builder.qualifiedName, location: node.declaration.factory?.location ?? type.location)
    services[node.container][node.index].type = builder.exposed
    services[node.container][node.index].factory = builder.qualifiedName
  }

  /// Whether what builds a service, declared in another module, is beyond the reach of the code
  /// generated for ``generatedModule`` (else for the graph file's own module), reported once at
  /// `location`: the type itself where it is not `public` (or `package`), else `member` (an
  /// initializer, a static function or property) where it is not. A module is a folder under
  /// `Sources/` (``SwiftDeclarations/module(ofPath:)``).
  mutating func checkReach(
    _ type: SwiftType?, member: String?, access: SwiftAccess, declaredAt: SourceLocation,
    of declaration: ServiceDeclaration, at location: SourceLocation
  ) -> Bool {
    let graphFile = declaration.location.file
    guard let own = generatedModule ?? SwiftDeclarations.module(ofPath: graphFile) else { return false }
    let id = declaration.id
    // A service of another module's graph file, which that module's generated code builds where it
    // can (``ModuleBuilders``).
    let fragment = SwiftDeclarations.module(ofPath: location.file).flatMap { $0 == own ? nil : $0 }
    // The type and its member may be of different modules: an initializer inherited from another
    // module's class.
    if let type, let module = SwiftDeclarations.module(ofPath: type.location.file), module != own,
      !type.access.isVisible(fromAnotherModule: true)
    {
      let fix =
        fragment == module
        ? "bind '\(id)' 'as:' a public type '\(type.name)' conforms to, with public types for the arguments it "
          + "takes and no 'properties:', so \(module)'s generated code builds it, or make '\(type.name)' public in "
          + module
        : "make '\(type.name)' public in \(module), or build '\(id)' with a public factory of \(module) and bind it "
          + "by a public protocol"
      diagnostics.append(
        .error(
          .inaccessibleDeclaration,
          "'\(id)' is \(member == nil ? "of type" : "built with") '\(type.name)', which is \(type.access.keyword) in "
            + "module '\(module)', so the code generated for module '\(own)' cannot name it; " + fix,
          at: location, notes: [Note(message: "'\(type.name)' is declared here", location: type.location)]))
      return true
    }
    guard let member, let module = SwiftDeclarations.module(ofPath: declaredAt.file), module != own,
      !access.isVisible(fromAnotherModule: true)
    else { return false }
    let written = access == .internal && declaredAt == type?.location
    diagnostics.append(
      .error(
        .inaccessibleDeclaration,
        "'\(id)' is built with '\(member)', which is \(access.keyword) in module '\(module)', so the code generated "
          + "for module '\(own)' cannot call it; "
          + (written
            ? "Swift writes it internal: declare a public initializer in \(module)"
            : "make it public in \(module)"),
        at: location, notes: [Note(message: "'\(member)' is declared here", location: declaredAt)]))
    return true
  }

  /// A service's `as:` type its Swift type cannot be, by the declarations: a binding to report once.
  struct LostBinding: Hashable {
    var node: Int
    var type: String
  }

  /// Each `as:` type a service's declared type neither is, inherits from nor conforms to, as far as
  /// the declarations prove (a protocol conformance dropped in Swift only): one error at the `as:`
  /// item, naming the type and the protocol; the services that take the binding get no error of
  /// their own.
  mutating func checkBindings(_ swift: SwiftDeclarations, context: SwiftContext) -> Set<LostBinding> {
    var lost = Set<LostBinding>()
    for number in nodes.indices {
      let declaration = nodes[number].declaration
      guard let typeName = declaration.type?.value, let type = swift.type(named: typeName),
        type.kind != .extension, type.kind != .protocol
      else { continue }
      for binding in declaration.bindings where context.conversion(type.name, to: binding.value) == .impossible {
        lost.insert(LostBinding(node: number, type: SwiftTypeName.normalized(binding.value)))
        var notes = [Note(message: "'\(type.name)' is declared here", location: type.location)]
        if let bound = swift.type(named: binding.value) {
          notes.append(Note(message: "'\(bound.name)' is declared here", location: bound.location))
        }
        diagnostics.append(
          .error(
            .typeMismatch,
            "'\(declaration.id)' is bound as '\(binding.value)', but '\(type.name)' does not conform to "
              + "'\(binding.value)'; declare the conformance ('extension \(type.name): \(binding.value) {}'), or remove "
              + "'\(binding.value)' from 'as:'", at: binding.location, notes: notes))
      }
    }
    return lost
  }

  /// A service built by a main-actor initializer is main-actor isolated, whether or not the file says
  /// so; a file that says `isolation: nonisolated` is contradicted.
  mutating func isolateOnMainActor(
    _ number: Int, initializer: SwiftInitializer, callee: String, isFunction: Bool = false,
    at location: SourceLocation, services: inout [[ResolutionPlan.Service]]
  ) {
    let node = nodes[number]
    if let written = node.declaration.isolation, written.value == .nonisolated {
      diagnostics.append(
        .error(
          .isolationMismatch,
          "'\(node.declaration.id)' says 'isolation: nonisolated', but '\(callee)' is "
            + "isolated to the main actor; remove 'isolation' (the Swift declaration decides) or make the "
            + "\(isFunction ? "function" : "initializer") 'nonisolated'",
          at: written.location,
          notes: [
            Note(message: "'\(callee)' is declared here", location: initializer.location)
          ]))
      return
    }
    guard node.declaration.isolation == nil else { return }
    nodes[number].declaration.isolation = Located(value: .mainActor, location: location)
    services[node.container][node.index].isolation = .mainActor
  }
}
