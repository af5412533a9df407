public import DICfgCore
public import DICfgSwiftModel

/// A public function a module's generated code declares to build one service of its graph file
/// whose type or initializer the module keeps internal, so that a graph importing the file (an
/// app's) builds the service through the module's public way in.
///
/// For `reporter: { type: ReporterImpl, as: [Reporter], init: { logger: logger } }` in
/// `Sources/Kit/dicfg.yaml`, with `ReporterImpl` internal to Kit, Kit's generated code declares
///
/// ```swift
/// public enum KitServices {
///   public static func makeReporter(logger: any Logging) -> any Reporter { ReporterImpl(logger: logger) }
/// }
/// ```
///
/// and the app's container builds `reporter` with `KitServices.makeReporter(logger:)`, as a service
/// of type `Reporter`. Both builds work the builders out the same way, from the file as written and
/// the module's Swift (`ModuleBuilders`).
public struct ModuleBuilder: Sendable, Hashable {
  /// The module: the folder under `Sources/` of the graph file declaring the service.
  public var module: String
  /// The service's id.
  public var service: String
  /// The service's key in its graph file.
  public var location: SourceLocation
  /// What the builder calls: the type whose initializer builds the service, or the static function
  /// `factory:` names.
  public var callee: String
  /// Whether ``callee`` is a function (`factory:`) rather than a type.
  public var calleeIsFunction: Bool
  /// The parameters of the initializer or function, those the graph file passes, in its order.
  public var parameters: [SwiftParameter]
  /// The labels the graph file's `init:` lists, as written: what a graph importing the file must
  /// pass for the builder to build the service.
  public var arguments: [String]
  public var isThrowing: Bool
  public var isAsync: Bool
  /// `MainActor` where the initializer or function is main-actor.
  public var globalActor: String?
  /// The public type it returns, as the service's type in the importing graph: the service's type
  /// where that is public, else its first public `as:` type.
  public var exposed: String
  /// Whether ``exposed`` is a protocol (returned as `any`).
  public var exposedIsProtocol: Bool

  /// The enum holding a module's builders: `KitServices`.
  public static func namespace(of module: String) -> String { SwiftIdentifier.upperCamelCase(module) + "Services" }

  /// `makeReporter` for `reporter`.
  public var function: String { "make" + SwiftIdentifier.upperCamelCase(service) }
  /// `KitServices.makeReporter`: what the importing graph's service is built with.
  public var qualifiedName: String { Self.namespace(of: module) + "." + function }
  /// The labels of ``parameters`` (`_` for an unlabelled one).
  public var labels: [String] { parameters.map { $0.label ?? "_" } }
  /// The return type as Swift spells it.
  public var returnType: String { exposedIsProtocol ? "any " + exposed : exposed }

  /// The builder as a declaration the checks and the generator read, a static function of the
  /// module's namespace.
  var declaration: SwiftFunction {
    SwiftFunction(
      name: function, parameters: parameters, isThrowing: isThrowing, isAsync: isAsync, returnType: returnType,
      globalActor: globalActor, access: .public, location: location)
  }
}

