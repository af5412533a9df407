import DICfgCore
import DICfgLoader
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ByteScanTests {
  /// A bad byte after 0 to 19 printable characters: the word-at-a-time scan must stop at it
  /// wherever it falls in a word, and report its own line and column.
  @Test(arguments: [UInt8(0x01), 0x1F, 0x7F, 0x80, 0x00])
  func aBadByteIsFoundAtEveryPositionOfAWord(bad: UInt8) {
    for prefix in 0..<20 {
      let padding = Array(repeating: UInt8(ascii: "x"), count: prefix)
      let bytes = Array("a: b\nc: \"".utf8) + padding + [bad] + Array("\"\n".utf8)
      let file = ConfigLoader().load(bytes: bytes, path: "scan.yaml", format: .yaml)
      #expect(file.diagnostics.map(\.code) == [.invalidEncoding], "prefix \(prefix)")
      #expect(file.diagnostics.first?.location.line == 2, "prefix \(prefix)")
      // A stray continuation byte belongs to the character before it, as every offset inside a
      // multi-byte sequence does.
      let column = bad == 0x80 ? 4 + prefix : 5 + prefix
      #expect(file.diagnostics.first?.location.column == column, "prefix \(prefix)")
      #expect(file.diagnostics.first?.location.offset == 9 + prefix, "prefix \(prefix)")
    }
  }

  /// Line breaks (LF, CRLF, CR) at every position of a word: each line starts where it should.
  @Test(arguments: ["\n", "\r\n", "\r"])
  func lineBreaksAreFoundAtEveryPositionOfAWord(lineBreak: String) {
    for length in 0..<20 {
      let line = String(repeating: "y", count: length)
      let text = [line, line + "z", "q"].joined(separator: lineBreak)
      let source = SourceFile(path: "lines.yaml", bytes: Array(text.utf8))
      #expect(source.lineCount == 3, "length \(length)")
      let offset = text.utf8.count - 1
      #expect(
        source.location(ofByteOffset: offset) == SourceLocation(file: "lines.yaml", line: 3, column: 1, offset: offset))
    }
  }
}
