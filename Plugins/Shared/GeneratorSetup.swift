// What both dicfg plugins read of a target: one source, linked into each plugin's folder (a
// plugin cannot depend on a library target).
import Foundation
import PackagePlugin

/// What a target gives the generator: its graph files, the files they may read (every YAML and JSON
/// file of the target, so a change to a layer or an import regenerates), its Swift files (which the
/// graph file is checked against, so a change to one checks again), and the options.
struct GeneratorSetup {
  struct Configuration: Decodable {
    var files: [String]?
    var access: String?
    var imports: [String]?
  }

  var files: [URL]
  var swiftFiles: [URL]
  var inputs: [URL]
  var access: String
  var imports: [String]

  var fileNames: String { files.map(\.lastPathComponent).joined(separator: ", ") }

  /// - Parameters:
  ///   - target: The target whose registration is generated.
  ///   - package: Its package: the Swift files of the target's dependencies declared there are read
  ///     too, since the graph file may name their types; other packages' modules are left to the
  ///     Swift compiler.
  init(target: SourceModuleTarget, package: Package) throws {
    let directory = target.directoryURL
    let candidates = target.sourceFiles.map(\.url)
    let local = Set(package.targets.map(\.id))
    let dependencies = target.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
      .filter { local.contains($0.id) }
    swiftFiles = (candidates + dependencies.flatMap { $0.sourceFiles.map(\.url) })
      .filter { $0.pathExtension == "swift" }
    inputs = candidates.filter { ["yaml", "yml", "json"].contains($0.pathExtension) } + swiftFiles
    let configurationURL = directory.appendingPathComponent("dicfg-generator-config.json")
    var configuration = Configuration()
    if FileManager.default.fileExists(atPath: configurationURL.path) {
      configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: configurationURL))
    }
    if let named = configuration.files {
      files = named.map { directory.appendingPathComponent($0).standardizedFileURL }
    } else {
      files = ["dicfg.yaml", "dicfg.yml", "dicfg.json"].map { directory.appendingPathComponent($0) }
        .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
    guard !files.isEmpty else {
      throw GeneratorSetupError(
        "target '\(target.name)' has no 'dicfg.yaml', 'dicfg.json' or 'dicfg-generator-config.json' at its "
          + "root; add one, or stop generating the dicfg registration for it")
    }
    access = configuration.access ?? "internal"
    imports = configuration.imports ?? []
    // A graph file outside the target: it and the layers beside it are inputs too.
    for file in files where !inputs.contains(file) {
      let folder = file.deletingLastPathComponent()
      let stem = file.deletingPathExtension().lastPathComponent + "."
      let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      inputs.append(file)
      inputs += siblings.filter { $0.hasPrefix(stem) && $0 != file.lastPathComponent }.map {
        folder.appendingPathComponent($0)
      }
    }
  }

  func arguments(output: URL) -> [String] {
    ["generate"] + files.map(\.path) + ["--all-envs", "--output", output.path, "--access", access, "--color", "never"]
      + imports.flatMap { ["--import", $0] } + swiftFiles.flatMap { ["--swift", $0.path] }
  }
}

struct GeneratorSetupError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
