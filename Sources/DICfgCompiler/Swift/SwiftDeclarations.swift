public import DICfgCore

/// What the Swift sources of a target declare, as far as a graph file wires them: each type's
/// initializers, settable properties, nested types and the types it inherits from. The compiler
/// checks a graph file against it when a ``CompileRequest`` carries it, so a mistake between the
/// file and the Swift is one finding at the graph file's line; `dicfg generate` and
/// `dicfg validate --swift` read it from the sources.
///
/// It is data: the reader that builds it from Swift files is `SwiftDeclarationReader`
/// (DICfgSwiftReader), and it encodes to JSON, so the checks can run where the sources are not.
public struct SwiftDeclarations: Sendable, Hashable, Codable {
  /// The types declared or extended, by qualified name (`Payments.Gateway`), in source order.
  public var types: [SwiftType] {
    didSet { typeIndex = Self.index(of: types) }
  }
  /// Files that could not be read or parsed whole (warnings: what they declare is left to the
  /// Swift compiler), and paths given where no file is (errors).
  public var unreadable: [Diagnostic]
  /// The free functions declared at the top level of the files, in source order.
  public var functions: [SwiftFunction] = []
  /// Each type's position in ``types`` by its name (the first, where two extend one name).
  private var typeIndex: [String: Int]

  private enum CodingKeys: String, CodingKey {
    case types, unreadable, functions
  }

  public init(types: [SwiftType] = [], unreadable: [Diagnostic] = [], functions: [SwiftFunction] = []) {
    self.types = types
    self.unreadable = unreadable
    self.functions = functions
    typeIndex = Self.index(of: types)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      types: try container.decode([SwiftType].self, forKey: .types),
      unreadable: try container.decode([Diagnostic].self, forKey: .unreadable),
      functions: try container.decodeIfPresent([SwiftFunction].self, forKey: .functions) ?? [])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(types, forKey: .types)
    try container.encode(unreadable, forKey: .unreadable)
    try container.encode(functions, forKey: .functions)
  }

  /// What builds `service`, as an initializer: the initializer of its type its `init:` labels name,
  /// or the function its `factory:` names with those labels; nil where the declarations do not say.
  public func constructor(of service: ResolutionPlan.Service) -> SwiftInitializer? {
    let labels = service.initializer.map(\.label)
    if let factory = service.factory {
      return functions(named: factory).functions.lazy.map(\.asInitializer)
        .first { $0.parameterPositions(for: labels) != nil }
    }
    guard let type = type(named: service.type) else { return nil }
    return SwiftInitializer.named(by: labels, among: type.initializers)
  }

  /// The functions a graph file's `factory:` names: `Type.method`, the static methods of that name
  /// of the type the target declares or extends (with the type, nil where the target neither
  /// declares nor extends it); `function`, the free functions of that name.
  public func functions(named name: String) -> (owner: SwiftType?, functions: [SwiftFunction]) {
    guard let dot = name.lastIndex(of: ".") else { return (nil, functions.filter { $0.name == name }) }
    let method = String(name[name.index(after: dot)...])
    guard let owner = type(named: String(name[..<dot])) else { return (nil, []) }
    return (owner, owner.functions.filter { $0.name == method })
  }

  /// The type a graph file names, found by `SwiftTypeName.lookupNames` (by its qualified
  /// name, or without a module prefix) and without generic arguments (`Box<Int>` is `Box`).
  public func type(named name: String) -> SwiftType? {
    let index = typeIndex
    for candidate in SwiftTypeName.lookupNames(name) {
      var base = Substring(candidate)
      if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
      if let found = index[String(base)] { return types[found] }
    }
    return nil
  }

  private static func index(of types: [SwiftType]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (position, type) in types.enumerated() where index[type.name] == nil { index[type.name] = position }
    return index
  }
}

/// A type of the target: declared there (`struct`, `class`, …) or only extended there.
public struct SwiftType: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case `class`, `struct`, `enum`, `actor`, `protocol`
    /// Extended in the target, declared elsewhere: what the extensions add is known, not the rest.
    case `extension`
  }

  /// The qualified name, nested types joined by dots (`Payments.Gateway`).
  public var name: String
  public var kind: Kind
  /// Where it is declared (for an extended type, its first extension).
  public var location: SourceLocation
  /// The types it inherits from or conforms to, as written, in its declaration and extensions.
  public var inherited: [String]
  /// Its global actor (`MainActor`), when the declaration carries one.
  public var globalActor: String?
  /// The initializers it declares, and those Swift writes for it (a struct's memberwise
  /// initializer, a class's `init()`, a raw-value enum's `init?(rawValue:)`, `init(from:)`).
  public var initializers: [SwiftInitializer]
  /// Whether ``initializers`` are all it has. False where some may come from what the reader
  /// cannot see: a superclass declared elsewhere, a macro, a declaration it could not parse.
  public var initializersComplete: Bool
  /// Its static and class methods: functions a graph file's `factory:` may name.
  public var functions: [SwiftFunction] = []
  /// Its stored and computed instance properties.
  public var properties: [SwiftProperty]
  /// Whether ``properties`` are all it has (false beside a superclass declared elsewhere or a macro).
  public var propertiesComplete: Bool

  public init(
    name: String, kind: Kind, location: SourceLocation, inherited: [String] = [], globalActor: String? = nil,
    initializers: [SwiftInitializer] = [], initializersComplete: Bool = true, properties: [SwiftProperty] = [],
    propertiesComplete: Bool = true
  ) {
    self.name = name
    self.kind = kind
    self.location = location
    self.inherited = inherited
    self.globalActor = globalActor
    self.initializers = initializers
    self.initializersComplete = initializersComplete
    self.properties = properties
    self.propertiesComplete = propertiesComplete
  }
}

