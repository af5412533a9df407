import DICfgCore
import DICfgLoader
import DICfgSwiftModel

/// One layer: the files that make it (a root file and everything it imports) merged into one
/// document.
struct Layer {
  var files: [String]
  var document: GraphDocument
  /// The Swift compilation condition its own file limits it to (`condition: DEBUG`).
  var condition: String?
}

/// Loads the files of each layer — following imports depth-first, each file once — and merges
/// each layer's files into one document, reporting ids defined twice within a layer.
struct LayerAssembler {
  let loader: ConfigLoader
  let fileSystem: any GraphFileSystem
  private(set) var diagnostics: [Diagnostic] = []
  /// Every file read, by path, for rendering and `explain`.
  private(set) var loadedFiles: [String: LoadedFile] = [:]
  /// The paths read, in order.
  private(set) var fileOrder: [String] = []
  /// The paths whose errors kept them from being read as graph files, in order.
  private(set) var unreadableFiles: [String] = []
  /// Each file's document as read, in the order read: the symbols the editor and `dicfg diff` use.
  private(set) var documents: [FileDocument] = []
  /// The ids of the requirements too malformed to stand for anything (``RequirementMatcher``).
  private(set) var malformedRequirements: Set<String> = []
  /// The requirements of imported files that nothing meets (``RequirementMatcher/unmet``).
  private(set) var unmetRequirements: [(id: String, type: String, location: SourceLocation)] = []
  /// Each file's requirements by type (``RequirementMatcher/byType``).
  private(set) var requirementTypes: [String: [String: String]] = [:]

  init(loader: ConfigLoader, fileSystem: any GraphFileSystem) {
    self.loader = loader
    self.fileSystem = fileSystem
  }

  /// Assembles the base layer from `root`, then one layer per environment (the `.ENV` sibling of
  /// every base file that has one), then one per override file.
  mutating func assemble(root: String, environments: [String], overrides: [String]) -> [Layer] {
    let base = loadLayer(roots: [root], isBase: true)
    var layers = [base]
    for environment in environments {
      let existing = base.files.map { Paths.environmentSibling(of: $0, environment: environment) }
        .filter { fileSystem.fileExists($0) }
      // A base that did not load is reported already; an environment of it is not checked.
      if existing.isEmpty, !base.files.isEmpty, unreadableFiles.isEmpty {
        let available = Set(base.files.flatMap { Paths.environments(beside: $0, in: fileSystem) })
        diagnostics.append(
          .unknownEnvironment(
            environment, root: root, layer: Paths.environmentSibling(of: root, environment: environment),
            imports: base.files.count > 1, available: available.sorted()))
      }
      let siblings = existing.filter { loadedFiles[$0] == nil }
      if !siblings.isEmpty {
        layers.append(loadLayer(roots: siblings))
      }
    }
    for path in overrides {
      layers.append(loadLayer(roots: [path]))
    }
    return layers
  }

  private mutating func loadLayer(roots: [String], isBase: Bool = false) -> Layer {
    var documents: [FileDocument] = []
    // Depth-first, iterative: each frame is a file whose imports are being visited.
    struct Frame {
      var document: FileDocument
      var nextImport = 0
    }
    for root in roots {
      guard let rootDocument = read(root) else { continue }
      documents.append(rootDocument)
      var stack = [Frame(document: rootDocument)]
      while !stack.isEmpty {
        let top = stack.count - 1
        guard stack[top].nextImport < stack[top].document.imports.count else {
          stack.removeLast()
          continue
        }
        let item = stack[top].document.imports[stack[top].nextImport]
        stack[top].nextImport += 1
        if let cycleStart = stack.firstIndex(where: { $0.document.path == item.resolvedPath }) {
          let chain = stack[cycleStart...].map { frame in
            frame.document.imports[frame.nextImport - 1]
          }
          diagnostics.append(.importCycle(item, chain: Array(chain)))
          continue
        }
        if loadedFiles[item.resolvedPath] != nil { continue }
        guard fileSystem.fileExists(item.resolvedPath) else {
          diagnostics.append(.importNotFound(item))
          continue
        }
        guard let imported = read(item.resolvedPath) else { continue }
        documents.append(imported)
        stack.append(Frame(document: imported))
      }
    }
    var document = merge(documents)
    var requirements = RequirementMatcher()
    if isBase {
      requirements.meet(documents, in: &document)
    } else {
      requirements.reportMisplaced(in: documents)
    }
    diagnostics += requirements.diagnostics
    malformedRequirements.formUnion(requirements.malformed)
    unmetRequirements += requirements.unmet
    requirementTypes.merge(requirements.byType) { first, _ in first }
    return Layer(
      files: documents.map(\.path), document: document,
      condition: condition(of: documents, roots: roots, isBase: isBase))
  }

