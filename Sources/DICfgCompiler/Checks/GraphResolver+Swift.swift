import DICfgCore

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
        // Built by a function: its parameters, effects and isolation, as an initializer's.
        var service = services[node.container][node.index]
        if let (function, callee) = checkFactory(factory, of: node.declaration, service, in: swift, context: context) {
          let owner = swift.builders(of: service).owner
          if service.receiver == nil,
            checkReach(
              owner, member: callee, access: function.access, declaredAt: function.location,
              of: node.declaration, at: factory.location)
          {
            continue
          }
          // The values `init:` passes, without a factory object's receiver.
          service.initializer = Array(service.callArguments)
          checkValues(
            of: node.declaration, service: service, initializer: function, callee: callee, context: context,
            lostBindings: lost)
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
        continue
      }
      guard let type = swift.type(named: typeName.value) else {
        if let (suggestion, reason) = meantType(typeName.value, of: node.declaration, declared: declared, in: swift) {
          diagnostics.append(
            .unknownSwiftType(
              typeName.value, at: typeName.location, service: node.declaration.id, suggestion: suggestion,
              reason: reason, declaration: swift.type(named: suggestion)?.location))
        }
        continue
      }
      let service = services[node.container][node.index]
      if let initializer = checkInitializer(of: node.declaration, type: type, context: context) {
        let callee = "\(type.name).\(initializer.signature)"
        if checkReach(
          type, member: callee, access: initializer.access, declaredAt: initializer.location,
          of: node.declaration, at: node.declaration.initializer.first?.location ?? typeName.location)
        {
          continue
        }
        checkValues(
          of: node.declaration, service: service, initializer: initializer, callee: callee, context: context,
          lostBindings: lost)
        checkLeftOutDefaults(of: node, initializer: initializer, callee: callee)
        if initializer.globalActor == "MainActor" {
          isolateOnMainActor(
            number, initializer: initializer, callee: callee, at: typeName.location, services: &services)
        }
      }
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
  private mutating func checkBindings(_ swift: SwiftDeclarations, context: SwiftContext) -> Set<LostBinding> {
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

  /// The declared type a `type:` the target does not declare most likely means, and why: one a
  /// letter or two away; one whose name starts with, ends with or contains the written name (a
  /// shortened form, `Checkout` for `CheckoutService`), the longest such name only when it is the
  /// one; or, for a type renamed in Swift only, the one type no service names whose initializer
  /// takes the labels `init:` gives (two or more where no name comes close). Nil where nothing in the target comes close: the type may be
  /// another module's, which the Swift compiler judges.
  private func meantType(
    _ name: String, of declaration: ServiceDeclaration, declared: [String], in swift: SwiftDeclarations
  ) -> (String, String?)? {
    let labels = declaration.initializer.map(\.label)
    let named = Set(nodes.compactMap { $0.declaration.type?.value })
    let renamed = Set(
      swift.types.filter { type in
        type.kind != .extension && type.kind != .protocol && !named.contains(type.name)
          && SwiftInitializer.named(by: labels, among: type.initializers.filter { !$0.isPrivate }) != nil
      }.map(\.name))
    let rename: (String, String?)? =
      labels.isEmpty || renamed.count != 1
      ? nil
      : (
        renamed.first ?? "",
        "the one type no service names with an initializer 'init(\(labels.map { $0 + ":" }.joined()))'"
      )
    if let closest = Suggestions.closest(to: name, among: declared) {
      // A close name whose initializers do not take `init:`'s labels, beside the one type whose
      // initializer does, is not what a type renamed in Swift now is.
      if let rename, rename.0 != closest, let type = swift.type(named: closest),
        SwiftInitializer.named(by: labels, among: type.initializers) == nil
      {
        return rename
      }
      return (closest, nil)
    }
    let lowered = name.lowercased()
    let containing = Set(declared.filter { $0.count > name.count && $0.lowercased().contains(lowered) })
    if containing.count == 1, let only = containing.first { return (only, nil) }
    // With no name close to it, one label (`init(path:)`) is too common to tell a type renamed in
    // Swift from another module's (GRDB's `DatabaseQueue(path:)`).
    return labels.count < 2 ? nil : rename
  }

  /// The function `factory:` names, as an initializer, with how Swift names it; nil, with a finding
  /// where the declarations prove it wrong: a static method the type (declared in the target) lacks,
  /// a free function a declared one is a letter or two from, labels that name none of its overloads,
  /// or a return type that cannot be the service's. A static method of a type the target neither
  /// declares nor extends, or a free function of another module, is left to the Swift compiler.
  private mutating func checkFactory(
    _ factory: Located<String>, of declaration: ServiceDeclaration, _ service: ResolutionPlan.Service,
    in swift: SwiftDeclarations, context: SwiftContext
  ) -> (SwiftInitializer, String)? {
    let (owner, candidates) = swift.builders(of: service)
    let prefix = owner.map { $0.name + "." } ?? ""
    let named = service.factory ?? factory.value
    guard !candidates.isEmpty else {
      let isMethod = service.receiver != nil
      let readsProperty = service.readsReceiverProperty
      let kind = readsProperty ? "property" : "method"
      var declared: [String] = swift.functions.map(\.name)
      if let owner {
        if !isMethod {
          declared = owner.functions.map(\.name) + owner.staticProperties.map(\.name)
        } else if readsProperty {
          declared = swift.instanceProperties(of: owner).map(\.name)
        } else {
          declared = swift.methods(of: owner).map(\.name)
        }
      } else if isMethod {
        declared = []
      }
      let name = service.factoryMember ?? factory.value
      // A method written as a property, or a property as a method: the key to write.
      if isMethod, let owner {
        let isOtherKind =
          readsProperty
          ? swift.methods(of: owner).contains { $0.name == name }
          : swift.instanceProperties(of: owner).contains { $0.name == name }
        if isOtherKind {
          let otherKind = readsProperty ? "method" : "property"
          let message =
            "'\(declaration.id)' is built by '\(named)', which is a \(otherKind) of '\(owner.name)', not a \(kind); "
            + "write '\(otherKind): \(name)'"
          diagnostics.append(
            .error(
              .initializerMismatch, message, at: factory.location,
              notes: [Note(message: "'\(owner.name)' is declared here", location: owner.location)]))
          return nil
        }
      }
      let suggestion = Suggestions.closest(to: name, among: Set(declared).sorted())
      // A protocol's requirements are all it has; a type's methods are known where its members are.
      let provable =
        owner.map { owner in
          owner.kind != .extension
            && (isMethod ? owner.kind == .protocol || owner.propertiesComplete : owner.initializersComplete)
        } ?? false
      guard provable || suggestion != nil else { return nil }
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(declaration.id)' is built by '\(named)', which \(owner.map { "'\($0.name)'" } ?? "the target's Swift") "
            + "does not declare\(isMethod ? " as a \(kind)" : "")"
            + (suggestion.map { "; did you mean '\(prefix)\($0)'?" } ?? "; declare it, or build "
              + "'\(declaration.id)' with an initializer"),
          at: factory.location,
          notes: owner.map { [Note(message: "'\($0.name)' is declared here", location: $0.location)] } ?? []))
      return nil
    }
    let labels = declaration.initializer.map(\.label)
    let usable = candidates.filter { !$0.isPrivate }
    let overloads = SwiftFunction.overloads(calledBy: labels, among: usable)
    guard let function = overloads.first else {
      let notes = candidates.prefix(6).map {
        Note(message: "'\(prefix)\($0.signature)' is declared here", location: $0.location)
      }
      diagnostics.append(
        .error(
          .initializerMismatch,
          Self.unmatchedLabels(labels, of: declaration.id, named: named, prefix: prefix, usable: usable),
          at: declaration.initializer.last?.location ?? factory.location, notes: notes))
      return nil
    }
    let callee = prefix + function.signature
    guard
      checkChoice(
        overloads.map { (prefix + $0.signature, $0.asInitializer) }, labels: labels, of: declaration,
        at: factory.location)
    else { return nil }
    let note = Note(message: "'\(callee)' is declared here", location: function.location)
    guard let returned = function.returnType else {
      diagnostics.append(
        .error(
          .typeMismatch,
          "'\(declaration.id)' is built by '\(callee)', which returns nothing; a factory returns the service",
          at: factory.location, notes: [note]))
      return nil
    }
    let bare = String(returned.reversed().drop(while: { $0 == "?" || $0 == "!" }).reversed())
    if let typeName = declaration.type?.value, bare != "Self", context.cannotConvert(bare, to: typeName) {
      diagnostics.append(
        .error(
          .typeMismatch,
          "'\(declaration.id)' is of type '\(typeName)', but '\(callee)' returns '\(returned)'; return that type, or "
            + "make 'type:' the type it returns", at: factory.location, notes: [note]))
      return nil
    }
    return (function.asInitializer, callee)
  }

  /// Whether Swift calls the first of `overloads` (ranked by ``SwiftInitializer/overloads(calledBy:among:)``
  /// for `labels`, each with how Swift names it) as the graph means: an error where Swift cannot
  /// choose between the first two, or where every one is unavailable; a warning where the one it
  /// calls is deprecated, naming the label that calls another. False where the call fails.
  private mutating func checkChoice(
    _ overloads: [(name: String, initializer: SwiftInitializer)], labels: [String], of declaration: ServiceDeclaration,
    at location: SourceLocation
  ) -> Bool {
    guard let (name, chosen) = overloads.first else { return false }
    let notes = overloads.prefix(6).map {
      Note(message: "'\($0.name)' is declared here", location: $0.initializer.location)
    }
    let given = labels.isEmpty ? "no arguments" : "only " + Self.list(labels)
    if SwiftInitializer.isAmbiguous(overloads.map(\.initializer), labels: labels) {
      let other = overloads[1]
      // For each, a label it takes and the other does not: given, Swift calls that one.
      let naming = [(chosen, other.initializer), (other.initializer, chosen)].compactMap { overload, rival in
        overload.labels.first { !labels.contains($0) && $0 != "_" && !rival.labels.contains($0) }
      }
      diagnostics.append(
        .error(
          .ambiguousBuilder,
          "'\(declaration.id)' is built by '\(name)' or '\(other.name)': with \(given) in 'init:' Swift cannot choose "
            + "between them; "
            + (naming.isEmpty
              ? "build it with another initializer or function"
              : "add \(naming.map { "'\($0)'" }.joined(separator: " or ")) to 'init:' to name one"),
          at: location, notes: notes))
      return false
    }
    guard let availability = chosen.availability else { return true }
    let better = overloads.dropFirst().first { $0.initializer.availability == nil }
    // A label the better overload takes and the deprecated one does not: given, Swift calls it.
    let naming = better.flatMap { better in
      better.initializer.parameters.first { parameter in
        let label = parameter.label ?? "_"
        return !labels.contains(label) && label != "_" && !chosen.labels.contains(label)
      }
    }
    let call: String
    if let better, let naming {
      call =
        "; add '\(naming.label ?? "_")'" + (naming.defaultValue.map { " (its default is `\($0)`)" } ?? "")
        + " to 'init:' to call '\(better.name)'"
    } else if let renamed = availability.renamed {
      call = "; build it with '\(renamed)', its replacement"
    } else {
      call = "; build it with another initializer or function"
    }
    if availability.isUnavailable {
      diagnostics.append(
        .error(
          .initializerMismatch, "'\(declaration.id)' is built by '\(name)', which \(availability.statement)" + call,
          at: location, notes: notes))
      return false
    }
    let reason = naming != nil ? " (Swift calls it with \(given) in 'init:')" : ""
    diagnostics.append(
      .warning(
        .deprecatedBuilder,
        "'\(declaration.id)' is built by '\(name)', which \(availability.statement)\(reason)" + call,
        at: location, notes: notes))
    return true
  }

  /// The initializer `init:` names; nil, with a finding when the type's initializers are all known,
  /// when it names none.
  private mutating func checkInitializer(
    of declaration: ServiceDeclaration, type: SwiftType, context: SwiftContext
  ) -> SwiftInitializer? {
    let labels = declaration.initializer.map(\.label)
    let usable = context.initializers(of: type).filter { !$0.isPrivate }
    let overloads = SwiftInitializer.overloads(calledBy: labels, among: usable)
    if let named = overloads.first {
      let anchor = declaration.initializer.first?.location ?? declaration.type?.location ?? declaration.location
      let choice = overloads.map { ("\(type.name).\($0.signature)", $0) }
      return checkChoice(choice, labels: labels, of: declaration, at: anchor) ? named : nil
    }
    guard context.initializersComplete(type) else { return nil }
    let initializers = context.initializers(of: type)
    let notes =
      [Note(message: "'\(type.name)' is declared here", location: type.location)]
      + initializers.prefix(6).map {
        Note(message: "'\(type.name).\($0.signature)' is declared here", location: $0.location)
      }
    let anchor = declaration.initializer.last?.location ?? declaration.location
    if let hidden = SwiftInitializer.named(by: labels, among: initializers.filter(\.isPrivate)) {
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(declaration.id)' is built with '\(type.name).\(hidden.signature)', which is private; make it internal "
            + "or name another initializer in 'init:'",
          at: anchor, notes: notes))
      return nil
    }
    guard let best = Self.closest(to: labels, among: usable) else {
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(type.name)' declares no initializer that generated code can call; declare one, or register '\(declaration.id)' by hand",
          at: declaration.type?.location ?? declaration.location, notes: notes))
      return nil
    }
    let wanted = best.labels
    let required = best.parameters.filter { !$0.hasDefault }.map { $0.label ?? "_" }
    if Set(labels).isSubset(of: wanted), Set(labels).count == labels.count, Set(required).isSubset(of: labels) {
      // Every label is the initializer's, and none it needs is missing: the order is wrong.
      let ordered = wanted.filter(labels.contains)
      let position = labels.indices.first { labels[$0] != ordered[$0] } ?? 0
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'init:' of '\(declaration.id)' lists '\(labels[position])' where '\(type.name).\(best.signature)' takes "
            + "'\(ordered[position])'; list the arguments in the initializer's order (\(Self.list(ordered)))",
          at: declaration.initializer[position].location, notes: notes))
      return nil
    }
    if let extra = declaration.initializer.first(where: { !wanted.contains($0.label) }) {
      let all = Set(usable.flatMap(\.labels)).subtracting(labels)
      let suggestion =
        Suggestions.closest(to: extra.label, among: wanted.filter { !labels.contains($0) })
        ?? Suggestions.closest(to: extra.label, among: all.sorted())
      // A layer's misspelling of an argument the base gives adds an argument beside it rather than
      // replacing it: name the one it meant.
      let given = suggestion == nil ? Suggestions.closest(to: extra.label, among: wanted.filter(labels.contains)) : nil
      let advice =
        suggestion.map { "; did you mean '\($0)'?" }
        ?? given.map { label in
          let place = declaration.initializer.first { $0.label == label }.map { " in '\($0.location.file)'" } ?? ""
          return "; did you mean '\(label)'? '\(declaration.id)' is given '\(label)'\(place), so '\(extra.label)' adds "
            + "an argument beside it instead of replacing it"
        } ?? "; its initializers are " + Self.signatures(usable)
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(type.name)' has no initializer taking '\(extra.label)' with the other arguments of '\(declaration.id)'"
            + advice, at: extra.location, notes: notes))
      return nil
    }
    let missing = required.filter { !labels.contains($0) }
    diagnostics.append(
      .error(
        .initializerMismatch,
        "'init:' of '\(declaration.id)' lacks \(Self.list(missing)), which '\(type.name).\(best.signature)' takes "
          + "without a default; add \(missing.count == 1 ? "it" : "them")",
        at: anchor, notes: notes))
    return nil
  }

  /// How to write a literal a parameter of type `expected` takes: as Swift, which types it, where the
  /// type is a number or character type a graph literal never reaches; else a value of the type.
  static func fix(_ literal: ResolutionPlan.Literal, for expected: String) -> String {
    let parsed = SwiftTypeExpression(expected)
    let type = (parsed.wrapped ?? parsed).normalized
    guard ResolutionPlan.Literal.unconverted.contains(type), let source = literal.swiftSource else {
      return "write a value of that type"
    }
    let kind =
      switch literal {
      case .int: "an Int"
      case .double: "a Double"
      case .bool: "a Bool"
      default: "a String"
      }
    return "a graph literal reaches it as \(kind), which is not converted; write it as Swift, '{ swift: \(source) }', "
      + "so Swift types it"
  }

  /// Why `init:`'s `labels` name none of `usable`, the functions `named` may call (each spelt after
  /// `prefix`): a private one; for one function, the labels it does not take (with the closest it
  /// does), else the parameters without a default it still needs; else every signature it could be.
  static func unmatchedLabels(
    _ labels: [String], of id: String, named: String, prefix: String, usable: [SwiftFunction]
  ) -> String {
    guard let only = usable.first else {
      return "'\(id)' is built by '\(named)', which is private; make it internal or build '\(id)' another way"
    }
    guard usable.count == 1 else {
      let given = labels.isEmpty ? "no arguments" : "'init:' lists " + list(labels)
      return "'\(id)' is built by '\(named)', but \(given) and it takes "
        + usable.map { "'\(prefix)\($0.signature)'" }.joined(separator: " or ")
        + "; list its arguments in 'init:' in its order (those with a default may be left out)"
    }
    let built = "'\(id)' is built by '\(prefix)\(only.signature)', which takes "
    let taken = only.parameters.map { $0.label ?? "_" }
    let extra = labels.filter { !taken.contains($0) }
    let required = only.parameters.filter { !$0.hasDefault }.map { $0.label ?? "_" }.filter { !labels.contains($0) }
    let written = "'init: { " + required.map { "\($0): …" }.joined(separator: ", ") + " }'"
    if !extra.isEmpty {
      let closest =
        extra.count == 1 ? Suggestions.clause(for: extra[0], among: taken.filter { !labels.contains($0) }) : ""
      if !closest.isEmpty { return built + "no " + list(extra) + closest }
      if required.isEmpty {
        return built + "no " + list(extra) + "; remove \(extra.count == 1 ? "it" : "them") from 'init:'"
      }
      return built + "no " + list(extra) + " and needs \(list(required)) without a default; write " + written
    }
    if !required.isEmpty {
      return built + "\(list(required)) without a default; add \(required.count == 1 ? "it" : "them") to 'init:' "
        + "(\(written))"
    }
    let given = labels.isEmpty ? "no arguments" : "'init:' lists " + list(labels)
    return "'\(id)' is built by '\(named)', but \(given) and it takes '\(prefix)\(only.signature)'; list its "
      + "arguments in 'init:' in its order (those with a default may be left out)"
  }

  /// An implicit member (`.convertFromSnakeCae`) of a type whose members the declarations list
  /// whole (the target's, or the SDK's as the toolchain states them) that the type has no member of:
  /// one error at the value, with the closest member.
  private mutating func checkImplicitMember(
    _ expression: String, of type: String, in owner: String?, at location: SourceLocation, setting: String,
    notes: [Note]
  ) {
    guard let swift else { return }
    if !expression.hasPrefix(".") {
      checkMemberPath(expression, in: swift, at: location, setting: setting, notes: notes)
      return
    }
    guard let member = SwiftValueExpression.implicitMember(expression), member != "init" else { return }
    // A type named inside another is first that one's nested type, as Swift resolves it.
    var scopes = owner.map { [$0] } ?? []
    while let last = scopes.last, let dot = last.lastIndex(of: ".") { scopes.append(String(last[..<dot])) }
    let type =
      scopes.map { $0 + "." + SwiftTypeName.normalized(type) }.first { swift.type(named: $0)?.name == $0 } ?? type
    guard let members = swift.implicitMembers(of: type), !members.contains(member) else { return }
    let listed = Array(Set(members)).sorted()
    diagnostics.append(
      .error(
        .typeMismatch,
        "\(setting) '\(expression)', but '\(SwiftTypeName.normalized(type))' has no member '\(member)'"
          + (Suggestions.closest(to: member, among: listed).map { "; did you mean '.\($0)'?" }
            ?? (listed.count <= 8 ? "; it has " + listed.map { "'.\($0)'" }.joined(separator: ", ") : "")),
        at: location, notes: notes))
  }

  /// A static member path (`URLSession.shard`, `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCae`)
  /// whose longest leading type the declarations list whole, and which that type has no static member,
  /// case or nested type of the next name: one error at the value, with the closest member.
  private mutating func checkMemberPath(
    _ expression: String, in swift: SwiftDeclarations, at location: SourceLocation, setting: String, notes: [Note]
  ) {
    guard SwiftValueExpression.isValid(expression), !SwiftValueExpression.isNumberLiteral(expression) else { return }
    let parts = expression.split(separator: ".").map(String.init)
    for count in stride(from: parts.count - 1, to: 0, by: -1) {
      let typeName = parts[..<count].joined(separator: ".")
      guard let type = swift.type(named: typeName) else { continue }
      let member = parts[count]
      guard let members = swift.staticMembers(of: type), !members.contains(member) else { return }
      diagnostics.append(
        .error(
          .typeMismatch,
          "\(setting) '\(expression)', but '\(type.name)' has no member '\(member)'"
            + (Suggestions.closest(to: member, among: Array(Set(members)).sorted()).map {
              "; did you mean '\(typeName).\($0)'?"
            } ?? ""),
          at: location, notes: notes + [Note(message: "'\(type.name)' is declared here", location: type.location)]))
      return
    }
  }

  /// A defaulted parameter that `init:` leaves out, whose type a service of the graph binds: Swift
  /// uses the default (`= Resolver.resolve()`, `= SystemClock()`), which builds or looks up its own,
  /// not the graph's. A warning at the service, naming the parameter and the service to pass. Where
  /// the graph binds no service of that type, a default that looks the value up in a container
  /// (`= Resolver.resolve()`) is a warning too: no container of the graph's fills it.
  private mutating func checkLeftOutDefaults(of node: Node, initializer: SwiftInitializer, callee: String) {
    let declaration = node.declaration
    guard let given = initializer.parameterPositions(for: declaration.initializer.map(\.label)) else { return }
    let order = symbols[node.container].lookupOrder
    for (position, parameter) in initializer.parameters.enumerated()
    where parameter.hasDefault && !given.contains(position) {
      guard let type = parameter.type else { continue }
      guard let (container, bound) = TypeBindings.nearest(type, along: order, in: symbols.map(\.typeBindings)),
        let first = bound.first
      else {
        if let lookup = parameter.defaultValue, SwiftParameter.looksUpAContainer(lookup) {
          diagnostics.append(
            .leftOutLookup(
              declaration, label: parameter.label ?? "_", type: type, lookup: lookup, callee: callee,
              declaredAt: initializer.location))
        }
        continue
      }
      let provider = nodes[symbols[container].firstNode + first].declaration
      guard provider.id != declaration.id || container != node.container else { continue }
      diagnostics.append(
        .leftOutDefault(
          declaration, label: parameter.label ?? "_", type: type, provider: provider.id, callee: callee,
          declaredAt: initializer.location))
    }
  }

  /// Values of `init:` whose type the declarations show cannot fit the parameter: a literal of
  /// another kind than a `String`, `Bool`, `Int`, `Double` or `Float` parameter takes, or a service
  /// whose type is declared in the target and is not the parameter's type, a subclass or a
  /// conformer, as far as every type between them is declared there.
  private mutating func checkValues(
    of declaration: ServiceDeclaration, service: ResolutionPlan.Service, initializer: SwiftInitializer,
    callee: String, context: SwiftContext, lostBindings: Set<LostBinding>
  ) {
    let positions = initializer.parameterPositions(for: declaration.initializer.map(\.label)) ?? []
    for (position, argument) in declaration.initializer.enumerated() {
      guard position < positions.count, position < service.initializer.count,
        let written = initializer.parameters[positions[position]].type
      else { continue }
      let expected = SwiftTypeName.normalized(written)
      let note = Note(
        message: "'\(callee)' is declared here", location: initializer.location)
      if case .swift(let text, let location) = argument.value {
        let owner = callee.range(of: ".init(").map { String(callee[..<$0.lowerBound]) }
        checkImplicitMember(
          text, of: expected, in: owner, at: location,
          setting: "argument '\(argument.label)' of '\(declaration.id)' is",
          notes: [note])
        continue
      }
      let value = service.initializer[position].value
      if let literal = literalValue(value) {
        guard !literal.fits(expected) else { continue }
        let use = Self.location(of: argument)
        // A parameter an environment's layer sets is wrong where the layer sets it.
        if case .parameter(let index) = value,
          let layer = Paths.environmentLayer(of: parameters[index].valueLocation.file),
          parameters[index].valueLocation.file != use.file
        {
          let parameter = parameters[index]
          diagnostics.append(
            .error(
              .typeMismatch,
              "parameter '\(parameter.name)' is \(Self.describe(literal)) in environment '\(layer.environment)', but "
                + "argument '\(argument.label)' of '\(declaration.id)' passes it to "
                + "'\(callee)', which takes '\(written)' there; write a value of that type",
              at: parameter.valueLocation,
              notes: [Note(message: "'\(declaration.id)' passes '$\(parameter.name)' here", location: use), note]))
          continue
        }
        diagnostics.append(
          .error(
            .typeMismatch,
            "argument '\(argument.label)' of '\(declaration.id)' is \(Self.describe(literal)), but "
              + "'\(callee)' takes '\(written)' there; " + Self.fix(literal, for: expected),
            at: use, notes: [note]))
      } else if case .parameter(let index) = value, let (literal, variable) = readValue(of: parameters[index].value),
        !literal.fits(expected)
      {
        // A `${NAME}` parameter is typed when the container is created: what it gets when the
        // variable is unset (its default), or text always, must fit where it goes.
        let parameter = parameters[index]
        let read =
          variable.map { "\(Self.describe(literal)) when '${\($0)}' is unset (its default)" }
          ?? "text wherever it is read (its '${…}' is inside other text)"
        let fix = variable == nil ? "pass a parameter of that type" : "give the variable a default of that type"
        diagnostics.append(
          .error(
            .typeMismatch,
            "parameter '\(parameter.name)' is \(read), but argument '\(argument.label)' of '\(declaration.id)' passes it "
              + "to '\(callee)', which takes '\(written)' there; \(fix)",
            at: parameter.valueLocation,
            notes: [
              Note(
                message: "'\(declaration.id)' passes '$\(parameter.name)' here", location: Self.location(of: argument)),
              note,
            ]))
      } else if case .service(let reference) = value {
        let targetNumber = symbols[reference.container].firstNode + reference.service
        let target = nodes[targetNumber].declaration
        // A binding the Swift proves false is reported once, at the `as:` that claims it.
        let taken = SwiftTypeExpression(expected).wrapped?.normalized ?? expected
        if lostBindings.contains(LostBinding(node: targetNumber, type: taken)) { continue }
        guard let targetType = target.type?.value, context.cannotConvert(targetType, to: expected) else { continue }
        diagnostics.append(
          .error(
            .typeMismatch,
            "argument '\(argument.label)' of '\(declaration.id)' is the service '\(target.id)' of type "
              + "'\(targetType)', but '\(callee)' takes '\(written)' there; pass a "
              + "service of that type", at: Self.location(of: argument), notes: [note]))
      }
    }
  }

  /// A service built by a main-actor initializer is main-actor isolated, whether or not the file says
  /// so; a file that says `isolation: nonisolated` is contradicted.
  private mutating func isolateOnMainActor(
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

  /// Properties the type does not have, or cannot have set.
  private mutating func checkProperties(of declaration: ServiceDeclaration, type: SwiftType, context: SwiftContext) {
    for property in declaration.properties {
      if let found = context.property(property.label, of: type) {
        if case .swift(let text, let location) = property.value, let propertyType = found.type {
          checkImplicitMember(
            text, of: propertyType, in: type.name, at: location,
            setting: "'\(declaration.id)' sets '\(property.label)' to",
            notes: [Note(message: "'\(property.label)' is declared here", location: found.location)])
        }
        guard !found.isSettable else { continue }
        diagnostics.append(
          .error(
            .readOnlyProperty,
            "'\(declaration.id)' sets '\(type.name).\(property.label)', which cannot be set from outside the type; "
              + "declare it 'var' with an internal setter, or pass it to the initializer",
            at: property.location,
            notes: [Note(message: "'\(property.label)' is declared here", location: found.location)]
          ))
        continue
      }
      guard context.propertiesComplete(type) else { continue }
      let names = context.properties(of: type).map(\.name)
      let advice = Suggestions.closest(to: property.label, among: names).map { "; did you mean '\($0)'?" } ?? ""
      diagnostics.append(
        .error(
          .unknownProperty,
          "'\(type.name)' has no property '\(property.label)' for '\(declaration.id)' to set" + advice,
          at: property.location, notes: [Note(message: "'\(type.name)' is declared here", location: type.location)]))
    }
  }

  /// What a `${NAME}` parameter is read as when its variable is unset, and the variable: its
  /// default typed as YAML's core schema types it (nil without a default: the link then reports
  /// the missing variable); or, for text with more than one variable, always a string (no variable).
  private func readValue(of value: ResolutionPlan.ParameterValue) -> (ResolutionPlan.Literal, String?)? {
    guard case .environment(let segments, let typed) = value else { return nil }
    guard typed, segments.count == 1, case .variable(let name, let defaultValue) = segments[0] else {
      return (.string(""), nil)
    }
    guard let defaultValue else { return nil }
    switch CoreSchema.value(ofPlain: defaultValue) {
    case .null: return (.null, name)
    case .bool(let flag): return (.bool(flag), name)
    case .int(let number): return (.int(number), name)
    case .bigInt(let text): return (.string(text), name)
    case .double(let number): return (.double(number), name)
    case .string(let text): return (.string(text), name)
    }
  }

  private func literalValue(_ value: ResolutionPlan.Value) -> ResolutionPlan.Literal? {
    switch value {
    case .literal(let literal): return literal
    case .parameter(let index):
      if case .literal(let literal) = parameters[index].value { return literal }
      return nil
    default: return nil
    }
  }

  /// Where a finding about a value points: the value, or its key when it has no place of its own.
  private static func location(of argument: ArgumentDeclaration) -> SourceLocation {
    switch argument.value {
    case .reference(_, _, let location), .variable(_, let location), .literal(_, let location): location
    default: argument.location
    }
  }

  /// The initializer sharing the most labels with `labels`, the fewest others breaking ties.
  private static func closest(to labels: [String], among initializers: [SwiftInitializer]) -> SwiftInitializer? {
    let given = Set(labels)
    return initializers.max { left, right in
      let l = (Set(left.labels).intersection(given).count, -left.labels.count)
      let r = (Set(right.labels).intersection(given).count, -right.labels.count)
      return l < r
    }
  }

  private static func list(_ labels: [String]) -> String {
    labels.map { "'\($0)'" }.joined(separator: ", ")
  }

  private static func signatures(_ initializers: [SwiftInitializer]) -> String {
    initializers.map { "'\($0.signature)'" }.joined(separator: ", ")
  }

  private static func describe(_ literal: ResolutionPlan.Literal) -> String {
    switch literal {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(value)"
    case .string(let value): "the string \(QuotedString.quoted(value, in: .swift))"
    case .list: "a list"
    case .map: "a mapping"
    }
  }
}