/// An initializer: its parameters and effects.
public struct SwiftInitializer: Sendable, Hashable, Codable {
  public var parameters: [SwiftParameter]
  public var isThrowing: Bool
  public var isAsync: Bool
  /// `init?` or `init!`.
  public var isFailable: Bool
  /// Its global actor, its own or its type's.
  public var globalActor: String?
  /// `private` or `fileprivate`: the generated code cannot call it.
  public var isPrivate: Bool
  public var location: SourceLocation

  public init(
    parameters: [SwiftParameter], isThrowing: Bool = false, isAsync: Bool = false, isFailable: Bool = false,
    globalActor: String? = nil, isPrivate: Bool = false, location: SourceLocation
  ) {
    self.parameters = parameters
    self.isThrowing = isThrowing
    self.isAsync = isAsync
    self.isFailable = isFailable
    self.globalActor = globalActor
    self.isPrivate = isPrivate
    self.location = location
  }

  /// The labels a graph file's `init:` lists for it, `_` for an unlabelled parameter.
  public var labels: [String] { parameters.map { $0.label ?? "_" } }

  /// How Swift names it: `init(baseURL:apiKey:)`.
  public var signature: String { "init(" + labels.map { $0 + ":" }.joined() + ")" }

  /// The positions of the parameters that a graph file's `init:` labels give values to, in order,
  /// where they name this initializer: its labels in its order, with only parameters that have a
  /// default left out (Swift then uses the default). Nil where they do not name it.
  public func parameterPositions(for labels: [String]) -> [Int]? {
    var positions: [Int] = []
    var given = labels[...]
    for (position, parameter) in parameters.enumerated() {
      if let next = given.first, next == (parameter.label ?? "_") {
        positions.append(position)
        given.removeFirst()
      } else if !parameter.hasDefault {
        return nil
      }
    }
    return given.isEmpty ? positions : nil
  }

  /// The initializer among `initializers` that `labels` name: one taking exactly those labels, else
  /// the first whose other parameters all have defaults.
  public static func named(by labels: [String], among initializers: [SwiftInitializer]) -> SwiftInitializer? {
    initializers.first { $0.labels == labels } ?? initializers.first { $0.parameterPositions(for: labels) != nil }
  }
}

/// A parameter of an initializer.
public struct SwiftParameter: Sendable, Hashable, Codable {
  /// Its argument label; nil for `_`.
  public var label: String?
  /// Its type as written (`Double`, `any WeatherClient`, `[String]?`); nil where Swift infers it.
  public var type: String?
  public var hasDefault: Bool

  public init(label: String?, type: String?, hasDefault: Bool = false) {
    self.label = label
    self.type = type
    self.hasDefault = hasDefault
  }
}

/// A function a graph file's `factory:` may name: a type's static or class method, or a free
/// function.
public struct SwiftFunction: Sendable, Hashable, Codable {
  public var name: String
  public var parameters: [SwiftParameter]
  public var isThrowing: Bool
  public var isAsync: Bool
  /// Its return type as written; nil where it returns nothing.
  public var returnType: String?
  /// Its global actor, its own or, for a method, its type's.
  public var globalActor: String?
  /// `private` or `fileprivate`: the generated code cannot call it.
  public var isPrivate: Bool
  public var location: SourceLocation

  public init(
    name: String, parameters: [SwiftParameter], isThrowing: Bool = false, isAsync: Bool = false,
    returnType: String? = nil, globalActor: String? = nil, isPrivate: Bool = false, location: SourceLocation
  ) {
    self.name = name
    self.parameters = parameters
    self.isThrowing = isThrowing
    self.isAsync = isAsync
    self.returnType = returnType
    self.globalActor = globalActor
    self.isPrivate = isPrivate
    self.location = location
  }

  /// The function as the checks and the generator treat what builds a service: its parameters,
  /// effects and isolation, failable where it returns an optional.
  public var asInitializer: SwiftInitializer {
    SwiftInitializer(
      parameters: parameters, isThrowing: isThrowing, isAsync: isAsync,
      isFailable: returnType.map { SwiftTypeExpression($0).wrapped != nil } ?? false, globalActor: globalActor,
      isPrivate: isPrivate, location: location)
  }

  /// How Swift names it: `open(name:inMemory:)`.
  public var signature: String { name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")" }
}

/// An instance property.
public struct SwiftProperty: Sendable, Hashable, Codable {
  public var name: String
  /// Its type as written; nil where Swift infers it.
  public var type: String?
  /// Whether code in the module can set it: a `var` with a setter that is not `private` (or
  /// `private(set)`).
  public var isSettable: Bool
  public var location: SourceLocation

  public init(name: String, type: String?, isSettable: Bool, location: SourceLocation) {
    self.name = name
    self.type = type
    self.isSettable = isSettable
    self.location = location
  }
}
