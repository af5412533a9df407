import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgPlanning
import DICfgSwiftReader

// The registry model as Swift: the registration function, its checks, statements and literals.
extension RegistryGenerator {
  /// The Swift file: the registration translated from `variants`, then rendered.
  ///
  /// - Parameters:
  ///   - variants: The compiled configurations, base first.
  ///   - includePlans: Whether to embed the plans (`graphFilePlan(environment:)`): for one graph
  ///     file, whose variants differ by environment only.
  public func generate(_ variants: [Variant], includePlans: Bool = true) -> String {
    render(translate(variants, includePlans: includePlans))
  }

  /// `model` as a Swift file.
  ///
  /// Each factory is the initializer the service's `init:` names, held in a constant that keeps
  /// the initializer's own type: a synchronous one registers as a synchronous factory, an `async`
  /// one as a factory the resolve awaits, a main-actor one with `register(mainActor:)`. A check
  /// passes each value with the initializer to `dicfgCheck…Of…`, which types it as that parameter:
  /// one statement a value, placed where the graph file writes it, so the compiler names a wrong
  /// value at its line and column. An initializer of no arguments is
  /// registered through `dicfgRegister0` (or `dicfgRegisterMainActor0`), whose overloads pick it
  /// among the type's initializers.
  /// The file of a module's fragment that the run checked whole: the builders other modules'
  /// generated code calls (`builders`, their Swift), and the imports they need, nothing of dicfg's.
  func buildersOnly(_ builders: String) -> String {
    var writer = SwiftWriter()
    writer.header(
      sources: sources.map { path in sourceRoot.map { SourceLocation.path(path, relativeTo: $0) } ?? path },
      environments: [], imports: imports, importingDICfg: false)
    return writer.text + (builders.isEmpty ? "" : String(builders.dropFirst()))
  }

  public func render(_ model: RegistryModel) -> String {
    if runtime == .typed { return renderOverTypedRuntime(model) }
    var writer = SwiftWriter()
    writer.header(
      sources: model.sources, environments: model.environments, imports: model.imports,
      importsWhereAvailable: model.importsWhereAvailable)
    let sources = model.sources.joined(separator: ", ")
    let aliases = model.aliasNames
    renderTypeAliases(model, into: &writer)
    writer.line("extension Registry {")
    writer.indent {
      $0.documentation([
        "The factories and properties of \(sources), with every environment layer beside it:",
        "each type built with the initializer its services' `init:` lists.",
      ])
      $0.line("static func fromGraphFile() throws -> Registry {")
      let parts = Self.parts(model)
      $0.indent { body in
        body.line("var registry = Registry(capacity: \(model.factories.count))")
        if parts.count == 1 {
          render(parts[0], aliases: aliases, into: &body)
        } else {
          for index in parts.indices { body.line("try dicfgRegisterPart\(index)(&registry)") }
        }
        renderPropertyValues(model.propertyValues, aliases: aliases, into: &body)
        body.line("return registry")
      }
      $0.line("}")
      if parts.count > 1 {
        for (index, part) in parts.enumerated() {
          $0.blank()
          $0.line("private static func dicfgRegisterPart\(index)(_ registry: inout Registry) throws {")
          $0.indent { render(part, aliases: aliases, into: &$0) }
          $0.line("}")
        }
      }
      if let plans = model.plans {
        render(model, plans: plans, sources: sources, graphFile: model.sources.first ?? "dicfg.yaml", into: &$0)
      }
    }
    writer.line("}")
    writer.blank()
    renderSharedSwiftValues(model, aliases: aliases, into: &writer)
    if model.access != .internal && !checksOnly { renderNamespace(model, sources: sources, into: &writer) }
    if !checksOnly, let typed = model.typedContainers, let generator = typedContainers {
      generator.render(typed, into: &writer)
    }
    renderHelpers(model, into: &writer)
    if !model.typeAliases.isEmpty {
      writer.undeclaredTypeOverloads(checkedArguments: model.checkedArguments)
    }
    return writer.text
  }

