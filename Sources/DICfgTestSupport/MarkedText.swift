import DICfgCore

/// Text with position markers (`1️⃣` … `9️⃣`) for tests: the markers are removed, and each one's
/// position in the cleaned text is kept as a location.
///
/// ```swift
/// let marked = MarkedText("a: 1\n1️⃣a: 2\n", file: "dup.yaml")
/// #expect(marked["1️⃣"].line == 2)
/// ```
package struct MarkedText: Sendable {
  /// The text without markers.
  package let text: String
  /// The file name locations carry.
  package let file: String
  private let markers: [String: SourceLocation]

  /// The markers, in order: `1️⃣` to `9️⃣`.
  package static let markerNames = (1...9).map { "\($0)\u{FE0F}\u{20E3}" }

  /// Removes the markers from `marked`, remembering where each stood.
  package init(_ marked: String, file: String = "test.yaml") {
    var clean: [UInt8] = []
    var offsets: [String: Int] = [:]
    var rest = Substring(marked)
    while !rest.isEmpty {
      if let marker = Self.markerNames.first(where: { rest.hasPrefix($0) }) {
        offsets[marker] = clean.count
        rest = rest.dropFirst(marker.count)
        continue
      }
      let character = rest.removeFirst()
      clean.append(contentsOf: String(character).utf8)
    }
    let source = SourceFile(path: file, bytes: clean)
    self.text = String(decoding: clean, as: UTF8.self)
    self.file = file
    self.markers = offsets.mapValues { source.location(ofByteOffset: $0) }
  }

  /// The cleaned text as UTF-8 bytes.
  package var bytes: [UInt8] { Array(text.utf8) }

  /// The location of `marker`; a marker missing from the text is a bug in the test and stops it.
  package subscript(_ marker: String) -> SourceLocation {
    guard let location = markers[marker] else {
      preconditionFailure("marker \(marker) is not in the text")
    }
    return location
  }
}
