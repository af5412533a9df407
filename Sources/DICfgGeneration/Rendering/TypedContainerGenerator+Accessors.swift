import DICfgCompiler
import DICfgCore
import DICfgPlanning

// A typed container's accessors and make functions, and the expressions their builds are written with.
extension TypedContainerGenerator {
  func render(
    _ accessor: TypedContainerModel.Accessor, spelling: Spelling, access: String, into writer: inout SwiftWriter
  ) {
    let effects = [accessor.isAsync ? "async" : nil, accessor.isThrowing ? "throws" : nil].compactMap { $0 }
      .joined(separator: " ")
    let actor = accessor.isMainActor ? "@MainActor " : ""
    writer.documentation(["The service '\(accessor.id)'."])
    if accessor.arguments.isEmpty {
      // A built singleton is one load: inlined where the app calls it.
      var inline = ""
      if accessor.branches.contains(where: { if case .singleton? = $0.construction { true } else { false } }) {
        inline = "@inline(__always) "
      }
      let type = spelling.declared(accessor.type)
      writer.line("\(inline)\(actor)\(access)var \(SwiftIdentifier.escaped(accessor.property)): \(type) {")
      writer.indent { getter in
        if effects.isEmpty {
          renderBody(of: accessor, as: type, spelling: spelling, into: &getter)
        } else {
          getter.line("get \(effects) {")
          getter.indent { renderBody(of: accessor, as: type, spelling: spelling, into: &$0) }
          getter.line("}")
        }
      }
    } else {
      let parameters = accessor.arguments.map { "\(SwiftIdentifier.escaped($0.name)): \($0.type)" }
      let type = spelling.concrete(accessor.type)
      writer.line(
        "\(actor)\(access)func \(SwiftIdentifier.escaped(accessor.property))(\(parameters.joined(separator: ", ")))"
          + "\(effects.isEmpty ? "" : " " + effects) -> \(type) {")
      writer.indent { renderBody(of: accessor, as: type, spelling: spelling, into: &$0) }
    }
    writer.line("}")
  }

  /// The dynamic container's resolve of `accessor`'s service as `type`, without `try`.
  func resolve(_ accessor: TypedContainerModel.Accessor, as type: String) -> String {
    let resolver = accessor.isMainActor && !accessor.isAsync ? "dynamicContainer.mainActor" : "dynamicContainer"
    let arguments =
      accessor.arguments.isEmpty
      ? ""
      : ", arguments: ["
        + accessor.arguments.map {
          "\(QuotedString.quoted($0.key, in: .swift)): \(SwiftIdentifier.escaped($0.name))"
        }.joined(separator: ", ") + "]"
    return "\(resolver).resolve(\(QuotedString.quoted(accessor.id, in: .swift)), as: \(type).self\(arguments))"
  }

  /// How an accessor whose every environment resolves its service through the runtime gets its
  /// instance as `type`, with `try`; nil for one that some environment builds. Environments that
  /// number the service apart resolve it by id.
  func resolution(of accessor: TypedContainerModel.Accessor, as type: String) -> String? {
    let constructions = accessor.branches.map(\.construction)
    if constructions.count == 1, let construction = constructions[0] {
      return resolution(of: accessor, construction, as: type)
    }
    guard constructions.allSatisfy({ $0?.isResolvedByTheLink ?? false }) else { return nil }
    return resolution(of: accessor, .runtime, as: type)
  }

  /// How `construction` gets the instance through the runtime as `type`, with `try`; nil for one
  /// that builds it.
  func resolution(
    of accessor: TypedContainerModel.Accessor, _ construction: TypedContainerModel.Construction, as type: String
  ) -> String? {
    switch construction {
    case .runtime:
      (accessor.isAsync ? "try await " : "try ") + resolve(accessor, as: type)
    case .linked(let number):
      "try _link.\(accessor.isMainActor ? "resolveOnMainActor" : "resolve")(\(number), as: \(type).self)"
    case .singleton, .straightLine:
      nil
    }
  }

