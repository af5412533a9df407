import DICfgCompiler
import DICfgCore
import DICfgPlanning

extension TypedContainerGenerator {
  // MARK: Rendering

  /// How one container's code spells types: an aliased type by its alias, or, in an accessor
  /// property's or stand-in's type, by the container's generic parameter; and how its code gets a
  /// service whose accessor returns a generic parameter, where it needs the type itself.
  struct Spelling {
    var aliases: [String: String]
    var parameters: [String: String]
    var accessors: [String: TypedContainerModel.Accessor]
    /// The compilation condition of each environment whose layer has one.
    var conditions: [String: String]
    /// How a closure the container's code passes captures the container weakly, and reaches it
    /// then (an optional): itself, or, for a view of the first container, that container.
    var weakCapture = (capture: "self", reach: "self")
    /// Whether the container is written over the link (`DICfgRuntime`), not the typed runtime alone.
    var linked: Bool
    /// The accessors a test may give a stand-in for over the typed runtime: the app's, of a type the
    /// container need not be generic over.
    var replaceable: Set<String> = []
    /// The first container's stand-in slots for types services are bound as.
    var typeSlots: Set<String> = []
    /// The container itself, as its type (`MainContainer`) names it.
    var this = "self"
    /// The parameters the root reads from the environment, by the types the builds take them as.
    var environmentReads: [TypedContainerModel.EnvironmentRead] = []
    /// The custom scopes, whose instances the typed runtime's storage keeps by their number here plus one.
    var customScopes: [String] = []

    /// The storage's call keeping service `number`'s instance of `type` as `scope` keeps it:
    /// `_singletons.weak(…)`, `.cached(…)` (with a custom scope's number), or `.singleton(…)`; the
    /// build closure follows.
    func storageCall(_ scope: ScopeKind, _ number: Int, as type: String) -> String {
      switch scope {
      case .weak: "_singletons.weak(\(number), as: \(type).self)"
      case .cached: "_singletons.cached(\(number), as: \(type).self)"
      case .custom(let name):
        "_singletons.cached(\(number), scope: \((customScopes.firstIndex(of: name) ?? -1) + 1), as: \(type).self)"
      case .singleton, .graph, .unique: "_singletons.singleton(\(number), as: \(type).self)"
      }
    }

    init(_ model: TypedContainerModel, _ container: TypedContainerModel.Container) {
      aliases = model.aliases
      conditions = model.conditions
      linked = model.runtime == .full
      if model.containersViewRoot, let root = model.containers.first, root.name != container.name {
        weakCapture = ("_root", "_root?." + SwiftIdentifier.escaped(SwiftIdentifier.camelCase(container.name)))
      }
      parameters = Dictionary(container.typeParameters.map { ($0.type, $0.name) }, uniquingKeysWith: { one, _ in one })
      // A class generic over the types the target does not declare is the type only once bound.
      if !container.typeParameters.isEmpty { this = "(self as! \(container.typeName))" }
      accessors = Dictionary(container.accessors.map { ($0.property, $0) }, uniquingKeysWith: { one, _ in one })
      typeSlots = Set(model.typeStandIns.map(\.slot))
      environmentReads = model.environmentReads
      customScopes = model.customScopes
      // Over the link, the link applies the stand-ins.
      replaceable =
        linked
        ? [] : Set(container.accessors.filter { !$0.isPrivate && parameters[$0.type] == nil }.map(\.property))
    }

    /// `type` as code that needs the type itself names it.
    func concrete(_ type: String) -> String { aliases[type] ?? type }

    /// `type` as an accessor property or a stand-in declares it.
    func declared(_ type: String) -> String { parameters[type] ?? concrete(type) }

    /// The accessor whose stand-in `maker` returns, where a test gave one, for every build that makes
    /// its service there: nil where its service has no stand-in of that type and isolation.
    func standIn(of maker: TypedContainerModel.Maker) -> TypedContainerModel.Accessor? {
      guard let accessor = maker.service.flatMap({ accessors[$0] }), replaceable.contains(accessor.property),
        declared(accessor.type) == concrete(maker.type), maker.isMainActor || !accessor.isMainActor
      else { return nil }
      return accessor
    }

    /// Whether the accessor `property` returns a generic parameter.
    func isGeneric(_ property: String) -> Bool {
      guard let accessor = accessors[property] else { return false }
      return accessor.arguments.isEmpty && parameters[accessor.type] != nil
    }
  }

