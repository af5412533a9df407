public import ArgumentParser
import DICfgCompiler
import DICfgCore
import Foundation

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
  public var files: [String]

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

  @Option(help: "Colour the text output: auto (on a terminal), always or never.")
  public var color: ColorMode = .auto

  public init() {}

  public func validate() throws {
    if files.isEmpty { throw ValidationError("Name at least one graph file.") }
    for pair in containerTypes where pair.split(separator: "=").count != 2 {
      throw ValidationError("'--container-type \(pair)' is not NAME=TYPE; write, say, 'main=ShopContainer'.")
    }
  }

  public func run() throws {
    try runInProcess()
  }

  /// Compiles every file in every environment and writes the registration, or returns the
  /// diagnostics.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    var variants: [RegistryGenerator.Variant] = []
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceFile] = [:]
    var compiled = Set<String>()
    let targets = CompileTargets.plan(
      files, environments: input.environments, allEnvironments: allEnvs, fileSystem: input.fileSystem)
    let swift = input.swiftDeclarations()
    for target in targets where compiled.insert(target.key).inserted {
      let result = input.compile(target.file, environments: target.environments, swift: swift)
      diagnostics += result.diagnostics.filter { $0.severity == .error }
      for (path, loaded) in result.files where sources[path] == nil { sources[path] = loaded.source }
      if let plan = result.plan { variants.append(RegistryGenerator.Variant(environment: target.added, plan: plan)) }
    }
    diagnostics = Array(Set(diagnostics)).sorted()
    let unreadable = swift?.unreadable ?? []
    guard diagnostics.isEmpty else {
      let text = Compilation.textReport(
        unreadable + diagnostics, sources: sources, colors: color.enabled(terminal: colorTerminal),
        errorLimit: input.errorLimit)
      return CommandResult(exitCode: 1, standardError: text)
    }
    // A Swift file that does not parse is said once; its types are left to the Swift compiler.
    let warnings =
      unreadable.isEmpty
      ? ""
      : Compilation.textReport(
        unreadable, sources: [:], colors: color.enabled(terminal: colorTerminal), errorLimit: input.errorLimit)
    var generator = RegistryGenerator(
      access: RegistryGenerator.Access(rawValue: access.rawValue) ?? .internal, imports: imports, sources: files,
      sourceRoot: sourceRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    let typeNames = Dictionary(
      containerTypes.map { pair in
        let parts = pair.split(separator: "=").map(String.init)
        return (parts[0], parts[1])
      }, uniquingKeysWith: { $1 })
    let typed = TypedContainerGenerator(
      access: generator.access, graphFile: URL(fileURLWithPath: files[0]).lastPathComponent, swift: swift,
      typeNames: typeNames)
    let containerNames = variants.first?.plan.containers.map(\.name) ?? []
    for name in typeNames.keys.sorted() where !containerNames.contains(name) {
      let suggestion = Suggestions.clause(for: name, among: containerNames)
      return CommandResult(
        exitCode: 1,
        standardError: "error: '--container-type \(name)=…' names no container of \(files[0])"
          + "\(suggestion.isEmpty ? "." : suggestion) The containers are "
          + containerNames.map { "'\($0)'" }.joined(separator: ", ") + ".\n")
    }
    let swaps = Set(targets.map(\.file)).count == 1 ? typed.diagnostics(variants) : []
    guard swaps.isEmpty else {
      let text = Compilation.textReport(
        swaps, sources: sources, colors: color.enabled(terminal: colorTerminal), errorLimit: input.errorLimit)
      return CommandResult(exitCode: 1, standardError: text)
    }
    generator.typedContainers = typed
    let text: String
    do {
      text = try generator.generate(variants, includePlans: Set(targets.map(\.file)).count == 1)
    } catch {
      return CommandResult(exitCode: 1, standardError: "error: cannot embed the compiled plan: \(error)\n")
    }
    do {
      let url = URL(fileURLWithPath: output)
      if (try? String(contentsOf: url, encoding: .utf8)) != text {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
      }
      return CommandResult(exitCode: 0, standardError: warnings)
    } catch {
      return CommandResult(
        exitCode: 1, standardError: "error: cannot write '\(output)': \(error.localizedDescription)\n")
    }
  }
}
