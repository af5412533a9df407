public import ArgumentParser

/// `dicfg schema`: prints the JSON Schema of graph files.
public struct SchemaCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema (draft-07) of graph and override files.",
    discussion: """
      Point an editor at it for completion and help, e.g. with yaml-language-server.

      Example:
        dicfg schema > .dicfg.schema.json
        # and in a graph file: # yaml-language-server: $schema=.dicfg.schema.json
      """
  )

  public init() {}

  public func run() throws {
    Terminal.emit(execute())
  }

  /// The schema, as shipped in `schema/dicfg.schema.json`.
  public func execute() -> CommandResult {
    CommandResult(exitCode: 0, standardOutput: EmbeddedSchema.text + "\n")
  }
}