  /// The condition a layer's own files set (joined with `&&` where several do); a condition in the
  /// base or in an imported file is an error.
  private mutating func condition(of documents: [FileDocument], roots: [String], isBase: Bool) -> String? {
    var conditions: [String] = []
    for document in documents {
      guard let entry = document.condition else { continue }
      if isBase || !roots.contains(document.path) {
        diagnostics.append(.misplacedCondition(entry.key, layerFile: isBase ? nil : roots.first))
      } else if let text = entry.value.scalar?.text, !conditions.contains(text) {
        conditions.append(text)
        checkFlags(of: entry.value, text: text, file: document.path)
      }
    }
    return CompilationCondition.all(conditions)
  }

  /// A flag of a layer's condition that neither DEBUG, RELEASE nor the package's manifest defines,
  /// and that is a likely misspelling of one of them: the layer would never apply.
  private mutating func checkFlags(of value: ConfigNode, text: String, file: String) {
    let flags = CompilationCondition.flags(in: text)
    guard !flags.isEmpty else { return }
    let known = CompilationCondition.wellKnown + manifestDefines(above: file)
    for flag in flags where !known.contains(flag) {
      if let suggestion = Suggestions.closest(to: flag, among: known) {
        diagnostics.append(.unknownConditionFlag(flag, suggestion: suggestion, at: value.location))
      }
    }
  }

  /// The conditions the nearest `Package.swift` in `file`'s folder or above defines.
  private func manifestDefines(above file: String) -> [String] {
    var folder = Paths.directory(of: file)
    while true {
      let manifest = folder.isEmpty ? "Package.swift" : folder == "/" ? "/Package.swift" : folder + "/Package.swift"
      if let text = fileSystem.text(manifest) { return CompilationCondition.defines(inManifest: text) }
      guard !folder.isEmpty, folder != "/" else { return [] }
      let parent = Paths.directory(of: folder)
      folder = parent.isEmpty && folder.hasPrefix("/") ? "/" : parent
    }
  }

  private mutating func read(_ path: String) -> FileDocument? {
    let file = fileSystem.load(path, with: loader)
    loadedFiles[path] = file
    fileOrder.append(path)
    diagnostics += file.diagnostics
    var reader = DocumentReader()
    let document = reader.read(file)
    // A file with a loader error (a duplicate key, say) still has its names for the editor, but
    // nothing of it is compiled.
    if let document { documents.append(document) }
    if file.diagnostics.containsErrors {
      unreadableFiles.append(path)
      return nil
    }
    diagnostics += reader.diagnostics
    if document == nil { unreadableFiles.append(path) }
    return document
  }

  /// Merges the files of one layer: ids are unioned, and one defined twice is an error.
  private mutating func merge(_ files: [FileDocument]) -> GraphDocument {
    var merged = GraphDocument()
    for file in files {
      union(&merged.parameters, file.document.parameters, kind: "parameter")
      for container in file.document.containers {
        guard let index = merged.containerIndex(named: container.name) else {
          merged.containers.append(container)
          continue
        }
        union(&merged.containers[index].services, container.services, kind: "service")
        union(&merged.containers[index].externals, container.externals, kind: "external")
        union(&merged.containers[index].scopes, container.scopes, kind: "scope")
        unionSetting(&merged.containers[index].defaultScope, container.defaultScope)
        unionSetting(&merged.containers[index].collaborators, container.collaborators)
      }
    }
    return merged
  }

  private mutating func union(_ target: inout Entries, _ source: Entries, kind: String) {
    for entry in source.list {
      if let first = target[entry.key.text] {
        diagnostics.append(.duplicateDefinition(kind: kind, entry.key, first: first.key.location))
      } else {
        target[entry.key.text] = entry
      }
    }
  }

  private mutating func unionSetting(_ target: inout ConfigNode.Entry?, _ source: ConfigNode.Entry?) {
    guard let source else { return }
    if let first = target {
      diagnostics.append(.duplicateSetting(source.key, first: first.key.location))
    } else {
      target = source
    }
  }
}