  func renderBody(
    of accessor: TypedContainerModel.Accessor, as type: String, spelling: Spelling, into writer: inout SwiftWriter
  ) {
    if let resolution = resolution(of: accessor, as: type) {
      writer.line(resolution)
      return
    }
    // With replacements, the link builds it (a stand-in, or around stand-ins); a singleton was made
    // when the container was created, and a build that cannot throw cannot fail there either.
    if spelling.linked {
      writer.line(
        "if isReplaced { return \(accessor.isThrowing ? "try" : "try!") \(accessor.isAsync ? "await " : "")"
          + "\(resolve(accessor, as: type)) }")
    } else if spelling.replaceable.contains(accessor.property) {
      renderStandIn(of: accessor, spelling: spelling, into: &writer)
      renderLiveCheck(of: accessor, into: &writer)
    }
    guard accessor.branches.count > 1 else {
      render(accessor.branches[0].construction, of: accessor, as: type, spelling: spelling, into: &writer)
      return
    }
    writer.line("switch _environment {")
    for branch in accessor.branches {
      // An environment whose layer has a condition is a case only where the condition holds.
      for group in Self.cases(of: branch.environments, conditions: spelling.conditions) {
        if let condition = group.condition { writer.line("#if \(condition)") }
        writer.line("case \(group.cases.joined(separator: ", ")):")
        writer.indent {
          render(branch.construction, of: accessor, as: type, spelling: spelling, environment: group.cases, into: &$0)
        }
        if group.condition != nil { writer.line("#endif") }
      }
    }
    writer.line("}")
  }

  /// The statements of one environment's way to the instance: what `construction` says, or, for
  /// environments whose layers remove the service, a stop naming them.
  func render(
    _ construction: TypedContainerModel.Construction?, of accessor: TypedContainerModel.Accessor, as type: String,
    spelling: Spelling, environment: [String] = [], into writer: inout SwiftWriter
  ) {
    switch construction {
    case nil:
      // Only the environments that have a service a layer adds call its private accessor.
      let names = environment.map { $0 == ".base" ? "the base" : "'" + $0.dropFirst() + "'" }
      let message =
        "'\(accessor.id)' is not a service of environment \(names.joined(separator: ", "))"
        + (accessor.isPrivate ? ": only layers add it" : ": its layer removes it")
      writer.line("fatalError(\(QuotedString.quoted(message, in: .swift)))")
    case .runtime?, .linked?:
      writer.line("return " + (construction.flatMap { resolution(of: accessor, $0, as: type) } ?? ""))
    case .singleton(let build)?:
      let built = spelling.concrete(build.type)
      let construct =
        "\(build.initializerThrows ? "try " : "")\(build.initializerAwaits ? "await " : "")"
        + call(build.builder, of: built, with: build.arguments, spelling)
      // Kept as the type it is built as, read back without a cast; returned as the accessor's type.
      let opening: String
      if build.isAsync {
        // Built as a task of its own, which escapes the accessor: it holds the container. A
        // main-actor build runs there.
        let capture = build.expressions.contains(where: { Self.usesContainer($0, spelling) }) ? "[self] in" : ""
        let head = build.isMainActor ? "@MainActor " + (capture.isEmpty ? "in" : capture) : capture
        opening =
          "return try await _singletons.awaitedSingleton(\(build.number), as: \(built).self) {\(head.isEmpty ? "" : " " + head)"
      } else {
        opening =
          "return \(build.isThrowing ? "try " : "")\(spelling.storageCall(build.scope, build.number, as: built)) {"
      }
      // Returned as the generic parameter an accessor of a type the target does not declare has.
      let generic = spelling.isGeneric(accessor.property) ? " as! \(spelling.declared(accessor.type))" : ""
      guard !build.properties.isEmpty || !build.shared.isEmpty else {
        writer.construction("\(opening) \(construct) }\(generic)", unreadAt: build.unreadAt)
        return
      }
      // The graph-scoped services its dependencies share, then the instance, its properties set
      // before it is stored, where none of their values reaches it.
      writer.line(opening)
      writer.indent { body in
        render(build.shared, spelling: spelling, into: &body)
        guard !build.properties.isEmpty else {
          body.construction("return \(construct)", unreadAt: build.unreadAt)
          return
        }
        body.construction("let instance = \(construct)", unreadAt: build.unreadAt)
        for property in build.properties {
          body.line("instance.\(SwiftIdentifier.escaped(property.label)) = \(swift(property.value, spelling))")
        }
        body.line("return instance")
      }
      writer.line("}" + generic)
    case .straightLine(let line)?:
      // An accessor returning a generic parameter (a type the target does not declare, `String`
      // read from a factory object) returns what is built as that parameter, which `MainContainer`
      // binds to the type itself.
      let generic = spelling.isGeneric(accessor.property) ? " as! \(spelling.declared(accessor.type))" : ""
      if case .build(let local, let value)? = line.steps.last, line.steps.count == 1, local == line.result {
        writer.line("return \(swift(value, spelling))\(generic)")
        return
      }
      render(line.steps, spelling: spelling, into: &writer)
      writer.line("return \(line.result)\(generic)")
    }
  }

