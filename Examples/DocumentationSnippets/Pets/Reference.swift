// The snippets of the README, the DICfg, DICfgRuntime and DICfgCompiler landing pages and Shipping a
// Compiled Plan that are not Getting Started's.
import DICfg
import DICfgCompiler
import DICfgCore
import DICfgRuntime
import ExampleSupport
import Foundation

/// README and DICfgRuntime: a type that only a graph file loaded at run time names, registered by
/// hand beside the generated registration; a main-actor type's property with a main-actor closure.
@MainActor public func readmeRegisterByHand() throws -> String {
  var registry = try Registry.fromGraphFile()
  try registry.register(AppConfig.init(environment:baseURL:), labels: ["environment", "baseURL"])
  try registry.property("delegate", of: DebugMenuView.self, mainActor: { $0.delegate = $1 })  // @MainActor
  try registry.register(mainActor: DebugMenuView.init, typeName: "DebugMenuView")
  try registry.register(ConsoleLogger.init(level:), labels: ["level"])

  let override = try temporaryFile(
    """
    dicfg: 1
    services:
      config: { type: AppConfig, init: { environment: { value: staging }, baseURL: { value: "https://staging.example.com" } } }
      debugMenu:
        type: DebugMenuView
        isolation: MainActor
        properties: { delegate: consoleLogger }
      consoleLogger: { type: ConsoleLogger, init: { level: { value: debug } } }
    """)
  let container = try Container(graphFile: override, registry: registry)
  let menu = try container.mainActor.resolve("debugMenu", as: DebugMenuView.self)
  return "\(try container.resolve("config", as: AppConfig.self).environment) \(menu.delegate?.level ?? "none")"
}

/// The DICfg landing page: a graph file loaded at run time with the generated registration.
public func landingPageLoadAtRunTime() throws -> String {
  // Registry.fromGraphFile() is generated from the graph file at build time by dicfg's plugin,
  // so the Swift compiler checks every type, label and value the file names.
  let container = try Container(graphFile: "config/app.yaml", registry: try Registry.fromGraphFile())
  let person = try container.resolve(Person.self)
  return person.play()
}

/// Shipping a Compiled Plan: the plan read from the app's bundle.
public func shippingLoadThePlan(makeRegistry: () throws -> Registry, key: String) throws -> Container {
  guard let url = Bundle.main.url(forResource: "plan", withExtension: "json") else { throw AppError.noPlan }
  let plan = try ResolutionPlan(jsonText: String(contentsOf: url, encoding: .utf8))
  let container = try Container(plan: plan, registry: makeRegistry(), externals: ["analyticsKey": key])
  return container
}

/// Shipping a Compiled Plan: the registry's manifest, for `dicfg validate --registry`.
public func shippingWriteTheManifest(_ registry: Registry) throws {
  try registry.manifest().jsonText().write(toFile: "registry-manifest.json", atomically: true, encoding: .utf8)
}

/// DICfgCompiler's landing page: the compiler as a library.
public func compilerAsALibrary() throws {
  let result = GraphCompiler().compile(
    CompileRequest(file: "config/app.yaml", environments: ["production"], environmentVariables: [:]))
  for diagnostic in result.diagnostics {
    print(DiagnosticRenderer.headline(diagnostic))
  }
  if let plan = result.plan {
    try print(plan.jsonText())
  }
}

/// The Swinject guide: its README's example, the graph file loaded at run time.
public func swinjectGuideLoadAtRunTime() throws {
  // The registration is generated from the graph file at build time by dicfg's plugin (the target
  // holds it as dicfg.yaml): every type, initializer label and value it names is checked by the Swift
  // compiler, with errors on the file's lines.
  let registry = try Registry.fromGraphFile()

  let container = try Container(graphFile: "config/app.yaml", registry: registry)
  let person = try container.resolve(Person.self)
  print(person.play())  // prints "I'm playing with Mimi."
}

/// The Resolver guide: its documented example, the graph file loaded at run time.
public func resolverGuideLoadAtRunTime() throws {
  // The registration is generated from the graph file at build time by dicfg's plugin (the target
  // holds it as dicfg.yaml): every type, initializer label and value it names is checked by the Swift
  // compiler, with errors on the file's lines.
  let registry = try Registry.fromGraphFile()

  let container = try Container(graphFile: "config/app.yaml", registry: registry)
  let viewModel = try container.resolve(XYZViewModel.self)
  assert(viewModel.fetcher === viewModel.updater)  // one XYZCombinedService per resolve
  try container.reset(scope: "session")  // ResolverScope.session.reset()
}
