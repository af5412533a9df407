import DICfgCore
import DICfgSwiftModel

// The checks of the values a service is given: each `init:` argument and property against the
// parameter or property Swift declares (literals, references, `{ swift: }` values against an enum's
// cases and a type's static members), and the defaults `init:` leaves out.

extension GraphResolver {
  /// An implicit member (`.convertFromSnakeCae`) of a type whose members the declarations list
  /// whole (the target's, or the SDK's as the toolchain states them) that the type has no member of:
  /// one error at the value, with the closest member.
  mutating func checkImplicitMember(
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
  mutating func checkMemberPath(
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
  mutating func checkLeftOutDefaults(of node: Node, initializer: SwiftInitializer, callee: String) {
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
  mutating func checkValues(
    of declaration: ServiceDeclaration, service: ResolutionPlan.Service, initializer: SwiftInitializer,
    callee: String, declaredIn owner: String?, context: SwiftContext, lostBindings: Set<LostBinding>
  ) {
    let positions = initializer.parameterPositions(for: declaration.initializer.map(\.label)) ?? []
    for (position, argument) in declaration.initializer.enumerated() {
      guard position < positions.count, position < service.initializer.count,
        let declared = initializer.parameters[positions[position]].type
      else { continue }
      // `Dependency` in an initializer of `DemoAppFeatureView` is its nested `DemoAppFeatureView.Dependency`.
      let written = context.declarations.qualified(declared, declaredIn: owner)
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
        reportLiteral(
          literal, value, passedAs: argument, of: declaration, to: callee, taking: written, expected, note: note)
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
      } else if case .argument(let name) = value,
        let declared = service.arguments.first(where: { $0.name == name })?.type,
        !SwiftTypeExpression(declared).isSame(as: SwiftTypeExpression(expected)),
        context.cannotConvert(declared, to: expected)
      {
        diagnostics.append(
          .error(
            .typeMismatch,
            "argument '\(argument.label)' of '\(declaration.id)' is the run-time argument '$\(name)' of type "
              + "'\(declared)', but '\(callee)' takes '\(written)' there; declare '\(name)' as '\(written)' under "
              + "'arguments:'", at: Self.location(of: argument), notes: [note]))
      } else if case .provider(let reference) = value, let function = SwiftTypeExpression(expected).function {
        checkProvider(
          of: reference, as: function, passedAs: argument, of: declaration, to: callee, taking: written, note: note,
          context: context)
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

  /// The error of a provider of `reference` passed as `argument` where `callee` takes a function,
  /// `written`, that does not fit it (``ProviderFunction/mismatch(of:type:arguments:as:context:)``).
  mutating func checkProvider(
    of reference: ResolutionPlan.ServiceReference, as function: SwiftTypeExpression.FunctionType,
    passedAs argument: ArgumentDeclaration, of declaration: ServiceDeclaration, to callee: String,
    taking written: String, note: Note, context: SwiftContext
  ) {
    let target = nodes[symbols[reference.container].firstNode + reference.service].declaration
    guard
      let problem = ProviderFunction.mismatch(
        of: target.id, type: target.type?.value, arguments: target.arguments.map { ($0.name.value, $0.type) },
        as: function, context: context)
    else { return }
    let taken = written.replacingOccurrences(of: "@escaping ", with: "")
    diagnostics.append(
      .error(
        .typeMismatch,
        "argument '\(argument.label)' of '\(declaration.id)' is a provider of '\(target.id)', but '\(callee)' takes "
          + "'\(taken)' there: \(problem)", at: Self.location(of: argument), notes: [note]))
  }

  /// The error of a literal argument of another type than the parameter takes: at the layer that
  /// sets it, where a parameter an environment's layer sets passes it; else at the argument.
  private mutating func reportLiteral(
    _ literal: ResolutionPlan.Literal, _ value: ResolutionPlan.Value, passedAs argument: ArgumentDeclaration,
    of declaration: ServiceDeclaration, to callee: String, taking written: String, _ expected: String, note: Note
  ) {
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
      return
    }
    diagnostics.append(
      .error(
        .typeMismatch,
        "argument '\(argument.label)' of '\(declaration.id)' is \(Self.describe(literal)), but "
          + "'\(callee)' takes '\(written)' there; " + Self.fix(literal, for: expected),
        at: use, notes: [note]))
  }

  /// Properties the type does not have, or cannot have set.
  mutating func checkProperties(of declaration: ServiceDeclaration, type: SwiftType, context: SwiftContext) {
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
  func readValue(of value: ResolutionPlan.ParameterValue) -> (ResolutionPlan.Literal, String?)? {
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

  func literalValue(_ value: ResolutionPlan.Value) -> ResolutionPlan.Literal? {
    switch value {
    case .literal(let literal): return literal
    case .parameter(let index):
      if case .literal(let literal) = parameters[index].value { return literal }
      return nil
    default: return nil
    }
  }

  /// Where a finding about a value points: the value, or its key when it has no place of its own.
  static func location(of argument: ArgumentDeclaration) -> SourceLocation {
    switch argument.value {
    case .reference(_, _, let location), .variable(_, let location), .literal(_, let location),
      .provider(_, let location), .lazy(_, let location):
      location
    default: argument.location
    }
  }
}
