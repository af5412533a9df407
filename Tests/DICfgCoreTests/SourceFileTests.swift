import DICfgCore
import Testing

@Suite struct SourceFileTests {
  @Test func mapsOffsetsToLinesAndColumnsAcrossLineEnds() {
    let file = SourceFile(path: "f", bytes: Array("ab\r\ncd\ref\ng".utf8))
    #expect(file.lineCount == 4)
    let locations = [0, 2, 4, 7, 10].map { file.location(ofByteOffset: $0) }
    #expect(locations.map { "\($0.line):\($0.column)" } == ["1:1", "1:3", "2:1", "3:1", "4:1"])
    #expect((1...4).map { file.lineText($0) } == ["ab", "cd", "ef", "g"])
    #expect(file.lineText(5) == nil)
  }

  @Test func countsColumnsInUnicodeScalars() {
    let file = SourceFile(path: "f", bytes: Array("é😀x".utf8))
    #expect(file.location(ofByteOffset: 6).column == 3)
    #expect(file.location(ofByteOffset: 4).column == 2, "an offset inside a character points at it")
  }

  @Test func skipsAByteOrderMarkOnLineOne() {
    let file = SourceFile(path: "f", bytes: SourceFile.byteOrderMark + Array("ab".utf8))
    #expect(file.location(ofByteOffset: 4) == SourceLocation(file: "f", line: 1, column: 2, offset: 4))
    #expect(file.lineText(1) == "ab")
  }

  @Test func clampsOffsetsPastTheEnd() {
    let file = SourceFile(path: "f", bytes: Array("ab\n".utf8))
    #expect(file.location(ofByteOffset: 99) == SourceLocation(file: "f", line: 2, column: 1, offset: 3))
  }

  @Test func columnsOnVeryLongLinesMatchACountFromTheLineStart() {
    // Long lines (a one-line JSON file) take the checkpointed path; multi-byte characters and a
    // second line check its arithmetic against a plain count.
    var text = "{\"é😀\": ["
    for index in 0..<3_000 { text += "\"v\(index)é\", " }
    text += "0]}\nsecond line " + String(repeating: "ü", count: 5_000)
    let bytes = Array(text.utf8)
    let file = SourceFile(path: "f", bytes: bytes)
    let secondLine = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? 0
    for offset in [
      0, 5, 300, 4_097, 20_000, secondLine - 1, secondLine, secondLine + 7_777, bytes.count - 1, bytes.count,
    ] {
      let start = offset >= secondLine ? secondLine : 0
      let characters = bytes[start..<offset].count { $0 & 0xC0 != 0x80 }
      let inside = offset < bytes.count && bytes[offset] & 0xC0 == 0x80 && characters > 0
      let location = file.location(ofByteOffset: offset)
      #expect(location.line == (offset >= secondLine ? 2 : 1), "offset \(offset)")
      #expect(location.column == characters + 1 - (inside ? 1 : 0), "offset \(offset)")
    }
  }

  @Test func anOffsetAtTheEndOfALongLineFileThatEndsOnACheckpointHasAColumn() {
    let file = SourceFile(path: "f", bytes: Array(repeating: UInt8(ascii: "x"), count: 8_192))
    #expect(file.location(ofByteOffset: 8_192).column == 8_193)
  }
}
