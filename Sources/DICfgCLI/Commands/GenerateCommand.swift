public import ArgumentParser
import DICfgCompiler
import DICfgGeneration
import DICfgPlanning

/// `dicfg generate`: writes the Swift registration of graph files.
public struct GenerateCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write the Swift registration of graph files, for the Swift compiler to check against the file.",
    discussion: """
      Writes one Swift file with 'Registry.fromGraphFile()', which registers a factory for every \
      type and initializer the files and their environment layers name and a setter for every \
      property they set, and 'Registry.graphFilePlan(environment:)', the compiled plans; both are \
      internal, and '--access public' (or 'package') adds 'GraphFile.registry()' and \
      'GraphFile.plan(environment:)' for other modules. As in \
      'dicfg validate', '--env' stacks a layer under every plan and '--all-envs' adds a plan for \
      each environment layer found beside the file, which 'graphFilePlan(environment:)' names; a \
      layer file named on the command line ('app.production.yaml') adds its plan too. Compile \
      errors in the generated code point at the graph file's lines. The file is written only when \
      its content changes. Graph-file errors are printed as 'dicfg validate' prints them, and nothing \
      is written.

      Examples:
        dicfg generate config/app.yaml --all-envs --output Sources/App/Registry+GraphFile.swift
        dicfg generate config/app.yaml config/app.production.yaml --access public --import ShopKit --output Gen.swift
      """
  )

  /// The access levels of the generated functions.
  public enum Access: String, ExpressibleByArgument, CaseIterable, Sendable {
    case `internal`, `package`, `public`
  }

  @Argument(help: "The graph files.")
  public var files: [String] = []

  @Option(help: "The Swift file to write.")
  public var output: String

  @OptionGroup public var input: GraphInputOptions

  @Flag(help: "Add a plan for each environment layer ('FILE.ENV.yaml') found beside each file.")
  public var allEnvs = false

  @Option(help: "The access level of the generated functions: internal, package or public.")
  public var access: Access = .internal

  @Option(name: .customLong("import"), help: "A module the generated file imports (where the types are); repeatable.")
  public var imports: [String] = []

  @Option(
    name: .customLong("import-if-used"),
    help: ArgumentHelp(
      "A module whose Swift files (among '--swift') are in DIRECTORY, imported only where the graph names a type "
        + "or function it declares, as MODULE=DIRECTORY; repeatable. The build plugin passes the other packages' "
        + "products the target depends on.",
      valueName: "module=directory"))
  public var conditionalImports: [String] = []

  @Option(
    help: ArgumentHelp(
      "A directory (the package's): graph-file paths under it are written relative to it in the embedded plans "
        + "and the comments, so an app holds no path of the machine that built it.",
      valueName: "directory"))
  public var sourceRoot: String?

  @Option(
    name: .customLong("container-type"),
    help: ArgumentHelp(
      "The Swift name of a container's typed container, as NAME=TYPE ('main=ShopContainer'); by default the "
        + "container's name in upper camel case followed by 'Container'. Repeatable.",
      valueName: "name=type"))
  public var containerTypes: [String] = []

  @Option(
    help: ArgumentHelp(
      "A 'dicfg-generator-config.json' (the build plugins' configuration): its 'files' (relative to it) stand for "
        + "the graph files, its 'access' for '--access', and its 'imports' and 'containerTypes' add to "
        + "'--import' and '--container-type'.",
      valueName: "file"))
  public var configuration: String?

  @Option(
    help: ArgumentHelp(
      "The runtime the file is written against: 'full' (DICfgRuntime: the registration, the plans and typed "
        + "containers over the link) or 'typed' (DICfgTypedRuntime: typed containers alone, whose accessors build "
        + "every service). The build plugin picks the one the target depends on.",
      valueName: "runtime"))
  public var runtime: String = "full"

  @Option(help: "Colour the text output: auto (on a terminal), always or never.")
  public var color: ColorMode = .auto

  public init() {}

  public func validate() throws {
    if files.isEmpty && configuration == nil { throw ValidationError("Name at least one graph file.") }
    for pair in conditionalImports where pair.split(separator: "=", maxSplits: 1).count != 2 {
      throw ValidationError("'--import-if-used \(pair)' is not MODULE=DIRECTORY.")
    }
    if GeneratedRuntime(rawValue: runtime) == nil {
      throw ValidationError("'--runtime \(runtime)' is not full or typed.")
    }
    for pair in containerTypes where pair.split(separator: "=").count != 2 {
      throw ValidationError("'--container-type \(pair)' is not NAME=TYPE; write, say, 'main=ShopContainer'.")
    }
  }

  public func run() throws {
    try runInProcess()
  }

  /// Compiles every file in every environment and writes the registration, or returns the
  /// diagnostics: the run the build plugins' tool `dicfg-generate` does.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    var generation = RegistryGeneration(files: files, output: output)
    generation.environments = input.environments
    generation.overrides = input.overrides
    generation.swiftSources = input.swiftSources
    generation.allEnvironments = allEnvs
    generation.access = RegistryGenerator.Access(rawValue: access.rawValue) ?? .internal
    generation.imports = imports
    generation.conditionalImports = conditionalImports
    generation.sourceRoot = sourceRoot
    generation.containerTypes = containerTypes
    generation.configuration = configuration
    generation.runtime = GeneratedRuntime(rawValue: runtime) ?? .full
    generation.colors = color.enabled(terminal: colorTerminal)
    generation.errorLimit = input.errorLimit
    generation.limits = input.limits.limits
    let outcome = generation.run()
    return CommandResult(exitCode: outcome.exitCode, standardError: outcome.standardError)
  }
}