  /// The helpers the file's registration calls (`dicfgRegister0`, `dicfgCheck…`, the factories'
  /// makers), each only where a statement needs it.
  func renderHelpers(_ model: RegistryModel, into writer: inout SwiftWriter) {
    let factories = model.factories
    let checkedValues =
      model.checks.flatMap { check in check.checkedPositions.map { check.arguments[$0].value } }
      + model.propertyValues.map(\.value)
    writer.helpers(
      checkedArguments: model.checkedArguments,
      registersNoArguments: factories.contains { $0.constant == nil && !$0.isMainActor },
      registersNoArgumentsOnMainActor: factories.contains { $0.constant == nil && $0.isMainActor },
      factories: Set(factories.filter { $0.constant != nil }.compactMap(Self.helperKind)),
      makes: factories.contains { $0.constant == nil && !$0.isMainActor && $0.effects == nil && !$0.readsProperty },
      callsMethods: factories.contains { $0.receiver != nil && $0.effects == nil },
      callsDeprecated: factories.contains { $0.deprecatedHolder != nil },
      argumentValues: Set(
        model.checks.flatMap { check in
          check.swiftValues.map { SwiftWriter.ArgumentValue(position: $0.position + 1, arity: check.arguments.count) }
        }),
      propertyValues: model.propertyValues.contains { if case .swift = $0.value { true } else { false } },
      propertyChecks: !model.propertyValues.isEmpty,
      numberLiterals: checkedValues.contains {
        switch $0 {
        case .literal(.int), .literal(.double): true
        default: false
        }
      },
      textLiterals: checkedValues.contains {
        switch $0 {
        case .literal(.string), .literal(.bool): true
        default: false
        }
      })
  }

  /// The helper a factory's constant is made with; nil for one passed as it is.
  static func helperKind(_ factory: RegistryModel.Factory) -> SwiftWriter.FactoryKind? {
    factory.effects.map {
      factory.isMainActor ? ($0.isAsync ? .mainActorAsync : .mainActor) : $0.isAsync ? .async : .synchronous
    } ?? (factory.receiver != nil ? .synchronous : nil)
  }

  /// Whether the graph writes Swift values (`{ swift: DispatchQueue.main }`): text the reader does not
  /// check, which may name what Foundation declares.
  static func writesSwiftValues(_ model: RegistryModel) -> Bool {
    model.checks.contains { !$0.swiftValues.isEmpty }
      || model.propertyValues.contains { if case .swift = $0.value { true } else { false } }
  }

  /// `model` over the typed runtime alone: the aliases of the types the target's Swift does not
  /// declare and the graph's shared Swift values, each at its graph file's line, then the typed
  /// containers; no registration, plan or public namespace, and nothing of the link.
  func renderOverTypedRuntime(_ model: RegistryModel) -> String {
    var writer = SwiftWriter()
    writer.header(
      sources: model.sources, environments: model.environments, imports: model.imports,
      importsWhereAvailable: model.importsWhereAvailable, runtime: .typed,
      importingFoundation: importsFoundation || Self.writesSwiftValues(model))
    let aliases = model.aliasNames
    renderTypeAliases(model, into: &writer)
    renderSharedSwiftValues(model, aliases: aliases, into: &writer)
    if let typed = model.typedContainers, let generator = typedContainers {
      generator.render(typed, into: &writer)
    }
    let shared = model.checks.flatMap { check in
      check.swiftValues.compactMap { value in
        value.shared.map {
          (
            kind: Self.helperKind($0.factory),
            argument: SwiftWriter.ArgumentValue(
              position: value.position + 1, arity: check.arguments.count)
          )
        }
      }
    }
    writer.helpers(
      checkedArguments: [], registersNoArguments: false, registersNoArgumentsOnMainActor: false,
      factories: Set(shared.compactMap(\.kind)), argumentValues: Set(shared.map(\.argument)),
      propertyValues: model.propertyValues.contains { $0.shared != nil })
    return writer.text
  }

  /// The types the target's Swift does not declare, each named once at its graph file's line: a
  /// type that exists in no module the target imports is one error there.
  func renderTypeAliases(_ model: RegistryModel, into writer: inout SwiftWriter) {
    guard !model.typeAliases.isEmpty else { return }
    let access = model.access == .internal ? "" : model.access.rawValue + " "
    writer.documentation([
      "The types the graph file names that the target's Swift does not declare (from another module, or",
      "misspelled), each named once here: the compiler reports one that does not exist at its line.",
    ])
    for alias in model.typeAliases {
      writer.placed("\(access)typealias \(alias.name) = ", alias.type, at: alias.anchor)
    }
    writer.blank()
  }

