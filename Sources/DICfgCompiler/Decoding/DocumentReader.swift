import DICfgCore
import DICfgLoader
import DICfgSwiftModel

/// Reads the top level of one loaded file: the version, imports, parameters and containers,
/// in either the single-container form or the `containers:` form.
struct DocumentReader {
  static let supportedVersion = 1

  private(set) var diagnostics: [Diagnostic] = []

  /// The file's document, or nil when it has no usable top level (the reason is diagnosed).
  mutating func read(_ file: LoadedFile) -> FileDocument? {
    guard let root = file.root else {
      if !file.diagnostics.containsErrors { diagnostics.append(.emptyFile(file.path)) }
      return nil
    }
    guard let entries = root.mapping else {
      diagnostics.append(.topLevelNotMapping(kind: root.kindName, at: root.location))
      return nil
    }
    var top = Entries()
    for entry in entries {
      guard GraphFileKeys.topLevel.contains(entry.key.text) else {
        diagnostics.append(
          .unknownKey(entry.key, allowed: GraphFileKeys.topLevel, context: "at the top level of a graph file"))
        continue
      }
      top[entry.key.text] = entry
    }
    guard checkVersion(top["dicfg"], root: root, format: file.format) else { return nil }

    var document = GraphDocument()
    document.parameters = identifierEntries(top["parameters"], kind: "parameter")
    let containerEntries = GraphFileKeys.container.compactMap { top[$0] }
    if let containersEntry = top["containers"] {
      if let first = containerEntries.first {
        diagnostics.append(.mixedContainerForms(at: containersEntry.key.location, first: first.key.location))
      }
      for entry in identifierEntries(containersEntry, kind: "container").list {
        var section = readContainer(name: entry.key.text, location: entry.key.location, entry.value)
        section.key = entry.key
        document.containers.append(section)
      }
    } else {
      var main = ContainerSection(
        name: ResolutionPlan.Container.defaultName, location: entries.first?.key.location ?? root.location)
      fill(&main, from: top)
      document.containers.append(main)
    }
    return FileDocument(
      path: file.path, imports: readImports(top["imports"], file: file.path), document: document,
      condition: readCondition(top["condition"]))
  }

  /// The `condition:` entry, when it is a Swift compilation condition (`DEBUG`, `DEBUG && !PREVIEW`,
  /// `os(iOS)`): names joined by `&&`, `||` and `!`, in parentheses as needed, a name with one
  /// parenthesized argument being a platform condition.
  private mutating func readCondition(_ entry: ConfigNode.Entry?) -> ConfigNode.Entry? {
    guard let entry else { return nil }
    guard let scalar = entry.value.scalar, CompilationCondition.isValid(scalar.text) else {
      diagnostics.append(.invalidCondition(entry.value))
      return nil
    }
    return entry
  }

  private mutating func checkVersion(_ entry: ConfigNode.Entry?, root: ConfigNode, format: SourceFormat) -> Bool {
    guard let entry else {
      diagnostics.append(.missingVersion(at: root.location, format: format))
      return false
    }
    if let scalar = entry.value.scalar, scalar.isPlain, CoreSchema.value(of: scalar) == .int(Self.supportedVersion) {
      return true
    }
    diagnostics.append(.unsupportedVersion(entry.value))
    return false
  }

  private mutating func readImports(_ entry: ConfigNode.Entry?, file: String) -> [ImportItem] {
    guard let entry, !entry.value.isNull else { return [] }
    guard let items = entry.value.sequence else {
      diagnostics.append(.expected("a list of file paths", for: "imports", got: entry.value))
      return []
    }
    var imports: [ImportItem] = []
    for item in items {
      guard let path = item.scalar?.text, !path.isEmpty, item.sequence == nil else {
        diagnostics.append(.expected("a file path", for: "an import", got: item))
        continue
      }
      imports.append(ImportItem(path: path, resolvedPath: Paths.resolve(path, from: file), location: item.location))
    }
    return imports
  }

  private mutating func readContainer(name: String, location: SourceLocation, _ node: ConfigNode) -> ContainerSection {
    var section = ContainerSection(name: name, location: location)
    if node.isNull { return section }
    guard let entries = node.mapping else {
      diagnostics.append(.expected("a mapping of container sections", for: "container '\(name)'", got: node))
      return section
    }
    var fields = Entries()
    for entry in entries {
      guard GraphFileKeys.container.contains(entry.key.text) else {
        diagnostics.append(.unknownKey(entry.key, allowed: GraphFileKeys.container, context: "in container '\(name)'"))
        continue
      }
      fields[entry.key.text] = entry
    }
    fill(&section, from: fields)
    return section
  }

  private mutating func fill(_ section: inout ContainerSection, from fields: Entries) {
    section.defaultScope = fields["defaultScope"]
    section.collaborators = fields["collaborators"]
    section.scopes = identifierEntries(fields["scopes"], kind: "scope")
    section.externals = identifierEntries(fields["externals"], kind: "external")
    section.requirements = identifierEntries(fields["requires"], kind: "requirement")
    section.services = identifierEntries(fields["services"], kind: "service")
  }

  /// The entries of a section mapping whose keys must be identifiers.
  private mutating func identifierEntries(_ entry: ConfigNode.Entry?, kind: String) -> Entries {
    guard let entry, !entry.value.isNull else { return Entries() }
    guard let entries = entry.value.mapping else {
      diagnostics.append(.expected("a mapping of \(kind) ids", for: entry.key.text, got: entry.value))
      return Entries()
    }
    var result = Entries()
    for item in entries {
      guard Identifier.isValid(item.key.text) else {
        diagnostics.append(.invalidIdentifier(item.key, kind: kind))
        continue
      }
      result[item.key.text] = item
    }
    return result
  }
}

/// Ids: `[A-Za-z_][A-Za-z0-9_]*`. The one rule for a name the graph file declares, read alike by the
/// compiler and the editor's rename.
package enum Identifier {
  package static func isValid(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let first = bytes.first, first < 0x30 || first > 0x39 else { return false }
      for byte in bytes {
        let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        let digit = byte >= 0x30 && byte <= 0x39
        guard letter || digit || byte == 0x5F else { return false }
      }
      return true
    }
  }
}

extension ConfigNode {
  /// Whether this is a null scalar (`null`, `~` or nothing), which stands for an empty section.
  var isNull: Bool {
    guard let scalar else { return false }
    return CoreSchema.value(of: scalar) == .null
  }
}