/// The declarations with what the checks ask of them: a type's initializers and properties with
/// its declared superclasses', and whether a type converts to another.
package struct SwiftContext {
  package let declarations: SwiftDeclarations
  package let types: [String: SwiftType]

  /// Protocols of the standard library a type may conform to without making it anything the
  /// checks compare.
  static let markerProtocols: Set<String> = [
    "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Identifiable", "AnyObject",
    "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "Comparable", "CaseIterable",
  ]

  /// The superclass a class declares, when it is a class declared in the target.
  package func superclass(of type: SwiftType) -> SwiftType? {
    guard type.kind == .class, let first = type.inherited.first, let parent = types[first], parent.kind == .class
    else { return nil }
    return parent
  }

  /// Whether `type`'s first inherited type may be a superclass the declarations do not show.
  private func hasUnknownSuperclass(_ type: SwiftType) -> Bool {
    guard type.kind == .class, let first = type.inherited.first else { return false }
    if let parent = types[first] { return parent.kind == .extension }
    return !Self.markerProtocols.contains(first)
  }

  package func initializers(of type: SwiftType) -> [SwiftInitializer] {
    var result = type.initializers
    // A class that declares no designated initializer inherits its superclass's.
    if result.isEmpty, let parent = superclass(of: type) { result = initializers(of: parent) }
    return result
  }

  package func initializersComplete(_ type: SwiftType) -> Bool {
    guard type.initializersComplete, type.kind != .extension, type.kind != .protocol else { return false }
    if type.initializers.isEmpty, let parent = superclass(of: type) { return initializersComplete(parent) }
    return !hasUnknownSuperclass(type) || !type.initializers.isEmpty
  }

  package func properties(of type: SwiftType) -> [SwiftProperty] {
    type.properties + (superclass(of: type).map { properties(of: $0) } ?? [])
  }

  package func property(_ name: String, of type: SwiftType) -> SwiftProperty? {
    properties(of: type).first { $0.name == name }
  }

  package func propertiesComplete(_ type: SwiftType) -> Bool {
    guard type.propertiesComplete, type.kind != .extension, type.kind != .protocol, !hasUnknownSuperclass(type) else {
      return false
    }
    return superclass(of: type).map { propertiesComplete($0) } ?? true
  }

  /// What the declarations prove of passing a value of one type where another is taken.
  package enum Conversion {
    /// It compiles: the same type, `Any`, `AnyObject` for a class, or a type `source` inherits
    /// from, transitively.
    case certain
    /// It cannot compile: both are declared in the target, and every type `source` inherits from,
    /// transitively, is declared there or is a standard marker protocol, none of them `target`.
    case impossible
    /// The declarations cannot tell (a type from another module, say): the Swift compiler judges.
    case unknown
  }

  /// Whether a value of the type named `source` is passed where the type named `target` is taken:
  /// the one rule the checks (which report what is ``Conversion/impossible``) and the straight-line
  /// planner (which writes only what is ``Conversion/certain``) follow.
  package func conversion(_ source: String, to target: String) -> Conversion {
    let target = SwiftTypeName.normalized(target)
    let sourceName = SwiftTypeName.normalized(source)
    if target == "Any" || sourceName == target { return .certain }
    guard let from = declarations.type(named: sourceName), from.kind != .extension else { return .unknown }
    if target == "AnyObject" { return from.kind == .class ? .certain : .unknown }
    let to = declarations.type(named: target)
    if let to, to.kind != .extension, to.name == from.name { return .certain }
    var known = to.map { $0.kind != .extension } ?? false
    var pending = [from]
    var seen: Set<String> = [from.name]
    while let type = pending.popLast() {
      for inherited in type.inherited {
        let name = SwiftTypeName.normalized(inherited)
        if name == target || name == to?.name { return .certain }
        if Self.markerProtocols.contains(name) { continue }
        guard let next = declarations.type(named: name), next.kind != .extension else {
          known = false
          continue
        }
        if next.name == to?.name { return .certain }
        if seen.insert(next.name).inserted { pending.append(next) }
      }
    }
    // Conformances added by extensions of other types' protocols are in `inherited` already.
    return known ? .impossible : .unknown
  }

  /// Whether a value of the type named `source` certainly cannot be passed where `target` is taken.
  package func cannotConvert(_ source: String, to target: String) -> Bool {
    conversion(source, to: target) == .impossible
  }
}

