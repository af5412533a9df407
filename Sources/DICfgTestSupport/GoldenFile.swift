import Foundation

/// Compares text with a golden file, or records the golden file when the environment variable
/// `DICFG_RECORD_GOLDEN` is `1`.
///
/// - Returns: nil when the text matches (or was recorded), else a message with both texts.
package func goldenMismatch(_ actual: String, golden path: String) -> String? {
  let url = URL(fileURLWithPath: path)
  if ProcessInfo.processInfo.environment["DICFG_RECORD_GOLDEN"] == "1" {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    do {
      try Data(actual.utf8).write(to: url)
      return nil
    } catch {
      return "could not record \(path): \(error)"
    }
  }
  guard let data = FileManager.default.contents(atPath: path) else {
    return "no golden file at \(path); run the tests with DICFG_RECORD_GOLDEN=1 to record it"
  }
  let expected = String(decoding: data, as: UTF8.self)
  guard expected != actual else { return nil }
  return
    "output differs from \(path) (re-record with DICFG_RECORD_GOLDEN=1)\n--- expected\n\(expected)\n--- actual\n\(actual)"
}
