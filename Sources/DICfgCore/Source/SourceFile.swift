/// The bytes of one file with a table of where its lines start.
///
/// Turns byte offsets into line and column, and gives the text of a line for rendering.
/// Lines end at LF, CRLF or a bare CR. A UTF-8 byte-order mark at the start is not part of
/// line 1's text, so it does not shift columns.
public struct SourceFile: Sendable {
  /// The path the file was read from (or the name it was given).
  public let path: String
  /// The file's bytes, as read.
  public let bytes: [UInt8]
  /// Byte offset of the first byte of each line, the first after any byte-order mark; 32 bits
  /// each, as a file of millions of short lines (indented JSON) would otherwise spend 8 bytes a
  /// line.
  private let starts: [UInt32]

  /// Byte offset of the first byte of each line; `lineStarts[0]` is after any byte-order mark.
  /// Made on each call: use ``contentStart`` and ``lineIndex(containing:)`` for single lookups.
  public var lineStarts: [Int] { starts.map(Int.init) }

  /// The offset of the first byte after any byte-order mark.
  public var contentStart: Int { Int(starts[0]) }
  /// For a file with long lines: the number of characters (bytes that do not continue a UTF-8
  /// sequence) before every `checkpointStride`-th byte, so a column is found by counting at most
  /// that many bytes, however long its line (a one-line JSON file). Empty otherwise.
  private let characterCheckpoints: [UInt32]
  /// Bytes between two checkpoints.
  private static let checkpointStride = 256
  /// The line length above which a file gets checkpoints.
  private static let longLine = 4_096

  /// Indexes `bytes` into lines.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var starts: [UInt32] = []
    starts.reserveCapacity(bytes.count / 32 + 1)
    let bomLength = bytes.starts(with: SourceFile.byteOrderMark) ? SourceFile.byteOrderMark.count : 0
    starts.append(UInt32(bomLength))
    bytes.withUnsafeBufferPointer { bytes in
      var index = bomLength
      let count = bytes.count
      while index < count {
        // Eight bytes at a time while none of them is a CR or an LF.
        if index + 8 <= count, let base = bytes.baseAddress {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          if !SourceFile.hasByte(0x0A, in: word) && !SourceFile.hasByte(0x0D, in: word) {
            index += 8
            continue
          }
        }
        let byte = bytes[index]
        if byte == 0x0A {
          starts.append(UInt32(truncatingIfNeeded: index + 1))
        } else if byte == 0x0D {
          if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
          starts.append(UInt32(truncatingIfNeeded: index + 1))
        }
        index += 1
      }
    }
    self.starts = starts
    var longest = 0
    for (index, start) in starts.enumerated() {
      longest = max(longest, (index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count) - Int(start))
    }
    self.characterCheckpoints = longest > Self.longLine ? Self.checkpoints(of: bytes) : []
  }

  /// The characters before each checkpoint.
  private static func checkpoints(of bytes: [UInt8]) -> [UInt32] {
    var checkpoints: [UInt32] = []
    checkpoints.reserveCapacity(bytes.count / checkpointStride + 1)
    var characters: UInt32 = 0
    for (index, byte) in bytes.enumerated() {
      if index % checkpointStride == 0 { checkpoints.append(characters) }
      if byte & 0xC0 != 0x80 { characters &+= 1 }
    }
    // An offset at the very end needs a checkpoint there when the file ends on a stride.
    if bytes.count % checkpointStride == 0 { checkpoints.append(characters) }
    return checkpoints
  }

  /// The characters before `offset`, from the nearest checkpoint below it.
  private func characters(before offset: Int) -> Int {
    let checkpoint = offset / Self.checkpointStride
    var count = Int(characterCheckpoints[checkpoint])
    var index = checkpoint * Self.checkpointStride
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }

  /// Whether any byte of `word` is `byte` (the classic has-zero-byte test on `word ^ byte…`).
  @inline(__always)
  static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
    let spread = UInt64(byte) &* 0x0101_0101_0101_0101
    let value = word ^ spread
    return (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080 != 0
  }

  /// The UTF-8 byte-order mark.
  public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The number of lines (a final line break does not start a counted line of its own
  /// unless text follows it).
  public var lineCount: Int { starts.count }

  /// The location of a byte offset. Offsets past the end clamp to the end of the file;
  /// an offset inside a multi-byte character points at that character.
  public func location(ofByteOffset rawOffset: Int) -> SourceLocation {
    let offset = max(0, min(rawOffset, bytes.count))
    let lineIndex = self.lineIndex(containing: offset)
    let start = Int(starts[lineIndex])
    var column = 1
    if offset - start > Self.checkpointStride, !characterCheckpoints.isEmpty {
      column += characters(before: offset) - characters(before: start)
    } else {
      var index = start
      while index < offset {
        if bytes[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
      }
    }
    if offset < bytes.count, bytes[offset] & 0xC0 == 0x80, column > 1 { column -= 1 }
    return SourceLocation(file: path, line: lineIndex + 1, column: max(column, 1), offset: max(offset, start))
  }

  /// The 0-based index of the line holding `offset`.
  public func lineIndex(containing offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The bytes of 1-based `line` without its line break, or nil when there is no such line.
  public func lineBytes(_ line: Int) -> ArraySlice<UInt8>? {
    guard line >= 1, line <= starts.count else { return nil }
    let start = Int(starts[line - 1])
    var end = line < starts.count ? Int(starts[line]) : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return bytes[start..<end]
  }

  /// The text of 1-based `line`, with invalid UTF-8 replaced by U+FFFD, or nil.
  public func lineText(_ line: Int) -> String? {
    lineBytes(line).map { String(decoding: $0, as: UTF8.self) }
  }
}
