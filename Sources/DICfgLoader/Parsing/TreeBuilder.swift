import DICfgCore

/// A fatal loader finding: parsing stops here.
struct LoadFailure: Error {
  var diagnostic: Diagnostic
}

/// Builds a ``ConfigTree`` from a stream of parser events, without recursion.
///
/// Shared by the YAML and JSON parsers, it enforces the depth and node limits as events arrive,
/// finds duplicate keys, and keeps the anchor table (an alias is a record naming its anchor's
/// node, so it costs one record; its whole anchor counts against the node limit each time).
/// Events carry byte offsets; a location is worked out only for what is reported.
struct TreeBuilder {
  private let limits: LoaderLimits
  private let source: SourceFile
  /// Non-fatal findings, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// The finished root, once its last event arrives.
  private var rootIndex: UInt32?

  private var records: [ConfigTree.Record] = []
  private var children: [UInt32] = []
  private var text: [UInt8] = []
  private var keyIndexes: [UInt32: KeyIndex] = [:]

  private var stack: [Frame] = []
  /// The children of every open collection, each collection's above its parent's; a
  /// collection's children move to `children` when it ends.
  private var pending: [UInt32] = []
  private var nodeCount = 0
  private var anchors: [String: Anchor] = [:]
  private let mergeKeys: Bool

  /// - Parameter mergeKeys: Whether a plain `<<` key merges mappings (YAML) or is an ordinary
  ///   key (JSON, where it is always quoted and so never plain).
  init(source: SourceFile, limits: LoaderLimits, mergeKeys: Bool) {
    self.source = source
    self.limits = limits
    self.mergeKeys = mergeKeys
    // A graph file has a node every 8 to 9 bytes in block YAML and every 14 to 15 in indented
    // JSON; reserving for that keeps the buffers from doubling past what they hold.
    let expected = source.bytes.count / (mergeKeys ? 8 : 13) + 16
    records.reserveCapacity(expected)
    children.reserveCapacity(expected)
  }

  /// The tree built, and its root node; nil when no document was read.
  consuming func finish() -> ConfigNode? {
    guard let rootIndex else { return nil }
    let tree = ConfigTree(source: source, records: records, children: children, text: text, keyIndexes: keyIndexes)
    return ConfigNode(tree: tree, index: rootIndex)
  }

  func location(_ offset: Int) -> SourceLocation { source.location(ofByteOffset: offset) }

  // MARK: Events

  mutating func beginCollection(
    mapping: Bool, at offset: Int, anchor: String?, tag: ConfigNode.StandardTag?
  ) throws(LoadFailure) {
    if stack.count + 1 > limits.maxDepth {
      throw LoadFailure(diagnostic: .depthExceeded(limit: limits.maxDepth, at: location(offset)))
    }
    try count(1, at: offset)
    if let tag, tag != (mapping ? .map : .seq) {
      diagnostics.append(.mismatchedTag(tag, kind: mapping ? "mapping" : "list", at: location(offset)))
    }
    if let anchor { anchors[anchor] = .open(offset) }
    let index = UInt32(records.count)
    growIfFull(adding: 0)
    records.append(
      ConfigTree.Record(
        offset: UInt32(clamping: offset), first: 0, count: 0,
        flags: ConfigTree.Flags(kind: mapping ? .mapping : .sequence)))
    stack.append(
      Frame(
        isMapping: mapping, record: index, anchor: anchor, startNodeCount: nodeCount - 1, firstChild: pending.count))
  }

  mutating func endCollection() throws(LoadFailure) {
    guard let frame = stack.popLast() else {
      throw LoadFailure(diagnostic: .internalError("a collection ended that never started", at: location(0)))
    }
    let offset = Int(records[Int(frame.record)].offset)
    if frame.isMapping, frame.pendingKey != nil {
      throw LoadFailure(diagnostic: .internalError("a mapping ended after a key with no value", at: location(offset)))
    }
    let first = UInt32(children.count)
    growIfFull(adding: pending.count - frame.firstChild)
    if frame.isMapping, frame.hasMergeKey {
      let merged = applyMergeKeys(Array(pending[frame.firstChild...]))
      children.append(contentsOf: merged)
      if merged.count / 2 > 16 { keyIndexes[frame.record] = keyIndex(first: Int(first), slots: merged.count) }
    } else {
      children.append(contentsOf: pending[frame.firstChild...])
      if let index = frame.keyIndex { keyIndexes[frame.record] = index }
    }
    records[Int(frame.record)].first = first
    records[Int(frame.record)].count = UInt32(children.count) - first
    pending.removeSubrange(frame.firstChild...)
    let height = frame.childHeight + 1
    if let anchor = frame.anchor {
      anchors[anchor] = .complete(frame.record, size: nodeCount - frame.startNodeCount, height: height)
    }
    try attach(frame.record, height: height)
  }

