@_exported public import DICfgCompiler
@_exported public import DICfgCore
@_exported public import DICfgRuntime
import Foundation

extension Container {
  /// Compiles a graph file (with its imports, environment layers and override files) and links it.
  ///
  /// ```swift
  /// var registry = Registry()
  /// try registry.register(OpenWeatherClient.init(baseURL:apiKey:retries:), labels: ["baseURL", "apiKey", "retries"])
  /// let container = try Container(graphFile: "config/app.yaml", environments: ["production"], registry: registry)
  /// ```
  ///
  /// The graph file is checked as `dicfg validate` checks it with those layers (without the Swift):
  /// its errors throw, and its warnings (a captive dependency, an unused external, a `${NAME}`
  /// `environment` does not set) do not stop it: each is handed to `warning`, which by default prints it to standard error as `dicfg validate` does.
  /// Pass a closure to log them your way, collect them in a test, or (`{ _ in }`) ignore them.
  ///
  /// - Throws: `DiagnosticsError` when the graph file has errors, `LinkError` when the plan and
  ///   the registry or externals disagree, `ResolutionError` when an eager singleton fails.
  public convenience init(
    graphFile path: String, environments: [String] = [], overrides: [String] = [], registry: Registry,
    externals: Externals = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
    container: String? = nil, replacing replacements: Replacements = Replacements(),
    compiler: GraphCompiler = GraphCompiler(), warning: (Diagnostic) -> Void = Container.printWarning
  ) throws {
    let plan = try Self.compile(path, environments, overrides, compiler, environment, warning)
    try self.init(
      plan: plan, registry: registry, externals: externals, environment: environment, container: container,
      replacing: replacements)
  }

  /// Compiles a graph file as ``init(graphFile:environments:overrides:registry:externals:environment:container:replacing:compiler:warning:)``
  /// does, links it, and builds the eager singletons awaiting the async factories they need.
  ///
  /// ```swift
  /// let container = try await Container.create(graphFile: "config/app.yaml", registry: registry)
  /// ```
  public static func create(
    graphFile path: String, environments: [String] = [], overrides: [String] = [], registry: Registry,
    externals: Externals = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
    container: String? = nil, replacing replacements: Replacements = Replacements(),
    compiler: GraphCompiler = GraphCompiler(), warning: (Diagnostic) -> Void = Container.printWarning
  ) async throws -> Container {
    let plan = try compile(path, environments, overrides, compiler, environment, warning)
    return try await create(
      plan: plan, registry: registry, externals: externals, environment: environment, container: container,
      replacing: replacements)
  }

  /// The plan of a graph file, found by the run `dicfg validate` makes of it with those layers (the
  /// same findings: the compiler's, and the typed container's checks), its warnings handed to
  /// `warning`; its errors thrown.
  private static func compile(
    _ path: String, _ environments: [String], _ overrides: [String], _ compiler: GraphCompiler,
    _ variables: [String: String], _ warning: (Diagnostic) -> Void
  ) throws -> ResolutionPlan {
    var request = GraphRun.Request(files: [path], environments: environments)
    request.overrides = overrides
    request.compiler = compiler
    request.environmentVariables = variables
    let run = GraphRun(request)
    guard !run.hasErrors, let plan = run.base?.plan else {
      throw DiagnosticsError(run.findings.filter { $0.severity == .error })
    }
    for diagnostic in run.findings where diagnostic.severity == .warning { warning(diagnostic) }
    return plan
  }

  /// Prints a graph file's warning to standard error, on one line as `dicfg validate` starts it:
  /// `app.yaml:7:22: warning: … [#captive-dependency]`.
  public static func printWarning(_ diagnostic: Diagnostic) {
    FileHandle.standardError.write(
      Data("\(diagnostic.location): warning: \(diagnostic.message) [#\(diagnostic.code)]\n".utf8))
  }
}