  /// Writes the model's containers.
  func render(_ model: TypedContainerModel, into writer: inout SwiftWriter) {
    for (index, container) in model.containers.enumerated() {
      render(container, isRoot: index == 0, model: model, into: &writer)
      writer.blank()
    }
    guard model.buildsUnreadMembers else { return }
    // A static member of an unread module's type, taken with no arguments: Swift picks the first
    // for a function (`UNUserNotificationCenter.current`), the second for a property (`.shared`).
    writer.line("private func dicfgTypedMake<T>(_ make: () throws -> T) rethrows -> T { try make() }")
    writer.line("private func dicfgTypedMake<T>(_ value: T) -> T { value }")
    writer.blank()
  }

  /// Writes one container's class, its members in the order the file shows them (its documentation,
  /// externals and stand-ins, views of the other containers, storage, initializers, accessors, make
  /// functions).
  func render(
    _ container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel,
    into writer: inout SwiftWriter
  ) {
    let access = model.access == .internal ? "" : model.access.rawValue + " "
    let linked = model.runtime == .full
    writer.documentation([
      "The container '\(container.name)' of \(model.graphFile), typed: one accessor per service.",
      isRoot
        ? linked
          ? "Create it with the environment and the externals; the plan is linked when first needed."
          : "Create it with the environment and the externals; its accessors build every service."
        : "Reached from the first container of the file, which it collaborates with.",
    ])
    let spelling = Spelling(model, container)
    let parameters = container.typeParameters
    // A view of the first container: a struct holding it, made on each use.
    let isView = model.containersViewRoot && !isRoot
    writer.line(
      isView
        ? "\(access)struct \(container.typeName): Sendable {"
        : parameters.isEmpty
          ? "\(access)final class \(container.typeName): Sendable {"
          : "\(access)final class \(container.typeName)Of<\(parameters.map(\.name).joined(separator: ", "))>: Sendable {"
    )
    writer.indent { body in
      if isRoot { renderEnvironment(model, access: access, into: &body) }
      if isRoot && !container.externals.isEmpty {
        renderExternals(
          container.externals, spelling: spelling, access: access, forLink: model.runtime == .full, into: &body)
      }
      if isRoot && Self.readsEnvironment(model) { renderParameters(model, into: &body) }
      renderReplacements(container, isRoot: isRoot, model: model, spelling: spelling, access: access, into: &body)
      if linked { renderDynamicContainer(container, isRoot: isRoot, access: access, into: &body) }
      renderMembers(of: container, model: model, access: access, into: &body)
      if isView {
        renderViewState(of: container, model: model, hasSingletons: Self.hasSingletons(container), into: &body)
      } else {
        renderStoredState(of: container, isRoot: isRoot, model: model, into: &body)
      }
      if linked { renderObservingContainer(into: &body) }
      body.blank()
      if isRoot {
        renderRootInitializer(container, model: model, access: access, into: &body)
      }
      renderMemberwiseInitializer(of: container, isRoot: isRoot, isView: isView, model: model, into: &body)
      if isRoot && !linked { renderResets(of: container, model: model, access: access, into: &body) }
      if isRoot { renderEveryEnvironment(container, model: model, access: access, into: &body) }
      renderBuildEveryService(container, isRoot: isRoot, model: model, access: access, into: &body)
      renderAccessorsAndMakers(of: container, model: model, spelling: spelling, access: access, into: &body)
    }
    writer.line("}")
    if !parameters.isEmpty { renderBoundAlias(of: container, spelling: spelling, access: access, into: &writer) }
  }

  /// The other containers, reached from this one: each a view of the first, or kept.
  func renderMembers(
    of container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into body: inout SwiftWriter
  ) {
    for member in container.members {
      body.documentation(["The container '\(member.name)' of the same link."])
      let property = SwiftIdentifier.escaped(member.property)
      body.line(
        model.containersViewRoot
          ? "\(access)var \(property): \(member.typeName) { \(member.typeName)(root: self) }"
          : "\(access)let \(property): \(member.typeName)")
    }
  }

  /// Over the full runtime, the container as services that take `$container` get it.
  func renderObservingContainer(into body: inout SwiftWriter) {
    body.documentation(["The container as services that take `$container` get it: not kept alive by them."])
    body.line("private var observingContainer: Container {")
    body.indent { $0.line("get throws { try dynamicContainer.observing() }") }
    body.line("}")
  }

