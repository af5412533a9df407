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
  /// - Throws: `DiagnosticsError` when the graph file has errors (warnings do not stop it),
  ///   `LinkError` when the plan and the registry or externals disagree, `ResolutionError`
  ///   when an eager singleton fails.
  public convenience init(
    graphFile path: String, environments: [String] = [], overrides: [String] = [], registry: Registry,
    externals: [String: Any] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
    container: String? = nil, compiler: GraphCompiler = GraphCompiler()
  ) throws {
    let result = compiler.compile(
      CompileRequest(file: path, environments: environments, overrides: overrides, environmentVariables: nil))
    guard let plan = result.plan else {
      throw DiagnosticsError(result.diagnostics.filter { $0.severity == .error })
    }
    try self.init(plan: plan, registry: registry, externals: externals, environment: environment, container: container)
  }
}
