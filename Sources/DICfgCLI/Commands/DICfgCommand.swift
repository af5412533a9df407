public import ArgumentParser

/// The `dicfg` command: checks, draws, explains and compiles dependency-injection graph files.
public struct DICfgCommand: ParsableCommand {
  /// The version `dicfg --version` prints.
  public static let version = "0.1.0"

  public static let configuration = CommandConfiguration(
    commandName: "dicfg",
    abstract: "Check and compile dependency-injection graph files.",
    discussion: """
      A graph file declares an app's services, scopes and externals in YAML or JSON. \
      'dicfg validate' checks graph files in CI and points at the line and column of every problem.

      Examples:
        dicfg validate config/*.yaml
        dicfg explain config/app.yaml weatherClient --env production
        dicfg diff config/app.yaml --env test
        dicfg graph config/app.yaml | dot -Tsvg > graph.svg
        dicfg generate config/app.yaml --all-envs --output Sources/App/Registry+GraphFile.swift
        dicfg import Sources --output Sources/App
      """,
    version: version,
    subcommands: [
      ValidateCommand.self, DiffCommand.self, GraphCommand.self, ExplainCommand.self, CompileCommand.self,
      GenerateCommand.self, ImportCommand.self,
      SchemaCommand.self, LanguageServerCommand.self,
    ]
  )

  public init() {}
}
