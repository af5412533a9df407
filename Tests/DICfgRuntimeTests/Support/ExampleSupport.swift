import DICfg
import Foundation
import Testing

/// The repository's root, so the examples are read from `config-examples/` wherever it is cloned.
/// Worked out here, not taken from DICfgTestSupport: the Examples package's tests link this file,
/// and DICfgTestSupport is no product of dicfg's.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().path

/// Compiles and links `config-examples/FOLDER/app.yaml`.
func exampleContainer(
  _ folder: String, environments: [String] = [], registry: Registry, externals: Externals = [:],
  environment: [String: String] = [:], container: String? = nil
) throws -> Container {
  try Container(
    graphFile: "\(repositoryRoot)/config-examples/\(folder)/app.yaml", environments: environments, registry: registry,
    externals: externals, environment: environment, container: container)
}

/// Counts calls across threads.
final class Counter: @unchecked Sendable {
  // `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value = 0

  func increment() {
    lock.lock()
    value += 1
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
