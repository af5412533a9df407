public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgLoader

/// `dicfg explain`: one service's merged definition, where each field was set, its dependencies
/// and its dependents.
public struct ExplainCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Show a service's merged definition, the layer that set each field, its dependencies and dependents.",
    discussion: """
      Examples:
        dicfg explain config/app.yaml weatherClient
        dicfg explain config/app.yaml weatherClient --env production
      """
  )

  @Argument(help: "The graph file.")
  public var file: String

  @Argument(help: "The service id (or alias).")
  public var service: String

  @OptionGroup public var input: GraphInputOptions

  @Option(help: "The container holding the service; searched in every container when absent.")
  public var container: String?

  public init() {}

  public func run() throws {
    try runInProcess()
  }

  /// Explains the service and returns what to print.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let plan: ResolutionPlan
    let compiled: CompileResult
    switch Compilation.compile(file: file, input: input, colors: colorTerminal) {
    case .failed(let failure): return failure
    case .compiled(let compiledPlan, let base, _): (plan, compiled) = (compiledPlan, base)
    }
    let candidates = plan.containers.indices.filter { container == nil || plan.containers[$0].name == container }
    for containerIndex in candidates {
      let declaration = plan.containers[containerIndex]
      if let alias = declaration.aliases.first(where: { $0.id == service }) {
        let target = plan.containers[alias.target.container].services[alias.target.service]
        var text = "alias '\(alias.id)' (container '\(declaration.name)')  \(alias.location)\n"
        text += "  names service '\(target.id)'  \(target.location)\n"
        return CommandResult(exitCode: 0, standardOutput: text)
      }
      guard let index = declaration.services.firstIndex(where: { $0.id == service }) else { continue }
      let places = compiled.places(
        ofService: service, inContainer: declaration.name, at: declaration.services[index].location)
      return CommandResult(
        exitCode: 0,
        standardOutput: ServiceExplanation(plan: plan, container: containerIndex, service: index, places: places).text)
    }
    let known = plan.containers.flatMap { $0.services.map(\.id) + $0.aliases.map(\.id) }
    return CommandResult(
      exitCode: 1,
      standardError: "error: no service '\(service)' in '\(file)'" + Suggestions.clause(for: service, among: known)
        + "\n")
  }
}

/// The text of `dicfg explain` for one service.
struct ServiceExplanation {
  let plan: ResolutionPlan
  let container: Int
  let service: Int
  /// Where the merged layers set each of its fields.
  let places: ServicePlaces

  private var definition: ResolutionPlan.Service { plan.containers[container].services[service] }

  var text: String {
    var lines = ["service '\(definition.id)' (container '\(plan.containers[container].name)')"]
    lines += fieldLines()
    lines.append("scope: \(definition.scope)\(definition.eager ? " (eager)" : "")")
    let dependencies = dependencyLines()
    lines.append(dependencies.isEmpty ? "depends on: nothing" : "depends on:")
    lines += dependencies
    let dependents = dependentLines()
    lines.append(dependents.isEmpty ? "dependents: none" : "dependents:")
    lines += dependents
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each field as merged, with the location of the layer that set it.
  private func fieldLines() -> [String] {
    var lines: [String] = []
    for field in places.fields {
      if let labels = field.labels {
        lines.append(aligned("  \(field.key):", field.location))
        for label in labels { lines.append(aligned("    \(label.key): \(label.value)", label.location)) }
      } else {
        lines.append(aligned("  \(field.key): \(field.value)", field.location))
      }
    }
    return lines
  }

  private func aligned(_ text: String, _ location: SourceLocation) -> String {
    let width = 44
    let padding = text.count < width ? String(repeating: " ", count: width - text.count) : "  "
    return text + padding + location.description
  }

  private func dependencyLines() -> [String] {
    let positions =
      definition.initializer.map { ("argument '\($0.label)'", $0) }
      + definition.properties.map { ("property '\($0.label)'", $0) }
    return positions.map { position, argument in
      "  \(position): \(describe(argument.value))  (\(argument.location))"
    }
  }

  private func dependentLines() -> [String] {
    var lines: [String] = []
    for (containerIndex, container) in plan.containers.enumerated() {
      for other in container.services {
        let positions =
          other.initializer.map { ("argument '\($0.label)'", $0) }
          + other.properties.map { ("property '\($0.label)'", $0) }
        for (position, argument) in positions where references(argument.value) {
          let owner = containerIndex == self.container ? "" : " in container '\(container.name)'"
          lines.append("  '\(other.id)'\(owner), \(position)  (\(argument.location))")
        }
      }
    }
    return lines
  }

  private func isThisService(_ reference: ResolutionPlan.ServiceReference) -> Bool {
    reference.container == container && reference.service == service
  }

  private func references(_ value: ResolutionPlan.Value) -> Bool {
    value.serviceUses.contains { isThisService($0.reference) }
  }

  private func describe(_ value: ResolutionPlan.Value) -> String {
    switch value {
    case .service(let reference): "service \(serviceName(reference))"
    case .external(let owner, let index): "external '\(plan.containers[owner].externals[index].id)'"
    case .parameter(let index): "parameter '\(plan.parameters[index].name)'"
    case .argument(let name): "run-time argument '\(name)'"
    case .container: "the container"
    case .literal(let literal): "literal \(describe(literal))"
    case .provider(let reference): "provider of \(serviceName(reference))"
    case .lazy(let reference): "lazy \(serviceName(reference))"
    case .tagged(let tag, let references):
      "services tagged '\(tag)' [\(references.map(serviceName).joined(separator: ", "))]"
    case .array(let values): "[" + values.map(describe).joined(separator: ", ") + "]"
    case .optional(let wrapped?): "optional " + describe(wrapped)
    case .optional(nil): "nil (nothing provides it)"
    case .swift(let expression): "Swift value \(expression)"
    }
  }

  private func describe(_ literal: ResolutionPlan.Literal) -> String {
    switch literal {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .double(let value): "\(value)"
    case .string(let value): "'\(value)'"
    case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
    case .map(let entries): "{ " + entries.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ") + " }"
    }
  }

  private func serviceName(_ reference: ResolutionPlan.ServiceReference) -> String {
    let target = plan.containers[reference.container].services[reference.service]
    let owner = reference.container == container ? "" : " in container '\(plan.containers[reference.container].name)'"
    return "'\(target.id)'\(owner)"
  }
}
