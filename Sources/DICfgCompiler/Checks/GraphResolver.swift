import DICfgCore
import DICfgSwiftModel

/// Turns the merged declarations into a plan, in four stages, each in its own file: the symbol
/// tables (`+Symbols`: one ``ContainerSymbols`` per container), reference resolution
/// (`+References`), the graph checks (`+Checks`: cycles, lifetimes, run-time arguments, unused
/// declarations) and plan emission (`+Emission`).
struct GraphResolver {
  let parameters: [ParameterDeclaration]
  let declarations: [ContainerDeclaration]
  let environment: [String: String]?
  var diagnostics: [Diagnostic] = []

  /// A service of the plan, numbered globally across containers.
  struct Node {
    var container: Int
    var index: Int
    var declaration: ServiceDeclaration
    /// The declared scope, or the default for a scope name reported as unknown.
    var scope: ScopeKind
    /// False for a scope name reported as unknown or ambiguous: the lifetime checks skip the
    /// service, since its real scope is not known and the name's error is the one finding.
    var scopeIsKnown = true
  }

  typealias Named = ContainerSymbols.Named

  var nodes: [Node] = []
  /// Per container: its symbol table.
  var symbols: [ContainerSymbols] = []
  var edges: [DependencyEdge] = []
  var usedParameters = Set<Int>()
  var usedExternals = Set<[Int]>()
  var declaredTags = Set<String>()
  /// Graph findings that get a trace of who requested the service, once all edges are known.
  var traced: [(diagnostic: Diagnostic, node: Int)] = []
  /// Per container: did-you-mean over the ids and bound types it sees, built on its first
  /// unknown reference.
  var referenceSuggestions: [Int: SuggestionIndex] = [:]
  /// Per container that names a collaborator that does not exist: the position of that finding in
  /// `diagnostics`, and how many unresolved references it may explain (left out, counted in a note).
  var unknownCollaborators: [Int: (diagnostic: Int, leftOut: Int)] = [:]
  /// The references nothing provides, each reported as `unknown-reference`: a fragment the graph does
  /// not import may define them (``ModuleFragments``).
  var unresolved: [(name: String, location: SourceLocation)] = []
  /// The types several services or externals bind that references name, each with its bindings and
  /// the references, in the order first met: one finding each.
  var ambiguousTypes:
    [(name: String, candidates: [Candidate], bindings: [SourceLocation], references: [SourceLocation])] = []

  let swift: SwiftDeclarations?
  /// The module the generated code is compiled into (the root graph file's), where the root is in
  /// a module folder: what it can reach of other modules is checked.
  let generatedModule: String?
  /// The builders the modules' generated code declares for services their graph files declare with
  /// internal types: a service of another module's file that the generated code cannot build itself
  /// is built with its builder.
  let builders: ModuleBuilders
  /// The parameters the graph below the override layers declares, when there are layers: a layer's
  /// parameter that is not among them and that nothing uses is an error, not a warning.
  var baseParameters: Set<String>?
  /// Each file's requirements by type, so a fragment's reference by a type it requires names the
  /// requirement (``RequirementMatcher/byType``).
  var requirementTypes: [String: [String: String]] = [:]
  /// The package's types in modules the file's module does not depend on (``CompileRequest/undependedTypes``).
  var undependedTypes: [String: String] = [:]
  /// The compilation conditions the override layers' files set (`condition: DEBUG`): a type the
  /// graph names must be declared where they hold.
  var buildConditions: [String] = []

  init(
    parameters: [ParameterDeclaration], containers: [ContainerDeclaration], environment: [String: String]?,
    swift: SwiftDeclarations? = nil, generatedModule: String? = nil, builders: ModuleBuilders = ModuleBuilders()
  ) {
    self.parameters = parameters
    self.declarations = containers
    self.environment = environment
    self.swift = swift
    self.generatedModule = generatedModule
    self.builders = builders
  }

  mutating func resolve() -> ResolutionPlan {
    indexContainers()
    resolveCollaborators()
    resolveAliases()
    var services = resolveServices()
    reportAmbiguousTypes()
    if !undependedTypes.isEmpty { checkModuleDependencies() }
    if let swift { checkSwift(swift, services: &services) }
    checkCycles()
    checkLifetimesAndArguments(reported: checkIsolation())
    checkUnused()
    checkEnvironment()
    attachTraces()
    return emit(services)
  }
}
