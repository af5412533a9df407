internal import CYAML
import DICfgCore

/// Feeds libyaml's events into a ``TreeBuilder``. The only file that touches libyaml.
///
/// The event loop runs inside one scope over the input buffer, so no pointer into it escapes;
/// every event is deleted, and the parser lives at a stable address from initialization to
/// deletion. libyaml's marks count characters (after any byte-order mark), and
/// ``YAMLReader/location(of:)`` is the one place they become locations.
struct YAMLReader {
  private let source: SourceFile
  private let characterOffsets: CharacterOffsets
  /// Whether libyaml's own line and column agree with dicfg's (no NEL, LS or PS in the file).
  private let marksCountLines: Bool

  init(source: SourceFile, isASCII: Bool, hasUnicodeLineBreaks: Bool) {
    self.source = source
    self.characterOffsets = CharacterOffsets(source: source, isASCII: isASCII)
    self.marksCountLines = !hasUnicodeLineBreaks
  }

  func read(into builder: inout TreeBuilder) throws(LoadFailure) {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
      throw LoadFailure(
        diagnostic: .internalError("libyaml could not initialize a parser", at: .start(of: source.path)))
    }
    defer { yaml_parser_delete(parser) }
    let result: Result<Void, LoadFailure> = source.bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
      do throws(LoadFailure) {
        try pump(parser, into: &builder)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  private func pump(_ parser: UnsafeMutablePointer<yaml_parser_t>, into builder: inout TreeBuilder) throws(LoadFailure)
  {
    var firstDocument: SourceLocation?
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(parser, &event) == 1 else { throw LoadFailure(diagnostic: syntaxError(parser.pointee)) }
      defer { yaml_event_delete(&event) }
      let start = characterOffsets.byteOffset(ofCharacter: event.start_mark.index)
      switch event.type {
      case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_NO_EVENT:
        continue
      case YAML_STREAM_END_EVENT:
        return
      case YAML_DOCUMENT_START_EVENT:
        let location = source.location(ofByteOffset: start)
        if let firstDocument { throw LoadFailure(diagnostic: .secondDocument(at: location, first: firstDocument)) }
        firstDocument = location
      case YAML_ALIAS_EVENT:
        try builder.alias(Self.string(event.data.alias.anchor), at: start)
      case YAML_SCALAR_EVENT:
        let data = event.data.scalar
        try builder.checkScalarLength(data.length, at: start)
        let style = Self.style(data.style)
        var tag: ConfigNode.StandardTag?
        if let rawTag = data.tag {
          let location = source.location(ofByteOffset: start)
          tag = try standardTag(Self.string(rawTag), at: location, builder: &builder)
          if let resolved = tag,
            let problem = Self.tagProblem(resolved, text: Self.string(data.value, length: data.length), at: location)
          {
            builder.report(problem)
            tag = nil
          }
        }
        // Written as is, a plain scalar's text starts where the node does and a quoted one's
        // after its quote; an anchor or a tag comes first, and then the text is copied.
        var candidate: Int?
        if data.anchor == nil, data.tag == nil {
          switch style {
          case .plain: candidate = start
          case .singleQuoted, .doubleQuoted: candidate = start + 1
          case .literal, .folded: candidate = nil
          }
        }
        try builder.scalar(
          UnsafeBufferPointer(start: UnsafePointer(data.value), count: data.value == nil ? 0 : data.length),
          candidate: candidate,
          style: style, tag: tag, at: start, anchor: data.anchor.map(Self.string))
      case YAML_SEQUENCE_START_EVENT:
        let data = event.data.sequence_start
        let tag = try data.tag.map { rawTag throws(LoadFailure) in
          try standardTag(Self.string(rawTag), at: source.location(ofByteOffset: start), builder: &builder)
        }
        try builder.beginCollection(mapping: false, at: start, anchor: data.anchor.map(Self.string), tag: tag ?? nil)
      case YAML_MAPPING_START_EVENT:
        let data = event.data.mapping_start
        let tag = try data.tag.map { rawTag throws(LoadFailure) in
          try standardTag(Self.string(rawTag), at: source.location(ofByteOffset: start), builder: &builder)
        }
        try builder.beginCollection(mapping: true, at: start, anchor: data.anchor.map(Self.string), tag: tag ?? nil)
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        try builder.endCollection()
      default:
        throw LoadFailure(
          diagnostic: .internalError(
            "libyaml sent an unknown event type \(event.type.rawValue)", at: source.location(ofByteOffset: start)))
      }
    }
  }

  // MARK: Locations

