import Foundation

/// Writes `text` to a new file in the temporary folder and returns its path.
package func temporaryFile(_ text: String, named name: String = "app.yaml") throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let path = folder.appendingPathComponent(name).path
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

/// A new folder in the temporary folder holding `files` (names to texts); the caller removes it.
package func temporaryFolder(_ files: [String: String] = [:]) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  for (name, text) in files {
    let file = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }
  return folder
}