  /// What one function of the registration holds: statements, then properties.
  struct Part {
    var statements: [RegistryModel.Statement] = []
    var properties: [RegistryModel.Property] = []
    var count: Int { statements.count + properties.count }
  }

  /// The most statements one function of the registration holds. The Swift compiler's checks of a
  /// function (its ownership and its regions of isolation) grow faster than linearly with the
  /// function's length, so a large graph's registration is split into functions of about this
  /// size, and its compile time grows linearly with the number of services.
  public static let statementsPerFunction = 120

  /// The registration in functions of at most ``statementsPerFunction`` statements (one function
  /// when it fits). A factory's constant, its registration and the checks that call it stay in one
  /// function; registrations keep their order, and properties follow them.
  static func parts(_ model: RegistryModel) -> [Part] {
    if model.statements.count + model.properties.count <= statementsPerFunction {
      return [Part(statements: model.statements, properties: model.properties)]
    }
    var groups: [[RegistryModel.Statement]] = []
    var groupOfConstant: [String: Int] = [:]
    for statement in model.statements {
      switch statement {
      case .register(let factory):
        if let constant = factory.constant { groupOfConstant[constant] = groups.count }
        groups.append([statement])
      case .check(let check):
        if let index = groupOfConstant[check.constant] {
          groups[index].append(statement)
        } else {
          groups.append([statement])
        }
      }
    }
    var parts = [Part()]
    for group in groups {
      if parts[parts.count - 1].count > 0, parts[parts.count - 1].count + group.count > statementsPerFunction {
        parts.append(Part())
      }
      parts[parts.count - 1].statements += group
    }
    for property in model.properties {
      if parts[parts.count - 1].count >= statementsPerFunction { parts.append(Part()) }
      parts[parts.count - 1].properties.append(property)
    }
    return parts
  }

  func render(_ part: Part, aliases: [String: String], into writer: inout SwiftWriter) {
    var condition: String?
    for statement in part.statements {
      writer.condition(RegistryModel.condition(of: statement), after: &condition)
      render(statement, aliases: aliases, into: &writer)
    }
    for property in part.properties {
      writer.condition(property.condition, after: &condition)
      render(property, aliases: aliases, into: &writer)
    }
    writer.condition(nil, after: &condition)
  }

  func render(_ statement: RegistryModel.Statement, aliases: [String: String], into writer: inout SwiftWriter) {
    switch statement {
    case .register(let factory): render(factory, aliases: aliases, into: &writer)
    case .check(let check): render(check, aliases: aliases, into: &writer)
    }
  }

  /// A factory's registration: the constant that calls the initializer or function, where the
  /// graph file names it, then its registration.
  func render(_ factory: RegistryModel.Factory, aliases: [String: String], into writer: inout SwiftWriter) {
    let typeName = literal(factory.function ?? factory.typeName)
    let type = aliases[factory.typeName] ?? factory.typeName
    // What is called: the type's initializer, or the function `factory:` names.
    let callee = factory.function ?? type
    let reference = factory.function ?? "\(type).init"
    guard let constant = factory.constant else {
      renderArgumentless(factory, typeName: typeName, type: type, callee: callee, reference: reference, into: &writer)
      return
    }
    let labels = "[" + factory.labels.map(literal).joined(separator: ", ") + "]"
    let value: String
    if let closure = Self.closure(of: factory, aliases: aliases) {
      value = closure
    } else if let receiver = factory.receiver, let function = factory.function, factory.readsProperty {
      // A factory object's property, read on the first argument.
      value =
        "dicfgFactory { ($0 as \(aliases[receiver] ?? receiver))." + function.dropFirst(receiver.count + 1) + " }"
    } else if let receiver = factory.receiver, let function = factory.function {
      // A factory object's method of another module, called on the first argument.
      let method = "($0 as \(aliases[receiver] ?? receiver))." + function.dropFirst(receiver.count + 1)
      let arguments = factory.labels.dropFirst()
      let reference = method + (arguments.isEmpty ? "" : "(" + arguments.map { $0 + ":" }.joined() + ")")
      value =
        "dicfgFactory { try dicfgCallMethod(\(reference)" + arguments.indices.map { ", $\($0)" }.joined() + ") }"
    } else {
      value = reference + "(" + factory.labels.map { $0 + ":" }.joined() + ")"
    }
    // What is called stands where the graph file names it: `.init(…)` on the `init:` key, a
    // function on the `factory:` value.
    let named = factory.function == nil && factory.effects == nil && factory.receiver == nil
    let split = named ? value.index(value.startIndex, offsetBy: type.count) : value.startIndex
    if let holder = factory.deprecatedHolder {
      renderDeprecated(holder, "let \(constant) = ", value, at: factory.anchor, into: &writer)
    } else {
      writer.placed(
        "let \(constant) = " + value[..<split], String(value[split...]), at: factory.anchor, lead: named ? 1 : 0)
    }
    writer.placed(
      "try registry.register(",
      "\(factory.isMainActor ? "mainActor: " : "")\(constant), typeName: \(typeName), labels: \(labels))",
      at: factory.registration ?? factory.anchor, lead: factory.isMainActor ? "mainActor: ".count : 0)
  }

