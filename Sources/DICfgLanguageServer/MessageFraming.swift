import Foundation

/// Reads the Language Server Protocol's base protocol from a byte stream: header lines ending in
/// `\r\n`, an empty line, then `Content-Length` bytes of content.
///
/// A message whose header has no usable `Content-Length` is skipped (the reader looks for the next
/// header); the stream's end ends the reading.
public struct MessageReader {
  private let read: (Int) -> Data?
  private var buffer = Data()
  private var ended = false

  /// Reads through `read`, which returns up to the given number of bytes, or nil (or no bytes) at
  /// the stream's end.
  public init(read: @escaping (Int) -> Data?) {
    self.read = read
  }

  /// A reader of a file handle (standard input, say): what is available at each read.
  public init(_ handle: FileHandle) {
    self.init { _ in handle.availableData }
  }

  /// The next message's content; nil at the stream's end.
  public mutating func next() -> Data? {
    while true {
      guard let headerEnd = headerEnd() else { return nil }
      let header = String(decoding: buffer[buffer.startIndex..<headerEnd], as: UTF8.self)
      buffer.removeSubrange(buffer.startIndex..<(headerEnd + 4))
      guard let length = Self.contentLength(header), length >= 0 else { continue }
      while buffer.count < length {
        guard fill() else { return nil }
      }
      let content = buffer.prefix(length)
      buffer.removeSubrange(buffer.startIndex..<(buffer.startIndex + length))
      return Data(content)
    }
  }

  /// Where the header's empty line starts, reading more as needed; nil at the stream's end.
  private mutating func headerEnd() -> Int? {
    let separator = Data("\r\n\r\n".utf8)
    while true {
      if let range = buffer.range(of: separator) { return range.lowerBound }
      guard fill() else { return nil }
    }
  }

  private mutating func fill() -> Bool {
    guard !ended, let data = read(65_536), !data.isEmpty else {
      ended = true
      return false
    }
    buffer.append(data)
    return true
  }

  /// The `Content-Length` of a header block; nil when it has none that is a number.
  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else {
        continue
      }
      return Int(parts[1].trimmingCharacters(in: .whitespaces))
    }
    return nil
  }
}

/// Frames a message's content with its `Content-Length` header.
public func framed(_ content: Data) -> Data {
  var data = Data("Content-Length: \(content.count)\r\n\r\n".utf8)
  data.append(content)
  return data
}
