import DICfgCompiler
import DICfgCore
import DICfgLoader
import Foundation

/// The repository's own files, as tests of its examples read them.
package enum RepositoryFiles {
  /// The repository's root folder.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Every valid example folder with each environment it has: `folder` for the base alone,
  /// `folder@environment` for each layer.
  package static func exampleCases() -> [String] {
    let examples = root + "/config-examples"
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? [])
      .filter { $0 != "invalid" && FileManager.default.fileExists(atPath: "\(examples)/\($0)/app.yaml") }
      .sorted()
    return folders.flatMap { folder in
      let environments = ((try? FileManager.default.contentsOfDirectory(atPath: "\(examples)/\(folder)")) ?? [])
        .compactMap { Paths.environmentLayer(of: "\(folder)/\($0)")?.environment }
        .sorted()
      return [folder] + environments.map { "\(folder)@\($0)" }
    }
  }
}

/// Reads paths relative to the repository root, and names files by those relative paths, so
/// plans and diagnostics are the same on every checkout.
package struct RepositoryFileSystem: GraphFileSystem {
  package init() {}

  package func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    guard let data = FileManager.default.contents(atPath: RepositoryFiles.root + "/" + path) else {
      return LoadedFile.unreadable(path, reason: "no such file")
    }
    return loader.load(bytes: Array(data), path: path)
  }

  package func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: RepositoryFiles.root + "/" + path)
  }
}
