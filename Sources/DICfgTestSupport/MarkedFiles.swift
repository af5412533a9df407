import DICfgCore

/// Several marked files, for tests that span imports and override layers. Marker names may
/// repeat across files; look them up with the file's path.
package struct MarkedFiles: Sendable {
  package let files: [String: MarkedText]

  package init(_ files: [String: String]) {
    self.files = Dictionary(uniqueKeysWithValues: files.map { ($0.key, MarkedText($0.value, file: $0.key)) })
  }

  /// The files' cleaned text by path.
  package var texts: [String: String] { files.mapValues(\.text) }

  /// The location of `marker` in the file at `path`.
  package subscript(_ path: String, _ marker: String) -> SourceLocation {
    guard let file = files[path] else { preconditionFailure("no file \(path)") }
    return file[marker]
  }
}
