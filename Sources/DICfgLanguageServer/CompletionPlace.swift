import DICfgCore
import DICfgLoader

/// What the cursor stands on in a graph file, read from the parsed tree of the text before it:
/// what completion offers there.
///
/// The text up to the cursor is parsed with a marker at the cursor, the flow collections open there
/// closed after it; the marker's node, and the keys above it, say where it is. A half-typed file
/// has a place as long as the text before the cursor parses: what follows the cursor never
/// matters.
package enum CompletionPlace: Equatable, Sendable {
  /// A key of a document: `container` nil at the top level of the file, else one under
  /// `containers:`.
  case documentKey(container: String?)
  /// A key of a service.
  case serviceKey
  /// A key of an external.
  case externalKey
  /// A key of a value written as a mapping (`value`, `provider`, …).
  case valueFormKey
  /// A key of a service's `init:`: an initializer's label.
  case label(service: String, container: String)
  /// The value of `type:` or `as:`.
  case type
  /// The value of `scope:` or `defaultScope:`.
  case scope
  /// A `$name` in a service's value: a parameter, or one of the service's run-time arguments.
  case parameter(service: String, container: String)
  /// A reference in a service's value, an `alias:`, a provider or lazy value, written in
  /// `container`: a service or external; `taker` names the argument or property it goes to.
  case reference(container: String, taker: Taker? = nil)
  /// A name under `collaborators:`.
  case container
  /// Nowhere completion offers anything: a new name, a literal, a comment.
  case none

  /// The place at `line`:`column` (1-based, the column in Unicode scalars) of `lines`, the file's
  /// lines without their line breaks (each ends with one).
  package init(lines: [String], line: Int, column: Int) {
    let source = SourceFile(path: "completion.yaml", bytes: Array(lines.map { $0 + "\n" }.joined().utf8))
    self.init(source: source, line: line, column: column)
  }

  /// The place at `line`:`column` (1-based, the column in Unicode scalars) of `source`.
  package init(source: SourceFile, line: Int, column: Int) {
    guard let current = source.lineBytes(line) else {
      self = .none
      return
    }
    // The line up to the cursor: as many scalars as the column says, counted by their first bytes.
    var end = current.startIndex
    var scalars = 0
    while end < current.endIndex {
      if current[end] & 0xC0 != 0x80 {
        if scalars >= column - 1 { break }
        scalars += 1
      }
      end += 1
    }
    let typed = current[current.startIndex..<end]
    // The lines of the cursor's ancestors first, without the siblings before them; the whole text
    // before the cursor when that reads as nothing.
    if let skeleton = Self.ancestorLines(of: source, before: line),
      let place = Self.place(before: ArraySlice(skeleton + typed), lineBefore: typed)
    {
      self = place
      return
    }
    let start = min(source.contentStart, current.startIndex)
    self = Self.place(before: source.bytes[start..<end], lineBefore: typed) ?? CompletionPlace.none
  }

  /// The lines before `line` that hold the cursor's ancestors, each with its line break: for each
  /// block mapping above the cursor, the line of the key it stands under, and below the innermost,
  /// everything from the entry it is in. The entries before them are left out: they cannot change
  /// the keys above the cursor, and parsing them is most of the work in a long file. Nil where the
  /// lines do not read as block mappings (a tab in the indentation, a directive, a document marker).
  package static func ancestorLines(of source: SourceFile, before line: Int) -> [UInt8]? {
    var kept: [UInt8] = []
    var first = 1
    var indent = 0
    func keep(_ lines: Range<Int>) {
      for number in lines {
        kept += source.lineBytes(number) ?? []
        kept.append(UInt8(ascii: "\n"))
      }
    }
    while true {
      // The last line before the cursor that starts an entry of the mapping at `indent`.
      var entry: Int?
      var number = line - 1
      while number >= first {
        guard let bytes = source.lineBytes(number) else { return nil }
        let content = bytes.drop { $0 == UInt8(ascii: " ") }
        let lineIndent = content.startIndex - bytes.startIndex
        if content.isEmpty || content.first == UInt8(ascii: "#") {
          number -= 1
          continue
        }
        if content.first == UInt8(ascii: "\t") || content.first == UInt8(ascii: "%")
          || content.starts(with: Array("---".utf8)) || content.starts(with: Array("...".utf8))
        {
          return nil
        }
        if lineIndent == indent {
          entry = number
          break
        }
        if lineIndent < indent { return nil }
        number -= 1
      }
      guard let entry else {
        keep(first..<line)
        return kept
      }
      guard let bytes = source.lineBytes(entry), Self.isBlockKey(bytes),
        let child = (entry + 1..<line).first(where: { number in
          let content = (source.lineBytes(number) ?? []).drop { $0 == UInt8(ascii: " ") }
          return !content.isEmpty && content.first != UInt8(ascii: "#")
        })
      else {
        keep(entry..<line)
        return kept
      }
      let childIndent = (source.lineBytes(child) ?? []).prefix { $0 == UInt8(ascii: " ") }.count
      guard childIndent > indent else {
        keep(entry..<line)
        return kept
      }
      keep(entry..<entry + 1)
      first = entry + 1
      indent = childIndent
    }
  }

  /// Whether `line` is a key whose value is a block below it: `services:`, perhaps with a comment.
  private static func isBlockKey(_ line: ArraySlice<UInt8>) -> Bool {
    var content = line
    if let hash = zip(content.indices, content.indices.dropFirst()).first(where: { index, next in
      content[index] == UInt8(ascii: " ") && content[next] == UInt8(ascii: "#")
    }) {
      content = content[..<hash.0]
    }
    while let last = content.last, last == UInt8(ascii: " ") { content = content.dropLast() }
    let key = content.drop { $0 == UInt8(ascii: " ") }
    return key.count > 1 && key.last == UInt8(ascii: ":") && key.first != UInt8(ascii: "-")
      && !key.contains(UInt8(ascii: "{")) && !key.contains(UInt8(ascii: "["))
  }

  private static let markerText = "dicfgCompletionMarker"
  private static let marker = Array(markerText.utf8)

  /// The place of the end of `before`, or nil when no reading of it parses.
  private static func place(before: ArraySlice<UInt8>, lineBefore: ArraySlice<UInt8>) -> CompletionPlace? {
    let closers = Array(Self.openFlows(in: before).reversed())
    // On a line with nothing but a name being typed, the name is a key; a value otherwise. The
    // other reading is tried when the first does not parse.
    let startsKey = lineBefore.allSatisfy { byte in
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "_") || byte >= 0x80
        || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }
    let key = marker + [UInt8(ascii: ":")]
    for reading in startsKey ? [key, marker] : [marker, key] {
      var text = Array(before)
      text.reserveCapacity(before.count + reading.count + closers.count + 1)
      text += reading
      text += closers
      text.append(UInt8(ascii: "\n"))
      let file = ConfigLoader().load(bytes: text, path: "completion.yaml", format: .yaml)
      guard let root = file.root, !file.diagnostics.contains(where: { $0.severity == .error }) else { continue }
      guard let found = Self.find(in: root, keys: []) else { return CompletionPlace.none }
      return Self.place(keys: found.keys, isKey: found.isKey, text: found.text)
    }
    return nil
  }

  /// The flow collections open at the end of `text` (UTF-8), and the quoted scalar if one is,
  /// innermost last, as the bytes that close them; quoted text and comments skipped.
  static func openFlows(in text: ArraySlice<UInt8>) -> [UInt8] {
    var open: [UInt8] = []
    var quote: UInt8?
    var comment = false
    var previous = UInt8(ascii: "\n")
    for byte in text {
      defer { previous = byte }
      if comment {
        if byte == UInt8(ascii: "\n") { comment = false }
        continue
      }
      if let current = quote {
        if byte == current, !(current == UInt8(ascii: "\"") && previous == UInt8(ascii: "\\")) { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        // A quote opens a quoted scalar only where a scalar starts.
        if Array(" \t\n{[,:-".utf8).contains(previous) { quote = byte }
      case UInt8(ascii: "#")
      where previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\n")
        || previous == UInt8(ascii: "\t"):
        comment = true
      case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
      case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
      default: break
      }
    }
    // A quoted scalar the cursor is inside closes first.
    if let quote { open.append(quote) }
    return open
  }

  /// The keys above the marker's node, whether it is a key, and its text.
  private static func find(in node: ConfigNode, keys: [String]) -> (keys: [String], isKey: Bool, text: String)? {
    switch node.content {
    case .scalar(let scalar):
      return scalar.text.contains(markerText) ? (keys, false, scalar.text) : nil
    case .sequence(let items):
      for item in items {
        if let found = find(in: item, keys: keys) { return found }
      }
    case .mapping(let entries):
      for entry in entries {
        if entry.key.text.contains(markerText) { return (keys, true, entry.key.text) }
        if let found = find(in: entry.value, keys: keys + [entry.key.text]) { return found }
      }
    }
    return nil
  }

  /// The place of the marker under `keys`.
  private static func place(keys: [String], isKey: Bool, text: String) -> CompletionPlace {
    var rest = keys[...]
    var container = ResolutionPlan.Container.defaultName
    var topLevel = true
    if rest.first == "containers", rest.count >= 2 {
      container = rest[rest.startIndex + 1]
      topLevel = false
      rest = rest.dropFirst(2)
    }
    let path = Array(rest)
    switch (path.first, path.count, isKey) {
    case (nil, _, true):
      return .documentKey(container: topLevel ? nil : container)
    case ("services", 2, true):
      return .serviceKey
    case ("externals", 2, true):
      return .externalKey
    case ("defaultScope", 1, false):
      return .scope
    case ("collaborators", 1, false):
      return .container
    case ("services", 3..., _):
      return servicePlace(
        service: path[1], path: Array(path.dropFirst(2)), container: container, isKey: isKey, text: text)
    default:
      return .none
    }
  }

  /// The place under a service: `path` starts at the service's key (`init`, `scope`, …).
  private static func servicePlace(service: String, path: [String], container: String, isKey: Bool, text: String)
    -> CompletionPlace
  {
    switch (path[0], path.count, isKey) {
    case ("type", 1, false), ("as", 1, false): return .type
    case ("scope", 1, false): return .scope
    case ("alias", 1, false): return .reference(container: container)
    case ("init", 1, true): return .label(service: service, container: container)
    case ("init", 2, true), ("properties", 2, true): return .valueFormKey
    case ("init", 2..., false), ("properties", 2..., false):
      // A value: a name, a `$name`, or one under a mapping's `provider:` or `lazy:`.
      let forms = path.dropFirst(2)
      guard forms.allSatisfy({ $0 == "provider" || $0 == "lazy" }) else { return .none }
      if text.hasPrefix("${") { return .none }
      if text.hasPrefix("$") { return .parameter(service: service, container: container) }
      // Directly the argument's or property's value: what it takes narrows the candidates.
      let taker = forms.isEmpty ? Taker(service: service, field: path[0], label: path[1]) : nil
      return .reference(container: container, taker: taker)
    default: return .none
    }
  }
}

extension CompletionPlace {
  /// The argument of `init:` or the property of `properties:` a value is written for.
  package struct Taker: Sendable, Equatable {
    package var service: String
    /// `init` or `properties`.
    package var field: String
    package var label: String

    package init(service: String, field: String, label: String) {
      self.service = service
      self.field = field
      self.label = label
    }
  }
}
