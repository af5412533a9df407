import DICfgCore

/// A fatal loader finding: parsing stops here.
struct LoadFailure: Error {
  var diagnostic: Diagnostic
}

/// Builds a ``ConfigNode`` tree from a stream of parser events, without recursion.
///
/// Shared by the YAML and JSON parsers, it enforces the depth and node limits as events arrive,
/// finds duplicate keys, and keeps the anchor table (aliases are value copies, so an alias costs
/// no memory beyond its node; its whole anchor counts against the node limit each time).
struct TreeBuilder {
  private let limits: LoaderLimits
  /// Non-fatal findings, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// The finished root, once its last event arrives.
  private(set) var root: ConfigNode?

  private var stack: [Frame] = []
  /// The children of every open collection, each collection's above its parent's; a collection's
  /// children move out into an array of exactly their number when it ends.
  private let items = MoveStack<ConfigNode>()
  private let entries = MoveStack<ConfigNode.Entry>()
  private var nodeCount = 0
  private var anchors: [String: Anchor] = [:]
  private let mergeKeys: Bool

  /// - Parameter mergeKeys: Whether a plain `<<` key merges mappings (YAML) or is an ordinary
  ///   key (JSON, where it is always quoted and so never plain).
  init(limits: LoaderLimits, mergeKeys: Bool) {
    self.limits = limits
    self.mergeKeys = mergeKeys
  }

  // MARK: Events

  mutating func beginCollection(
    mapping: Bool, at location: SourceLocation, anchor: String?, tag: ConfigNode.StandardTag?
  ) throws(LoadFailure) {
    if stack.count + 1 > limits.maxDepth {
      throw LoadFailure(diagnostic: .depthExceeded(limit: limits.maxDepth, at: location))
    }
    try count(1, at: location)
    if let tag, tag != (mapping ? .map : .seq) {
      diagnostics.append(.mismatchedTag(tag, kind: mapping ? "mapping" : "list", at: location))
    }
    if let anchor { anchors[anchor] = .open(location) }
    stack.append(
      Frame(
        isMapping: mapping, location: location, anchor: anchor, startNodeCount: nodeCount - 1,
        firstChild: mapping ? entries.count : items.count))
  }

  mutating func endCollection(at end: SourceLocation?) throws(LoadFailure) {
    guard let frame = stack.popLast() else {
      throw LoadFailure(diagnostic: .internalError("a collection ended that never started", at: end ?? .start(of: "")))
    }
    let content: ConfigNode.Content
    if frame.isMapping {
      if frame.pendingKey != nil {
        throw LoadFailure(diagnostic: .internalError("a mapping ended after a key with no value", at: frame.location))
      }
      var children = entries.moveOut(from: frame.firstChild)
      if frame.hasMergeKey { children = applyMergeKeys(children) }
      content = .mapping(children)
    } else {
      content = .sequence(items.moveOut(from: frame.firstChild))
    }
    let node = ConfigNode(content, at: frame.location, end: end)
    let height = frame.childHeight + 1
    if let anchor = frame.anchor {
      anchors[anchor] = .complete(node, size: nodeCount - frame.startNodeCount, height: height)
    }
    try attach(node, height: height)
  }

  mutating func scalar(_ scalar: ConfigNode.Scalar, at location: SourceLocation, end: SourceLocation?, anchor: String?)
    throws(LoadFailure)
  {
    try count(1, at: location)
    let node = ConfigNode(.scalar(scalar), at: location, end: end)
    if let anchor { anchors[anchor] = .complete(node, size: 1, height: 0) }
    try attach(node, height: 0)
  }

  mutating func alias(_ name: String, at location: SourceLocation) throws(LoadFailure) {
    switch anchors[name] {
    case nil:
      diagnostics.append(.undefinedAlias(name, at: location))
      try attach(ConfigNode(.scalar(ConfigNode.Scalar("")), at: location), height: 0)
    case .open(let anchorLocation):
      throw LoadFailure(diagnostic: .recursiveAlias(name, at: location, anchor: anchorLocation))
    case .complete(var node, let size, let height):
      if stack.count + height > limits.maxDepth {
        throw LoadFailure(diagnostic: .depthExceeded(limit: limits.maxDepth, at: location))
      }
      try count(size, at: location)
      node.location = location
      node.endLocation = nil
      try attach(node, height: height)
    }
  }

  /// Fails when a scalar of `length` bytes is over the limit.
  func checkScalarLength(_ length: Int, at location: @autoclosure () -> SourceLocation) throws(LoadFailure) {
    if length > limits.maxScalarLength {
      throw LoadFailure(diagnostic: .scalarTooLong(length: length, limit: limits.maxScalarLength, at: location()))
    }
  }

  /// Adds a non-fatal finding.
  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  // MARK: Building

  private mutating func count(_ nodes: Int, at location: SourceLocation) throws(LoadFailure) {
    nodeCount += nodes
    if nodeCount > limits.maxNodes {
      throw LoadFailure(diagnostic: .nodesExceeded(limit: limits.maxNodes, at: location))
    }
  }