  /// A scalar whose text is `value`. `candidate` is where in the file its text would be if
  /// written as is; when the bytes there are `value`, the node points at them.
  mutating func scalar(
    _ value: UnsafeBufferPointer<UInt8>, candidate: Int?, style: ConfigNode.Scalar.Style,
    tag: ConfigNode.StandardTag?, at offset: Int, anchor: String?
  ) throws(LoadFailure) {
    try count(1, at: offset)
    let inFile = candidate.map { start in
      source.bytes.withUnsafeBufferPointer { bytes in
        start + value.count <= bytes.count
          && ConfigTree.sameBytes(UnsafeBufferPointer(rebasing: bytes[start..<start + value.count]), value)
      }
    }
    let first: Int
    if let candidate, inFile == true {
      first = candidate
    } else {
      first = text.count
      text.append(contentsOf: value)
    }
    let index = UInt32(records.count)
    growIfFull(adding: 0)
    records.append(
      ConfigTree.Record(
        offset: UInt32(clamping: offset), first: UInt32(first), count: UInt32(value.count),
        flags: ConfigTree.Flags(kind: .scalar, style: style, tag: tag, ownText: inFile != true)))
    if let anchor { anchors[anchor] = .complete(index, size: 1, height: 0) }
    try attach(index, height: 0)
  }

  mutating func alias(_ name: String, at offset: Int) throws(LoadFailure) {
    switch anchors[name] {
    case nil:
      diagnostics.append(.undefinedAlias(name, at: location(offset)))
      try scalar(
        UnsafeBufferPointer(start: nil, count: 0), candidate: nil, style: .plain, tag: nil, at: offset, anchor: nil)
    case .open(let anchorOffset):
      throw LoadFailure(diagnostic: .recursiveAlias(name, at: location(offset), anchor: location(anchorOffset)))
    case .complete(let target, let size, let height):
      if stack.count + height > limits.maxDepth {
        throw LoadFailure(diagnostic: .depthExceeded(limit: limits.maxDepth, at: location(offset)))
      }
      try count(size, at: offset)
      let index = UInt32(records.count)
      growIfFull(adding: 0)
      records.append(
        ConfigTree.Record(
          offset: UInt32(clamping: offset), first: target, count: 0, flags: ConfigTree.Flags(kind: .alias)))
      try attach(index, height: height)
    }
  }

  /// Fails when a scalar of `length` bytes is over the limit.
  func checkScalarLength(_ length: Int, at offset: Int) throws(LoadFailure) {
    if length > limits.maxScalarLength {
      throw LoadFailure(
        diagnostic: .scalarTooLong(length: length, limit: limits.maxScalarLength, at: location(offset)))
    }
  }

  /// Adds a non-fatal finding.
  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  // MARK: Building

  /// Grows the records, and the children by `adding` more, by half when full, where appending
  /// would double them: the tree is most of the loader's memory.
  private mutating func growIfFull(adding: Int) {
    if records.count == records.capacity { records.reserveCapacity(records.count + records.count / 2) }
    if children.count + adding > children.capacity {
      children.reserveCapacity(max(children.count + children.count / 2, children.count + adding))
    }
  }

  private mutating func count(_ nodes: Int, at offset: Int) throws(LoadFailure) {
    nodeCount += nodes
    if nodeCount > limits.maxNodes {
      throw LoadFailure(diagnostic: .nodesExceeded(limit: limits.maxNodes, at: location(offset)))
    }
  }

  /// The record holding a node's content: itself, or what an alias names.
  private func target(_ index: UInt32) -> ConfigTree.Record {
    let record = records[Int(index)]
    return record.flags.kind == .alias ? records[Int(record.first)] : record
  }

