import Foundation

/// Writes `text` to a new file in the temporary folder and returns its path.
package func temporaryFile(_ text: String, named name: String = "app.yaml") throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let path = folder.appendingPathComponent(name).path
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}