  /// Each accessor, then each make function, under its compilation condition where it has one.
  func renderAccessorsAndMakers(
    of container: TypedContainerModel.Container, model: TypedContainerModel, spelling: Spelling, access: String,
    into body: inout SwiftWriter
  ) {
    for accessor in container.accessors {
      body.blank()
      if let condition = accessor.condition { body.line("#if \(condition)") }
      // A service only layers add: its accessor is the file's (another container's view may call
      // it), not the app's.
      let hidden = model.containersViewRoot ? "fileprivate " : "private "
      render(accessor, spelling: spelling, access: accessor.isPrivate ? hidden : access, into: &body)
      if accessor.condition != nil { body.line("#endif") }
    }
    for maker in container.makers {
      body.blank()
      if let condition = maker.condition { body.line("#if \(condition)") }
      render(maker, spelling: spelling, into: &body)
      if maker.condition != nil { body.line("#endif") }
    }
  }

  /// The alias of a generic container with its services' types bound to those the target's Swift
  /// does not declare.
  func renderBoundAlias(
    of container: TypedContainerModel.Container, spelling: Spelling, access: String, into writer: inout SwiftWriter
  ) {
    writer.blank()
    writer.documentation([
      "The container '\(container.name)', its services of types the target's Swift does not declare bound to them."
    ])
    writer.line(
      "\(access)typealias \(container.typeName) = \(container.typeName)Of<"
        + container.typeParameters.map { spelling.concrete($0.type) }.joined(separator: ", ") + ">")
  }

  /// Whether some accessor of `container` builds a singleton, which its storage keeps.
  static func hasSingletons(_ container: TypedContainerModel.Container) -> Bool {
    container.accessors.contains(where: { accessor in
      accessor.branches.contains { if case .singleton? = $0.construction { true } else { false } }
    })
  }

  /// Over the full runtime, the dynamic container underneath.
  func renderDynamicContainer(
    _ container: TypedContainerModel.Container, isRoot: Bool, access: String, into body: inout SwiftWriter
  ) {
    body.documentation([
      "The dynamic container underneath, for what the accessors do not cover (a scope's reset, say):",
      "the plan linked to the generated registration on first use, sharing the accessors' singletons.",
    ])
    body.line("\(access)var dynamicContainer: Container {")
    body.indent {
      $0.line(
        isRoot
          ? "get throws { try _link.container() }"
          : "get throws { try _link.container(named: \(QuotedString.quoted(container.name, in: .swift))) }")
    }
    body.line("}")
  }

  /// What a container that is no view keeps: its externals, parameters, environment, link or
  /// stand-ins, and its singletons' storage.
  func renderStoredState(
    of container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel,
    into body: inout SwiftWriter
  ) {
    let linked = model.runtime == .full
    // The views of the first container read its state.
    let state = model.containersViewRoot ? "fileprivate" : "private"
    if container.keepsExternals { body.line("\(state) let externals: Externals") }
    if isRoot && Self.readsEnvironment(model) {
      body.documentation(["The parameters read from the environment when it was created."])
      body.line("\(state) let _parameters: Parameters")
    }
    body.documentation(["The environment it was created for, which its accessors build the services of."])
    body.line("\(state) let _environment: \(isRoot ? "" : model.containers[0].typeName + ".")Environment")
    if linked {
      body.documentation(["The link, made when first needed, and the singletons' storage."])
      body.line("\(state) let _link: DeferredLink")
    }
    if model.containersViewRoot ? model.containers.contains(where: Self.hasSingletons) : Self.hasSingletons(container) {
      body.documentation([linked ? "The singletons' storage, read without a retain." : "The singletons' storage."])
      body.line("\(state) let _singletons: \(linked ? "SingletonSlots" : "TypedSlots")")
    }
    if linked {
      body.documentation(["Whether services are replaced: accessors then resolve through the dynamic container."])
      body.line("\(state) let isReplaced: Bool")
    } else {
      body.documentation(["The stand-ins it was created with, which its accessors and make functions give first."])
      body.line("fileprivate let _standIns: Replacements")
      let root = model.containers[0].typeName
      if isRoot {
        body.line("private var _typeStandIns: Replacements.ByType { _standIns.byType }")
      } else {
        body.line("private let _typeStandIns: \(root).Replacements.ByType")
      }
    }
  }