  private mutating func attach(_ node: consuming ConfigNode, height: Int) throws(LoadFailure) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let top = stack.count - 1
    stack[top].childHeight = max(stack[top].childHeight, height)
    guard stack[top].isMapping else {
      items.push(node)
      return
    }
    guard let key = stack[top].pendingKey else {
      guard node.scalar != nil else {
        throw LoadFailure(diagnostic: .nonScalarKey(kind: node.kindName, at: node.location))
      }
      stack[top].pendingKey = node
      return
    }
    stack[top].pendingKey = nil
    if let first = stack[top].firstLocation(ofKey: key.text, in: entries) {
      diagnostics.append(.duplicateKey(key.text, at: key.location, first: first))
      return
    }
    if isMergeKey(key) { stack[top].hasMergeKey = true }
    stack[top].append(ConfigNode.Entry(key: key, value: node), to: entries)
  }

  private func isMergeKey(_ key: ConfigNode) -> Bool {
    guard mergeKeys else { return false }
    guard let scalar = key.scalar else { return false }
    return scalar.isPlain && scalar.text == "<<"
  }

  /// Replaces each `<<` entry by the entries of the mapping (or mappings) it names that the
  /// mapping does not set itself; among several merged mappings the first one listed wins.
  private mutating func applyMergeKeys(_ entries: [ConfigNode.Entry]) -> [ConfigNode.Entry] {
    var seen = Set<ScalarKey>()
    for entry in entries where !isMergeKey(entry.key) { seen.insert(ScalarKey(entry.key.text)) }
    var result: [ConfigNode.Entry] = []
    result.reserveCapacity(entries.count)
    for entry in entries {
      guard isMergeKey(entry.key) else {
        result.append(entry)
        continue
      }
      let sources: [ConfigNode]
      switch entry.value.content {
      case .mapping: sources = [entry.value]
      case .sequence(let items): sources = items
      case .scalar:
        diagnostics.append(.invalidMergeValue(kind: entry.value.kindName, at: entry.value.location))
        continue
      }
      for source in sources {
        guard let merged = source.mapping else {
          diagnostics.append(.invalidMergeValue(kind: source.kindName, at: source.location))
          continue
        }
        for mergedEntry in merged where seen.insert(ScalarKey(mergedEntry.key.text)).inserted {
          result.append(mergedEntry)
        }
      }
    }
    return result
  }

  // MARK: State

  private enum Anchor {
    case open(SourceLocation)
    case complete(ConfigNode, size: Int, height: Int)
  }

  private struct Frame {
    var isMapping: Bool
    var location: SourceLocation
    var anchor: String?
    var startNodeCount: Int
    /// Where this collection's children start on the builder's item or entry stack.
    var firstChild: Int
    var pendingKey: ConfigNode?
    var childHeight = 0
    var hasMergeKey = false
    /// Built once a mapping outgrows a linear scan: key to position after `firstChild`.
    var keyIndex: [ScalarKey: Int]?

    init(isMapping: Bool, location: SourceLocation, anchor: String?, startNodeCount: Int, firstChild: Int) {
      self.isMapping = isMapping
      self.location = location
      self.anchor = anchor
      self.startNodeCount = startNodeCount
      self.firstChild = firstChild
    }

    /// Mutating only so that it reads the frame in place on the stack rather than a copy.
    mutating func firstLocation(ofKey key: String, in entries: MoveStack<ConfigNode.Entry>) -> SourceLocation? {
      if let keyIndex {
        return keyIndex[ScalarKey(key)].map { entries[firstChild + $0].key.location }
      }
      for position in firstChild..<entries.count where ScalarKey.sameBytes(entries[position].key.text, key) {
        return entries[position].key.location
      }
      return nil
    }

    mutating func append(_ entry: consuming ConfigNode.Entry, to entries: MoveStack<ConfigNode.Entry>) {
      let key = entry.key.text
      entries.push(entry)
      let count = entries.count - firstChild
      if keyIndex != nil {
        keyIndex?[ScalarKey(key)] = count - 1
      } else if count > 16 {
        var index: [ScalarKey: Int] = [:]
        index.reserveCapacity(count * 2)
        for position in 0..<count { index[ScalarKey(entries[firstChild + position].key.text)] = position }
        keyIndex = index
      }
    }
  }
}

/// A stack of values whose top range moves out into an array, without copying or destroying.
///
/// Confined to one tree builder.
final class MoveStack<Element> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 64
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  subscript(_ position: Int) -> Element {
    _read { yield base[position] }
  }

  func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// The values from `start` to the top, moved into an array of exactly their number.
  func moveOut(from start: Int) -> [Element] {
    let moved = count - start
    // An empty collection is the shared empty array: building one with no capacity would write
    // its count into that shared storage, a race between threads that load at once.
    guard moved > 0 else { return [] }
    let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
      if let destination = buffer.baseAddress { destination.moveInitialize(from: base + start, count: moved) }
      initialized = moved
    }
    count = start
    return result
  }
}

/// A key compared as Unicode scalars, so canonically equivalent spellings (NFC and NFD) of a
/// key stay two keys, as YAML and JSON define them.
struct ScalarKey: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
    Self.sameBytes(lhs.text, rhs.text)
  }

  /// Whether two strings hold the same UTF-8 bytes (unlike `==`, which equates NFC and NFD).
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    // Byte-equal strings are equal; `==` (canonical equivalence) rules most pairs out quickly,
    // and only its matches need the byte comparison that tells NFC from NFD.
    guard lhs == rhs, lhs.utf8.count == rhs.utf8.count else { return false }
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        left.elementsEqual(right)
      }
    }
  }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
