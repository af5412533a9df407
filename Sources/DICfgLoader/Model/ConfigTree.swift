public import DICfgCore

/// The nodes of one loaded file, in one buffer.
///
/// A node is a 16-byte record: where it starts in the file (its line and column are worked out
/// from that offset when asked for), what it is, and either where its text is or where its
/// children are. A scalar whose text is the file's bytes as written (most are) points into the
/// file; one whose text differs (escapes, folding, an anchor before it) points into `text`.
/// The children of every collection are one run of `children` (key, value, key, value, … for a
/// mapping), and a mapping of more than 16 entries has an index by key. An alias is a record of
/// its own, with its location, naming the node its anchor marks.
///
/// Immutable once built, so it is shared between threads as it is.
public final class ConfigTree: Sendable {
  struct Record: Sendable {
    /// The byte offset where the node starts (its anchor or tag, if it has one).
    var offset: UInt32
    /// A scalar's text start, a collection's first child in `children`, an alias's target.
    var first: UInt32
    /// A scalar's text length in bytes, a collection's number of child slots.
    var count: UInt32
    var flags: Flags
  }

  /// A record's kind, scalar style and tag, and where a scalar's text is.
  struct Flags: Sendable {
    var rawValue: UInt32

    enum Kind: UInt32 {
      case scalar = 0
      case sequence = 1
      case mapping = 2
      case alias = 3
    }

    init(kind: Kind, style: ConfigNode.Scalar.Style = .plain, tag: ConfigNode.StandardTag? = nil, ownText: Bool = false)
    {
      var value = kind.rawValue
      value |= UInt32(Self.styles.firstIndex(of: style) ?? 0) << 2
      value |= UInt32(tag.flatMap { Self.tags.firstIndex(of: $0) }.map { $0 + 1 } ?? 0) << 5
      if ownText { value |= 1 << 9 }
      rawValue = value
    }

    var kind: Kind { Kind(rawValue: rawValue & 3) ?? .scalar }
    var style: ConfigNode.Scalar.Style { Self.styles[Int((rawValue >> 2) & 7)] }
    var tag: ConfigNode.StandardTag? {
      let code = Int((rawValue >> 5) & 15)
      return code == 0 ? nil : Self.tags[code - 1]
    }
    /// Whether a scalar's text is in the tree's own `text` rather than the file.
    var ownText: Bool { rawValue & (1 << 9) != 0 }

    private static let styles: [ConfigNode.Scalar.Style] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]
    private static let tags = ConfigNode.StandardTag.allCases
  }

  /// The file the nodes were read from.
  public let source: SourceFile
  let records: [Record]
  let children: [UInt32]
  /// Scalar texts that are not the file's bytes as written.
  let text: [UInt8]
  /// Per mapping of more than 16 entries (by record): its keys' entry positions.
  let keyIndexes: [UInt32: KeyIndex]

  init(
    source: SourceFile, records: [Record], children: [UInt32], text: [UInt8], keyIndexes: [UInt32: KeyIndex]
  ) {
    self.source = source
    self.records = records
    self.children = children
    self.text = text
    self.keyIndexes = keyIndexes
  }

  /// The record holding `index`'s content: itself, or the node an alias names.
  @inline(__always)
  func target(_ index: UInt32) -> UInt32 {
    let record = records[Int(index)]
    return record.flags.kind == .alias ? record.first : index
  }

  func location(_ index: UInt32) -> SourceLocation {
    source.location(ofByteOffset: Int(records[Int(index)].offset))
  }

  /// Calls `body` with a scalar's text bytes.
  @inline(__always)
  func withText<R>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let record = records[Int(target(index))]
    let range = Int(record.first)..<Int(record.first + record.count)
    // Each array read in place: choosing one into a local would retain and release it per call.
    if record.flags.ownText {
      return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
    return try source.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Whether two byte runs are equal.
  @inline(__always)
  static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    guard left.count == right.count else { return false }
    guard let a = left.baseAddress, let b = right.baseAddress, left.count > 0 else { return true }
    return memcmp(a, b, left.count) == 0
  }

  /// The entry of `mapping` (a record) whose key is `key`, through its index.
  func entry(of mapping: UInt32, first: UInt32, key: String) -> Int? {
    guard let index = keyIndexes[mapping] else { return nil }
    var key = key
    return key.withUTF8 { wanted in
      index.position(hash: KeyIndex.hash(wanted)) {
        withText(children[Int(first) + 2 * $0]) { Self.sameBytes($0, wanted) }
      }
    }
  }

  func string(_ index: UInt32) -> String {
    withText(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a scalar's text is `expected`, byte for byte.
  func textEquals(_ index: UInt32, _ expected: String) -> Bool {
    var expected = expected
    return expected.withUTF8 { wanted in
      withText(index) { Self.sameBytes($0, wanted) }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
