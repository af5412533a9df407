/// The library a registration is written for.
public enum ImportedLibrary: String, Sendable, Codable, CaseIterable {
  case swinject = "Swinject"
  case resolver = "Resolver"
  case factory = "Factory"
}

/// A value a registration passes: what a graph file writes for it.
indirect enum ImportedValue: Equatable, Sendable {
  /// An object the closure constructs in place (`Impl(session: Session(config: .default))`'s
  /// `Session`): a service of its own, `unique`, that only this argument takes.
  case constructed(NestedConstruction)
  /// A service the registration resolves by its key (a type, as written) and name.
  case resolved(key: String, name: String?, optional: Bool)
  /// A service of the same container by its id (Factory's `self.apiClient()`).
  case service(id: String, optional: Bool)
  /// A service no file read registers, by the id the code calls it by and the type the Swift read
  /// declares where it is passed (Factory's `Container.shared.apiClient()` while its module has not
  /// moved): the app supplies it.
  case external(id: String, type: String, optional: Bool)
  /// A literal, as the graph file writes it (`30`, `"main"`, `true`).
  case literal(String)
  /// A Swift value the graph file can name (`.main`, `DispatchQueue.main`).
  case swift(String)
  /// A run-time argument of the registration.
  case argument(String)
  /// A closure that resolves the service on each call (`{ provider: id }`): what a closure inside a
  /// factory's code resolves when it runs, not when the factory does.
  case provider(ImportedValue)
  /// The container itself (`$container`): the resolver a closure passes on (`BaseRouter(resolver: r)`),
  /// for the service to resolve from later.
  case container
}

/// A construction inside a registration's closure: its type and its initializer's arguments; or
/// the static member that builds it (`URLSessionConfiguration.background(withIdentifier: …)`) and
/// its arguments; with the properties the code sets on it.
struct NestedConstruction: Equatable, Sendable {
  var type: String
  var labels: [String]
  var values: [ImportedValue]
  /// The static member that builds it, where one does (`factory:`).
  var factory: String?
  var propertyLabels: [String] = []
  var propertyValues: [ImportedValue] = []
  /// The closure's local that holds it (`let queue = try DatabaseQueue(…)`): every argument that
  /// takes the local takes one instance.
  var local: String?
  /// The Swift expression it is, where it reads only types and literals: what the graph writes for it
  /// where one argument takes it as it is.
  var expression: String?
  /// The service or external whose property it is (`self.environment().baseURL`), with ``factory``
  /// the property's name.
  var receiver: ImportedValue?

  init(
    type: String, labels: [String], values: [ImportedValue], factory: String? = nil, local: String? = nil
  ) {
    (self.type, self.labels, self.values, self.factory, self.local) = (type, labels, values, factory, local)
  }
}

/// One registration read from an app's code, and how it was imported.
public struct ImportedRegistration: Sendable {
  /// How a registration became part of the graph.
  public enum Outcome: Sendable, Equatable {
    /// As a graph entry, as written.
    case asWritten
    /// Through a generated factory function, which carries the closure's code.
    case factoryFunction(String)
    /// As an `as:` binding of another registration (a registration that returns another's instance).
    case binding(of: String)
    /// Not imported, and why.
    case notImported(String)
  }

  public var library: ImportedLibrary
  public var file: String
  public var line: Int
  public var column: Int
  /// The type the registration is resolved by, as written (`APIClient`, `Factory<APIClient>`'s `APIClient`).
  public var key: String
  /// The registration's name, if any.
  public var name: String?
  /// The id of the service in the graph file.
  public var id: String
  /// The module of the file (the folder under `Sources/`), where the path shows it; for a service the
  /// graph builds of a type the Swift read declares, the module that declares the type.
  public var module: String?
  /// The folder of `module` (`Sources/Networking`), where it is the declaring module's.
  var moduleFolder: String?
  /// The Swinject assembly that registers it (``FoundRegistration/assembly``).
  var assembly: String?
  /// The environment whose layer holds it (a mock container, a Factory context); nil for the base.
  public var environment: String?
  /// The scope as written (`.container`, `.application`, `singleton`); nil for the library's default.
  public var scopeAsWritten: String?
  public var outcome: Outcome

  // What the graph file writes for it.
  /// The type the graph file gives it: the type its closure builds, else (a factory function's) its key.
  public internal(set) var type: String
  /// The types it is bound as (`as:`): its key where that is not its type, and those it implements.
  public internal(set) var bindings: [String] = []
  /// dicfg's scope for it (``ScopeMapping``); nil for `graph`, the default.
  public internal(set) var scope: String?
  /// What `factory:` names: the factory function that builds it, a static member, or (with
  /// `receiver`) a factory object's method.
  public internal(set) var factory: String?
  /// The factory object whose method `factory` names.
  var receiver: ImportedValue?
  /// Whether `factory` is the `receiver`'s property, read (`property:`), not a method.
  var readsReceiverProperty = false
  var initializer: [(label: String, value: ImportedValue)] = []
  var properties: [(label: String, value: ImportedValue)] = []
  var arguments: [(name: String, type: String)] = []
  /// Whether it is an object a registration's closure constructs in place, which the graph names
  /// as a service of its own that nothing else takes.
  var isNested = false
  /// Whether its closure runs on the main actor (`{ @MainActor r in … }`).
  var isMainActor = false
  /// How many run-time arguments its closure takes, which Swinject looks a registration up by.
  var argumentCount = 0
  /// The Swift of a generated factory function, where the outcome is one.
  public internal(set) var function: String?
  /// The factory function that builds it, before it is named.
  var factoryFunction: FactoryFunction?
  /// The build condition its environment's layer holds under (`DEBUG`).
  var condition: String?
  /// A custom scope it is in (Resolver's and Factory's caches), which the graph file declares.
  var customScope: String?
  /// Whether its factory gives nil in this environment (Factory's `self { nil }`): no service, so
  /// what takes it takes nil.
  var isNil = false
  /// What it returns where it returns another registration's instance.
  var forwardsTo: ImportedValue?
  /// Whether it returns what its closure's place holds (the assembly's `navigation`): an external
  /// of the graph, which the app passes when it creates the container.
  var isExternal = false
  /// What the report adds to its line: how the graph differs from the code, where it does.
  public internal(set) var note: String?
}
