public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgLoader
import Foundation

/// `dicfg validate`: checks graph files and reports every problem with its location.
public struct ValidateCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check graph files and report every problem with its file, line and column.",
    discussion: """
      Exits 0 when there are no errors (warnings are allowed unless --strict), 1 when there are, \
      and 64 on a usage error. Text goes to standard error, JSON to standard output.

      Example:
        dicfg validate config/app.yaml
        dicfg validate config/*.yaml --format json > findings.json
      """
  )

  /// Output formats.
  public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Compiler-style text with the source line and a caret, on standard error.
    case text
    /// One JSON document on standard output.
    case json
  }

  /// When to colour text output.
  public enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
  }

  @Argument(help: "The graph files to check (.yaml, .yml or .json).")
  public var files: [String]

  @Option(name: .customLong("env"), help: "An environment whose override files ('FILE.ENV.yaml') to apply; repeatable.")
  public var environments: [String] = []

  @Option(name: .customLong("override"), help: "An override file to apply after the environments; repeatable.")
  public var overrides: [String] = []

  @Option(help: "The output format.")
  public var format: Format = .text

  @Option(help: "Colour the text output: auto (on a terminal), always or never.")
  public var color: ColorMode = .auto

  @Flag(help: "Treat warnings as errors.")
  public var strict = false

  public init() {}

  public func validate() throws {
    if files.isEmpty { throw ValidationError("Name at least one graph file to check.") }
  }

  public func run() throws {
    let result = execute(colorTerminal: Terminal.standardErrorShowsColor)
    Terminal.emit(result)
    if result.exitCode != 0 { throw ExitCode(result.exitCode) }
  }

  /// Runs the check and returns what to print, without touching the process's streams.
  ///
  /// - Parameter colorTerminal: Whether standard error is a terminal that shows colour (used
  ///   with `--color auto`).
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let compiler = GraphCompiler()
    let variables = ProcessInfo.processInfo.environment
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceFile] = [:]
    var imported = Set<String>()
    var compiled = Set<String>()
    for target in ValidationTargets.plan(files, environments: environments, fileExists: LocalFileSystem().fileExists) {
      guard !imported.contains(target.file), compiled.insert(target.key).inserted else { continue }
      let result = compiler.compile(
        CompileRequest(
          file: target.file, environments: target.environments, overrides: overrides,
          environmentVariables: variables))
      diagnostics += result.diagnostics
      for (path, file) in result.files where sources[path] == nil { sources[path] = file.source }
      imported.formUnion(result.fileOrder.dropFirst())
    }
    diagnostics = Array(Set(diagnostics)).sorted()
    let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    let exitCode: Int32 = failed ? 1 : 0
    switch format {
    case .json:
      return CommandResult(exitCode: exitCode, standardOutput: DiagnosticJSONRenderer.render(diagnostics))
    case .text:
      let colors =
        switch color {
        case .auto: colorTerminal
        case .always: true
        case .never: false
        }
      var text = DiagnosticRenderer(colors: colors).render(diagnostics) { sources[$0] }
      text +=
        DiagnosticRenderer.summary(
          errors: diagnostics.count { $0.severity == .error },
          warnings: diagnostics.count { $0.severity == .warning },
          files: sources.count) + "\n"
      return CommandResult(exitCode: exitCode, standardError: text)
    }
  }
}