  /// The registration of a factory of no arguments, through `dicfgRegister0` (or its main-actor
  /// form), the closure's call where the graph file names it.
  func renderArgumentless(
    _ factory: RegistryModel.Factory, typeName: String, type: String, callee: String, reference: String,
    into writer: inout SwiftWriter
  ) {
    let helper = factory.isMainActor ? "dicfgRegisterMainActor0" : "dicfgRegister0"
    // Another module's initializer is called through `dicfgMake`, so the closure is `@Sendable` in
    // every language mode without the generator knowing whether it throws; so is another
    // module's static member, which `dicfgMake` reads where it is a property.
    let initializer =
      factory.readsProperty
      ? "{ \(callee) }"
      : factory.effects.map { "{ " + Self.call(callee, labels: [], effects: $0) + " }" }
        ?? (factory.isMainActor ? reference : "{ try dicfgMake(\(reference)) }")
    if let holder = factory.deprecatedHolder {
      let kind =
        factory.isMainActor
        ? "@MainActor @Sendable () \(factory.effects?.isAsync == true ? "async " : "")throws"
        : factory.effects?.isAsync == true
          ? "@Sendable () async throws"
          : "@Sendable () throws"
      renderDeprecated(
        holder, "let deprecated\(holder.filter(\.isNumber)) = ", initializer, typed: "\(kind) -> \(type)",
        at: factory.anchor, into: &writer)
      writer.line(
        "try \(helper)(&registry, \(type).self, deprecated\(holder.filter(\.isNumber)), typeName: \(typeName), "
          + "labels: [])")
      return
    }
    // What is called stands where the graph file names it.
    let statement = "try \(helper)(&registry, \(type).self, \(initializer), typeName: \(typeName), labels: [])"
    let split =
      statement.range(
        of: callee, range: statement.range(of: initializer).map { $0.lowerBound..<statement.endIndex })?.lowerBound
      ?? statement.startIndex
    writer.placed(String(statement[..<split]), String(statement[split...]), at: factory.anchor)
  }

  /// A check's calls: each checked argument's `dicfgCheck…`, and each Swift value typed by the
  /// parameter it goes to.
  func render(_ check: RegistryModel.Check, aliases: [String: String], into writer: inout SwiftWriter) {
    for position in check.checkedPositions {
      let argument = check.arguments[position]
      writer.placed(
        "dicfgCheck\(position + 1)Of\(check.arguments.count)(\(check.constant), ",
        swift(argument.value, aliases: aliases) + ")", at: argument.place)
    }
    // A Swift value is registered for the type of the parameter it goes to, which Swift infers;
    // that types it, so it is written once: in its file-level constant where it has one.
    for value in check.swiftValues {
      if let shared = value.shared {
        // Typed by the factory here too, so a value Swift rejects at its line is not reported again.
        writer.line(
          "registry.swiftValue(\(literal(value.expression)), dicfgArgument\(value.position + 1)Of"
            + "\(check.arguments.count)(\(check.constant)) { \(shared.name)() })")
        continue
      }
      writer.placed(
        "registry.swiftValue(\(literal(value.expression)), dicfgArgument\(value.position + 1)Of"
          + "\(check.arguments.count)(\(check.constant)) { ", value.expression + " })", at: value.line)
    }
  }

