/// What a generated container's `buildEveryEnvironment(…)` throws: the environment whose
/// container could not be created or could not build a service, and why.
///
/// ```swift
/// @Test func everyEnvironmentBuilds() async throws {
///   try await MainContainer.buildEveryEnvironment(externals: .init(database: Database(path: ":memory:")))
/// }
/// ```
public struct EnvironmentBuildError: Error, Sendable, CustomStringConvertible {
  /// The environment's name (`base` for the graph file alone).
  public var environment: String
  /// What failed: a link error with the graph file's line, or a factory's own error.
  public var error: any Error

  public init(environment: String, error: any Error) {
    self.environment = environment
    self.error = error
  }

  public var description: String { "environment '\(environment)': \(error)" }
}
