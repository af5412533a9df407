import DICfgCompiler
public import DICfgCore
public import DICfgLoader
import DICfgSwiftReader

/// Writes the Swift registration of a graph file: one factory for every type and initializer its
/// services name, in the base file and every environment layer, and a setter for every property
/// it sets, so that the Swift compiler checks what the file says.
///
/// ```swift
/// let source = RegistryGenerator(sources: ["config/app.yaml"]).generate([
///   .init(environment: nil, plan: basePlan), .init(environment: "production", plan: productionPlan),
/// ])
/// ```
///
/// Each factory is the initializer the service's `init:` names, `OpenWeatherClient.init(baseURL:apiKey:retries:)`,
/// so a type or label the initializer does not have, an argument missing or extra, or arguments out
/// of order are compile errors. The values the file gives are checked against the initializer's
/// parameters in a closure that never runs: a referenced service as its concrete type, an external
/// and a run-time argument as their declared types, a literal as a Swift literal. `#sourceLocation`
/// puts each error on the graph file's line.
///
/// It works in two stages: ``translate(_:includePlans:)`` decides the registration from the plans
/// (a ``RegistryModel``, with no Swift text in it), and ``render(_:)`` writes the model as Swift.
public struct RegistryGenerator: Sendable {
  /// The access level of the generated entry points.
  public enum Access: String, Sendable, CaseIterable {
    case `internal`, `package`, `public`
  }

  /// One compiled configuration: the base (`environment` nil) or the base with an environment.
  public struct Variant: Sendable {
    public var environment: String?
    public var plan: ResolutionPlan
    /// The Swift compilation condition its layer is limited to (`condition: DEBUG`): what only it
    /// needs is generated under `#if`.
    public var condition: String?
    /// Each service's merged entry, by container and id (``CompileResult/mergedServices``): where
    /// Swift's diagnostics of each field are placed. Without it they are placed at the services'
    /// and arguments' lines.
    public var mergedServices: [String: [String: ConfigNode.Entry]]

    public init(
      environment: String?, plan: ResolutionPlan, condition: String? = nil,
      mergedServices: [String: [String: ConfigNode.Entry]] = [:]
    ) {
      self.environment = environment
      self.plan = plan
      self.condition = condition
      self.mergedServices = mergedServices
    }

    /// Where `service` of the container `container` writes its fields.
    func places(of service: ResolutionPlan.Service, in container: Int) -> ServicePlaces {
      ServicePlaces(
        entry: mergedServices[plan.containers[container].name]?[service.id], service: service.location)
    }
  }

  public var access: Access
  /// Modules the generated file imports besides DICfgRuntime: where the types are declared.
  public var imports: [String]
  /// The graph files the registration is written from, for the header.
  public var sources: [String]
  /// A directory (the package's): graph-file paths under it are written relative to it in the
  /// embedded plans and the comments, so an app holds no path of the machine that built it.
  public var sourceRoot: String?
  /// Writes typed containers beside the registration, for one graph file; nil for none.
  public var typedContainers: TypedContainerGenerator?
  /// Whether the file holds only the graph's checks: the registrations that type-check each service
  /// at its graph file's line, without a container, its embedded plans or a public namespace (a
  /// module's fragment, which the graph that imports it builds).
  public var checksOnly = false
  /// The runtime the file is written against: over the typed runtime alone, it holds the typed
  /// containers and what they read, no registration and no plan.
  public var runtime: GeneratedRuntime = .full
  /// Whether the file over the typed runtime imports Foundation: where the Swift it was checked
  /// against imports it (or was not given), so a graph naming Foundation's types finds them, and an
  /// app whose Swift does not import it does not load it for dicfg. A graph that writes Swift values
  /// imports it whatever this says.
  public var importsFoundation = true
  /// The modules the target's Swift imports that dicfg could not read: where the graph names a type
  /// the Swift read does not declare, one of them may, so the file imports each where it exists.
  public var unreadModules: [String] = []

  public init(access: Access = .internal, imports: [String] = [], sources: [String], sourceRoot: String? = nil) {
    self.access = access
    self.imports = imports
    self.sources = sources
    self.sourceRoot = sourceRoot
  }

  /// The Swift file: the registration translated from `variants`, then rendered.
  ///
  /// - Parameters:
  ///   - variants: The compiled configurations, base first.
  ///   - includePlans: Whether to embed the plans (`graphFilePlan(environment:)`): for one graph
  ///     file, whose variants differ by environment only.
  public func generate(_ variants: [Variant], includePlans: Bool = true) -> String {
    render(translate(variants, includePlans: includePlans))
  }