  /// A factory that calls a deprecated initializer or function: `value` at the graph file's place,
  /// as the deprecated static property of a local type, and `binding` to it read through
  /// `dicfgCalledAnyway`. dicfg states the deprecation once, at that place, with the label that
  /// calls another overload (`deprecated-builder`); a deprecated property that a protocol's
  /// requirement reads is not deprecated to its reader, so Swift's own warning, which would repeat
  /// it without the fix, is not given. Everything else in `value` Swift still checks there.
  func renderDeprecated(
    _ holder: String, _ binding: String, _ value: String, typed type: String? = nil, at place: RegistryModel.Line,
    into writer: inout SwiftWriter
  ) {
    writer.placed(
      "enum \(holder): DicfgDeprecatedHolder { @available(*, deprecated) static let factory\(type.map { ": " + $0 } ?? "") = ",
      value + " }", at: place)
    writer.line(binding + "dicfgCalledAnyway(\(holder).self)")
  }

  /// The closure a factory whose effects the target's Swift declares is registered as, calling its
  /// initializer, function or factory object's method with the closure's arguments in order:
  /// `dicfgFactory { try Gateway(client: $0, fee: $1) }`. Nil where its effects are not known.
  static func closure(of factory: RegistryModel.Factory, aliases: [String: String]) -> String? {
    guard let effects = factory.effects else { return nil }
    let helper =
      factory.isMainActor
      ? (effects.isAsync ? "dicfgMainActorAsyncFactory" : "dicfgMainActorFactory")
      : effects.isAsync ? "dicfgAsyncFactory" : "dicfgFactory"
    if let receiver = factory.receiver, let function = factory.function {
      // A factory object's method, called on the first argument as the type it is declared on; or
      // its property, read.
      let method = "($0 as \(aliases[receiver] ?? receiver))." + function.dropFirst(receiver.count + 1)
      if factory.readsProperty {
        return "\(helper) { " + (effects.isThrowing ? "try " : "") + (effects.isAsync ? "await " : "") + method + " }"
      }
      return "\(helper) { " + call(method, labels: Array(factory.labels.dropFirst()), effects: effects, from: 1) + " }"
    }
    let callee = factory.function ?? aliases[factory.typeName] ?? factory.typeName
    return "\(helper) { " + call(callee, labels: factory.labels, effects: effects) + " }"
  }

  /// The file-level constants of the Swift values the registration and the typed container share
  /// (``RegistryModel/SwiftValue/shared``), each at its value's line and column.
  func renderSharedSwiftValues(
    _ model: RegistryModel, aliases: [String: String], into writer: inout SwiftWriter
  ) {
    let values = model.checks.flatMap { check in
      check.swiftValues.compactMap { value in value.shared.map { (value, $0, check.arguments.count) } }
    }
    guard !values.isEmpty || model.propertyValues.contains(where: { $0.shared != nil }) else { return }
    writer.documentation([
      "The Swift values of the graph file, each typed as the parameter it goes to and written once, at its line:",
      "the registration and the typed container read them here.",
    ])
    var condition: String?
    for (value, shared, arity) in values {
      writer.condition(shared.condition, after: &condition)
      guard let factory = Self.closure(of: shared.factory, aliases: aliases) else { continue }
      writer.placed(
        "private let \(shared.name) = dicfgArgument\(value.position + 1)Of\(arity)(\(factory)) { ",
        value.expression + " }", at: value.line)
    }
    for value in model.propertyValues {
      guard case .swift(let expression) = value.value, let shared = value.shared else { continue }
      writer.condition(value.condition, after: &condition)
      let type = aliases[value.typeName] ?? value.typeName
      writer.placed(
        "private let \(shared) = dicfgPropertyValue(\(type).self, { $0.\(value.label) = $1 }) { ", expression + " }",
        at: value.line)
    }
    writer.condition(nil, after: &condition)
    writer.blank()
  }

  /// A call of `type`'s initializer with `labels`, passing a closure's arguments in order:
  /// `try Gateway(client: $0, fee: $1)`.
  static func call(
    _ type: String, labels: [String], effects: RegistryModel.Factory.Effects, from first: Int = 0
  ) -> String {
    let arguments = labels.enumerated().map {
      ($0.element == "_" ? "" : $0.element + ": ") + "$\($0.offset + first)"
    }
    return (effects.isThrowing ? "try " : "") + (effects.isAsync ? "await " : "") + type + "("
      + arguments.joined(separator: ", ") + ")"
  }