/// The builders of the services that graph files in module folders declare with an internal type
/// or initializer (``ModuleBuilder``), worked out from each file as written and the modules' Swift.
///
/// A service gets one where it names a type its module declares, built by an initializer or a
/// static function the graph's labels pick, that code in another module cannot name or call; it has
/// no factory object, no properties and no alias; its type or one of its `as:` types is public; and
/// each parameter's type is public. Another service of the kind is left to the reach check, whose
/// error names the fix.
package struct ModuleBuilders: Sendable {
  private struct Key: Hashable {
    var file: String
    var service: String
  }

  private var byService: [Key: ModuleBuilder] = [:]
  /// In the order the files and their services were read.
  private(set) var all: [ModuleBuilder] = []

  package init() {}

  /// The builders of the services `documents` (the files of a compile's base) declare in module
  /// folders.
  init(documents: [FileDocument], swift: SwiftDeclarations) {
    var found: [(key: Key, builder: ModuleBuilder)] = []
    // Builders of one module are functions of one enum: an id two services of a module share (in
    // two containers, or two files) has none, and its services are left to the reach check.
    var names: [String: Int] = [:]
    for file in documents {
      guard let module = SwiftDeclarations.module(ofPath: file.path) else { continue }
      var decoder = DeclarationDecoder()
      for section in file.document.containers {
        for service in decoder.container(section).services {
          names[ModuleBuilder.namespace(of: module) + "." + service.id, default: 0] += 1
          guard let builder = Self.builder(of: service, module: module, swift: swift) else { continue }
          found.append((Key(file: file.path, service: service.id), builder))
        }
      }
    }
    for (key, builder) in found where names[ModuleBuilder.namespace(of: builder.module) + "." + key.service] == 1 {
      byService[key] = builder
      all.append(builder)
    }
  }

  /// The builder of `service` as the file at `file` declares it, if it has one.
  func builder(file: String, service: String) -> ModuleBuilder? { byService[Key(file: file, service: service)] }

  /// The builders the generated code of `module` declares.
  package func published(by module: String) -> [ModuleBuilder] { all.filter { $0.module == module } }

  /// `swift` with the builders of every module but `own` declared, each module's in its
  /// namespace enum: what a graph importing the modules' files may build its services with.
  func declared(in swift: SwiftDeclarations, except own: String?) -> SwiftDeclarations {
    var namespaces: [String: SwiftType] = [:]
    var order: [String] = []
    for builder in all where builder.module != own {
      let name = ModuleBuilder.namespace(of: builder.module)
      if namespaces[name] == nil {
        order.append(name)
        var namespace = SwiftType(name: name, kind: .enum, location: builder.location, initializers: [])
        namespace.access = .public
        namespaces[name] = namespace
      }
      namespaces[name]?.functions.append(builder.declaration)
    }
    guard !order.isEmpty else { return swift }
    var result = swift
    result.types += order.compactMap { namespaces[$0] }
    return result
  }

  private static func builder(of service: ServiceDeclaration, module: String, swift: SwiftDeclarations)
    -> ModuleBuilder?
  {
    guard let typeName = service.type?.value, !typeName.contains("<"), service.receiver == nil,
      service.properties.isEmpty, service.alias == nil, let type = swift.type(named: typeName),
      type.kind != .protocol, type.kind != .extension, SwiftDeclarations.module(ofPath: type.location.file) == module
    else { return nil }
    let labels = service.initializer.map(\.label)
    let callee: String
    let made: SwiftInitializer
    if let factory = service.factory?.value {
      let (owner, functions) = swift.functions(named: factory)
      guard let owner, SwiftDeclarations.module(ofPath: owner.location.file) == module,
        let function = SwiftFunction.overloads(calledBy: labels, among: functions.filter { !$0.isProperty }).first,
        !owner.access.isVisible(fromAnotherModule: true) || !function.access.isVisible(fromAnotherModule: true)
      else { return nil }
      (callee, made) = (factory, function.asInitializer)
    } else {
      guard let initializer = SwiftInitializer.named(by: labels, among: type.initializers),
        !type.access.isVisible(fromAnotherModule: true) || !initializer.access.isVisible(fromAnotherModule: true)
      else { return nil }
      (callee, made) = (type.name, initializer)
    }
    guard !made.isPrivate, !made.isFailable, let positions = made.parameterPositions(for: labels) else { return nil }
    let parameters = positions.sorted().map { made.parameters[$0] }
    guard
      parameters.allSatisfy({ parameter in
        parameter.type.map { !$0.hasSuffix("...") && !$0.contains("inout ") && isPublic($0, in: swift) } ?? false
      })
    else { return nil }
    // The type the importing graph holds the service as.
    let exposed: (type: SwiftType?, name: String)
    if type.access.isVisible(fromAnotherModule: true) {
      exposed = (type, type.name)
    } else if let binding = service.bindings.first(where: { isPublic($0.value, in: swift) }) {
      exposed = (swift.type(named: binding.value), binding.value)
    } else {
      return nil
    }
    let isFunction = service.factory != nil
    return ModuleBuilder(
      module: module, service: service.id, location: service.location, callee: callee, calleeIsFunction: isFunction,
      parameters: parameters, arguments: labels, isThrowing: made.isThrowing, isAsync: made.isAsync,
      globalActor: made.globalActor ?? (isFunction ? nil : type.globalActor), exposed: exposed.name,
      exposedIsProtocol: exposed.type?.kind == .protocol)
  }

  /// Whether each type `spelling` names that the Swift declares is public (or `package`): a type
  /// it does not declare (of the standard library, Foundation, another package) is taken as public.
  private static func isPublic(_ spelling: String, in swift: SwiftDeclarations) -> Bool {
    var word = ""
    var names: [String] = []
    for character in spelling + " " {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        if !word.isEmpty { names.append(word) }
        word = ""
      }
    }
    return names.allSatisfy { name in
      guard let first = name.first, first.isUppercase || first == "_", let type = swift.type(named: name) else {
        return true
      }
      return type.kind == .extension || type.access.isVisible(fromAnotherModule: true)
    }
  }
}