  func render(
    _ steps: [TypedContainerModel.Step], spelling: Spelling, into writer: inout SwiftWriter
  ) {
    for step in steps {
      switch step {
      case .build(let local, let value): writer.line("let \(local) = \(swift(value, spelling))")
      case .set(let local, let property, let value): writer.line("\(local).\(property) = \(swift(value, spelling))")
      }
    }
  }

  func render(_ maker: TypedContainerModel.Maker, spelling: Spelling, into writer: inout SwiftWriter) {
    let parameters = maker.parameters.map { "_ \(SwiftIdentifier.escaped($0.name)): \(spelling.concrete($0.type))" }
    let type = spelling.concrete(maker.type)
    writer.line(
      "\(maker.isMainActor ? "@MainActor " : "")private func \(maker.function)(\(parameters.joined(separator: ", ")))"
        + "\(maker.isAsync ? " async" : "")\(maker.isThrowing ? " throws" : "") -> \(type) {")
    let construct =
      "\(maker.initializerThrows ? "try " : "")\(maker.initializerAwaits ? "await " : "")"
      + call(maker.builder, of: type, with: maker.arguments, spelling)
    let standIn = spelling.standIn(of: maker)
    writer.indent { body in
      if let standIn {
        body.line("if let standIn = _standIns.\(SwiftIdentifier.escaped(standIn.property)) { return standIn() }")
        renderLiveCheck(of: standIn, into: &body)
      }
      guard !maker.properties.isEmpty else {
        body.construction((standIn == nil ? "" : "return ") + construct, unreadAt: maker.unreadAt)
        return
      }
      // A unique-scoped service's properties, set on each instance it makes.
      body.construction("let instance = " + construct, unreadAt: maker.unreadAt)
      for property in maker.properties {
        body.line("instance.\(SwiftIdentifier.escaped(property.label)) = \(swift(property.value, spelling))")
      }
      body.line("return instance")
    }
    writer.line("}")
  }

  /// What builds a service, called with its arguments: `Type(a: …)`, `Type.open(a: …)`,
  /// `Type.shared`, `factory.makeAlert(a: …)` or `environment.baseURL`.
  func call(
    _ builder: TypedContainerModel.Builder?, of type: String, with arguments: [TypedContainerModel.LabeledExpression],
    _ spelling: Spelling
  ) -> String {
    let values =
      "("
      + arguments.map { ($0.label == "_" ? "" : $0.label + ": ") + swift($0.value, spelling) }
      .joined(separator: ", ") + ")"
    switch builder {
    case nil: return type + values
    case .function(let name)?: return name + values
    case .property(let name)?: return name
    case .unreadMember(let name)?: return "dicfgTypedMake(\(name))"
    case .method(let receiver, let name)?: return swift(receiver, spelling) + "." + name + values
    case .member(let receiver, let name)?: return swift(receiver, spelling) + "." + name
    }
  }

