import DICfgCore

/// The loader's messages, one factory per finding.
extension Diagnostic {
  static func fileUnreadable(_ path: String, reason: String) -> Diagnostic {
    .error(.ioError, "cannot read '\(path)': \(reason)", at: .start(of: path))
  }

  static func fileTooLarge(_ path: String, size: Int, limit: Int) -> Diagnostic {
    .error(
      .limitExceeded,
      "file is \(size) bytes, over the loader's file-size limit of \(limit) bytes; "
        + "split it with 'imports', or raise the limit ('--max-file-size', 'LoaderLimits.maxFileSize')",
      at: .start(of: path))
  }

  static func depthExceeded(limit: Int, at location: SourceLocation) -> Diagnostic {
    .error(
      .limitExceeded,
      "nesting is deeper than the loader's depth limit of \(limit); "
        + "flatten the structure, or raise the limit ('--max-depth', 'LoaderLimits.maxDepth')",
      at: location)
  }

  static func nodesExceeded(limit: Int, at location: SourceLocation) -> Diagnostic {
    .error(
      .limitExceeded,
      "the document expands to more than the loader's limit of \(limit) nodes (aliases count "
        + "their whole anchor each time); use fewer aliases, or raise the limit ('--max-nodes', 'LoaderLimits.maxNodes')",
      at: location)
  }

  static func scalarTooLong(length: Int, limit: Int, at location: SourceLocation) -> Diagnostic {
    .error(
      .limitExceeded,
      "scalar is \(length) bytes, over the loader's scalar-length limit of \(limit) bytes; "
        + "shorten it, or raise the limit ('--max-scalar-length', 'LoaderLimits.maxScalarLength')",
      at: location)
  }

  static func duplicateKey(_ key: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
    .error(
      .duplicateKey, "duplicate key '\(key)' in one mapping; remove or rename one of them", at: location,
      notes: [Note(message: "'\(key)' is first defined here", location: first)])
  }

  static func nonScalarKey(kind: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue, "a \(kind) cannot be a mapping key; keys in a graph file are names or other scalars",
      at: location)
  }

  static func secondDocument(at location: SourceLocation, first: SourceLocation) -> Diagnostic {
    .error(
      .multipleDocuments,
      "a graph file holds one document, and a second one starts here; "
        + "move it to its own file and list that file under 'imports'",
      at: location, notes: [Note(message: "the first document starts here", location: first)])
  }

  static func yamlSyntax(_ problem: String, at location: SourceLocation, context: Note?) -> Diagnostic {
    .error(.syntaxError, problem, at: location, notes: context.map { [$0] } ?? [])
  }

  static func jsonSyntax(_ problem: String, at location: SourceLocation) -> Diagnostic {
    .error(.syntaxError, problem, at: location)
  }

  static func undefinedAlias(_ name: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidAlias,
      "alias '*\(name)' refers to no anchor; define '&\(name)' on a node before this alias",
      at: location)
  }

  static func recursiveAlias(_ name: String, at location: SourceLocation, anchor: SourceLocation) -> Diagnostic {
    .error(
      .invalidAlias,
      "alias '*\(name)' is inside the node its anchor names, which would make the node contain itself",
      at: location, notes: [Note(message: "anchor '&\(name)' is defined here", location: anchor)])
  }

  static func unsupportedTag(_ tag: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .unsupportedTag,
      "tag '\(tag)' is not supported; a graph file uses only the core tags "
        + "'!!str', '!!int', '!!float', '!!bool', '!!null', '!!map' and '!!seq'",
      at: location)
  }

  static func mismatchedTag(_ tag: ConfigNode.StandardTag, kind: String, at location: SourceLocation) -> Diagnostic {
    .error(.unsupportedTag, "tag '\(tag.shorthand)' cannot be applied to a \(kind)", at: location)
  }

  static func taggedScalarMismatch(_ tag: ConfigNode.StandardTag, text: String, at location: SourceLocation)
    -> Diagnostic
  {
    .error(
      .unsupportedTag, "'\(text)' is not a valid '\(tag.shorthand)' value; remove the tag or fix the value",
      at: location)
  }

  static func invalidMergeValue(kind: String, at location: SourceLocation) -> Diagnostic {
    .error(
      .invalidValue,
      "the merge key '<<' takes a mapping or a list of mappings, not a \(kind)",
      at: location)
  }

  static func internalError(_ detail: String, at location: SourceLocation) -> Diagnostic {
    .error(.internalError, "internal error: \(detail); please report this with the file that caused it", at: location)
  }
}
