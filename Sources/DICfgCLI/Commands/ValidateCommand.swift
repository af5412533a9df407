public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgPlanning
import DICfgReporting
import DICfgRuntime
import DICfgSwiftReader
import Foundation

/// `dicfg validate`: checks graph files and reports every problem with its location.
public struct ValidateCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check graph files and report every problem with its file, line and column.",
    discussion: """
      Exits 0 when there are no errors (warnings are allowed unless --strict), 1 when there are, \
      and 64 on a usage error. Text goes to standard error; json, sarif and github go to standard output.

      A file named BASE.ENV.yaml with a BASE.yaml beside it is validated on top of that base, so \
      'dicfg validate config/*.yaml' checks every environment. A file another given file imports \
      is a fragment: it is checked through its importer, where its parameters and references are \
      defined, not alone.

      Examples:
        dicfg validate config/app.yaml --env production
        dicfg validate config/app.yaml --all-envs --strict
        dicfg validate config/*.yaml --format sarif > dicfg.sarif
        dicfg validate config/app.yaml --registry .build/registry-manifest.json
        dicfg validate Sources/App/dicfg.yaml --swift Sources/App
      """
  )

  /// Output formats.
  public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Compiler-style text with the source line and a caret, on standard error.
    case text
    /// One JSON document on standard output.
    case json
    /// A SARIF 2.1.0 log on standard output, for code-scanning uploads.
    case sarif
    /// GitHub Actions workflow annotations on standard output.
    case github
  }

  @Argument(help: "The graph files to check (.yaml, .yml or .json).")
  public var files: [String]

  @OptionGroup public var input: GraphInputOptions

  @Flag(help: "Validate each file alone and with each environment layer ('FILE.ENV.yaml') found beside it.")
  public var allEnvs = false

  @Option(help: "A registry manifest (from 'Registry.manifest()') to run the link checks against.")
  public var registry: String?

  @Option(
    name: .customLong("package"),
    help: ArgumentHelp(
      "The Swift package the graph file belongs to: its modules and their dependencies come from "
        + "'swift package describe'.",
      discussion: "The Swift is then read as the build of the graph file's module sees it: that module's and "
        + "those it depends on (all of the package's modules where no --swift is given); a type of a module it "
        + "does not depend on is one error at its name."))
  public var package: String?

  @Option(
    help: ArgumentHelp(
      "The runtime the target's generated code is written against: 'full' (DICfgRuntime) or 'typed' "
        + "(DICfgTypedRuntime alone).",
      discussion: "With 'typed' and --swift, each service the typed container could not build is an error at its "
        + "key naming what stops it, as the build's [#needs-full-runtime] says. With --package, the runtime is the "
        + "one the build plugin picks from the products the graph file's module depends on.",
      valueName: "runtime"))
  public var runtime: String?

  @Option(help: "The output format: text, json, sarif or github.")
  public var format: Format = .text

  @Option(help: "Colour the text output: auto (on a terminal), always or never.")
  public var color: ColorMode = .auto

  @Flag(help: "Treat warnings as errors.")
  public var strict = false

  public init() {}

  public func validate() throws {
    if files.isEmpty { throw ValidationError("Name at least one graph file to check.") }
    if let runtime, GeneratedRuntime(rawValue: runtime) == nil {
      throw ValidationError("'--runtime \(runtime)' is not full or typed.")
    }
  }

  public func run() throws {
    try runInProcess()
  }

  /// Runs the check and returns what to print, without touching the process's streams.
  ///
  /// - Parameter colorTerminal: Whether standard error is a terminal that shows colour (used
  ///   with `--color auto`).
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    var diagnostics: [Diagnostic] = []
    let manifest = loadManifest(&diagnostics)
    // With --package, the Swift is read as the package's build sees it.
    var request = input.request(files, allEnvironments: allEnvs, readingSwift: package == nil)
    var runtime = self.runtime.flatMap(GeneratedRuntime.init(rawValue:)) ?? .full
    if let package, let products = reading(package: package, into: &request, &diagnostics), self.runtime == nil {
      runtime = GeneratedRuntime.ofTarget(dependingOn: products)
    }
    request.planChecks = { plan in manifest.map { LinkChecks.check(plan: plan, manifest: $0) } ?? [] }
    let run = GraphRun(request)
    diagnostics += run.findings
    // Over the typed runtime alone, what the typed containers could not build, where the Swift was read.
    if runtime == .typed && run.swift != nil {
      diagnostics += TypedRuntimeCheck.findings(of: run, files: files)
    }
    let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    let exitCode: Int32 = failed ? 1 : 0
    switch format {
    case .json:
      return CommandResult(
        exitCode: exitCode,
        standardOutput: DiagnosticJSONRenderer.render(diagnostics, unreadModules: run.unreadModules))
    case .sarif:
      return CommandResult(
        exitCode: exitCode,
        standardOutput: DiagnosticSARIFRenderer.render(diagnostics, toolVersion: DICfgCommand.version))
    case .github:
      return CommandResult(exitCode: exitCode, standardOutput: DiagnosticGitHubRenderer.render(diagnostics))
    case .text:
      let text = DiagnosticTextReport.render(
        diagnostics, sources: run.sources, colors: color.enabled(terminal: colorTerminal), errorLimit: input.errorLimit)
      return CommandResult(exitCode: exitCode, standardError: Self.unread(run.unreadModules) + text)
    }
  }

  /// A line for each module the Swift imports whose declarations were not read: what the checks of
  /// its types leave to the Swift compiler, never passed over in silence.
  static func unread(_ modules: [String: String]) -> String {
    modules.keys.sorted().map { module in
      "note: the declarations of module '\(module)' were not read (\(modules[module] ?? "")); the Swift compiler "
        + "checks what the graph uses of it\n"
    }.joined()
  }

  /// The request's Swift as the build of the first file's module sees it: the Swift of that module
  /// and of those it depends on, the package's other types named with their modules; the products of
  /// other packages that module depends on, nil where it was not read.
  private func reading(
    package: String, into request: inout GraphRun.Request, _ diagnostics: inout [Diagnostic]
  ) -> [String]? {
    let root = URL(fileURLWithPath: package).standardizedFileURL.path
    let described = PackageModules.describe(root)
    guard let modules = described.modules else {
      diagnostics += [described.failure].compactMap { $0 }
      return nil
    }
    guard let first = files.first else { return nil }
    let sources = input.swiftSources.isEmpty ? nil : input.swiftSources
    guard
      modules.read(asBuildOf: first, sources: sources, into: &request, productFolders: PackageModules.productFolders)
    else {
      diagnostics.append(
        .error(
          .invalidValue,
          "'\(first)' is in no target's folder of the package at '\(root)', so which module's build it belongs to "
            + "is unknown; move it into a target's folder (Sources/NAME), or leave out --package",
          at: .start(of: first)))
      return nil
    }
    return modules.module(holding: URL(fileURLWithPath: first).standardizedFileURL.path)?.products ?? []
  }

  private func loadManifest(_ diagnostics: inout [Diagnostic]) -> RegistryManifest? {
    guard let registry else { return nil }
    do {
      let text = try String(contentsOfFile: registry, encoding: .utf8)
      return try RegistryManifest(jsonText: text)
    } catch {
      diagnostics.append(
        .error(
          .ioError, "cannot read registry manifest '\(registry)': \(error); export one with 'registry.manifest()'",
          at: .start(of: registry)))
      return nil
    }
  }
}