  /// What a check passes, as Swift: a typed placeholder, a literal, `nil`, or an untyped placeholder.
  func swift(_ value: RegistryModel.CheckedValue, aliases: [String: String]) -> String {
    switch value {
    case .typed(let type, let optional): "dicfgValue(\((aliases[type] ?? type))\(optional ? "?" : "").self)"
    // A literal is typed as the link passes it, not as Swift would type it where it goes: the link
    // passes a number only as `Int`, `Double` or `Float` and text only as `String`, so `3` for an
    // `Int32` property of a type from another module fails the build here instead of the link.
    case .literal(.bool(let value)): "dicfgBool(\(value))"
    case .literal(.int(let value)): "dicfgInteger(\(value))"
    case .literal(.double(let value)): "dicfgDecimal(\(value))"
    case .literal(.string(let value)): "dicfgString(\(literal(value)))"
    case .none, .literal(.null): "nil"
    case .unknown, .literal(.list), .literal(.map): "dicfgValue()"
    case .swift(let expression): expression
    }
  }

  /// Each property value Swift checks at its line, as a never-run assignment in a main-actor
  /// closure (where a main-actor property can be set too), and each Swift value registered for the
  /// property's type.
  func renderPropertyValues(
    _ values: [RegistryModel.PropertyValue], aliases: [String: String], into writer: inout SwiftWriter
  ) {
    var condition: String?
    for value in values {
      writer.condition(value.condition, after: &condition)
      let type = aliases[value.typeName] ?? value.typeName
      if case .swift(let expression) = value.value, let shared = value.shared {
        // Its constant is written at its line with the other Swift values.
        writer.line(
          "registry.swiftValue(\(literal(expression)), dicfgPropertyValue(\(type).self, { $0.\(value.label) = $1 }) { "
            + "\(shared)() })")
      } else if case .swift(let expression) = value.value {
        // Registered for the property's type, which types it: written once.
        writer.placed(
          "registry.swiftValue(\(literal(expression)), dicfgPropertyValue(\(type).self, { $0.\(value.label) = $1 }) { ",
          expression + " })", at: value.line)
      } else {
        writer.placed(
          "dicfgSetProperty(\(type).self) { $0.\(value.label) = ", swift(value.value, aliases: aliases) + " }",
          at: value.line)
      }
    }
    writer.condition(nil, after: &condition)
  }

  /// A property's setter: a key path, or for a main-actor type a main-actor closure.
  func render(_ property: RegistryModel.Property, aliases: [String: String], into writer: inout SwiftWriter) {
    let head =
      "try registry.property(\(literal(property.label)), of: \(aliases[property.typeName] ?? property.typeName).self, "
    let typeName = literal(property.typeName)
    // The property's name stands on its key, where a misspelt one is reported.
    if property.isMainActor {
      writer.placed(
        head + "typeName: \(typeName), mainActor: ", "{ $0.\(property.label) = $1 })", at: property.location,
        lead: "{ $0.".count)
    } else {
      writer.placed(head, "\\.\(property.label), typeName: \(typeName))", at: property.location, lead: 2)
    }
  }

  /// `GraphFile`: the registration and plans for other modules. The `Registry` extension stays
  /// internal, so two modules that each generate one never make `Registry.fromGraphFile()`
  /// ambiguous where both are imported; `Shop.GraphFile` names one where two are.
  func renderNamespace(_ model: RegistryModel, sources: String, into writer: inout SwiftWriter) {
    let access = model.access.rawValue
    writer.documentation([
      "The registration of \(sources) for other modules: `GraphFile.registry()`, and the compiled",
      "plans, `GraphFile.plan(environment:)`. Where two imported modules each have one, the module",
      "name tells them apart: `Shop.GraphFile.registry()`.",
    ])
    writer.line("\(access) enum GraphFile {")
    writer.indent {
      $0.documentation(["The factories and properties of \(sources): `Registry.fromGraphFile()`."])
      $0.line("\(access) static func registry() throws -> Registry { try Registry.fromGraphFile() }")
      if model.plans != nil {
        $0.blank()
        $0.documentation([
          "The compiled plan for `environment` (the base when nil): `Registry.graphFilePlan(environment:)`."
        ])
        $0.line("\(access) static func plan(environment: String? = nil) throws -> ResolutionPlan {")
        $0.indent { $0.line("try Registry.graphFilePlan(environment: environment)") }
        $0.line("}")
      }
    }
    writer.line("}")
    writer.blank()
  }