  // MARK: Translation

  /// The registration of `variants`, decided: what ``render(_:)`` writes. The base variant comes
  /// first: its plan is embedded in full, and each environment's as the changes its layer makes.
  public func translate(_ variants: [Variant], includePlans: Bool = true) -> RegistryModel {
    let uses = uses(variants)
    var files: [String] = []
    var plans: [RegistryModel.EmbeddedPlan]?
    if includePlans, let base = variants.first {
      // The base in full; each environment as what its layer changes.
      plans = variants.map { variant in
        RegistryModel.EmbeddedPlan(
          environment: variant.environment,
          statements: variant.environment == nil
            ? PlanStatement.writing(variant.plan, files: &files, sourceRoot: sourceRoot)
            : PlanStatement.changing(base.plan, into: variant.plan, files: &files, sourceRoot: sourceRoot),
          condition: variant.condition)
      }
    }
    let aliases = typeAliases(variants)
    var model = RegistryModel(
      access: access, imports: imports,
      sources: sources.map { path in sourceRoot.map { SourceLocation.path(path, relativeTo: $0) } ?? path },
      environments: variants.compactMap(\.environment),
      statements: [], properties: properties(uses), plans: plans, planFiles: files)
    let (statements, sharedArguments) = statements(uses)
    model.statements = statements
    model.typeAliases = aliases
    let names = variants.reduce(into: Set<String>()) { $0.formUnion($1.plan.spelledNames) }
    // A type the toolchain declares in FoundationNetworking (Linux's `URLSession`) is imported where
    // that module exists; Apple's Foundation declares them itself.
    if let swift = typedContainers?.swift,
      names.contains(where: { swift.type(named: $0).map(ToolchainInterfaces.isNetworking) ?? false })
    {
      model.importsWhereAvailable = ["FoundationNetworking"]
    }
    // Over the typed runtime, whose file names little of its own, the unread modules the Swift imports
    // (not the DI libraries an imported app's code still imports, whose `Container` would clash).
    if runtime == .typed && !aliases.isEmpty {
      let libraries = Set(["Swinject", "SwinjectAutoregistration", "Resolver", "Factory", "FactoryKit"])
      model.importsWhereAvailable += unreadModules.filter { !imports.contains($0) && !libraries.contains($0) }
    }
    model.propertyValues = propertyValues(uses)
    var shared = StraightLinePlanner.SharedSwiftValues(arguments: sharedArguments)
    for value in model.propertyValues {
      guard case .swift(let expression) = value.value, let name = value.shared else { continue }
      shared.properties[.init(type: value.typeName, label: value.label, expression: expression)] = name
    }
    if includePlans {
      model.typedContainers = typedContainers?.translate(
        variants, aliases: model.aliasNames, sharedSwiftValues: shared, runtime: runtime)
      model.typedContainers?.runtime = runtime
    }
    return model
  }

