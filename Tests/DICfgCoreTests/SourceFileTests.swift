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
}
