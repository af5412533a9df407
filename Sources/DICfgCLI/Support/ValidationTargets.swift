import DICfgCompiler

/// Which compiles `dicfg validate FILE...` runs.
///
/// A file named `BASE.ENV.yaml` with a `BASE.yaml` beside it is an environment layer: it is
/// validated on top of its base (as `BASE.yaml --env ENV`), so `dicfg validate config/*.yaml`
/// checks every environment without checking the layers alone.
struct ValidationTargets {
  struct Target {
    var file: String
    var environments: [String]
    var key: String { ([file] + environments).joined(separator: "\u{0}") }
  }

  static func plan(_ files: [String], environments: [String], fileExists: (String) -> Bool) -> [Target] {
    files.map { file in
      if let split = Paths.environmentLayer(of: file), fileExists(split.base) {
        return Target(file: split.base, environments: environments + [split.environment])
      }
      return Target(file: file, environments: environments)
    }
  }
}