  /// The types the services and externals of `variants` name that the target's Swift does not
  /// declare, each once, at the line of the first service or external naming it: an SDK's type, a
  /// package's, or one that exists nowhere. None when the target's Swift is not known.
  func typeAliases(_ variants: [Variant]) -> [RegistryModel.TypeAlias] {
    guard let swift = typedContainers?.swift else { return [] }
    var aliases: [RegistryModel.TypeAlias] = []
    var named = Set<String>()
    var taken = Set<String>()
    func name(_ type: String, at location: @autoclosure () -> SourceLocation) {
      guard named.insert(type).inserted, swift.type(named: type) == nil else { return }
      let base = SwiftIdentifier.aliasPrefix + SwiftIdentifier.upperCamelCase(type)
      var alias = base
      var number = 2
      while !taken.insert(alias).inserted {
        alias = base + String(number)
        number += 1
      }
      aliases.append(
        RegistryModel.TypeAlias(
          name: alias, type: type, anchor: RegistryModel.Line(location())))
    }
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() {
        for external in container.externals { name(external.type, at: external.location) }
        for service in container.services {
          let places = variant.places(of: service, in: index)
          name(service.type, at: places.value(of: "type") ?? service.location)
          for binding in service.bindings { name(binding, at: places.value(of: "as") ?? service.location) }
        }
      }
    }
    return aliases
  }

  /// A service as one variant's plan has it.
  private struct Use {
    var service: ResolutionPlan.Service
    var plan: ResolutionPlan
    var container: Int
    /// Where it writes its fields.
    var places: ServicePlaces
    /// The conditions of the variants that have this definition (nil for one every build has).
    var conditions: [String?]
    /// The condition under which some build has it.
    var condition: String? { CompilationCondition.any(conditions) }

    var labels: [String] { service.initializer.map(\.label) }
    /// What it is built with: its type's initializer or the function `factory:` names, and labels.
    var key: [String] { [service.type, service.registeredName] + labels }
  }

  /// Every service of every variant, once per distinct definition, in file order (computed once
  /// per file).
  private func uses(_ variants: [Variant]) -> [Use] {
    var seen: [ResolutionPlan.Service: Int] = [:]
    var uses: [Use] = []
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() {
        for service in container.services {
          if let known = seen[service] {
            uses[known].conditions.append(variant.condition)
            continue
          }
          seen[service] = uses.count
          uses.append(
            Use(
              service: service, plan: variant.plan, container: index, places: variant.places(of: service, in: index),
              conditions: [variant.condition]))
        }
      }
    }
    return uses
  }

  /// For each type and initializer, its registration the first time a service uses it; for each
  /// service whose initializer takes arguments, a check of its values. An initializer is
  /// main-actor isolated where any service built with it says so (Swift does not overload on a
  /// function type's global actor, so the file must say it); the link reports a service that says
  /// otherwise.
  private func statements(
    _ uses: [Use]
  ) -> (statements: [RegistryModel.Statement], shared: [StraightLinePlanner.SharedSwiftValues.ArgumentKey: String]) {
    var constants: [[String]: String?] = [:]
    var factories: [[String]: RegistryModel.Factory] = [:]
    var statements: [RegistryModel.Statement] = []
    var deprecated = 0
    var shared = 0
    var sharedNames: [StraightLinePlanner.SharedSwiftValues.ArgumentKey: String] = [:]
    let mainActorKeys = Set(uses.filter { $0.service.isolation == .mainActor }.map(\.key))
    let keyConditions = Dictionary(grouping: uses, by: \.key).mapValues {
      CompilationCondition.any($0.flatMap(\.conditions))
    }
    for use in uses {
      let service = use.service
      let places = use.places
      let constant: String?
      if let existing = constants[use.key] {
        constant = existing
      } else {
        constant = service.initializer.isEmpty ? nil : "factory\(constants.values.count { $0 != nil } + 1)"
        constants[use.key] = constant
        var factory = RegistryModel.Factory(
          typeName: service.type, labels: use.labels, isMainActor: mainActorKeys.contains(use.key),
          constant: constant, anchor: Self.anchor(of: service, places), effects: effects(of: service),
          condition: keyConditions[use.key] ?? nil, function: service.factory)
        factory.registration = places.value(of: "type").map(RegistryModel.Line.init)
        if service.receiver != nil, let function = service.factory, let member = service.factoryMember {
          factory.receiver = String(function.dropLast(member.count + 1))
        }
        factory.readsProperty =
          service.readsReceiverProperty || (typedContainers?.swift?.readsProperty(service) ?? false)
        if factory.effects != nil, !factory.readsProperty,
          typedContainers?.swift?.constructor(of: service)?.availability?.kind == .deprecated
        {
          deprecated += 1
          factory.deprecatedHolder = "DicfgDeprecatedFactory\(deprecated)"
        }
        factories[use.key] = factory
        statements.append(.register(factory))
      }
      guard let constant else { continue }
      var check = RegistryModel.Check(
        constant: constant,
        arguments: service.initializer.map {
          RegistryModel.Argument(
            place: RegistryModel.Line(places.value(of: "init", $0.label) ?? $0.location),
            value: checked($0.value, in: use.plan))
        }, condition: use.condition)
      for (position, argument) in service.initializer.enumerated() {
        guard case .swift(let expression) = argument.value else { continue }
        var value = RegistryModel.SwiftValue(
          position: position, expression: expression,
          line: RegistryModel.Line(places.swiftExpression(of: "init", argument.label) ?? argument.location))
        if let factory = factories[use.key], factory.effects != nil, factory.deprecatedHolder == nil {
          shared += 1
          value.shared = RegistryModel.SharedSwiftValue(
            name: "dicfgSwiftValue\(shared)", factory: factory, condition: use.condition)
          sharedNames[.init(service: service, label: argument.label)] =
            "dicfgSwiftValue\(shared)"
        }
        check.swiftValues.append(value)
      }
      statements.append(.check(check))
    }
    return (statements, sharedNames)
  }

  /// The effects of the initializer a service's `init:` names, where the target's Swift declares it.
  private func effects(of service: ResolutionPlan.Service) -> RegistryModel.Factory.Effects? {
    guard let initializer = typedContainers?.swift?.constructor(of: service) else { return nil }
    return RegistryModel.Factory.Effects(isThrowing: initializer.isThrowing, isAsync: initializer.isAsync)
  }

  /// Where Swift's error in naming what builds a service belongs: its `factory:` value, else its
  /// `init:` key, else its `type:` value, else the service.
  private static func anchor(of service: ResolutionPlan.Service, _ places: ServicePlaces) -> RegistryModel.Line {
    RegistryModel.Line(
      places.value(of: "factory") ?? places.written("init") ?? places.value(of: "type") ?? service.location)
  }

  /// What the never-run check passes for a value: a typed placeholder where the graph file knows
  /// the value's type, a literal for a scalar literal, an untyped placeholder otherwise.
  private func checked(_ value: ResolutionPlan.Value, in plan: ResolutionPlan) -> RegistryModel.CheckedValue {
    switch value {
    case .service(let reference):
      return .typed(plan.containers[reference.container].services[reference.service].type, optional: false)
    case .external(let container, let index):
      let external = plan.containers[container].externals[index]
      return .typed(external.type, optional: external.optional || external.retain != .strong)
    case .parameter(let index):
      if case .literal(let literal) = plan.parameters[index].value { return checked(literal) }
      return .unknown
    case .argument, .provider, .lazy, .tagged, .array:
      return .unknown
    case .container:
      return .typed("Container", optional: false)
    case .literal(let literal):
      return checked(literal)
    case .optional(nil):
      return .none
    case .optional(let wrapped?):
      return checked(wrapped, in: plan)
    case .swift(let expression):
      return .swift(expression)
    }
  }

  /// A scalar literal as the check passes it; lists and mappings unknown, since Swift would infer
  /// their element types differently from the run-time values, and so is a number Swift cannot
  /// write.
  private func checked(_ literal: ResolutionPlan.Literal) -> RegistryModel.CheckedValue {
    switch literal {
    case .null: .none
    case .double(let value) where !value.isFinite: .unknown
    case .bool, .int, .double, .string: .literal(literal)
    case .list, .map: .unknown
    }
  }

  /// The literal and Swift values the services set properties to, once per type, property and
  /// value, in file order: Swift checks each against the property's type at its line.
  private func propertyValues(_ uses: [Use]) -> [RegistryModel.PropertyValue] {
    var seen: [String: Int] = [:]
    var values: [RegistryModel.PropertyValue] = []
    var shared = 0
    for use in uses {
      for property in use.service.properties {
        let value = checked(property.value, in: use.plan)
        switch value {
        case .literal, .swift: break
        case .typed, .none, .unknown: continue
        }
        let key = "\(use.service.type).\(property.label)=\(value)"
        // Written once, for every build some use of it is in.
        if let index = seen[key] {
          values[index].condition = CompilationCondition.any([values[index].condition, use.condition])
          continue
        }
        seen[key] = values.count
        var propertyValue = RegistryModel.PropertyValue(
          typeName: use.service.type, label: property.label, value: value,
          line: RegistryModel.Line(
            (value.isSwift
              ? use.places.swiftExpression(of: "properties", property.label)
              : use.places.value(of: "properties", property.label)) ?? property.location),
          condition: use.condition)
        // A Swift value for a settable property the target's Swift declares, which the typed
        // container may set too: one constant both read.
        if value.isSwift,
          typedContainers?.swift?.type(named: use.service.type)?.properties
            .contains(where: { $0.name == property.label && $0.isSettable }) == true
        {
          shared += 1
          propertyValue.shared = "dicfgSwiftProperty\(shared)"
        }
        values.append(propertyValue)
      }
    }
    return values
  }

  /// Each property the services set, once per type, in file order.
  private func properties(_ uses: [Use]) -> [RegistryModel.Property] {
    var registered = Set<String>()
    let mainActorTypes = Set(uses.filter { $0.service.isolation == .mainActor }.map(\.service.type))
    var conditions: [String: [String?]] = [:]
    for use in uses {
      for property in use.service.properties {
        conditions[use.service.type + "." + property.label, default: []] += use.conditions
      }
    }
    return uses.flatMap { use in
      use.service.properties.compactMap { property -> RegistryModel.Property? in
        let key = use.service.type + "." + property.label
        guard registered.insert(key).inserted else { return nil }
        return RegistryModel.Property(
          typeName: use.service.type, label: property.label, isMainActor: mainActorTypes.contains(use.service.type),
          location: RegistryModel.Line(property.location),
          condition: CompilationCondition.any(conditions[key] ?? []))
      }
    }
  }

  // MARK: Rendering

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
    if !model.typeAliases.isEmpty {
      writer.undeclaredTypeOverloads(checkedArguments: model.checkedArguments)
    }
    return writer.text
  }

  /// The helper a factory's constant is made with; nil for one passed as it is.
  private static func helperKind(_ factory: RegistryModel.Factory) -> SwiftWriter.FactoryKind? {
    factory.effects.map {
      factory.isMainActor ? ($0.isAsync ? .mainActorAsync : .mainActor) : $0.isAsync ? .async : .synchronous
    } ?? (factory.receiver != nil ? .synchronous : nil)
  }

  /// Whether the graph writes Swift values (`{ swift: DispatchQueue.main }`): text the reader does not
  /// check, which may name what Foundation declares.
  private static func writesSwiftValues(_ model: RegistryModel) -> Bool {
    model.checks.contains { !$0.swiftValues.isEmpty }
      || model.propertyValues.contains { if case .swift = $0.value { true } else { false } }
  }

  /// `model` over the typed runtime alone: the aliases of the types the target's Swift does not
  /// declare and the graph's shared Swift values, each at its graph file's line, then the typed
  /// containers; no registration, plan or public namespace, and nothing of the link.
  private func renderOverTypedRuntime(_ model: RegistryModel) -> String {
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
  private func renderTypeAliases(_ model: RegistryModel, into writer: inout SwiftWriter) {
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
  private struct Part {
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
  private static func parts(_ model: RegistryModel) -> [Part] {
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

  private func render(_ part: Part, aliases: [String: String], into writer: inout SwiftWriter) {
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

  private func render(_ statement: RegistryModel.Statement, aliases: [String: String], into writer: inout SwiftWriter) {
    switch statement {
    case .register(let factory):
      let typeName = literal(factory.function ?? factory.typeName)
      let type = aliases[factory.typeName] ?? factory.typeName
      // What is called: the type's initializer, or the function `factory:` names.
      let callee = factory.function ?? type
      let reference = factory.function ?? "\(type).init"
      guard let constant = factory.constant else {
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
    case .check(let check):
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
  }

  /// A factory that calls a deprecated initializer or function: `value` at the graph file's place,
  /// as the deprecated static property of a local type, and `binding` to it read through
  /// `dicfgCalledAnyway`. dicfg states the deprecation once, at that place, with the label that
  /// calls another overload (`deprecated-builder`); a deprecated property that a protocol's
  /// requirement reads is not deprecated to its reader, so Swift's own warning, which would repeat
  /// it without the fix, is not given. Everything else in `value` Swift still checks there.
  private func renderDeprecated(
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
  private static func closure(of factory: RegistryModel.Factory, aliases: [String: String]) -> String? {
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
  private func renderSharedSwiftValues(
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
  private static func call(
    _ type: String, labels: [String], effects: RegistryModel.Factory.Effects, from first: Int = 0
  ) -> String {
    let arguments = labels.enumerated().map {
      ($0.element == "_" ? "" : $0.element + ": ") + "$\($0.offset + first)"
    }
    return (effects.isThrowing ? "try " : "") + (effects.isAsync ? "await " : "") + type + "("
      + arguments.joined(separator: ", ") + ")"
  }

  /// What a check passes, as Swift: a typed placeholder, a literal, `nil`, or an untyped placeholder.
  private func swift(_ value: RegistryModel.CheckedValue, aliases: [String: String]) -> String {
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
  private func renderPropertyValues(
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
  private func render(_ property: RegistryModel.Property, aliases: [String: String], into writer: inout SwiftWriter) {
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
  private func renderNamespace(_ model: RegistryModel, sources: String, into writer: inout SwiftWriter) {
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

  private func render(
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
  private static func planParts(_ statements: [PlanStatement]) -> [ArraySlice<PlanStatement>] {
    stride(from: 0, to: statements.count, by: statementsPerFunction).map {
      statements[$0..<min($0 + statementsPerFunction, statements.count)]
    }
  }

  // MARK: Literals

  private func literal(_ text: String) -> String { QuotedString.quoted(text, in: .swift) }
}
