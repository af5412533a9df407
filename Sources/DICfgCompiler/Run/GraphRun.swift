public import DICfgCore
public import DICfgLoader
public import DICfgSwiftModel
import Foundation

/// One run over graph files, behind everything that reads them: `dicfg validate`, the build
/// (`dicfg generate` and the plugins' `dicfg-generate`), the language server, `compile`, `graph`,
/// `explain` and `diff`, and `Container(graphFile:)`. It owns what they would otherwise each do their own way, so they
/// cannot disagree:
/// - which compiles to run (``CompileTargets``: each file with the `--env` layers, environment
///   layers named as files on their base, every environment beside a file with `allEnvironments`);
/// - the finding for each file of the target's Swift that does not parse (the Swift is read once,
///   by DICfgGeneration's `readSwift(_:toolchain:)`, or given);
/// - the compile of each target against it;
/// - the findings (``GraphChecks``): each target's, attributed to the environment that brings it, an
///   unused declaration reported only where no compile uses it, the plan checks, and the typed
///   container's checks of each file;
/// - their de-duplication and order.
///
/// ```swift
/// let run = GraphRun(GraphRun.Request(files: ["Sources/App/dicfg.yaml"], allEnvironments: true))
/// run.findings        // what validate prints, the build reports and the editor underlines
/// run.base?.plan      // the file's plan with the `--env` layers alone
/// run.environments    // each environment beside it, compiled on top
/// ```
public struct GraphRun {
  /// What to run over.
  public struct Request {
    /// The graph files as named (a `BASE.ENV.yaml` among them is compiled on its base).
    public var files: [String]
    /// The `--env` layers, stacked on every file in order.
    public var environments: [String] = []
    /// Override files, applied after the environments.
    public var overrides: [String] = []
    /// Also compile each file with each environment layer found beside it.
    public var allEnvironments = false
    /// The compiles to run, where the caller knows them (the language server's root, a base
    /// whatever its name, and its layers); nil plans them from the files and environments.
    public var targets: [CompileTargets.Target]?
    /// The package's types in modules the graph's module does not depend on, with their module
    /// (``CompileRequest/undependedTypes``).
    public var undependedTypes: [String: String] = [:]
    /// The target's Swift declarations, read once (the language server keeps them across edits);
    /// nil leaves those checks to the Swift compiler.
    public var swift: SwiftDeclarations?
    /// Where files are read from.
    public var fileSystem: any GraphFileSystem = LocalFileSystem()
    public var limits = LoaderLimits()
    /// The compiler to run, where the caller has one (`Container(graphFile:compiler:)`); nil makes
    /// one of ``fileSystem`` and ``limits``.
    public var compiler: GraphCompiler?
    /// The variables `${NAME}` parameters are checked against; nil skips the check.
    public var environmentVariables: [String: String]? = ProcessInfo.processInfo.environment
    /// Checks of each reported plan beyond the compiler's (`dicfg validate --registry`'s link checks).
    public var planChecks: (ResolutionPlan) -> [Diagnostic] = { _ in [] }
    /// The modules the Swift imports whose declarations were not read, each with why.
    public var unreadModules: [String: String] = [:]

    public init(files: [String], environments: [String] = [], allEnvironments: Bool = false) {
      self.files = files
      self.environments = environments
      self.allEnvironments = allEnvironments
    }
  }

  /// Every compile the run made, in order: one per target.
  public let results: [(target: CompileTargets.Target, result: CompileResult)]
  /// The target's Swift declarations the run checked against; nil without any.
  public let swift: SwiftDeclarations?
  /// The modules the Swift imports whose declarations the toolchain could not give (UIKit on
  /// Linux, another package's module not built), each with the toolchain's reason: what the checks
  /// leave to the Swift compiler.
  public let unreadModules: [String: String]
  /// Every finding of the run, each once, sorted by file, line and column.
  public let findings: [Diagnostic]

  public init(_ request: Request) {
    let swift = request.swift
    unreadModules = request.unreadModules
    let compiler =
      request.compiler ?? GraphCompiler(loader: ConfigLoader(limits: request.limits), fileSystem: request.fileSystem)
    func compile(_ file: String, _ environments: [String]) -> CompileResult {
      var compile = CompileRequest(
        file: file, environments: environments, overrides: request.overrides,
        environmentVariables: request.environmentVariables, swift: swift)
      compile.undependedTypes = request.undependedTypes
      return compiler.compile(compile)
    }
    let targets =
      request.targets
      ?? CompileTargets.plan(
        request.files, environments: request.environments, allEnvironments: request.allEnvironments,
        fileSystem: compiler.fileSystem)
    var compiled = Set<String>()
    var results: [(target: CompileTargets.Target, result: CompileResult)] = []
    for target in targets where compiled.insert(target.key).inserted {
      results.append((target, compile(target.file, target.environments)))
    }
    self.results = results
    self.swift = swift
    // A Swift file that does not parse is said once; its types are left to the Swift compiler.
    findings =
      ((swift?.unreadable ?? [])
      + GraphChecks.findings(
        results, environments: request.environments, swift: swift,
        planChecks: request.planChecks, compileAlone: { compile($0, []) })).sortedUnique()
  }

  /// Whether any finding is an error: what fails `validate`, the build and the commands that need a
  /// plan.
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }

  /// The first file's compile with the `--env` layers alone (no environment added by
  /// `allEnvironments` or named as a layer file); nil where every target adds one.
  public var base: CompileResult? { results.first { $0.target.added == nil }?.result }

  /// Each environment a target adds to the first file, with its compile, in order.
  public var environments: [(name: String, result: CompileResult)] {
    let file = results.first?.target.file
    return results.compactMap { target, result in
      target.file == file ? target.added.map { ($0, result) } : nil
    }
  }

  /// The source of every file the run read, by path, for rendering findings with their lines.
  public var sources: [String: SourceFile] {
    var sources: [String: SourceFile] = [:]
    for (_, result) in results {
      for (path, file) in result.files where sources[path] == nil { sources[path] = file.source }
    }
    return sources
  }
}
