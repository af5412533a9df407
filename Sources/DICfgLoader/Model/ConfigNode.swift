public import DICfgCore

/// A node of a loaded graph file: a scalar, a sequence or a mapping, and where it came from.
///
/// Trees from YAML and JSON have the same shape: a JSON string is a double-quoted scalar, and a
/// JSON number, `true`, `false` or `null` is a plain scalar, so the compiler types both alike.
///
/// ```swift
/// let file = ConfigLoader().load(path: "app.yaml")
/// if case .mapping(let entries) = file.root?.content {
///   for entry in entries { print(entry.key.text, entry.key.location) }
/// }
/// ```
public struct ConfigNode: Sendable, Equatable {
  /// What a node holds.
  public enum Content: Sendable, Equatable {
    /// A scalar with its text, style and tag.
    case scalar(Scalar)
    /// A sequence, in order.
    case sequence([ConfigNode])
    /// A mapping, in the order its keys were written.
    case mapping([Entry])
  }

  /// One key and its value in a mapping. Keys are always scalars.
  public struct Entry: Sendable, Equatable {
    /// The key node (scalar content).
    public var key: ConfigNode
    /// The value node.
    public var value: ConfigNode

    /// Creates an entry.
    public init(key: ConfigNode, value: ConfigNode) {
      self.key = key
      self.value = value
    }
  }

  /// The content.
  public var content: Content
  /// The file, and where the node starts and ends, in 32-bit fields: a loaded file holds millions
  /// of nodes, and two full ``SourceLocation``s would double each node's size.
  private var start: Position
  private var end: Position
  private var file: String

  /// Where the node starts: its first character, or its anchor or tag when it has one.
  public var location: SourceLocation {
    get { start.location(in: file) }
    set {
      file = newValue.file
      start = Position(newValue)
    }
  }

  /// Where the node ends (the position just after it), when the parser reports it.
  public var endLocation: SourceLocation? {
    get { end.line == 0 ? nil : end.location(in: file) }
    set { end = newValue.map(Position.init) ?? .absent }
  }

  /// Creates a node.
  public init(_ content: Content, at location: SourceLocation, end endLocation: SourceLocation? = nil) {
    self.content = content
    self.file = location.file
    self.start = Position(location)
    self.end = endLocation.map(Position.init) ?? .absent
  }

  /// A line, a column and a byte offset; a node's end is always in its start's file, and line 0
  /// (lines count from 1) marks an absent end. Values past `UInt32.max` (beyond any file the
  /// loader's limits allow) are clamped.
  private struct Position: Sendable, Equatable {
    var line: UInt32
    var column: UInt32
    var offset: UInt32

    static let absent = Position(line: 0, column: 0, offset: 0)

    init(line: UInt32, column: UInt32, offset: UInt32) {
      self.line = line
      self.column = column
      self.offset = offset
    }

    init(_ location: SourceLocation) {
      self.init(
        line: UInt32(clamping: max(1, location.line)), column: UInt32(clamping: location.column),
        offset: UInt32(clamping: location.offset))
    }

    func location(in file: String) -> SourceLocation {
      SourceLocation(file: file, line: Int(line), column: Int(column), offset: Int(offset))
    }
  }

  /// The scalar, when this node is one.
  public var scalar: Scalar? {
    if case .scalar(let scalar) = content { return scalar }
    return nil
  }

  /// The items, when this node is a sequence.
  public var sequence: [ConfigNode]? {
    if case .sequence(let items) = content { return items }
    return nil
  }

  /// The entries, when this node is a mapping.
  public var mapping: [Entry]? {
    if case .mapping(let entries) = content { return entries }
    return nil
  }

  /// The key's text, for a key node (empty for a non-scalar).
  public var text: String { scalar?.text ?? "" }

  /// `scalar`, `sequence` or `mapping`, for messages.
  public var kindName: String {
    switch content {
    case .scalar: "scalar"
    case .sequence: "list"
    case .mapping: "mapping"
    }
  }
}

extension ConfigNode {
  /// Whether two trees hold the same content, ignoring locations.
  ///
  /// Compares iteratively, so it is safe on trees of any depth.
  public func hasSameContent(as other: ConfigNode) -> Bool {
    var pending: [(ConfigNode, ConfigNode)] = [(self, other)]
    while let (left, right) = pending.popLast() {
      switch (left.content, right.content) {
      case (.scalar(let a), .scalar(let b)):
        guard a == b else { return false }
      case (.sequence(let a), .sequence(let b)):
        guard a.count == b.count else { return false }
        pending.append(contentsOf: zip(a, b))
      case (.mapping(let a), .mapping(let b)):
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
          pending.append((x.key, y.key))
          pending.append((x.value, y.value))
        }
      default:
        return false
      }
    }
    return true
  }
}
