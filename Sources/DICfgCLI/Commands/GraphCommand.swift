public import ArgumentParser
import DICfgCompiler
import DICfgCore

/// `dicfg graph`: draws the dependency graph.
public struct GraphCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the dependency graph as Graphviz DOT, Mermaid, or an HTML atlas of every environment.",
    discussion: """
      Containers are clusters; the shape of a service shows its scope (graph: ellipse, unique: \
      diamond, singleton: box, weak: octagon, cached: cylinder, custom: folder; externals are \
      parallelograms). Initializer edges are solid; property, provider and lazy edges dashed. \
      Where the graph imports files (each module's fragment), each file's services are a cluster \
      of their own; --modules draws one node per file instead, and an edge where one file's \
      services use what another's define, labelled with the ids they use.

      --format html writes the atlas: one self-contained page (it loads nothing) with every \
      environment beside the file, a search, each service's scope, isolation, dependencies, \
      dependents and path to a root, the file, line and layer that set each of its fields, and an \
      environment switch that marks what 'dicfg diff' lists. It needs only the graph files.

      Examples:
        dicfg graph config/app.yaml | dot -Tsvg > graph.svg
        dicfg graph config/app.yaml --env test --format mermaid --container eventsList
        dicfg graph config/app.yaml --format html > atlas.html
        dicfg graph Sources/App/dicfg.yaml --modules | dot -Tsvg > modules.svg
      """
  )

  public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dot, mermaid, html
  }

  @Argument(help: "The graph file.")
  public var file: String

  @OptionGroup public var input: GraphInputOptions

  @Option(help: "The output format: dot, mermaid or html.")
  public var format: Format = .dot

  @Option(help: "Draw only this container (and what it uses in others).")
  public var container: String?

  @Flag(
    help:
      "Draw the graph files (each module's fragment) and what each one's services use of the others', not the services."
  )
  public var modules = false

  public init() {}

  public func run() throws {
    try runInProcess()
  }

  /// Draws the graph and returns what to print.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    if format == .html && container != nil {
      return CommandResult(
        exitCode: 64, standardError: "error: --container draws DOT or Mermaid; the atlas shows every container\n")
    }
    // The atlas shows the file with the `--env` layers and each environment beside it on top.
    let request = input.request([file], allEnvironments: format == .html)
    let plan: ResolutionPlan
    let base: CompileResult
    let run: GraphRun
    switch Compilation.run(request, input: input, colors: colorTerminal, environmentsMayFail: format == .html) {
    case .failed(let failure): return failure
    case .compiled(let compiledPlan, let compiledBase, let compiledRun):
      (plan, base, run) = (compiledPlan, compiledBase, compiledRun)
    }
    if format == .html {
      let environments =
        [GraphAtlas.Environment(name: "base", result: base)]
        + run.environments.map { GraphAtlas.Environment(name: $0.name, result: $0.result) }
      return CommandResult(exitCode: 0, standardOutput: GraphAtlas(file: file, environments: environments).html)
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
    let output = GraphRenderer(plan: plan, container: containerIndex, modules: modules)
      .render(format == .dot ? .dot : .mermaid)
    return CommandResult(exitCode: 0, standardOutput: output)
  }
}
