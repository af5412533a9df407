public import DICfgCore

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
public struct RegistryGenerator: Sendable {
  /// The access level of the generated entry points.
  public enum Access: String, Sendable, CaseIterable {
    case `internal`, `package`, `public`
  }

  /// One compiled configuration: the base (`environment` nil) or the base with an environment.
  public struct Variant: Sendable {
    public var environment: String?
    public var plan: ResolutionPlan

    public init(environment: String?, plan: ResolutionPlan) {
      self.environment = environment
      self.plan = plan
    }
  }

  public var access: Access
  /// Modules the generated file imports besides DICfgRuntime: where the types are declared.
  public var imports: [String]
  /// The graph files the registration is written from, for the header.
  public var sources: [String]

  public init(access: Access = .internal, imports: [String] = [], sources: [String]) {
    self.access = access
    self.imports = imports
    self.sources = sources
  }

  /// The Swift file.
  ///
  /// - Parameters:
  ///   - variants: The compiled configurations, base first.
  ///   - includePlans: Whether to embed the plans (`graphFilePlan(environment:)`): for one graph
  ///     file, whose variants differ by environment only.
  public func generate(_ variants: [Variant], includePlans: Bool = true) -> String {
    let uses = uses(variants)
    var writer = SwiftWriter()
    writer.header(sources: sources, environments: variants.compactMap(\.environment), imports: imports)
    let prefix = access == .internal ? "" : access.rawValue + " "
    writer.line("extension Registry {")
    writer.indent {
      $0.documentation([
        "The factories and properties of \(sources.joined(separator: ", ")), with every environment layer beside it:",
        "each type built with the initializer its services' `init:` lists.",
      ])
      $0.line("\(prefix)static func fromGraphFile() throws -> Registry {")
      $0.indent { body in
        body.line("var registry = Registry()")
        writeFactories(uses, into: &body)
        writeProperties(uses, into: &body)
        body.line("return registry")
      }
      $0.line("}")
      if includePlans { writePlans(variants, prefix: prefix, into: &$0) }
    }
    writer.line("}")
    writer.blank()
    let needs = helperNeeds(uses)
    writer.helpers(
      callArities: needs.arities, registersNoArguments: needs.registersNoArguments,
      registersNoArgumentsOnMainActor: needs.registersNoArgumentsOnMainActor)
    return writer.text
  }

  // MARK: Factories

  /// A service as one variant's plan has it.
  private struct Use {
    var service: ResolutionPlan.Service
    var plan: ResolutionPlan
    var container: Int

    var labels: [String] { service.initializer.map(\.label) }
    var key: String { service.type + "(" + labels.map { $0 + ":" }.joined() + ")" }
  }

  /// Every service of every variant, once per distinct definition, in file order (computed once
  /// per file).
  private func uses(_ variants: [Variant]) -> [Use] {
    var seen = Set<ResolutionPlan.Service>()
    var uses: [Use] = []
    for variant in variants {
      for (index, container) in variant.plan.containers.enumerated() {
        for service in container.services where seen.insert(service).inserted {
          uses.append(Use(service: service, plan: variant.plan, container: index))
        }
      }
    }
    return uses
  }

  /// For each type and initializer: a constant holding the initializer the `init:` labels name,
  /// its registration, and for each service that uses it a check of its values in a closure that
  /// never runs. The constant keeps the initializer's own type: a synchronous one registers as a
  /// synchronous factory, an `async` one as a factory the resolve awaits, and the initializer of a
  /// service the graph file says is `isolation: MainActor` with `register(mainActor:)` (Swift does
  /// not overload on a function type's global actor, so the file must say it). The check calls it
  /// through `dicfgCall…`, which makes every initializer
  /// `async throws`, so the call takes `try await` whatever the initializer is, with no warning;
  /// binding that function before the call lets the compiler name a wrong value precisely.
  /// An initializer of no arguments is registered through `dicfgRegister0` (or
  /// `dicfgRegisterMainActor0`), whose overloads pick it among the type's initializers.
  private func writeFactories(_ uses: [Use], into writer: inout SwiftWriter) {
    var constants: [String: String] = [:]
    // An initializer is main-actor isolated where any service built with it says so; the link
    // reports a service that says otherwise.
    let mainActorKeys = Set(uses.filter { $0.service.isolation == .mainActor }.map(\.key))
    for use in uses {
      let service = use.service
      let (line, file) = anchor(of: service)
      let labels = "[" + use.labels.map(literal).joined(separator: ", ") + "]"
      let isMainActor = mainActorKeys.contains(use.key)
      if service.initializer.isEmpty {
        if constants[use.key] == nil {
          constants[use.key] = ""
          let helper = isMainActor ? "dicfgRegisterMainActor0" : "dicfgRegister0"
          writer.mapped(
            file: file, line: line,
            ["try \(helper)(&registry, \(service.type).init, typeName: \(literal(service.type)), labels: [])"])
        }
        continue
      }
      let constant: String
      if let existing = constants[use.key] {
        constant = existing
      } else {
        constant = "factory\(constants.values.count { !$0.isEmpty } + 1)"
        constants[use.key] = constant
        writer.mapped(
          file: file, line: line,
          [
            "let \(constant) = \(initializer(service))",
            "try registry.register(\(isMainActor ? "mainActor: " : "")\(constant), typeName: \(literal(service.type)), "
              + "labels: \(labels))",
          ])
      }
      let checks = service.initializer.map { check($0.value, in: use.plan) }
      writer.mappedCall(
        file: file, headLine: line,
        head: "_ = { () async throws -> Void in let call = dicfgCall\(service.initializer.count)(\(constant)); "
          + "_ = try await call(",
        values: zip(service.initializer, checks).map { ($0.location.file == file ? $0.location.line : 0, $1) })
    }
  }

