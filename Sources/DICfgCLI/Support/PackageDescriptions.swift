import DICfgCore
import Foundation

/// The packages a long-lived process (the language server) has described, each described again
/// when its manifest or its resolved dependencies change: `swift package describe` runs once per
/// package, not once per graph file read.
public final class PackageDescriptions: @unchecked Sendable {
  /// A package as `swift package describe` gives it, and the folders of its dependencies'
  /// products, read when first asked for.
  final class Described: @unchecked Sendable {
    let modules: PackageModules?
    private let root: String
    private let lock = NSLock()
    private var folders: Result<[String: [String]], PackageModules.DescriptionFailure>?

    init(root: String) {
      self.root = root
      modules = PackageModules.describe(root).modules
    }

    func products() -> Result<[String: [String]], PackageModules.DescriptionFailure> {
      lock.withLock {
        if let folders { return folders }
        let read = PackageModules.productFolders(root)
        folders = read
        return read
      }
    }
  }

  // Guarded by `lock`: the server's reads may come from any thread.
  private let lock = NSLock()
  private var described: [String: (stamp: [Date?], package: Described)] = [:]

  public init() {}

  /// The package at `root`, described again where `Package.swift` or `Package.resolved` changed
  /// since it last was.
  func description(of root: String) -> Described? {
    let stamp = ["Package.swift", "Package.resolved"].map { name in
      (try? FileManager.default.attributesOfItem(atPath: root + "/" + name))?[.modificationDate] as? Date
    }
    return lock.withLock {
      if let known = described[root], known.stamp == stamp { return known.package }
      let package = Described(root: root)
      described[root] = (stamp, package)
      return package
    }
  }

  /// The folder of the nearest `Package.swift` above `file`, nil where there is none.
  static func root(above file: String) -> String? {
    var folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder.path
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }
}