extension SwiftContext {
  /// The declarations of `declarations`, indexed by name.
  package init(_ declarations: SwiftDeclarations) {
    var index: [String: SwiftType] = [:]
    for type in declarations.types where index[type.name] == nil { index[type.name] = type }
    self.init(declarations: declarations, types: index)
  }
}

extension Diagnostic {
  fileprivate static func unknownSwiftType(
    _ name: String, at location: SourceLocation, service: String, suggestion: String, reason: String?,
    declaration: SourceLocation?
  ) -> Diagnostic {
    .error(
      .unknownType,
      "'\(service)' is of type '\(name)', which the target's Swift does not declare; did you mean '\(suggestion)'"
        + (reason.map { ", \($0)" } ?? "") + "?",
      at: location, notes: declaration.map { [Note(message: "'\(suggestion)' is declared here", location: $0)] } ?? [])
  }
}

extension SwiftDeclarations {
  /// Whether a value of one type can be passed where another is taken, by the checks' rule: true
  /// where it certainly can (the same type, or one it inherits from or conforms to), false where
  /// it certainly cannot, nil where the declarations do not tell. The index is built once.
  package func conversionRule() -> @Sendable (_ source: String, _ target: String) -> Bool? {
    let context = SwiftContext(self)
    return { source, target in
      switch context.conversion(source, to: target) {
      case .certain: true
      case .impossible: false
      case .unknown: nil
      }
    }
  }
}
