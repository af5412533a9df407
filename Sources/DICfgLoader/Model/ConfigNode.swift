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
///
/// A loaded node is a position in its file's ``ConfigTree``: copying it copies a reference and
/// a number, its children are views of the tree, and its text and location are worked out when
/// asked for. A node can also be built by hand (``init(_:at:)``), as the layer merger does for a
/// service patched by an environment.
public struct ConfigNode: Sendable {
  enum Storage: Sendable {
    case tree(ConfigTree, UInt32)
    case built(Built)
  }

  /// A node built by hand.
  final class Built: Sendable {
    let content: Content
    let location: SourceLocation

    init(content: Content, location: SourceLocation) {
      self.content = content
      self.location = location
    }
  }

  let storage: Storage

  init(tree: ConfigTree, index: UInt32) {
    storage = .tree(tree, index)
  }

  /// Creates a node.
  public init(_ content: Content, at location: SourceLocation) {
    storage = .built(Built(content: content, location: location))
  }

  /// What a node holds.
  public enum Content: Sendable {
    /// A scalar with its text, style and tag.
    case scalar(Scalar)
    /// A sequence, in order.
    case sequence(Items)
    /// A mapping, in the order its keys were written.
    case mapping(Entries)
  }

  /// One key and its value in a mapping. Keys are always scalars.
  public struct Entry: Sendable {
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
  public var content: Content {
    switch storage {
    case .built(let built): return built.content
    case .tree(let tree, let index):
      let target = tree.target(index)
      let record = tree.records[Int(target)]
      switch record.flags.kind {
      case .sequence: return .sequence(Items(tree: tree, first: record.first, count: record.count))
      case .mapping: return .mapping(Entries(tree: tree, mapping: target, first: record.first, count: record.count))
      case .scalar, .alias: return .scalar(Scalar(tree: tree, index: target, flags: record.flags))
      }
    }
  }

  /// Where the node starts: its first character, or its anchor or tag when it has one.
  public var location: SourceLocation {
    switch storage {
    case .built(let built): built.location
    case .tree(let tree, let index): tree.location(index)
    }
  }

  /// The scalar, when this node is one.
  public var scalar: Scalar? {
    if case .scalar(let scalar) = content { return scalar }
    return nil
  }

  /// The items, when this node is a sequence.
  public var sequence: Items? {
    if case .sequence(let items) = content { return items }
    return nil
  }

  /// The entries, when this node is a mapping.
  public var mapping: Entries? {
    if case .mapping(let entries) = content { return entries }
    return nil
  }

  /// The key's text, for a key node (empty for a non-scalar).
  public var text: String {
    if case .tree(let tree, let index) = storage {
      let target = tree.target(index)
      return tree.records[Int(target)].flags.kind == .scalar ? tree.string(target) : ""
    }
    return scalar?.text ?? ""
  }

  /// Whether this is a scalar whose text is `expected`, compared byte for byte without making a
  /// string: the cheap test for a key.
  public func hasText(_ expected: String) -> Bool {
    if case .tree(let tree, let index) = storage {
      let target = tree.target(index)
      return tree.records[Int(target)].flags.kind == .scalar && tree.textEquals(target, expected)
    }
    return scalar.map { ScalarKey.sameBytes($0.text, expected) } ?? false
  }

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
  /// The items of a sequence: a view of the tree, or items built by hand.
  public struct Items: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
      case tree(ConfigTree, first: UInt32, count: UInt32)
      case array([ConfigNode])
    }

    let storage: Storage

    init(tree: ConfigTree, first: UInt32, count: UInt32) {
      storage = .tree(tree, first: first, count: count)
    }

    /// Items built by hand.
    public init(_ items: [ConfigNode]) { storage = .array(items) }

    public init(arrayLiteral items: ConfigNode...) { self.init(items) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
      switch storage {
      case .tree(_, _, let count): Int(count)
      case .array(let items): items.count
      }
    }

    public subscript(position: Int) -> ConfigNode {
      switch storage {
      case .tree(let tree, let first, _): ConfigNode(tree: tree, index: tree.children[Int(first) + position])
      case .array(let items): items[position]
      }
    }
  }

  /// The entries of a mapping, in the order written: a view of the tree, or entries built by
  /// hand. ``subscript(key:)`` finds a key through the mapping's index when it has one.
  public struct Entries: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
      case tree(ConfigTree, mapping: UInt32, first: UInt32, count: UInt32)
      case array([Entry])
    }

    let storage: Storage

    init(tree: ConfigTree, mapping: UInt32, first: UInt32, count: UInt32) {
      storage = .tree(tree, mapping: mapping, first: first, count: count)
    }

    /// Entries built by hand.
    public init(_ entries: [Entry]) { storage = .array(entries) }

    public init(arrayLiteral entries: Entry...) { self.init(entries) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
      switch storage {
      case .tree(_, _, _, let count): Int(count / 2)
      case .array(let entries): entries.count
      }
    }

    public subscript(position: Int) -> Entry {
      switch storage {
      case .tree(let tree, _, let first, _):
        let slot = Int(first) + 2 * position
        return Entry(
          key: ConfigNode(tree: tree, index: tree.children[slot]),
          value: ConfigNode(tree: tree, index: tree.children[slot + 1]))
      case .array(let entries): return entries[position]
      }
    }

    /// The value under `key` (compared byte for byte), if any.
    public subscript(key key: String) -> ConfigNode? {
      if case .tree(let tree, let mapping, let first, _) = storage, tree.keyIndexes[mapping] != nil {
        return tree.entry(of: mapping, first: first, key: key).map {
          ConfigNode(tree: tree, index: tree.children[Int(first) + 2 * $0 + 1])
        }
      }
      return first { $0.key.hasText(key) }?.value
    }
  }
}

extension ConfigNode: Equatable {
  /// Same content at the same location.
  public static func == (lhs: ConfigNode, rhs: ConfigNode) -> Bool {
    lhs.location == rhs.location && lhs.hasSameContent(as: rhs)
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