  /// The initializer the root and the containers it creates call, which keeps what it is given.
  func renderMemberwiseInitializer(
    of container: TypedContainerModel.Container, isRoot: Bool, isView: Bool, model: TypedContainerModel,
    into body: inout SwiftWriter
  ) {
    let linked = model.runtime == .full
    let externals = container.keepsExternals ? ", externals: Externals" : ""
    if isView {
      body.line("fileprivate init(root: \(model.containers[0].typeName)) { _root = root }")
    } else {
      let storage =
        linked
        ? "link: DeferredLink, isReplaced: Bool"
        : "singletons: TypedSingletons, standIns: Replacements"
          + (isRoot ? "" : ", typeStandIns: \(model.containers[0].typeName).Replacements.ByType")
          + (isRoot && Self.readsEnvironment(model) ? ", parameters: Parameters" : "")
      body.line(
        "fileprivate init(environment: \(isRoot ? "" : model.containers[0].typeName + ".")Environment, "
          + "\(storage)\(externals)) {")
      let keepsSingletons =
        model.containersViewRoot ? model.containers.contains(where: Self.hasSingletons) : Self.hasSingletons(container)
      body.indent { initializer in
        initializer.line("_environment = environment")
        if linked {
          initializer.line("_link = link")
          if keepsSingletons { initializer.line("_singletons = link.storage.slots") }
          initializer.line("self.isReplaced = isReplaced")
        } else {
          if keepsSingletons { initializer.line("_singletons = TypedSlots(singletons)") }
          initializer.line("_standIns = standIns")
          if !isRoot { initializer.line("_typeStandIns = typeStandIns") }
          if isRoot && Self.readsEnvironment(model) { initializer.line("_parameters = parameters") }
        }
        if !externals.isEmpty { initializer.line("self.externals = externals") }
        for member in container.members where !model.containersViewRoot {
          initializer.line(
            "\(SwiftIdentifier.escaped(member.property)) = \(member.typeName)(environment: environment, "
              + (linked
                ? "link: link, isReplaced: isReplaced)"
                : "singletons: singletons, standIns: standIns.\(SwiftIdentifier.escaped(member.property)), "
                  + "typeStandIns: standIns.byType)"))
        }
      }
      body.line("}")
    }
  }

  /// The root's resets over the typed runtime: of the `cached` services, and of each custom scope.
  func renderResets(
    of container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into body: inout SwiftWriter
  ) {
    // The root resets what its storage caches (a cached service is built into the storage it keeps).
    let rootKeepsSingletons =
      model.containersViewRoot ? model.containers.contains(where: Self.hasSingletons) : Self.hasSingletons(container)
    if !model.cachedServices.isEmpty && rootKeepsSingletons {
      body.blank()
      body.documentation(["Releases the `cached` services' instances: the next use of each builds a new one."])
      body.line("\(access)func resetCached() { _singletons.resetCached() }")
    }
    // Over the typed runtime, the root resets each custom scope, in every container.
    for (index, scope) in model.customScopes.enumerated() {
      body.blank()
      body.documentation([
        "Releases the instances of the custom scope '\(scope)' (in every container): the next use of each builds a new one."
      ])
      body.line(
        "\(access)func reset\(SwiftIdentifier.upperCamelCase(scope))() {"
          + (rootKeepsSingletons ? " _singletons.reset(scope: \(index + 1)) " : "") + "}")
    }
  }

