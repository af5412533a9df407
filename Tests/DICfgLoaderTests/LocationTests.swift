import DICfgCore
import DICfgLoader
import DICfgTestSupport
import Foundation
import Testing

@Suite struct LocationTests {
  private func keyLocations(_ bytes: [UInt8], format: SourceFormat = .yaml) throws -> [String] {
    let file = ConfigLoader().load(bytes: bytes, path: "t", format: format)
    #expect(file.diagnostics.isEmpty)
    let entries = try #require(file.root?.mapping)
    return entries.flatMap { [$0.key.location, $0.value.location] }.map { "\($0.line):\($0.column)@\($0.offset)" }
  }

  @Test func crlfLineEndsCountOnce() throws {
    #expect(try keyLocations(Array("a: 1\r\nbb: 2\r\n".utf8)) == ["1:1@0", "1:4@3", "2:1@6", "2:5@10"])
  }

  @Test func bareCRLineEndsCount() throws {
    #expect(try keyLocations(Array("a: 1\rbb: 2\r".utf8)) == ["1:1@0", "1:4@3", "2:1@5", "2:5@9"])
  }

  @Test func columnsCountUnicodeScalarsAndOffsetsCountBytes() throws {
    #expect(try keyLocations(Array("é😀: x\nb: ü\n".utf8)) == ["1:1@0", "1:5@8", "2:1@10", "2:4@13"])
    #expect(
      try keyLocations(Array("{\"é😀\": \"x\",\n \"b\": 1}".utf8), format: .json) == [
        "1:2@1", "1:8@11", "2:2@17", "2:7@22",
      ])
  }

  @Test func unicodeLineBreaksInsideScalarsDoNotCountAsLines() throws {
    // libyaml counts NEL, LS and PS as line breaks in places; a location never does.
    #expect(
      try keyLocations(Array("a: \"x\u{85}y\u{2028}z\"\nb: 1\n".utf8)) == ["1:1@0", "1:4@3", "2:1@14", "2:4@17"])
  }

  @Test func byteOrderMarkDoesNotShiftColumns() throws {
    #expect(
      try keyLocations([0xEF, 0xBB, 0xBF] + Array("a: é\nb: 2\n".utf8)) == ["1:1@3", "1:4@6", "2:1@9", "2:4@12"])
    #expect(try keyLocations([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), format: .json) == ["1:2@4", "1:7@9"])
  }

  @Test func errorAfterMultibyteTextPointsAtTheRightColumn() throws {
    let marked = MarkedText("ключ: значение\nдругой: 1️⃣[1, 2\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    #expect(file.diagnostics.first?.notes.first?.location == marked["1️⃣"])
  }

  @Test func missingFileIsIOError() throws {
    let file = ConfigLoader().load(path: "/nonexistent/dir/app.yaml")
    #expect(summaries(file.diagnostics) == ["io-error@1:1"])
    #expect(file.diagnostics.first?.message == "cannot read '/nonexistent/dir/app.yaml': no such file")
  }

  @Test func directoryIsIOError() {
    let file = ConfigLoader().load(path: NSTemporaryDirectory())
    #expect(file.diagnostics.map(\.code) == [.ioError])
    #expect(file.diagnostics.first?.message.hasSuffix("it is a directory, not a file") == true)
  }

  @Test func readsFilesFromDiskAndChecksSizeBeforeParsing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("app.json").path
    try Data("{\"dicfg\": 1}".utf8).write(to: URL(fileURLWithPath: path))
    let file = ConfigLoader().load(path: path)
    #expect(file.format == .json)
    #expect(file.diagnostics.isEmpty)
    #expect(file.root?.mapping?.first?.key.text == "dicfg")
    let small = ConfigLoader(limits: LoaderLimits(maxFileSize: 4)).load(path: path)
    #expect(small.diagnostics.map(\.code) == [.limitExceeded])
    #expect(small.diagnostics.first?.location == SourceLocation(file: path, line: 1, column: 1, offset: 0))
  }
}