  /// Converts a libyaml mark (0-based, counting characters after any byte-order mark) into a
  /// location (1-based line and column in Unicode scalars, byte offset).
  ///
  /// libyaml counts lines at LF, CRLF and CR and columns in characters, as dicfg does, so its
  /// line and column are used directly; only a file holding NEL, LS or PS (which libyaml may
  /// count as line breaks) has them recomputed from the offset.
  private func location(of mark: yaml_mark_t) -> SourceLocation {
    let offset = characterOffsets.byteOffset(ofCharacter: mark.index)
    guard marksCountLines else { return source.location(ofByteOffset: offset) }
    return SourceLocation(file: source.path, line: mark.line + 1, column: mark.column + 1, offset: offset)
  }

  private func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "libyaml could not parse the file"
    if parser.error == YAML_READER_ERROR {
      let offset = source.contentStart + Int(parser.problem_offset)
      return .error(.invalidEncoding, problem, at: source.location(ofByteOffset: offset))
    }
    let at = location(of: parser.problem_mark)
    var message = problem
    if let hint = Self.hint(for: problem, at: at, in: source) { message += "; " + hint }
    var context: Note?
    if let contextText = parser.context.map({ String(cString: $0) }) {
      let contextLocation = location(of: parser.context_mark)
      if contextLocation != at { context = Note(message: contextText, location: contextLocation) }
    }
    return .yamlSyntax(message, at: at, context: context)
  }

  /// A fix for the libyaml problems people meet most.
  private static func hint(for problem: String, at location: SourceLocation, in source: SourceFile) -> String? {
    let character = source.lineText(location.line)?.unicodeScalars.dropFirst(location.column - 1).first
    switch problem {
    case "found character that cannot start any token" where character == "\t":
      return "YAML cannot be indented with tabs; use spaces"
    case "found character that cannot start any token" where character == "@" || character == "`":
      return "'\(character.map(String.init) ?? "")' is reserved in YAML; quote the value"
    case "mapping values are not allowed in this context":
      return "quote a value that holds ': ', or start the nested mapping on a new, indented line"
    case "found undefined tag handle":
      return "a graph file uses only the core tags such as '!!str'"
    default:
      return nil
    }
  }

  // MARK: Event data

  private func standardTag(_ tag: String, at location: SourceLocation, builder: inout TreeBuilder)
    throws(LoadFailure) -> ConfigNode.StandardTag?
  {
    if tag == "!" { return .str }
    let prefix = "tag:yaml.org,2002:"
    if tag.hasPrefix(prefix), let standard = ConfigNode.StandardTag(rawValue: String(tag.dropFirst(prefix.count))) {
      return standard
    }
    let shown = tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    builder.report(.unsupportedTag(shown, at: location))
    return nil
  }

  private static func tagProblem(_ tag: ConfigNode.StandardTag, text: String, at location: SourceLocation)
    -> Diagnostic?
  {
    switch tag {
    case .str: return nil
    case .map, .seq: return .mismatchedTag(tag, kind: "scalar", at: location)
    case .int, .float, .bool, .null:
      return CoreSchema.value(ofPlain: text).fits(tag) ? nil : .taggedScalarMismatch(tag, text: text, at: location)
    }
  }

  private static func style(_ style: yaml_scalar_style_t) -> ConfigNode.Scalar.Style {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }

  /// Reads a scalar by pointer and length: it may hold NUL.
  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  /// Reads a NUL-terminated name (an anchor or a tag).
  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
    String(cString: pointer)
  }
}

/// Maps libyaml's character indices to byte offsets: directly for ASCII files, else through a
/// checkpoint every 64 characters.
struct CharacterOffsets {
  private let source: SourceFile
  private let start: Int
  private let checkpoints: [Int]
  private static let stride = 64

  init(source: SourceFile, isASCII: Bool) {
    self.source = source
    self.start = source.contentStart
    guard !isASCII else {
      checkpoints = []
      return
    }
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(source.bytes.count / Self.stride + 1)
    var characters = 0
    for offset in start..<source.bytes.count where source.bytes[offset] & 0xC0 != 0x80 {
      if characters % Self.stride == 0 { checkpoints.append(offset) }
      characters += 1
    }
    self.checkpoints = checkpoints
  }

  func byteOffset(ofCharacter index: Int) -> Int {
    guard !checkpoints.isEmpty else { return min(start + index, source.bytes.count) }
    let checkpoint = index / Self.stride
    guard checkpoint < checkpoints.count else { return source.bytes.count }
    var offset = checkpoints[checkpoint]
    var remaining = index % Self.stride
    let bytes = source.bytes
    while remaining > 0, offset < bytes.count {
      offset += 1
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      remaining -= 1
    }
    return offset
  }
}