  /// The arities of the initializers the file calls in its checks, and whether it registers one
  /// of no arguments, for the helpers.
  private func helperNeeds(_ uses: [Use]) -> (
    arities: Set<Int>, registersNoArguments: Bool, registersNoArgumentsOnMainActor: Bool
  ) {
    let arities = Set(uses.map(\.service.initializer.count))
    let mainActorKeys = Set(uses.filter { $0.service.isolation == .mainActor }.map(\.key))
    let noArguments = Set(uses.filter(\.service.initializer.isEmpty).map(\.key))
    return (
      arities.subtracting([0]), !noArguments.subtracting(mainActorKeys).isEmpty,
      !noArguments.isDisjoint(with: mainActorKeys)
    )
  }

  /// The line a service's registration maps to, and its file: the line before its first `init:`
  /// value when that is still within the service, else the service's own line.
  private func anchor(of service: ResolutionPlan.Service) -> (Int, String) {
    guard let first = service.initializer.first?.location, first.file == service.location.file else {
      return (service.location.line, service.location.file)
    }
    return (first.line - 1 > service.location.line ? first.line - 1 : first.line, first.file)
  }

  /// The initializer a service names, as an unapplied reference.
  private func initializer(_ service: ResolutionPlan.Service) -> String {
    return "\(service.type).init(" + service.initializer.map { $0.label + ":" }.joined() + ")"
  }

  /// What the never-run check passes for a value: a typed placeholder where the graph file knows
  /// the value's type, a Swift literal for a scalar literal, an untyped placeholder otherwise.
  private func check(_ value: ResolutionPlan.Value, in plan: ResolutionPlan) -> String {
    switch value {
    case .service(let reference):
      return "dicfgValue(\(plan.containers[reference.container].services[reference.service].type).self)"
    case .external(let container, let index):
      let external = plan.containers[container].externals[index]
      return "dicfgValue(\(external.type)\(external.optional || external.retain != .strong ? "?" : "").self)"
    case .parameter(let index):
      if case .literal(let literal) = plan.parameters[index].value, let swift = swiftLiteral(literal) { return swift }
      return "dicfgValue()"
    case .argument:
      return "dicfgValue()"
    case .container:
      return "dicfgValue(Container.self)"
    case .literal(let literal):
      return swiftLiteral(literal) ?? "dicfgValue()"
    case .optional(nil):
      return "nil"
    case .optional(let wrapped?):
      return check(wrapped, in: plan)
    case .provider, .lazy, .tagged, .array:
      return "dicfgValue()"
    }
  }

  /// A scalar literal as Swift writes it; nil for lists and mappings, whose element types Swift
  /// would infer differently from the run-time values.
  private func swiftLiteral(_ literal: ResolutionPlan.Literal) -> String? {
    switch literal {
    case .null: "nil"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): value.isFinite ? "\(value)" : nil
    case .string(let value): self.literal(value)
    case .list, .map: nil
    }
  }

  // MARK: Properties

  private func writeProperties(_ uses: [Use], into writer: inout SwiftWriter) {
    var registered = Set<String>()
    // A main-actor type's properties are set on the main actor, through a closure: Swift forms no
    // key path to a main-actor property outside it.
    let mainActorTypes = Set(uses.filter { $0.service.isolation == .mainActor }.map(\.service.type))
    for use in uses {
      for property in use.service.properties where registered.insert(use.service.type + "." + property.label).inserted {
        let head = "try registry.property(\(literal(property.label)), of: \(use.service.type).self, "
        writer.mapped(
          file: property.location.file, line: property.location.line,
          [
            mainActorTypes.contains(use.service.type)
              ? head + "typeName: \(literal(use.service.type)), mainActor: { $0.\(property.label) = $1 })"
              : head + "\\.\(property.label), typeName: \(literal(use.service.type)))"
          ])
      }
    }
  }

  // MARK: Plans

  private func writePlans(_ variants: [Variant], prefix: String, into writer: inout SwiftWriter) {
    writer.blank()
    writer.documentation([
      "The compiled plan of \(sources.joined(separator: ", ")) for `environment` (the base when nil), so the app",
      "needs neither the graph file nor libyaml at run time.",
    ])
    writer.line("\(prefix)static func graphFilePlan(environment: String? = nil) throws -> ResolutionPlan {")
    writer.indent { body in
      body.line("switch environment {")
      for variant in variants {
        guard let json = try? variant.plan.jsonText() else { continue }
        body.line("case \(variant.environment.map(literal) ?? "nil"):")
        body.indent { $0.line("return try ResolutionPlan(jsonText: \(rawLiteral(json)))") }
      }
      body.line("default:")
      body.indent {
        $0.line(
          "throw RegistryError(\"no compiled plan for environment '\\(environment ?? \"base\")'; \"")
        $0.line(
          "  + \"generate with '--env' or '--all-envs' to include it\")")
      }
      body.line("}")
    }
    writer.line("}")
  }

  // MARK: Literals

  private func literal(_ text: String) -> String { QuotedString.quoted(text, in: .swift) }

  /// `text` as a raw multi-line string literal, with enough `#` that nothing in it closes it.
  private func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\"\"\"" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "\"\"\"" + hashes
  }
}
