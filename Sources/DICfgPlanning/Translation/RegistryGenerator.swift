import DICfgCompiler
public import DICfgCore
public import DICfgLoader
import DICfgSwiftModel
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
  package func typeAliases(_ variants: [Variant]) -> [RegistryModel.TypeAlias] {
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
  struct Use {
    var service: ResolutionPlan.Service
    var plan: ResolutionPlan
    var container: Int
    /// Where it writes its fields.
    var places: ServicePlaces
    /// The conditions of the variants that have this definition (nil for one every build has).
    var conditions: [String?]
    /// The condition under which some build has it.
    package var condition: String? { CompilationCondition.any(conditions) }

    var labels: [String] { service.initializer.map(\.label) }
    /// What it is built with: its type's initializer or the function `factory:` names, and labels.
    var key: [String] { [service.type, service.registeredName] + labels }
  }

  /// Every service of every variant, once per distinct definition, in file order (computed once
  /// per file).
  func uses(_ variants: [Variant]) -> [Use] {
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
  func statements(
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
  func effects(of service: ResolutionPlan.Service) -> RegistryModel.Factory.Effects? {
    guard let initializer = typedContainers?.swift?.constructor(of: service) else { return nil }
    return RegistryModel.Factory.Effects(isThrowing: initializer.isThrowing, isAsync: initializer.isAsync)
  }

  /// Where Swift's error in naming what builds a service belongs: its `factory:` value, else its
  /// `init:` key, else its `type:` value, else the service.
  static func anchor(of service: ResolutionPlan.Service, _ places: ServicePlaces) -> RegistryModel.Line {
    RegistryModel.Line(
      places.value(of: "factory") ?? places.written("init") ?? places.value(of: "type") ?? service.location)
  }

  /// What the never-run check passes for a value: a typed placeholder where the graph file knows
  /// the value's type, a literal for a scalar literal, an untyped placeholder otherwise.
  func checked(_ value: ResolutionPlan.Value, in plan: ResolutionPlan) -> RegistryModel.CheckedValue {
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
  func checked(_ literal: ResolutionPlan.Literal) -> RegistryModel.CheckedValue {
    switch literal {
    case .null: .none
    case .double(let value) where !value.isFinite: .unknown
    case .bool, .int, .double, .string: .literal(literal)
    case .list, .map: .unknown
    }
  }

  /// The literal and Swift values the services set properties to, once per type, property and
  /// value, in file order: Swift checks each against the property's type at its line.
  func propertyValues(_ uses: [Use]) -> [RegistryModel.PropertyValue] {
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
  func properties(_ uses: [Use]) -> [RegistryModel.Property] {
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
}
