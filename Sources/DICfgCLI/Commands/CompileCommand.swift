public import ArgumentParser
import DICfgCore
import Foundation

/// `dicfg compile`: writes the resolution plan.
public struct CompileCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "compile",
    abstract: "Compile a graph file into its resolution plan (JSON, the same bytes for the same inputs).",
    discussion: """
      The plan is what DICfgRuntime links, so an app can ship it without libyaml. Environment \
      variables stay unresolved in it: a plan holds no secrets.

      Examples:
        dicfg compile config/app.yaml --env production -o Resources/plan.json
        dicfg compile config/app.yaml > plan.json
      """
  )

  @Argument(help: "The graph file.")
  public var file: String

  @OptionGroup public var input: GraphInputOptions

  @Option(name: .shortAndLong, help: "Write the plan to this file instead of standard output.")
  public var output: String?

  public init() {}

  public func run() throws {
    try runInProcess()
  }

  /// Compiles and returns what to print (or writes the plan to `--output`).
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let plan: ResolutionPlan
    switch Compilation.compile(file: file, input: input, colors: colorTerminal) {
    case .failed(let failure): return failure
    case .compiled(let compiledPlan, _, _): plan = compiledPlan
    }
    let json: String
    do {
      json = try plan.jsonText()
    } catch {
      return CommandResult(exitCode: 1, standardError: "error: cannot encode the plan: \(error)\n")
    }
    guard let output else { return CommandResult(exitCode: 0, standardOutput: json) }
    do {
      try Data(json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
      return CommandResult(exitCode: 0)
    } catch {
      return CommandResult(
        exitCode: 1, standardError: "error: cannot write '\(output)': \(error.localizedDescription)\n")
    }
  }
}
