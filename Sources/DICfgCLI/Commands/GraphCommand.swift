public import ArgumentParser
import DICfgCore

/// `dicfg graph`: draws the dependency graph.
public struct GraphCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the dependency graph as Graphviz DOT or Mermaid.",
    discussion: """
      Containers are clusters; the shape of a service shows its scope (graph: ellipse, unique: \
      diamond, singleton: box, weak: octagon, cached: cylinder, custom: folder; externals are \
      parallelograms). Initializer edges are solid; property, provider and lazy edges dashed.

      Examples:
        dicfg graph config/app.yaml | dot -Tsvg > graph.svg
        dicfg graph config/app.yaml --env test --format mermaid --container eventsList
      """
  )

  public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dot, mermaid
  }

  @Argument(help: "The graph file.")
  public var file: String

  @OptionGroup public var input: GraphInputOptions

  @Option(help: "The output format: dot or mermaid.")
  public var format: Format = .dot

  @Option(help: "Draw only this container (and what it uses in others).")
  public var container: String?

  public init() {}

  public func run() throws {
    try runInProcess()
  }

  /// Draws the graph and returns what to print.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let plan: ResolutionPlan
    switch Compilation.compile(file: file, input: input, colors: colorTerminal) {
    case .failed(let failure): return failure
    case .compiled(let compiledPlan, _): plan = compiledPlan
    }
    var containerIndex: Int?
    if let container {
      guard let index = plan.containers.firstIndex(where: { $0.name == container }) else {
        let names = plan.containers.map { "'\($0.name)'" }.joined(separator: ", ")
        return CommandResult(
          exitCode: 64,
          standardError: "error: no container '\(container)' in '\(file)'"
            + Suggestions.clause(for: container, among: plan.containers.map(\.name)) + " (it has \(names))\n")
      }
      containerIndex = index
    }
    let output = GraphRenderer(plan: plan, container: containerIndex)
      .render(format == .dot ? .dot : .mermaid)
    return CommandResult(exitCode: 0, standardOutput: output)
  }
}
