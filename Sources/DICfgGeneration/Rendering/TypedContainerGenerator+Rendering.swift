import DICfgCompiler
import DICfgCore

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
      // Over the link, the link applies the stand-ins.
      replaceable =
        linked
        ? [] : Set(container.accessors.filter { !$0.isPrivate && parameters[$0.type] == nil }.map(\.property))
    }

    /// `type` as code that needs the type itself names it.
    func concrete(_ type: String) -> String { aliases[type] ?? type }

    /// `type` as an accessor property or a stand-in declares it.
    func declared(_ type: String) -> String { parameters[type] ?? concrete(type) }

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

  fileprivate func render(
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
      renderReplacements(container, isRoot: isRoot, model: model, spelling: spelling, access: access, into: &body)
      if linked {
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
      for member in container.members {
        body.documentation(["The container '\(member.name)' of the same link."])
        let property = SwiftIdentifier.escaped(member.property)
        body.line(
          model.containersViewRoot
            ? "\(access)var \(property): \(member.typeName) { \(member.typeName)(root: self) }"
            : "\(access)let \(property): \(member.typeName)")
      }
      let hasSingletons = { (container: TypedContainerModel.Container) in
        container.accessors.contains(where: { accessor in
          accessor.branches.contains { if case .singleton? = $0.construction { true } else { false } }
        })
      }
      if isView {
        renderViewState(of: container, model: model, hasSingletons: hasSingletons(container), into: &body)
      } else {
        // The views of the first container read its state.
        let state = model.containersViewRoot ? "fileprivate" : "private"
        if container.keepsExternals { body.line("\(state) let externals: Externals") }
        body.documentation(["The environment it was created for, which its accessors build the services of."])
        body.line("\(state) let _environment: \(isRoot ? "" : model.containers[0].typeName + ".")Environment")
        if linked {
          body.documentation(["The link, made when first needed, and the singletons' storage."])
          body.line("\(state) let _link: DeferredLink")
        }
        if model.containersViewRoot ? model.containers.contains(where: hasSingletons) : hasSingletons(container) {
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
      if linked {
        body.documentation(["The container as services that take `$container` get it: not kept alive by them."])
        body.line("private var observingContainer: Container {")
        body.indent { $0.line("get throws { try dynamicContainer.observing() }") }
        body.line("}")
      }
      body.blank()
      if isRoot {
        renderRootInitializer(container, model: model, access: access, into: &body)
      }
      let externals = container.keepsExternals ? ", externals: Externals" : ""
      if isView {
        body.line("fileprivate init(root: \(model.containers[0].typeName)) { _root = root }")
      } else {
        let storage =
          linked
          ? "link: DeferredLink, isReplaced: Bool"
          : "singletons: TypedSingletons, standIns: Replacements"
            + (isRoot ? "" : ", typeStandIns: \(model.containers[0].typeName).Replacements.ByType")
        body.line(
          "fileprivate init(environment: \(isRoot ? "" : model.containers[0].typeName + ".")Environment, "
            + "\(storage)\(externals)) {")
        let keepsSingletons =
          model.containersViewRoot ? model.containers.contains(where: hasSingletons) : hasSingletons(container)
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
      // The root resets what its storage caches (a cached service is built into the storage it keeps).
      let rootKeepsSingletons =
        model.containersViewRoot ? model.containers.contains(where: hasSingletons) : hasSingletons(container)
      if isRoot && !linked && !model.cachedServices.isEmpty && rootKeepsSingletons {
        body.blank()
        body.documentation(["Releases the `cached` services' instances: the next use of each builds a new one."])
        body.line("\(access)func resetCached() { _singletons.resetCached() }")
      }
      if isRoot { renderEveryEnvironment(container, model: model, access: access, into: &body) }
      renderBuildEveryService(container, isRoot: isRoot, model: model, access: access, into: &body)
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
    writer.line("}")
    guard !parameters.isEmpty else { return }
    writer.blank()
    writer.documentation([
      "The container '\(container.name)', its services of types the target's Swift does not declare bound to them."
    ])
    writer.line(
      "\(access)typealias \(container.typeName) = \(container.typeName)Of<"
        + parameters.map { spelling.concrete($0.type) }.joined(separator: ", ") + ">")
  }

  /// The state of a view of the first container: the first container, and what its accessors read
  /// of it.
  fileprivate func renderViewState(
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
  fileprivate static func externalsParameter(_ externals: [TypedContainerModel.External]) -> String {
    externals.isEmpty
      ? "" : externals.allSatisfy(\.optional) ? "externals: Externals = Externals(), " : "externals: Externals, "
  }

  /// `everyEnvironment(…)` and `buildEveryEnvironment(…)`: each environment's container created with
  /// one set of externals (a test's stand-ins), and every service of each built.
  fileprivate func renderEveryEnvironment(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let linked = model.runtime == .full
    let parameter = Self.externalsParameter(container.externals)
    let passed = container.externals.isEmpty ? "" : "externals: externals, "
    // The typed runtime reads no `${NAME}` parameter: its accessors build no service that does.
    func listed(_ text: String) -> String { text.hasSuffix(", ") ? String(text.dropLast(2)) : text }
    let parameters = listed(parameter + (linked ? "variables: [String: String]? = nil" : ""))
    let arguments = listed(passed + (linked ? "variables: variables" : ""))
    writer.documentation([
      "The container of every environment this build has (a layer under a `condition:` the build lacks is",
      linked
        ? "left out), each created with the same externals, a test's stand-ins, and `variables`."
        : "left out), each created with the same externals.",
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
  fileprivate func renderBuildEveryService(
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

  fileprivate func renderEnvironment(_ model: TypedContainerModel, access: String, into writer: inout SwiftWriter) {
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

  fileprivate func renderExternals(
    _ externals: [TypedContainerModel.External], spelling: Spelling, access: String, forLink: Bool,
    into writer: inout SwiftWriter
  ) {
    writer.documentation(["The instances the app supplies, as the graph file's `externals:` declares them."])
    writer.line("\(access)struct Externals: Sendable {")
    writer.indent { body in
      for external in externals {
        let name = SwiftIdentifier.escaped(external.property)
        let type = external.swiftType(spelling.concrete)
        // Held weakly over the typed runtime (the link holds its own the way it is told).
        if external.isWeak && !forLink {
          body.line("\(access)var \(name): \(spelling.concrete(external.type))? {")
          body.indent {
            $0.line("get { _\(external.property).value }")
            $0.line("set { _\(external.property) = WeakExternal(newValue) }")
          }
          body.line("}")
          body.line("private var _\(external.property): WeakExternal<\(spelling.concrete(external.type))>")
          continue
        }
        guard !external.isSendable else {
          body.line("\(access)var \(name): \(type)")
          continue
        }
        // A type that is not `Sendable` is held as the host app supplies it (decision record 108).
        let box = "NonSendableExternal<\(spelling.concrete(external.type))>"
        body.line("\(access)var \(name): \(type) {")
        body.indent {
          $0.line("get { _\(external.property)\(external.optional ? "?" : "").value }")
          $0.line(
            "set { _\(external.property) = " + (external.optional ? "newValue.map { \(box)($0) }" : "\(box)(newValue)")
              + " }")
        }
        body.line("}")
        body.line("private var _\(external.property): \(box)\(external.optional ? "?" : "")")
      }
      body.blank()
      let parameters = externals.map {
        "\(SwiftIdentifier.escaped($0.property)): \($0.swiftType(spelling.concrete))\($0.optional ? " = nil" : "")"
      }
      body.line("\(access)init(\(parameters.joined(separator: ", "))) {")
      body.indent { initializer in
        for external in externals {
          let name = SwiftIdentifier.escaped(external.property)
          if external.isWeak && !forLink {
            initializer.line("self._\(external.property) = WeakExternal(\(name))")
            continue
          }
          guard !external.isSendable else {
            initializer.line("self.\(name) = \(name)")
            continue
          }
          let box = "NonSendableExternal<\(spelling.concrete(external.type))>"
          initializer.line(
            "self._\(external.property) = " + (external.optional ? "\(name).map { \(box)($0) }" : "\(box)(\(name))"))
        }
      }
      body.line("}")
      // The link takes the externals by id.
      guard forLink else { return }
      body.blank()
      body.line("var byID: DICfgRuntime.Externals {")
      body.indent { values in
        values.line("var values = DICfgRuntime.Externals()")
        for external in externals {
          let stored = external.isSendable ? SwiftIdentifier.escaped(external.property) : "_" + external.property
          let key = QuotedString.quoted(external.key, in: .swift)
          values.line(
            external.optional
              ? "if let value = \(stored) { values.byID[\(key)] = value }" : "values.byID[\(key)] = \(stored)")
        }
        values.line("return values")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }

  fileprivate func renderRootInitializer(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let externals = container.externals
    let externalsParameter = Self.externalsParameter(externals)
    // Created without stand-ins, it throws only where creating it links the plan or builds an eager
    // singleton whose factory throws: an edit elsewhere adds no `try` where it is created.
    let throwing = Self.initializerThrows(model)
    guard model.runtime == .full else {
      renderTypedRootInitializer(container, model: model, access: access, into: &writer)
      return
    }
    for replacing in [false, true] {
      writer.documentation(
        [
          "The container of `environment`, reading `${NAME}` parameters from `variables` (by default the process",
          model.linksAtCreation
            ? "environment): links the plan to the generated registration and builds the eager singletons."
            : "environment, when the plan is linked). The plan is linked when something first needs it; the eager",
          model.linksAtCreation ? nil : "singletons are built now.",
          replacing ? "With stand-ins, the plan is linked now and every accessor resolves through it." : nil,
        ].compactMap { $0 })
      writer.line(
        "\(access)convenience init(environment: Environment = .base, \(externalsParameter)"
          + "variables: [String: String]? = nil\(replacing ? ", replacing replacements: Replacements" : ""))"
          + (replacing || throwing ? " throws" : "") + " {")
      writer.indent { body in
        let all = container.members.isEmpty ? "byID" : "all"
        body.line("let replaced = \(replacing ? "replacements" : "Replacements()").\(all)")
        let scoped =
          (model.weakServices.isEmpty ? "" : ", weakServices: \(model.weakServices)")
          + (model.cachedServices.isEmpty ? "" : ", cachedServices: \(model.cachedServices)")
        body.line("let link = DeferredLink(serviceCount: \(model.serviceCount)\(scoped)) { storage in")
        body.indent {
          $0.line("try Container(")
          $0.line(
            "  plan: try Registry.graphFilePlan(environment: environment == .base ? nil : environment.rawValue), "
              + "registry: try Registry.fromGraphFile(),")
          $0.line(
            "  externals: \(externals.isEmpty ? "[:]" : "externals.byID"), "
              + "environment: variables ?? ProcessInfo.processInfo.environment, replacing: replaced, sharing: storage)")
        }
        body.line("}")
        if replacing {
          body.line(
            model.linksAtCreation ? "_ = try link.container()" : "if !replaced.isEmpty { _ = try link.container() }")
        } else if model.linksAtCreation {
          body.line("_ = try link.container()")
        }
        body.line(
          "self.init(environment: environment, link: link, isReplaced: \(replacing ? "!replaced.isEmpty" : "false")"
            + "\(container.keepsExternals ? ", externals: externals" : ""))")
        renderEagerBuilds(model, into: &body)
      }
      writer.line("}")
      writer.blank()
    }
  }

  /// The root's initializer over the typed runtime: the storage made, the eager singletons built.
  fileprivate func renderTypedRootInitializer(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let externalsParameter = Self.externalsParameter(container.externals)
    for replacing in [false, true] {
      if replacing { writer.line("#if DEBUG") }
      writer.documentation(
        replacing
          ? [
            "The container of `environment` with stand-ins, for a test or a preview (debug builds only): every",
            "service that takes a replaced one is built in this container with the stand-in.",
          ] : ["The container of `environment`; the eager singletons are built now."])
      writer.line(
        "\(access)convenience init(environment: Environment = .base"
          + "\(externalsParameter.isEmpty ? "" : ", " + externalsParameter.dropLast(2))"
          + "\(replacing ? ", replacing replacements: Replacements" : ""))"
          + (Self.initializerThrows(model) ? " throws" : "") + " {")
      writer.indent { body in
        body.line(
          "self.init(environment: environment, singletons: TypedSingletons(serviceCount: \(model.serviceCount)), "
            + "standIns: \(replacing ? "replacements" : "Replacements()")"
            + "\(container.keepsExternals ? ", externals: externals" : ""))")
        renderEagerBuilds(model, into: &body)
      }
      writer.line("}")
      if replacing { writer.line("#endif") }
      writer.blank()
    }
  }

  /// The eager singletons, each built through its accessor in the environments it is eager in.
  fileprivate func renderEagerBuilds(_ model: TypedContainerModel, into body: inout SwiftWriter) {
    for eager in model.eager {
      let build = "_ = \(eager.isThrowing ? "try " : "")\(SwiftIdentifier.escaped(eager.property))"
      guard !eager.environments.isEmpty else {
        body.line(build)
        continue
      }
      // An environment whose layer has a condition is named only where its case exists.
      for group in Self.cases(of: eager.environments, conditions: model.conditions) {
        if let condition = group.condition { body.line("#if \(condition)") }
        body.line("if [\(group.cases.joined(separator: ", "))].contains(environment) { \(build) }")
        if group.condition != nil { body.line("#endif") }
      }
    }
  }

  /// Whether creating the container without stand-ins throws: where it links the plan at once, or
  /// builds an eager singleton whose factory throws.
  fileprivate static func initializerThrows(_ model: TypedContainerModel) -> Bool {
    model.linksAtCreation || model.eager.contains(where: \.isThrowing)
  }

  fileprivate func render(
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
  fileprivate func resolve(_ accessor: TypedContainerModel.Accessor, as type: String) -> String {
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
  fileprivate func resolution(of accessor: TypedContainerModel.Accessor, as type: String) -> String? {
    let constructions = accessor.branches.map(\.construction)
    if constructions.count == 1, let construction = constructions[0] {
      return resolution(of: accessor, construction, as: type)
    }
    guard constructions.allSatisfy({ $0?.isResolvedByTheLink ?? false }) else { return nil }
    return resolution(of: accessor, .runtime, as: type)
  }

  /// How `construction` gets the instance through the runtime as `type`, with `try`; nil for one
  /// that builds it.
  fileprivate func resolution(
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

  fileprivate func renderBody(
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
  fileprivate func render(
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
        let read = build.scope == .weak ? "weak" : build.scope == .cached ? "cached" : "singleton"
        opening = "return \(build.isThrowing ? "try " : "")_singletons.\(read)(\(build.number), as: \(built).self) {"
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

  fileprivate func render(
    _ steps: [TypedContainerModel.Step], spelling: Spelling, into writer: inout SwiftWriter
  ) {
    for step in steps {
      switch step {
      case .build(let local, let value): writer.line("let \(local) = \(swift(value, spelling))")
      case .set(let local, let property, let value): writer.line("\(local).\(property) = \(swift(value, spelling))")
      }
    }
  }

  fileprivate func render(_ maker: TypedContainerModel.Maker, spelling: Spelling, into writer: inout SwiftWriter) {
    let parameters = maker.parameters.map { "_ \(SwiftIdentifier.escaped($0.name)): \(spelling.concrete($0.type))" }
    let type = spelling.concrete(maker.type)
    writer.line(
      "\(maker.isMainActor ? "@MainActor " : "")private func \(maker.function)(\(parameters.joined(separator: ", ")))"
        + "\(maker.isAsync ? " async" : "")\(maker.isThrowing ? " throws" : "") -> \(type) {")
    let construct =
      "\(maker.initializerThrows ? "try " : "")\(maker.initializerAwaits ? "await " : "")"
      + call(maker.builder, of: type, with: maker.arguments, spelling)
    // The service's stand-in, where a test gave one, for every build that makes it here.
    let accessor = maker.service.flatMap { spelling.accessors[$0] }
    let standIn = accessor.flatMap { accessor in
      spelling.replaceable.contains(accessor.property) && spelling.declared(accessor.type) == type
        && (maker.isMainActor || !accessor.isMainActor) ? accessor : nil
    }
    writer.indent { body in
      if let standIn {
        body.line("if let standIn = _standIns.\(SwiftIdentifier.escaped(standIn.property)) { return standIn() }")
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
  fileprivate func call(
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
  fileprivate static func cases(
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
  fileprivate static func usesContainer(_ expression: TypedContainerModel.Expression, _ spelling: Spelling) -> Bool {
    switch expression {
    case .accessor, .otherAccessor, .call, .external, .heldExternal, .container, .typedContainer, .deferred: true
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
  fileprivate func providerWithArguments(
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

  fileprivate func swift(_ expression: TypedContainerModel.Expression, _ spelling: Spelling) -> String {
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