  func render(
    _ model: RegistryModel, plans: [RegistryModel.EmbeddedPlan], sources: String, graphFile: String,
    into writer: inout SwiftWriter
  ) {
    writer.blank()
    writer.documentation([
      "The compiled plan of \(sources) for `environment` (the base when nil), written as Swift: the app",
      "needs neither the graph file nor libyaml at run time, and reads no text to get it.",
    ])
    writer.line("static func graphFilePlan(environment: String? = nil) throws -> ResolutionPlan {")
    writer.indent { body in
      body.line("switch environment {")
      for (index, plan) in plans.enumerated() {
        if let condition = plan.condition { body.line("#if \(condition)") }
        defer { if plan.condition != nil { body.line("#endif") } }
        body.line("case \(plan.environment.map(literal) ?? "nil"):")
        body.indent {
          if index == 0 {
            $0.line("return dicfgBasePlan().plan")
          } else {
            $0.line("var plan = ResolutionPlan.Builder(base: dicfgBasePlan().plan, files: dicfgPlanFiles)")
            for part in Self.planParts(plan.statements).indices { $0.line("dicfgPlan\(index)Part\(part)(&plan)") }
            $0.line("return plan.plan")
          }
        }
      }
      body.line("default:")
      let name = literal(graphFile.split(separator: "/").last.map(String.init) ?? graphFile)
      body.indent {
        let known = SwiftWriter.knownEnvironments(plans.map { ($0.environment.map(literal) ?? "nil", $0.condition) })
        if known.count == 1 {
          $0.line("throw RegistryError.unknownEnvironment(environment, known: \(known[0]), graphFile: \(name))")
        } else {
          for line in known { $0.line(line) }
          $0.line("throw RegistryError.unknownEnvironment(environment, known: known, graphFile: \(name))")
        }
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
    writer.documentation(["The files the plans' locations name, by index."])
    writer.line("private static let dicfgPlanFiles = [\(model.planFiles.map(literal).joined(separator: ", "))]")
    writer.blank()
    writer.documentation(["The base plan."])
    writer.line("private static func dicfgBasePlan() -> ResolutionPlan.Builder {")
    writer.indent { body in
      body.line("var plan = ResolutionPlan.Builder(files: dicfgPlanFiles)")
      for part in Self.planParts(plans.first?.statements ?? []).indices { body.line("dicfgPlan0Part\(part)(&plan)") }
      body.line("return plan")
    }
    writer.line("}")
    for (index, plan) in plans.enumerated() {
      for (part, statements) in Self.planParts(plan.statements).enumerated() {
        writer.blank()
        if let condition = plan.condition { writer.line("#if \(condition)") }
        defer { if plan.condition != nil { writer.line("#endif") } }
        if part == 0 {
          writer.documentation([
            plan.environment.map { "What the layer of environment \(literal($0)) changes in the base plan." }
              ?? "The base plan's statements."
          ])
        }
        writer.line("private static func dicfgPlan\(index)Part\(part)(_ plan: inout ResolutionPlan.Builder) {")
        writer.indent { body in for statement in statements { body.line(statement.swift) } }
        writer.line("}")
      }
    }
  }

  /// A plan's statements in functions of at most ``statementsPerFunction`` statements (none for an
  /// environment whose layer changes nothing).
  static func planParts(_ statements: [PlanStatement]) -> [ArraySlice<PlanStatement>] {
    stride(from: 0, to: statements.count, by: statementsPerFunction).map {
      statements[$0..<min($0 + statementsPerFunction, statements.count)]
    }
  }

  // MARK: Literals

  func literal(_ text: String) -> String { QuotedString.quoted(text, in: .swift) }
}

extension RegistryModel {
  /// The argument positions (from 1) and initializer arities that checks type values for.
  var checkedArguments: Set<SwiftWriter.ArgumentValue> {
    Set(
      checks.flatMap { check in
        check.checkedPositions.map { SwiftWriter.ArgumentValue(position: $0 + 1, arity: check.arguments.count) }
      })
  }
}
