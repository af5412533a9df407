public import DICfgCore
public import DICfgLoader
public import DICfgSwiftModel

/// What to compile: a graph file, the environments and override files to layer on it, the
/// environment variables to check `${NAME}` parameters against, and the Swift declarations to
/// check types, initializers, values and properties against.
public struct CompileRequest: Sendable {
  /// The base graph file.
  public var file: String
  /// Environments, applied in order: each adds the `.ENV` sibling of every base file that has one.
  public var environments: [String]
  /// Explicit override files, applied in order after the environments.
  public var overrides: [String]
  /// The variables `${NAME}` parameters are checked against; nil skips the check.
  public var environmentVariables: [String: String]?
  /// The declarations of the Swift target the file wires; nil leaves those checks to the Swift
  /// compiler and the link.
  public var swift: SwiftDeclarations?
  /// The types the package declares in modules the file's module does not depend on, by name, with
  /// that module (`dicfg validate --package`): a name of one of them is no type the build can see.
  public var undependedTypes: [String: String] = [:]

  public init(
    file: String, environments: [String] = [], overrides: [String] = [],
    environmentVariables: [String: String]? = nil, swift: SwiftDeclarations? = nil
  ) {
    self.file = file
    self.environments = environments
    self.overrides = overrides
    self.environmentVariables = environmentVariables
    self.swift = swift
  }
}

/// The outcome of a compile: the plan when there are no errors, and every finding.
public struct CompileResult: Sendable {
  /// The plan, or nil when any error was found.
  public var plan: ResolutionPlan?
  /// Every finding, sorted by file, line and column.
  public var diagnostics: [Diagnostic]
  /// Every file read, by path, for rendering source lines.
  public var files: [String: LoadedFile]
  /// The files read, in the order they were read.
  public var fileOrder: [String]
  /// Every service entry after the layers are merged, by container name and service id; each
  /// field keeps the location of the layer that set it (for `dicfg explain`).
  public var mergedServices: [String: [String: ConfigNode.Entry]]
  /// The Swift compilation condition the layers limit this compile to (`DEBUG` for a layer that
  /// says `condition: DEBUG`); nil where every build has it.
  public var condition: String?
  /// The Swift declarations the compile checked against: the request's, with the builders that
  /// other modules' generated code declares for their graph files' services (`ModuleBuilders`).
  public var swift: SwiftDeclarations?
  /// The builders the code generated for the root file's module declares: one for each service its
  /// graph files declare that a graph importing them could not build itself.
  public var publishedBuilders: [ModuleBuilder] = []
  /// Each file's document as the compiler decoded it, in the order read: what ``symbols`` is read
  /// from, when asked for (a build's compile never asks).
  var documents: [FileDocument]

  /// Whether the file the compile started from is a module's fragment: it says what it needs from the
  /// graph that imports it (`requires:`), so it is checked on its own, not built on its own.
  public var rootIsFragment: Bool {
    guard let root = documents.first(where: { $0.path == fileOrder.first }) else { return false }
    return root.document.containers.contains { !$0.requirements.list.isEmpty }
  }

  /// The names each file read declares and refers to, at their places, as the compiler read them.
  public var symbols: GraphSymbols { GraphSymbols(documents: documents) }
}

/// Compiles graph files — with their imports, environment layers and override files — into a
/// `ResolutionPlan`, or into diagnostics that say what is wrong, where, and what to do.
///
/// ```swift
/// let result = GraphCompiler().compile(CompileRequest(file: "config/app.yaml", environments: ["production"]))
/// for diagnostic in result.diagnostics { print(DiagnosticRenderer.headline(diagnostic)) }
/// if let plan = result.plan { /* link it with DICfgRuntime */ }
/// ```
public struct GraphCompiler: Sendable {
  /// The loader (and its limits) used for every file.
  public var loader: ConfigLoader
  /// Where files are read from.
  public var fileSystem: any GraphFileSystem

  public init(loader: ConfigLoader = ConfigLoader(), fileSystem: any GraphFileSystem = LocalFileSystem()) {
    self.loader = loader
    self.fileSystem = fileSystem
  }

