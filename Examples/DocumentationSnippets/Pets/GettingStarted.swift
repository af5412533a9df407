// Getting Started's snippets, over its graph file (Swinject's basic example).
import DICfg
import ExampleSupport
import Foundation

/// "Create the container and resolve": the typed container.
public func gettingStartedTypedContainer() throws -> String {
  let app = MainContainer()  // links the plan when first needed
  let owner = app.petOwner  // a PetOwner: no id, no type, no cast
  print(owner.play())  // "I'm playing with Mimi."
  return owner.play()
}

/// The dynamic container underneath, by type and by id.
public func gettingStartedDynamicContainer() throws -> String {
  let container = try Container(plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile())
  let person = try container.resolve(Person.self)  // by bound type
  let cat = try container.resolve("cat", as: Cat.self)  // by id
  return "\(person.play()) \(cat.name ?? "")"
}

/// The graph file bundled as a resource and loaded at run time.
public func gettingStartedBundledGraphFile() throws -> String {
  // .target(name: "App", ..., resources: [.copy("dicfg.yaml")], plugins: [...])
  guard let path = Bundle.module.path(forResource: "dicfg", ofType: "yaml") else { throw AppError.noGraphFile }
  let container = try Container(graphFile: path, registry: try Registry.fromGraphFile())
  return try container.resolve(Person.self).play()
}

/// A test's typed replacement.
public func gettingStartedTypedReplacement() throws -> String {
  var replacements = MainContainer.Replacements()
  replacements.replace(cat: { Cat(name: "Tom") })  // an Animal, the type `cat` is bound as
  let app = try MainContainer(replacing: replacements)
  print(app.petOwner.play())  // "I'm playing with Tom."
  return app.petOwner.play()
}

/// Replacements by id on the dynamic container: an instance, then a factory.
public func gettingStartedReplacementsByID() throws -> [String] {
  guard let path = Bundle.module.path(forResource: "dicfg", ofType: "yaml") else { throw AppError.noGraphFile }
  let registry = try Registry.fromGraphFile()
  var doubles = Replacements()
  doubles.replace("cat", with: Cat(name: "Tom"))  // an instance
  doubles.replace("petOwner") { PetOwner(pet: Cat(name: nil)) }  // or a factory
  let container = try Container(graphFile: path, registry: registry, replacing: doubles)
  return [try container.resolve("cat", as: Cat.self).name ?? "", try container.resolve(Person.self).play()]
}

/// "Register by hand": types only a graph file loaded at run time names, beside the generated ones.
public func gettingStartedRegisterByHand() throws -> String {
  var registry = try Registry.fromGraphFile()
  try registry.register(ConsoleLogger.init(level:))  // a typed factory
  try registry.register(AppConfig.init(environment:baseURL:), labels: ["environment", "baseURL"])
  try registry.register(ConsoleLogger.self, typeName: "Logger") { arguments in  // asks by label
    ConsoleLogger(level: try arguments("level"))
  }
  try registry.property("delegate", of: ReportPrinter.self, \.delegate)

  try registry.register(ReportPrinter.init)
  let path = try temporaryFile(
    """
    dicfg: 1
    services:
      logger: { type: Logger, init: { level: { value: debug } } }
      config: { type: AppConfig, init: { environment: { value: test }, baseURL: { value: "https://example.com" } } }
      consoleLogger: { type: ConsoleLogger, init: { level: { value: info } } }
      printer: { type: ReportPrinter, properties: { delegate: consoleLogger } }
    """)
  let container = try Container(graphFile: path, registry: registry)
  let printer = try container.resolve("printer", as: ReportPrinter.self)
  return "\(try container.resolve("logger", as: ConsoleLogger.self).level) "
    + "\(try container.resolve("config", as: AppConfig.self).environment) \(printer.delegate?.level ?? "none")"
}

/// "Graph files in memory": a base file and its test layer, as strings.
public func gettingStartedGraphFilesInMemory() throws -> String {
  var registry = Registry()
  try registry.register(ImageCache.init)
  try registry.register(NullImageCache.init)
  let files = InMemoryFileSystem([
    "app.yaml": """
    dicfg: 1
    services:
      cache: { type: ImageCache, scope: singleton }
    """,
    "app.test.yaml": """
    dicfg: 1
    services:
      cache: { type: NullImageCache }
    """,
  ])
  let container = try Container(
    graphFile: "app.yaml", environments: ["test"], registry: registry,
    compiler: GraphCompiler(fileSystem: files))
  return "\(type(of: try container.resolve("cache", as: AnyObject.self)))"
}
