/// Which compiles `dicfg validate FILE...` and `dicfg generate FILE...` run: the same in both, so
/// `--env` and `--all-envs` mean one thing.
///
/// Each file is compiled with the `--env` layers stacked on it, in order. A file named
/// `BASE.ENV.yaml` with a `BASE.yaml` beside it is an environment layer: it is compiled on top of
/// its base (as `BASE.yaml --env ENV`), so `dicfg validate config/*.yaml` checks every environment
/// without checking the layers alone. With `--all-envs`, each base is also compiled with each
/// environment layer found beside it, on top of the `--env` layers.
public struct CompileTargets {
  public struct Target: Sendable {
    public var file: String
    public var environments: [String]
    /// The environment this target adds to the `--env` layers: the layer named on the command
    /// line or found with `--all-envs`; nil for the file with the `--env` layers alone.
    public var added: String?
    public var key: String { ([file] + environments).joined(separator: "\u{0}") }
  }

  /// The base file `base` alone and with each environment layer beside it: what
  /// `dicfg validate --all-envs` compiles for a file known to be a base (the language server's root).
  public static func everyEnvironment(of base: String, fileSystem: some GraphFileSystem) -> [Target] {
    [Target(file: base, environments: [], added: nil)]
      + Paths.environments(beside: base, in: fileSystem).map { Target(file: base, environments: [$0], added: $0) }
  }

  public static func plan(
    _ files: [String], environments: [String], allEnvironments: Bool, fileSystem: some GraphFileSystem
  ) -> [Target] {
    var targets: [Target] = []
    for file in files {
      if let split = Paths.environmentLayer(of: file), fileSystem.fileExists(split.base) {
        targets.append(
          Target(file: split.base, environments: environments + [split.environment], added: split.environment))
        continue
      }
      targets.append(Target(file: file, environments: environments, added: nil))
      if allEnvironments {
        for environment in Paths.environments(beside: file, in: fileSystem) where !environments.contains(environment) {
          targets.append(Target(file: file, environments: environments + [environment], added: environment))
        }
      }
    }
    return targets
  }

  /// The compiled targets whose findings a run reports, in order: a file another file of the run
  /// imports is a fragment, checked through its importer (where its `$parameters` and references are
  /// defined), whatever the order of the arguments, so an import cycle among the files is one
  /// finding.
  public static func reported(
    _ results: [(target: Target, result: CompileResult)]
  ) -> [(target: Target, result: CompileResult)] {
    let imported = Set(results.flatMap { $0.result.fileOrder.dropFirst() })
    return results.filter { !imported.contains($0.target.file) }
  }
}
