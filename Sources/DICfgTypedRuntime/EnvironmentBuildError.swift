/// What a generated container's `buildEveryEnvironment()` throws: the environment whose container
/// could not build a service, and why. (`DICfgRuntime` declares its own, which its link's errors
/// reach: an app depends on one runtime or the other.)
public struct EnvironmentBuildError: Error, Sendable, CustomStringConvertible {
  /// The environment's name (`base` for the graph file alone).
  public var environment: String
  /// What failed: a factory's own error.
  public var error: any Error

  public init(environment: String, error: any Error) {
    self.environment = environment
    self.error = error
  }

  public var description: String { "environment '\(environment)': \(error)" }
}