  private func textBytes<R>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let record = target(index)
    let range = Int(record.first)..<Int(record.first + record.count)
    // Each array read in place: choosing one into a local would retain and release it per call.
    if record.flags.ownText { return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) } }
    return source.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  private func keyText(_ index: UInt32) -> String { textBytes(index) { String(decoding: $0, as: UTF8.self) } }

  private func sameText(_ left: UInt32, _ right: UInt32) -> Bool {
    textBytes(left) { a in textBytes(right) { b in ConfigTree.sameBytes(a, b) } }
  }

  private func hash(_ index: UInt32) -> Int { textBytes(index) { KeyIndex.hash($0) } }

  private func kindName(_ index: UInt32) -> String {
    switch target(index).flags.kind {
    case .scalar, .alias: "scalar"
    case .sequence: "list"
    case .mapping: "mapping"
    }
  }

  private mutating func attach(_ node: UInt32, height: Int) throws(LoadFailure) {
    guard !stack.isEmpty else {
      rootIndex = node
      return
    }
    let top = stack.count - 1
    stack[top].childHeight = max(stack[top].childHeight, height)
    guard stack[top].isMapping else {
      pending.append(node)
      return
    }
    guard let key = stack[top].pendingKey else {
      guard target(node).flags.kind == .scalar else {
        throw LoadFailure(
          diagnostic: .nonScalarKey(kind: kindName(node), at: location(Int(records[Int(node)].offset))))
      }
      stack[top].pendingKey = node
      return
    }
    stack[top].pendingKey = nil
    if let first = firstKey(matching: key, firstChild: stack[top].firstChild, index: stack[top].keyIndex) {
      diagnostics.append(
        .duplicateKey(
          keyText(key), at: location(Int(records[Int(key)].offset)), first: location(Int(records[Int(first)].offset))))
      return
    }
    if isMergeKey(key) { stack[top].hasMergeKey = true }
    pending.append(key)
    pending.append(node)
    let entries = (pending.count - stack[top].firstChild) / 2
    let firstChild = stack[top].firstChild
    if stack[top].keyIndex != nil || entries > 16 {
      var index = stack[top].keyIndex ?? KeyIndex(capacity: entries)
      stack[top].keyIndex = nil
      addKeys(to: &index, entries: entries, firstChild: firstChild)
      stack[top].keyIndex = index
    }
  }

  /// Adds the keys of a mapping's entries from `index.count` up to `entries` to its index.
  private func addKeys(to index: inout KeyIndex, entries: Int, firstChild: Int) {
    for position in index.count..<entries { index.append(hash: hash(pending[firstChild + 2 * position])) }
  }

  /// The key already in `frame`'s mapping with the same text as `key`, if any.
  private func firstKey(matching key: UInt32, firstChild: Int, index: KeyIndex?) -> UInt32? {
    if let index {
      return index.position(hash: hash(key)) { sameText(pending[firstChild + 2 * $0], key) }.map {
        pending[firstChild + 2 * $0]
      }
    }
    var slot = firstChild
    while slot < pending.count {
      if sameText(pending[slot], key) { return pending[slot] }
      slot += 2
    }
    return nil
  }

  private func isMergeKey(_ key: UInt32) -> Bool {
    guard mergeKeys else { return false }
    let record = target(key)
    return record.flags.kind == .scalar && record.flags.style == .plain && record.flags.tag == nil
      && textBytes(key) { $0.elementsEqual("<<".utf8) }
  }

  /// The index by key of a finished mapping's `slots` children starting at `first`.
  private func keyIndex(first: Int, slots: Int) -> KeyIndex {
    var index = KeyIndex(capacity: slots / 2)
    for entry in 0..<slots / 2 { index.append(hash: hash(children[first + 2 * entry])) }
    return index
  }

  /// Replaces each `<<` entry by the entries of the mapping (or mappings) it names that the
  /// mapping does not set itself; among several merged mappings the first one listed wins.
  private mutating func applyMergeKeys(_ slots: [UInt32]) -> [UInt32] {
    var seen = Set<ScalarKey>()
    for entry in stride(from: 0, to: slots.count, by: 2) where !isMergeKey(slots[entry]) {
      seen.insert(ScalarKey(keyText(slots[entry])))
    }
    var result: [UInt32] = []
    result.reserveCapacity(slots.count)
    for entry in stride(from: 0, to: slots.count, by: 2) {
      let (key, value) = (slots[entry], slots[entry + 1])
      guard isMergeKey(key) else {
        result.append(key)
        result.append(value)
        continue
      }
      let valueRecord = target(value)
      let sources: [UInt32]
      switch valueRecord.flags.kind {
      case .mapping: sources = [value]
      case .sequence: sources = Array(children[Int(valueRecord.first)..<Int(valueRecord.first + valueRecord.count)])
      case .scalar, .alias:
        diagnostics.append(.invalidMergeValue(kind: kindName(value), at: location(Int(records[Int(value)].offset))))
        continue
      }
      for source in sources {
        let merged = target(source)
        guard merged.flags.kind == .mapping else {
          diagnostics.append(.invalidMergeValue(kind: kindName(source), at: location(Int(records[Int(source)].offset))))
          continue
        }
        for slot in stride(from: Int(merged.first), to: Int(merged.first + merged.count), by: 2)
        where seen.insert(ScalarKey(keyText(children[slot]))).inserted {
          result.append(children[slot])
          result.append(children[slot + 1])
        }
      }
    }
    return result
  }

  // MARK: State

  private enum Anchor {
    case open(Int)
    case complete(UInt32, size: Int, height: Int)
  }

  private struct Frame {
    var isMapping: Bool
    var record: UInt32
    var anchor: String?
    var startNodeCount: Int
    /// Where this collection's children start on the builder's pending stack.
    var firstChild: Int
    var pendingKey: UInt32?
    var childHeight = 0
    var hasMergeKey = false
    /// Built once a mapping outgrows a linear scan: its keys' entry positions.
    var keyIndex: KeyIndex?

    init(isMapping: Bool, record: UInt32, anchor: String?, startNodeCount: Int, firstChild: Int) {
      self.isMapping = isMapping
      self.record = record
      self.anchor = anchor
      self.startNodeCount = startNodeCount
      self.firstChild = firstChild
    }
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