  /// The state of a view of the first container: the first container, and what its accessors read
  /// of it.
  func renderViewState(
    of container: TypedContainerModel.Container, model: TypedContainerModel, hasSingletons: Bool,
    into body: inout SwiftWriter
  ) {
    let root = model.containers[0].typeName
    body.documentation(["The first container of the file, which holds the link and the singletons."])
    body.line("fileprivate let _root: \(root)")
    body.documentation(["The environment it was created for, which its accessors build the services of."])
    body.line("private var _environment: \(root).Environment { _root._environment }")
    if model.containers[0].keepsExternals {
      body.documentation(["The externals the first container was created with."])
      body.line("private var externals: \(root).Externals { _root.externals }")
    }
    if Self.readsEnvironment(model) && !model.environmentReads.isEmpty {
      body.documentation(["The parameters the first container read from the environment when it was created."])
      body.line("private var _parameters: \(root).Parameters { _root._parameters }")
    }
    let linked = model.runtime == .full
    if linked {
      body.documentation(["The link, made when first needed, and the singletons' storage."])
      body.line("private var _link: DeferredLink { _root._link }")
    }
    if hasSingletons {
      body.documentation([linked ? "The singletons' storage, read without a retain." : "The singletons' storage."])
      body.line("private var _singletons: \(linked ? "SingletonSlots" : "TypedSlots") { _root._singletons }")
    }
    if linked {
      body.documentation(["Whether services are replaced: accessors then resolve through the dynamic container."])
      body.line("private var isReplaced: Bool { _root.isReplaced }")
    } else {
      let member = model.containers[0].members.first { $0.name == container.name }?.property ?? container.name
      body.documentation(["The stand-ins the first container was created with, which its accessors give first."])
      body.line("private var _standIns: Replacements { _root._standIns.\(SwiftIdentifier.escaped(member)) }")
      body.line("private var _typeStandIns: \(root).Replacements.ByType { _root._standIns.byType }")
    }
  }

  /// The root's `externals:` parameter: none without externals, defaulted when every one is optional.
  static func externalsParameter(_ externals: [TypedContainerModel.External]) -> String {
    externals.isEmpty
      ? "" : externals.allSatisfy(\.optional) ? "externals: Externals = Externals(), " : "externals: Externals, "
  }

  /// `everyEnvironment(…)` and `buildEveryEnvironment(…)`: each environment's container created with
  /// one set of externals (a test's stand-ins), and every service of each built.
  func renderEveryEnvironment(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let linked = model.runtime == .full
    let parameter = Self.externalsParameter(container.externals)
    let passed = container.externals.isEmpty ? "" : "externals: externals, "
    // The `${NAME}` parameters are read by the link, or by the typed root where the graph has some.
    let reads = linked || Self.readsEnvironment(model)
    func listed(_ text: String) -> String { text.hasSuffix(", ") ? String(text.dropLast(2)) : text }
    let parameters = listed(parameter + (reads ? "variables: [String: String]? = nil" : ""))
    let arguments = listed(passed + (reads ? "variables: variables" : ""))
    writer.documentation([
      "The container of every environment this build has (a layer under a `condition:` the build lacks is",
      linked
        ? "left out), each created with the same externals, a test's stand-ins, and `variables`."
        : "left out), each created with the same externals\(reads ? " and `variables`" : "").",
    ])
    writer.line(
      "\(access)static func everyEnvironment(\(parameters))\(linked || Self.initializerThrows(model) ? " throws" : "") "
        + "-> [(environment: Environment, container: \(container.typeName)\(container.typeParameters.isEmpty ? "" : "Of"))] {"
    )
    writer.indent {
      $0.line(
        "\(Self.initializerThrows(model) ? "try " : "")Environment.allCases.map { ($0, "
          + "\(Self.initializerThrows(model) ? "try " : "")\(container.typeName)"
          + "\(container.typeParameters.isEmpty ? "" : "Of")(environment: $0\(arguments.isEmpty ? "" : ", " + arguments))) }"
      )
    }
    writer.line("}")
    writer.blank()
    renderBuildEveryEnvironment(
      container, linked: linked, access: access, parameters: parameters, arguments: arguments, into: &writer)
  }

