import DICfgCompiler
import DICfgCore
import DICfgPlanning

// A typed container's creation: its externals, its initializers (the root's and the typed root's), its eager builds.
extension TypedContainerGenerator {
  func renderExternals(
    _ externals: [TypedContainerModel.External], spelling: Spelling, access: String, forLink: Bool,
    into writer: inout SwiftWriter
  ) {
    writer.documentation(["The instances the app supplies, as the graph file's `externals:` declares them."])
    writer.line("\(access)struct Externals: Sendable {")
    writer.indent { body in
      for external in externals {
        renderExternalProperty(external, spelling: spelling, access: access, forLink: forLink, into: &body)
      }
      body.blank()
      renderExternalsInitializer(externals, spelling: spelling, access: access, forLink: forLink, into: &body)
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

  /// One external's property: held weakly over the typed runtime, boxed where its type is not
  /// `Sendable` (decision record 108), else stored as it is.
  func renderExternalProperty(
    _ external: TypedContainerModel.External, spelling: Spelling, access: String, forLink: Bool,
    into body: inout SwiftWriter
  ) {
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
      return
    }
    guard !external.isSendable else {
      body.line("\(access)var \(name): \(type)")
      return
    }
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

  /// The externals' memberwise initializer, each stored as its property holds it.
  func renderExternalsInitializer(
    _ externals: [TypedContainerModel.External], spelling: Spelling, access: String, forLink: Bool,
    into body: inout SwiftWriter
  ) {
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
  }

  func renderRootInitializer(
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
  func renderTypedRootInitializer(
    _ container: TypedContainerModel.Container, model: TypedContainerModel, access: String,
    into writer: inout SwiftWriter
  ) {
    let externalsParameter = Self.externalsParameter(container.externals)
    let reads = Self.readsEnvironment(model)
    for replacing in [false, true] {
      if replacing { writer.line("#if DEBUG") }
      writer.documentation(
        (replacing
          ? [
            "The container of `environment` with stand-ins, for a test or a preview (debug builds only): every",
            "service that takes a replaced one is built in this container with the stand-in.",
          ] : ["The container of `environment`; the eager singletons are built now."])
          + (reads
            ? [
              "It reads the `${NAME}` parameters from `variables` (by default the process environment), and throws",
              "where a variable without a default is unset or a value is not of the type a service takes.",
            ] : []))
      writer.line(
        "\(access)convenience init(environment: Environment = .base"
          + "\(externalsParameter.isEmpty ? "" : ", " + externalsParameter.dropLast(2))"
          + (reads ? ", variables: [String: String]? = nil" : "")
          + "\(replacing ? ", replacing replacements: Replacements" : ""))"
          + (Self.initializerThrows(model) ? " throws" : "") + " {")
      writer.indent { body in
        var standIns = replacing ? "replacements" : "Replacements()"
        if replacing, Self.checksStandIns(model) {
          body.line("let check = StandInCheck(report: replacements.onMistake)")
          if !Self.skippableTypeStandIns(model).isEmpty {
            body.line("for mistake in replacements.unusable { check.report(mistake) }")
          }
          if model.hasLiveServices { standIns = "replacements.standingIn(check)" }
        }
        body.line(
          "self.init(environment: environment, singletons: TypedSingletons(serviceCount: \(model.serviceCount)), "
            + "standIns: \(standIns)"
            + (reads ? ", parameters: try Parameters(environment: environment, variables: variables)" : "")
            + "\(container.keepsExternals ? ", externals: externals" : ""))")
        renderEagerBuilds(model, into: &body)
      }
      writer.line("}")
      if replacing { writer.line("#endif") }
      writer.blank()
    }
  }

  /// The eager singletons, each built through its accessor in the environments it is eager in.
  func renderEagerBuilds(_ model: TypedContainerModel, into body: inout SwiftWriter) {
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

  /// Whether creating the container without stand-ins throws: where it links the plan at once,
  /// builds an eager singleton whose factory throws, or reads parameters from the environment.
  static func initializerThrows(_ model: TypedContainerModel) -> Bool {
    model.linksAtCreation || model.eager.contains(where: \.isThrowing) || readsEnvironment(model)
  }
}
