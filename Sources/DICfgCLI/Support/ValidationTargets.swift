import DICfgCompiler

/// Which compiles `dicfg validate FILE...` runs.
///
/// A file named `BASE.ENV.yaml` with a `BASE.yaml` beside it is an environment layer: it is
/// validated on top of its base (as `BASE.yaml --env ENV`), so `dicfg validate config/*.yaml`
/// checks every environment without checking the layers alone. With `--all-envs`, each base is
/// validated alone and with each environment layer found beside it.
struct ValidationTargets {
  struct Target {
    var file: String
    var environments: [String]
    var key: String { ([file] + environments).joined(separator: "\u{0}") }
  }

  static func plan(
    _ files: [String], environments: [String], allEnvironments: Bool, fileSystem: some GraphFileSystem
  ) -> [Target] {
    var targets: [Target] = []
    for file in files {
      if let split = Paths.environmentLayer(of: file), fileSystem.fileExists(split.base) {
        targets.append(Target(file: split.base, environments: environments + [split.environment]))
        continue
      }
      targets.append(Target(file: file, environments: environments))
      if allEnvironments {
        for environment in Paths.environments(beside: file, in: fileSystem) {
          targets.append(Target(file: file, environments: environments + [environment]))
        }
      }
    }
    return targets
  }
}