  /// `buildEveryEnvironment(…)`: every environment's container, each service of each built.
  func renderBuildEveryEnvironment(
    _ container: TypedContainerModel.Container, linked: Bool, access: String, parameters: String, arguments: String,
    into writer: inout SwiftWriter
  ) {
    writer.documentation(
      linked
        ? [
          "Creates the container of every environment this build has with the same externals and builds every",
          "service of each: the plan is linked, so a value the link cannot pass fails, and each accessor is",
          "called, so a factory that fails does. A test that calls it finds an environment's mistake before the",
          "app runs; the error names the environment and, for a graph mistake, the graph file's line.",
        ]
        : [
          "Creates the container of every environment this build has with the same externals and builds every",
          "service of each: each accessor is called, so a factory that fails does. A test that calls it finds",
          "an environment's mistake before the app runs; the error names the environment.",
        ])
    writer.line("\(access)static func buildEveryEnvironment(\(parameters)) async throws {")
    writer.indent { body in
      body.line("for environment in Environment.allCases {")
      body.indent {
        $0.line("do {")
        $0.line(
          "  try await \(container.typeName)\(container.typeParameters.isEmpty ? "" : "Of")(environment: environment"
            + "\(arguments.isEmpty ? "" : ", " + arguments)).buildEveryService()")
        $0.line("} catch {")
        $0.line("  throw EnvironmentBuildError(environment: environment.rawValue, error: error)")
        $0.line("}")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }

  /// `buildEveryService()`: links the plan and calls each accessor of the environment's services
  /// (but those that take run-time arguments), with each accessor's effects, main-actor ones on the
  /// main actor; then the same in each container it reaches.
  func renderBuildEveryService(
    _ container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    writer.documentation([
      "Builds every service of the environment it was created for (but those that take run-time arguments):",
      model.runtime == .full
        ? "links the plan, then calls each accessor once, main-actor ones on the main actor."
        : "calls each accessor once, main-actor ones on the main actor.",
    ])
    writer.line("\(isRoot ? access : "fileprivate ")func buildEveryService() async throws {")
    writer.indent { body in
      if isRoot && model.runtime == .full { body.line("_ = try dynamicContainer") }
      let all = [nil] + model.environments.map { Optional($0) }
      for accessor in container.accessors where accessor.arguments.isEmpty {
        let environments = accessor.branches.filter { $0.construction != nil }.flatMap(\.environments)
        let property = "self." + SwiftIdentifier.escaped(accessor.property)
        let effects = (accessor.isThrowing ? "try " : "") + (accessor.isAsync ? "await " : "")
        let build: String
        switch (accessor.isMainActor, accessor.isAsync) {
        case (false, _): build = "_ = \(effects)\(property)"
        case (true, false):
          build = "\(accessor.isThrowing ? "try " : "")await MainActor.run { _ = \(effects)\(property) }"
        case (true, true):
          build = "\(accessor.isThrowing ? "try " : "")await Task { @MainActor in _ = \(effects)\(property) }.value"
        }
        if let condition = accessor.condition { body.line("#if \(condition)") }
        if Set(environments) == Set(all) {
          body.line(build)
        } else {
          for group in Self.cases(of: all.filter(environments.contains), conditions: model.conditions) {
            if let condition = group.condition { body.line("#if \(condition)") }
            body.line("if [\(group.cases.joined(separator: ", "))].contains(_environment) { \(build) }")
            if group.condition != nil { body.line("#endif") }
          }
        }
        if accessor.condition != nil { body.line("#endif") }
      }
      for member in container.members {
        body.line("try await \(SwiftIdentifier.escaped(member.property)).buildEveryService()")
      }
    }
    writer.line("}")
  }

  func renderEnvironment(_ model: TypedContainerModel, access: String, into writer: inout SwiftWriter) {
    writer.documentation([
      model.runtime == .full
        ? "The environments there are plans for: the base, and one for each layer beside \(model.graphFile)."
        : "The environments: the base, and one for each layer beside \(model.graphFile)."
    ])
    writer.line("\(access)enum Environment: String, CaseIterable, Sendable {")
    writer.indent { body in
      body.line("case base")
      var condition: String?
      for environment in model.environments {
        body.condition(model.conditions[environment], after: &condition)
        let name = SwiftIdentifier.camelCase(environment)
        body.line(
          name == environment
            ? "case \(SwiftIdentifier.escaped(name))"
            : "case \(SwiftIdentifier.escaped(name)) = \(QuotedString.quoted(environment, in: .swift))")
      }
      body.condition(nil, after: &condition)
      body.blank()
      body.documentation([
        "The environment `name` names (a launch argument, say); an error names the closest one for a typo."
      ])
      body.line("\(access)init(named name: String) throws {")
      body.indent {
        $0.line("guard let environment = Self(rawValue: name) else {")
        let known = SwiftWriter.knownEnvironments(
          [("nil", nil)] + model.environments.map { (QuotedString.quoted($0, in: .swift), model.conditions[$0]) })
        for line in known.dropLast(known.count == 1 ? 1 : 0) { $0.line("  " + line) }
        $0.line(
          "  throw \(model.runtime == .full ? "RegistryError.unknownEnvironment" : "UnknownEnvironmentError")(name, "
            + "known: \(known.count == 1 ? known[0] : "known"), graphFile: "
            + "\(QuotedString.quoted(model.graphFile, in: .swift)))")
        $0.line("}")
        $0.line("self = environment")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }
}