  /// The `Environment` cases of `environments` (nil for the base), grouped by the compilation
  /// condition of their layers, in the order given.
  static func cases(
    of environments: [String?], conditions: [String: String]
  ) -> [(condition: String?, cases: [String])] {
    var groups: [(condition: String?, cases: [String])] = []
    for environment in environments {
      let condition = environment.flatMap { conditions[$0] }
      let name = "." + (environment.map { SwiftIdentifier.escaped(SwiftIdentifier.camelCase($0)) } ?? "base")
      if let index = groups.firstIndex(where: { $0.condition == condition }) {
        groups[index].cases.append(name)
      } else {
        groups.append((condition, [name]))
      }
    }
    return groups
  }

  /// Whether the expression reaches a member of the container: an accessor, a make function, the
  /// externals or the container itself.
  static func usesContainer(_ expression: TypedContainerModel.Expression, _ spelling: Spelling) -> Bool {
    switch expression {
    case .accessor, .otherAccessor, .call, .external, .heldExternal, .environmentParameter, .container, .typedContainer,
      .deferred, .providerFunction:
      true
    case .array(let values): values.contains { usesContainer($0, spelling) }
    // A stand-in is read from the container's, where the type has one.
    case .standIn(let slot, let built):
      (!spelling.linked && spelling.typeSlots.contains(slot)) || usesContainer(built, spelling)
    case .local, .literal, .argument, .none: false
    }
  }

  /// A provider of a service that takes run-time arguments: each call's arguments, when they are
  /// exactly those declared, of their declared types, are passed to the accessor; any other call
  /// resolves through the dynamic container, which converts what it can and says what is wrong (over
  /// the typed runtime, is an error naming the arguments the service takes).
  func providerWithArguments(
    of accessor: TypedContainerModel.Accessor, container: String, isThrowing: Bool, _ spelling: Spelling
  ) -> String {
    let values = accessor.arguments.enumerated().map { index, argument in
      "let value\(index) = arguments[\(QuotedString.quoted(argument.key, in: .swift))] as? \(spelling.concrete(argument.type))"
    }
    let passed = accessor.arguments.enumerated().map { index, argument in
      "\(SwiftIdentifier.escaped(argument.name)): value\(index)"
    }
    let type = spelling.concrete(accessor.type)
    // The container, reached through the weak capture: itself, or a view of the first container.
    let (capture, reach) = spelling.weakCapture
    let owner = capture == "self" ? "self" : "owner"
    // Over the typed runtime, which converts nothing, a call with other arguments is an error saying
    // which the service takes.
    let takes = accessor.arguments.map { QuotedString.quoted("\($0.key): \($0.type)", in: .swift) }
    let resolved =
      spelling.linked
      ? "return try \(owner).dynamicContainer.resolve(\(QuotedString.quoted(accessor.id, in: .swift)), as: \(type).self, "
        + "arguments: arguments)"
      : "throw ProviderError.arguments(service: \(QuotedString.quoted(accessor.id, in: .swift)), "
        + "takes: [\(takes.joined(separator: ", "))], given: Array(arguments.keys))"
    return
      "Provider(container: \(QuotedString.quoted(container, in: .swift)), buildingWith: { [weak \(capture)] arguments in "
      + (capture == "self"
        ? "guard let self else { return nil }; " : "guard let owner = \(reach) else { return nil }; ")
      + "guard arguments.count == \(accessor.arguments.count), \(values.joined(separator: ", ")) else { \(resolved) }; "
      + "return \(isThrowing ? "try " : "")\(owner).\(SwiftIdentifier.escaped(accessor.property))(\(passed.joined(separator: ", "))) })"
  }