  /// Compiles `request`. All findings are reported in one run.
  public func compile(_ request: CompileRequest) -> CompileResult {
    var assembler = LayerAssembler(loader: loader, fileSystem: fileSystem)
    let layers = assembler.assemble(
      root: request.file, environments: request.environments, overrides: request.overrides)
    var diagnostics = assembler.diagnostics
    // What a file that could not be read defines is unknown: findings it may cause are left out.
    var followOns: [Diagnostic] = []
    var merger = LayerMerger()
    var document = layers[0].document
    for layer in layers.dropFirst() { merger.apply(layer.document, onto: &document) }
    followOns += merger.diagnostics

    var decoder = DeclarationDecoder()
    let parameters = decoder.parameters(document.parameters)
    let containers = document.containers.map { decoder.container($0) }
    followOns += decoder.diagnostics

    var plan: ResolutionPlan?
    let hasDocument = !document.containers.isEmpty
    // The generated code of each module whose graph file the root imports builds the services it
    // declares with internal types; the root's own module's builders are what its code declares.
    let own = SwiftDeclarations.module(ofPath: request.file)
    let baseFiles = Set(layers[0].files)
    let builders = request.swift.map { swift in
      ModuleBuilders(documents: assembler.documents.filter { baseFiles.contains($0.path) }, swift: swift)
    }
    let swift = request.swift.map { builders?.declared(in: $0, except: own) ?? $0 }
    if hasDocument {
      var resolver = GraphResolver(
        parameters: parameters, containers: containers, environment: request.environmentVariables,
        swift: swift, generatedModule: own, builders: builders ?? ModuleBuilders())
      if layers.count > 1 { resolver.baseParameters = Set(layers[0].document.parameters.keys) }
      resolver.requirementTypes = assembler.requirementTypes
      resolver.undependedTypes = request.undependedTypes
      resolver.buildConditions = layers.dropFirst().compactMap(\.condition)
      plan = resolver.resolve()
      var found = resolver.diagnostics
      // A reference to a requirement whose own error is reported is no finding of its own.
      let standIns = Set(
        resolver.unresolved.filter { assembler.malformedRequirements.contains($0.name) }.map(\.location))
      found.removeAll { $0.code == .unknownReference && standIns.contains($0.location) }
      found = Self.explainingRemovals(found, unresolved: resolver.unresolved, removals: merger.removals)
      if !resolver.unresolved.isEmpty || !assembler.unmetRequirements.isEmpty,
        let root = assembler.documents.first(where: { $0.path == request.file })
      {
        let modules = request.swift.map { swift in
          Set(swift.types.compactMap { SwiftDeclarations.module(ofPath: $0.location.file) })
        }
        let fragments = ModuleFragments(
          beside: request.file, loaded: Set(assembler.fileOrder), modules: modules, loader: loader,
          fileSystem: fileSystem)
        let declared = Set(
          assembler.documents.flatMap(\.document.containers).flatMap { $0.services.list + $0.externals.list }
            .map(\.key.text))
        found = fragments.explaining(resolver.unresolved, in: found, root: root, declared: declared)
        diagnostics = fragments.explaining(assembler.unmetRequirements, in: diagnostics, root: root)
      }
      followOns += found
    }
    diagnostics += Self.leavingOut(followOns, after: assembler.unreadableFiles, in: &diagnostics)
    let sorted = diagnostics.sortedUnique()
    var mergedServices: [String: [String: ConfigNode.Entry]] = [:]
    for container in document.containers {
      mergedServices[container.name] = Dictionary(
        container.services.list.map { ($0.key.text, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return CompileResult(
      plan: sorted.containsErrors || !hasDocument ? nil : plan, diagnostics: sorted, files: assembler.loadedFiles,
      fileOrder: assembler.fileOrder, mergedServices: mergedServices,
      condition: CompilationCondition.all(layers.dropFirst().compactMap(\.condition)), swift: swift,
      publishedBuilders: own.flatMap { builders?.published(by: $0) } ?? [], documents: assembler.documents)
  }

  /// `found` with the references to a service an override layer removed as one error at the removal,
  /// the requests as notes, instead of one error at each request naming no layer.
  private static func explainingRemovals(
    _ found: [Diagnostic], unresolved: [(name: String, location: SourceLocation)], removals: [String: SourceLocation]
  ) -> [Diagnostic] {
    guard !removals.isEmpty else { return found }
    var requests: [String: [SourceLocation]] = [:]
    for reference in unresolved where removals[reference.name] != nil {
      requests[reference.name, default: []].append(reference.location)
    }
    guard !requests.isEmpty else { return found }
    let explained = Set(requests.values.joined())
    return found.filter { $0.code != .unknownReference || !explained.contains($0.location) }
      + requests.sorted { $0.key < $1.key }.compactMap { id, locations in
        removals[id].map { .removedServiceRequested(id, at: $0, requests: locations.sorted()) }
      }
  }

  /// One finding per root cause: the same code at the same place with the same message once.
  /// Findings that an unreadable file may have caused: a reference to, an override of, or a name
  /// of what the file would define, and declarations it might have used.
  static let followOnCodes: Set<DiagnosticCode> = [
    .unknownReference, .overrideMissingService, .overrideMissingParameter, .unknownCollaborator, .unknownScope,
    .unusedParameter,
    .unusedExternal, .unknownEnvironment,
  ]

  /// `findings` without those that may follow from the files in `unreadable`; the first error of
  /// the first such file (in `diagnostics`) gets a note saying how many were left out.
  private static func leavingOut(
    _ findings: [Diagnostic], after unreadable: [String], in diagnostics: inout [Diagnostic]
  ) -> [Diagnostic] {
    guard let first = unreadable.first else { return findings }
    let kept = findings.filter { !followOnCodes.contains($0.code) }
    let leftOut = findings.count - kept.count
    if leftOut > 0,
      let index = diagnostics.firstIndex(where: { $0.severity == .error && $0.location.file == first })
    {
      diagnostics[index].notes.append(
        Note(
          message: "\(leftOut) finding\(leftOut == 1 ? "" : "s") that may follow from what '\(first)' defines "
            + "\(leftOut == 1 ? "is" : "are") left out; fix this error and validate again",
          location: nil))
    }
    return kept
  }
}
