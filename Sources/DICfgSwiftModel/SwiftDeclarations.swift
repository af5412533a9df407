public import DICfgCore

/// What the Swift sources of a target declare, as far as a graph file wires them: each type's
/// initializers, settable properties, nested types and the types it inherits from. The compiler
/// checks a graph file against it when a `CompileRequest` (DICfgCompiler) carries it, so a mistake between the
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
  /// The earliest version of each platform the target's build deploys to (its package's
  /// `platforms:`), by the platform's name as SwiftPM spells it (`ios`, `macos`); empty where
  /// unknown. A declaration introduced later on one of them cannot be called.
  public var deploymentTargets: [String: String] = [:]
  /// The type aliases, by qualified name (`Player.Publisher`), each with the type it names as
  /// written (`Events<Player?>`): a graph file may name a service's type by one.
  public var typeAliases: [String: String] = [:]
  /// Each type's position in ``types`` by its name (the first, where two extend one name).
  private var typeIndex: [String: Int]

  private enum CodingKeys: String, CodingKey {
    case types, unreadable, functions, deploymentTargets, typeAliases
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
    deploymentTargets = try container.decodeIfPresent([String: String].self, forKey: .deploymentTargets) ?? [:]
    typeAliases = try container.decodeIfPresent([String: String].self, forKey: .typeAliases) ?? [:]
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(types, forKey: .types)
    try container.encode(unreadable, forKey: .unreadable)
    try container.encode(functions, forKey: .functions)
    if !deploymentTargets.isEmpty { try container.encode(deploymentTargets, forKey: .deploymentTargets) }
    if !typeAliases.isEmpty { try container.encode(typeAliases, forKey: .typeAliases) }
  }

  /// The names an implicit member expression (`.convertFromSnakeCase`, `.global(qos:)`) may use
  /// where `typeName` is taken (besides `.init(…)`): its cases, static properties and static
  /// methods and, for an optional, `none` and `some`. Nil where the declarations cannot list them all: a type they do not
  /// declare, only extend, a protocol (whose members extensions add), or one read incompletely.
  public func implicitMembers(of typeName: String) -> [String]? {
    var name = SwiftTypeName.normalized(typeName)
    var optional: [String] = []
    if name.hasSuffix("?") || name.hasSuffix("!") {
      name.removeLast()
      optional = ["none", "some"]
    }
    // An enum's cases are all its values; a struct or class is taken here where it lists values of
    // itself as static members (`RunLoop.Mode.default`, an option set's), not where it is built.
    guard let type = type(named: name), type.propertiesComplete, type.initializersComplete,
      type.kind == .enum || ((type.kind == .struct || type.kind == .class) && !type.staticProperties.isEmpty)
    else { return nil }
    let names = type.cases + type.staticProperties.map(\.name) + type.functions.map(\.name)
    return names.map(Self.unquoted) + optional
  }

  /// What `Type.name` may name of `type`: its cases, static properties and methods, nested types and
  /// those of the classes it inherits from, `self` and `init`. Nil where the declarations cannot list
  /// them all: a protocol or an extension, a type read incompletely, or a superclass they do not
  /// declare.
  public func staticMembers(of type: SwiftType) -> [String]? {
    var names = ["self", "init", "Type"]
    var current: SwiftType? = type
    var seen: Set<String> = []
    while let next = current, seen.insert(next.name).inserted {
      guard next.kind != .extension, next.kind != .protocol, next.propertiesComplete, next.initializersComplete
      else { return nil }
      names += next.cases + next.staticProperties.map(\.name) + next.functions.map(\.name)
      let prefix = next.name + "."
      names += types.filter { $0.name.hasPrefix(prefix) && !$0.name.dropFirst(prefix.count).contains(".") }
        .map { String($0.name.dropFirst(prefix.count)) }
      // A class's superclass is the first it inherits, where that is a class. What the declarations do
      // not know may be one, but for a type the toolchain states: its superclass is listed first.
      guard next.kind == .class, let first = next.inherited.first else { break }
      guard let parent = self.type(named: first) else {
        if next.isForeign { break }
        return nil
      }
      guard parent.kind == .class || parent.kind == .extension else { break }
      current = parent
    }
    return names.map(Self.unquoted)
  }

  /// A name without the backquotes that let it be a keyword (`` `default` `` → `default`).
  static func unquoted(_ name: String) -> String {
    name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
  }

  /// These declarations and `foreign`'s, another module's (the toolchain's Foundation): a type
  /// declared here hides `foreign`'s of that name; one only extended here is `foreign`'s with what
  /// the extensions add; `foreign`'s unreadable files are not these declarations' findings.
  public func adding(foreign: SwiftDeclarations) -> SwiftDeclarations {
    var types = self.types
    var positions = Dictionary(types.indices.map { (types[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
    // What `foreign` only extends (the standard library's `Double`) is not a declaration to check against.
    for var type in foreign.types where type.kind != .extension {
      type.isForeign = true
      guard let position = positions[type.name] else {
        positions[type.name] = types.count
        types.append(type)
        continue
      }
      let own = types[position]
      guard own.kind == .extension else { continue }
      var merged = type
      merged.inherited += own.inherited.filter { !type.inherited.contains($0) }
      merged.initializers += own.initializers
      merged.functions += own.functions
      merged.methods += own.methods
      merged.properties += own.properties
      merged.staticProperties += own.staticProperties
      types[position] = merged
    }
    let names = Set(functions.map(\.name))
    var merged = SwiftDeclarations(
      types: types, unreadable: unreadable, functions: functions + foreign.functions.filter { !names.contains($0.name) }
    )
    merged.deploymentTargets = deploymentTargets
    merged.typeAliases = typeAliases.merging(foreign.typeAliases) { own, _ in own }
    return merged
  }

  /// What builds `service`, as an initializer: the initializer of its type its `init:` labels name,
  /// or the function, static property or factory object's method its `factory:` names with those
  /// labels; nil where the declarations do not say.
  public func constructor(of service: ResolutionPlan.Service) -> SwiftInitializer? {
    let labels = service.callArguments.map(\.label)
    if service.factory != nil {
      return SwiftFunction.overloads(calledBy: labels, among: builders(of: service).functions.filter { !$0.isPrivate })
        .first?.asInitializer
    }
    guard let type = type(named: service.type) else { return nil }
    return SwiftInitializer.named(by: labels, among: type.initializers.filter { !$0.isPrivate })
  }

  /// What a service's `factory:` may name, with the type that declares it (nil where the target
  /// neither declares nor extends it): a factory object's methods of that name; a type's static
  /// methods of that name, or its static property as a function of no arguments; free functions
  /// of that name.
  public func builders(of service: ResolutionPlan.Service) -> (owner: SwiftType?, functions: [SwiftFunction]) {
    guard let factory = service.factory else { return (nil, []) }
    guard service.receiver != nil else { return functions(named: factory) }
    guard let dot = factory.lastIndex(of: "."), let owner = type(named: String(factory[..<dot])) else {
      return (nil, [])
    }
    let method = String(factory[factory.index(after: dot)...])
    guard service.readsReceiverProperty else { return (owner, methods(of: owner).filter { $0.name == method }) }
    // `{ receiver: environment, property: baseURL }`: the property, as a function of no arguments.
    guard let property = instanceProperties(of: owner).first(where: { $0.name == method }) else { return (owner, []) }
    return (owner, [Self.reading(property, of: owner)])
  }

  /// Reading `property` of `owner`, as a function of no arguments. A property written without its
  /// type (`static let foreground = Camera()`) is of a type the reader does not work out: `Self`
  /// stands for it, which the checks leave to Swift.
  private static func reading(_ property: SwiftProperty, of owner: SwiftType) -> SwiftFunction {
    var read = SwiftFunction(
      name: property.name, parameters: [], returnType: property.type ?? "Self", access: property.access,
      location: property.location)
    read.isProperty = true
    read.globalActor = owner.globalActor
    return read
  }

  /// The methods of `type` and those it inherits from the classes it subclasses that the target
  /// declares, nearest first.
  public func methods(of type: SwiftType) -> [SwiftFunction] {
    superclasses(of: type).flatMap(\.methods)
  }

  /// The instance properties of `type` and those it inherits from the classes it subclasses that
  /// the target declares, nearest first.
  public func instanceProperties(of type: SwiftType) -> [SwiftProperty] {
    superclasses(of: type).flatMap(\.properties)
  }

  /// `type`, then the classes it subclasses that the target declares, nearest first.
  private func superclasses(of type: SwiftType) -> [SwiftType] {
    var chain = [type]
    var seen: Set<String> = [type.name]
    var current = type
    while current.kind == .class, let parent = current.inherited.first.flatMap({ self.type(named: $0) }),
      parent.kind == .class, !seen.contains(parent.name)
    {
      seen.insert(parent.name)
      chain.append(parent)
      current = parent
    }
    return chain
  }

  /// The functions a graph file's `factory:` names: `Type.method`, the static methods of that name
  /// of the type the target declares or extends (or of what it inherits from: a superclass, a protocol
  /// whose extension declares them), or its static property of that name as a function
  /// of no arguments (with the type, nil where the target neither declares nor extends it);
  /// `function`, the free functions of that name.
  public func functions(named name: String) -> (owner: SwiftType?, functions: [SwiftFunction]) {
    guard let dot = name.lastIndex(of: ".") else { return (nil, functions.filter { $0.name == name }) }
    let member = String(name[name.index(after: dot)...])
    guard let owner = type(named: String(name[..<dot])) else { return (nil, []) }
    // Its own, and those it inherits: a superclass's, a protocol extension's (`extension PreviewProvider`).
    let holders = [owner] + owner.inherited.compactMap { type(named: $0) }.filter { $0.name != owner.name }
    let methods = holders.flatMap { $0.functions.filter { $0.name == member } }
    guard methods.isEmpty,
      let property = holders.lazy.compactMap({ $0.staticProperties.first { $0.name == member } }).first
    else {
      return (owner, methods)
    }
    return (owner, [Self.reading(property, of: owner)])
  }

  /// Whether `service`'s `factory:` names a static property the target declares, or a factory
  /// object's property, which is read, not called.
  public func readsProperty(_ service: ResolutionPlan.Service) -> Bool {
    if service.receiver != nil { return service.readsReceiverProperty }
    return builders(of: service).functions.contains(where: \.isProperty)
  }

  /// The module that declares what is at `location`, where it is another than the one whose graph
  /// file is `graphFile`: by SwiftPM's layout, a file under `Sources/NAME/` belongs to module
  /// `NAME`. Nil for the graph file's own module, and where either path says no module.
  public static func otherModule(of location: SourceLocation, from graphFile: String) -> String? {
    guard let module = Self.module(ofPath: location.file), let own = Self.module(ofPath: graphFile), module != own
    else {
      return nil
    }
    return module
  }

  /// The module of a file by SwiftPM's layout: the folder inside the last `Sources` folder of its
  /// path.
  public static func module(ofPath path: String) -> String? {
    let parts = path.split(separator: "/")
    // The folder after `Sources`, with the file (or more folders) inside it.
    guard let sources = parts.lastIndex(of: "Sources"), sources + 2 < parts.count else { return nil }
    return String(parts[sources + 1])
  }

  /// The type a graph file names, found by `SwiftTypeName.lookupNames` (by its qualified
  /// name, or without a module prefix) and without generic arguments (`Box<Int>` is `Box`).
  /// A type alias's name stands for the type it names.
  public func type(named name: String) -> SwiftType? {
    var name = name
    // An alias of an alias, a few deep at most.
    for _ in 0..<4 {
      for candidate in SwiftTypeName.lookupNames(name) {
        var base = Substring(candidate)
        if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
        if let found = typeIndex[String(base)] { return types[found] }
      }
      guard let aliased = typeAlias(named: name) else { return nil }
      name = aliased
    }
    return nil
  }

  /// The type the alias `name` names, as written; nil where no alias of that name is declared.
  public func typeAlias(named name: String) -> String? {
    for candidate in SwiftTypeName.lookupNames(name) {
      var base = Substring(candidate)
      if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
      if let aliased = typeAliases[String(base)] { return aliased }
    }
    return nil
  }

  /// A type a member of `owner` declares (a parameter's), named as code outside `owner` names it:
  /// `Dependency`, declared in `DemoAppFeatureView`, is `DemoAppFeatureView.Dependency` where that
  /// type is declared, as a type nested in `owner` or in a type enclosing it hides any other of its
  /// name; otherwise as written.
  public func qualified(_ type: String, declaredIn owner: String?) -> String {
    guard let owner, case .named(let path) = SwiftTypeExpression(type), path.count == 1, path[0].arguments.isEmpty,
      case .named(let ownerPath) = SwiftTypeExpression(owner).withoutExistential
    else { return type }
    var scope = ownerPath.map(\.name)
    while !scope.isEmpty {
      let candidate = (scope + [path[0].name]).joined(separator: ".")
      if typeIndex[candidate] != nil || typeAliases[candidate] != nil { return candidate }
      scope.removeLast()
    }
    return type
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
  /// Its instance methods (a protocol's requirements among them): what a factory object's
  /// `factory: { receiver:, method: }` calls.
  public var methods: [SwiftFunction] = []
  /// Its static and class properties (`static let shared`): what `factory: Type.shared` reads.
  public var staticProperties: [SwiftProperty] = []
  /// An enum's cases, by name: with its static members, what an implicit member expression
  /// (`{ swift: .convertFromSnakeCase }`) may name where the enum is taken.
  public var cases: [String] {
    get { storedCases ?? [] }
    set { storedCases = newValue.isEmpty ? nil : newValue }
  }
  /// Absent from the encoded declarations where the type has no case.
  private var storedCases: [String]?
  /// Its generic parameters' names (`S` of `final class Repository<S: Store>`).
  public var genericParameters: [String] {
    get { storedGenericParameters ?? [] }
    set { storedGenericParameters = newValue.isEmpty ? nil : newValue }
  }
  /// Absent from the encoded declarations where it has none.
  private var storedGenericParameters: [String]?
  /// Whether another module declares it, as the toolchain states it (the SDK's `URLSession`): its
  /// declaration lists what it inherits with its superclass first, and no member of it is missing.
  public var isForeign: Bool {
    get { storedForeign ?? false }
    set { storedForeign = newValue ? true : nil }
  }
  private var storedForeign: Bool?
  /// Its access level as declared (`internal` where none is written).
  public var access: SwiftAccess = .internal
  /// The compilation condition of the `#if` clauses its declaration is in (`(DEBUG)`), each clause
  /// in parentheses, an `#else` clause as the earlier ones negated; where it is declared in several
  /// clauses, those conditions joined by `||`. Nil where it is declared outside any `#if`.
  public var condition: String?

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
  /// Its access level as declared (`internal` where none is written, or its extension's).
  public var access: SwiftAccess
  /// Whether `@available(*, …)` deprecates it or makes it unavailable; nil where it does neither.
  public var availability: SwiftAvailability?
  /// The version of each platform that introduced it (`@available(iOS 17, *)`), by the platform's
  /// name as a package's `platforms:` spells it (``SwiftPlatforms``): a build deploying to an
  /// earlier one cannot call it.
  public var introduced: [String: String] = [:]
  public var location: SourceLocation

  public init(
    parameters: [SwiftParameter], isThrowing: Bool = false, isAsync: Bool = false, isFailable: Bool = false,
    globalActor: String? = nil, isPrivate: Bool = false, access: SwiftAccess? = nil,
    availability: SwiftAvailability? = nil, location: SourceLocation
  ) {
    self.parameters = parameters
    self.isThrowing = isThrowing
    self.isAsync = isAsync
    self.isFailable = isFailable
    self.globalActor = globalActor
    self.access = access ?? (isPrivate ? .private : .internal)
    self.availability = availability
    self.location = location
  }

  /// Its generic parameters' names (`T` of `init<T: Store>(store: T)`).
  public var genericParameters: [String] {
    get { storedGenericParameters ?? [] }
    set { storedGenericParameters = newValue.isEmpty ? nil : newValue }
  }
  /// Absent from the encoded declarations where it has none.
  private var storedGenericParameters: [String]?

  /// `private` or `fileprivate`: the generated code cannot call it.
  public var isPrivate: Bool { access <= .fileprivate }

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

  /// The initializer among `initializers` that a call with `labels` calls, as Swift chooses: the
  /// first of ``overloads(calledBy:among:)``.
  public static func named(by labels: [String], among initializers: [SwiftInitializer]) -> SwiftInitializer? {
    overloads(calledBy: labels, among: initializers).first
  }

  /// The overloads among `initializers` that a call with `labels` may call, best first, as Swift
  /// ranks them: one that is not unavailable before one that is, then the fewest parameters left to
  /// their defaults. Where the first two tie, and take the same types for the arguments given,
  /// Swift finds the call ambiguous (``isAmbiguous(_:)``).
  public static func overloads(calledBy labels: [String], among initializers: [SwiftInitializer])
    -> [SwiftInitializer]
  {
    ranking(of: labels, among: initializers).map { initializers[$0] }
  }

  /// The positions in `initializers` of ``overloads(calledBy:among:)``.
  static func ranking(of labels: [String], among initializers: [SwiftInitializer]) -> [Int] {
    let ranked = initializers.enumerated().compactMap { offset, initializer -> (rank: Int, offset: Int)? in
      guard let positions = initializer.parameterPositions(for: labels) else { return nil }
      let unavailable = initializer.availability?.isUnavailable == true ? 1 : 0
      return (unavailable * 10_000 + initializer.parameters.count - positions.count, offset)
    }
    return ranked.sorted { ($0.rank, $0.offset) < ($1.rank, $1.offset) }.map(\.offset)
  }

  /// Whether the call that ranked `overloads` (``overloads(calledBy:among:)``, with its labels) is
  /// ambiguous to Swift: its first two overloads are both available, leave as many parameters to
  /// their defaults, and take the same types for the arguments given.
  public static func isAmbiguous(_ overloads: [SwiftInitializer], labels: [String]) -> Bool {
    guard overloads.count > 1, overloads[1].availability?.isUnavailable != true else { return false }
    let (first, second) = (overloads[0], overloads[1])
    guard first.parameters.count - labels.count == second.parameters.count - labels.count,
      let firstPositions = first.parameterPositions(for: labels),
      let secondPositions = second.parameterPositions(for: labels)
    else { return false }
    return zip(firstPositions, secondPositions).allSatisfy { one, other in
      guard let left = first.parameters[one].type, let right = second.parameters[other].type else { return false }
      return SwiftTypeExpression(left).isSame(as: SwiftTypeExpression(right))
    }
  }
}

/// What `@available(*, deprecated)` or `@available(*, unavailable)` says of a declaration, on every
/// platform and language version: Swift warns at a call of a deprecated one, and skips an
/// unavailable one where another overload fits (else the call is an error). A platform's
/// deprecation (`@available(iOS, deprecated: 15)`) is not read; the version of a platform that
/// introduced a declaration is ``SwiftInitializer/introduced``.
public struct SwiftAvailability: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case deprecated, unavailable
  }

  public var kind: Kind
  /// Its `message:`.
  public var message: String?
  /// Its `renamed:`, the declaration to call instead.
  public var renamed: String?

  public init(kind: Kind, message: String? = nil, renamed: String? = nil) {
    self.kind = kind
    self.message = message
    self.renamed = renamed
  }

  public var isUnavailable: Bool { kind == .unavailable }

  /// What Swift says after the declaration's name: `is deprecated: use open(logger:retries:)`.
  public var statement: String { "is \(kind.rawValue)" + (message.map { ": " + $0 } ?? "") }
}

/// A parameter of an initializer.
public struct SwiftParameter: Sendable, Hashable, Codable {
  /// Its argument label; nil for `_`.
  public var label: String?
  /// Its type as written (`Double`, `any WeatherClient`, `[String]?`); nil where Swift infers it.
  public var type: String?
  public var hasDefault: Bool
  /// Its default value as written (`Resolver.resolve()`, `SystemClock()`), where the reader has it.
  public var defaultValue: String?

  public init(label: String?, type: String?, hasDefault: Bool = false, defaultValue: String? = nil) {
    self.label = label
    self.type = type
    self.hasDefault = hasDefault || defaultValue != nil
    self.defaultValue = defaultValue
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
  /// Its access level as declared (`internal` where none is written, or its extension's).
  public var access: SwiftAccess
  /// A static property a graph file's `factory:` names, taken as a function of no arguments that
  /// returns it (`DFUImpl.shared`): read, not called.
  public var isProperty = false
  /// Whether `@available(*, …)` deprecates it or makes it unavailable; nil where it does neither.
  public var availability: SwiftAvailability?
  /// The version of each platform that introduced it (``SwiftInitializer/introduced``).
  public var introduced: [String: String] = [:]
  public var location: SourceLocation

  public init(
    name: String, parameters: [SwiftParameter], isThrowing: Bool = false, isAsync: Bool = false,
    returnType: String? = nil, globalActor: String? = nil, isPrivate: Bool = false, access: SwiftAccess? = nil,
    availability: SwiftAvailability? = nil, location: SourceLocation
  ) {
    self.name = name
    self.parameters = parameters
    self.isThrowing = isThrowing
    self.isAsync = isAsync
    self.returnType = returnType
    self.globalActor = globalActor
    self.access = access ?? (isPrivate ? .private : .internal)
    self.availability = availability
    self.location = location
  }

  /// `private` or `fileprivate`: the generated code cannot call it.
  public var isPrivate: Bool { access <= .fileprivate }

  /// The function as the checks and the generator treat what builds a service: its parameters,
  /// effects and isolation, failable where it returns an optional.
  public var asInitializer: SwiftInitializer {
    var initializer = SwiftInitializer(
      parameters: parameters, isThrowing: isThrowing, isAsync: isAsync,
      isFailable: returnType.map { SwiftTypeExpression($0).wrapped != nil } ?? false, globalActor: globalActor,
      access: access, availability: availability, location: location)
    initializer.introduced = introduced
    return initializer
  }

  /// The overloads among `functions` that a call with `labels` may call, best first, as Swift
  /// ranks them (``SwiftInitializer/overloads(calledBy:among:)``).
  public static func overloads(calledBy labels: [String], among functions: [SwiftFunction]) -> [SwiftFunction] {
    SwiftInitializer.ranking(of: labels, among: functions.map(\.asInitializer)).map { functions[$0] }
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
  /// Its access level as declared (`internal` where none is written, or its extension's).
  public var access: SwiftAccess
  public var location: SourceLocation

  public init(
    name: String, type: String?, isSettable: Bool, access: SwiftAccess = .internal, location: SourceLocation
  ) {
    self.name = name
    self.type = type
    self.isSettable = isSettable
    self.access = access
    self.location = location
  }
}

/// A declaration's access level, ordered from the narrowest: who may name it, so whether the code
/// generated in another module can.
public enum SwiftAccess: Int, Sendable, Hashable, Codable, Comparable, CaseIterable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  /// The keyword (`public`).
  public var keyword: String {
    switch self {
    case .private: "private"
    case .fileprivate: "fileprivate"
    case .internal: "internal"
    case .package: "package"
    case .public: "public"
    case .open: "open"
    }
  }

  /// The access level a modifier keyword names; nil for any other word.
  public init?(keyword: String) {
    guard let found = Self.allCases.first(where: { $0.keyword == keyword }) else { return nil }
    self = found
  }

  /// Whether code in another module can name a declaration of this level: `public` and `open`
  /// everywhere, `package` within the same package.
  public func isVisible(fromAnotherModule samePackage: Bool) -> Bool {
    self >= .public || (self == .package && samePackage)
  }

  public static func < (left: SwiftAccess, right: SwiftAccess) -> Bool { left.rawValue < right.rawValue }
}