  /// A provider passed as a function of the service's run-time arguments: a closure taking them
  /// in order (its parameter types are the function type's) and calling the accessor with them,
  /// the container held weakly; once the container is gone, a call throws `released-container`.
  func providerFunction(
    _ property: String, container: String, isThrowing: Bool, isAsync: Bool, _ spelling: Spelling
  ) -> String {
    let arguments = spelling.accessors[property]?.arguments ?? []
    let (capture, reach) = spelling.weakCapture
    let owner = capture == "self" ? "self" : "_owner"
    let type = spelling.concrete(spelling.accessors[property]?.type ?? "Any")
    let parameters = arguments.map { SwiftIdentifier.escaped($0.name) }
    let passed = parameters.map { "\($0): \($0)" }
    return "{ [weak \(capture)] " + (parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " ") + "in "
      + (capture == "self" ? "guard let self" : "guard let _owner = \(reach)")
      + " else { throw Provider<\(type)>.releasedContainerError(\(QuotedString.quoted(container, in: .swift))) }; "
      + "return \(isThrowing ? "try " : "")\(isAsync ? "await " : "")\(owner).\(SwiftIdentifier.escaped(property))("
      + passed.joined(separator: ", ") + ") }"
  }

  func swift(_ expression: TypedContainerModel.Expression, _ spelling: Spelling) -> String {
    switch expression {
    case .local(let name), .literal(let name): return name
    case .argument(let name): return SwiftIdentifier.escaped(name)
    case .external(let property): return "externals.\(SwiftIdentifier.escaped(property))"
    case .heldExternal(let property, let id):
      return "try WeakExternal.value(externals.\(SwiftIdentifier.escaped(property)), "
        + "external: \(QuotedString.quoted(id, in: .swift)))"
    case .accessor(let property, let isThrowing, let isAsync):
      let read = (isThrowing ? "try " : "") + (isAsync ? "await " : "") + SwiftIdentifier.escaped(property)
      // An accessor returning a generic parameter: its service resolved, or read, as the type itself.
      if spelling.isGeneric(property), let accessor = spelling.accessors[property] {
        let concrete = spelling.concrete(accessor.type)
        return "(\(resolution(of: accessor, as: concrete) ?? read + " as! " + concrete))"
      }
      return read
    case .otherAccessor(let path, let property, let isThrowing, let isAsync):
      return (isThrowing ? "try " : "") + (isAsync ? "await " : "") + path + "." + SwiftIdentifier.escaped(property)
    case .call(let function, let arguments, let isThrowing, let isAsync):
      return (isThrowing ? "try " : "") + (isAsync ? "await " : "") + function + "("
        + arguments.map { swift($0, spelling) }.joined(separator: ", ") + ")"
    case .environmentParameter(let name, let type):
      let read = spelling.environmentReads.first { $0.name == name && $0.type == type }
      return "_parameters.\(SwiftIdentifier.escaped(read?.property ?? SwiftIdentifier.camelCase(name)))"
    case .container: return "try observingContainer"
    case .typedContainer: return spelling.this
    case .deferred(let property, let kind, let container, let isThrowing):
      if let accessor = spelling.accessors[property], !accessor.arguments.isEmpty {
        return providerWithArguments(of: accessor, container: container, isThrowing: isThrowing, spelling)
      }
      let (capture, reach) = spelling.weakCapture
      return
        "\(kind.rawValue)(container: \(QuotedString.quoted(container, in: .swift)), building: { [weak \(capture)] in "
        + (isThrowing ? "try " : "") + "\(reach)?.\(SwiftIdentifier.escaped(property)) })"
    case .providerFunction(let property, let container, let isThrowing, let isAsync):
      return providerFunction(property, container: container, isThrowing: isThrowing, isAsync: isAsync, spelling)
    case .array(let values): return "[" + values.map { swift($0, spelling) }.joined(separator: ", ") + "]"
    case .none: return "nil"
    case .standIn(let slot, let built):
      // Over the link, a test's stand-ins are the link's: the accessors resolve through it.
      // A type a test cannot name (the Swift does not declare it) has no stand-in.
      guard !spelling.linked, spelling.typeSlots.contains(slot) else { return swift(built, spelling) }
      return (built.isThrowing ? "try " : "") + (built.isAsync ? "await " : "")
        + "StandIn.build(_typeStandIns.\(slot)) { \(swift(built, spelling)) }"
    }
  }
}
