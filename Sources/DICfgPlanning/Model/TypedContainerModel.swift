import DICfgCompiler
import DICfgCore

/// What ``TypedContainerGenerator/translate(_:aliases:)`` decides: names, types and effects, no Swift text.
public struct TypedContainerModel: Sendable, Equatable {
  public struct External: Sendable, Equatable {
    public var property: String
    /// The key the runtime's externals take: the id, or `container.id` for a container after the first.
    public var key: String
    public var type: String
    public var optional: Bool
    /// Whether its type is known to be `Sendable`; otherwise the container holds it in a
    /// `NonSendableExternal`.
    public var isSendable: Bool = true
    /// Whether the graph holds it `weak` or `unowned`: over the typed runtime, the container holds
    /// it in a `WeakExternal`, and a build taking it once it is gone throws.
    public var isWeak = false

    /// Its type in Swift, with `spelled` spelling the type the graph file writes.
    package func swiftType(_ spelled: (String) -> String) -> String { optional ? "(\(spelled(type)))?" : spelled(type) }
  }

  public struct Argument: Sendable, Equatable {
    public var name: String
    public var key: String
    public var type: String
  }

  public struct Accessor: Sendable, Equatable {
    public var property: String
    public var id: String
    public var type: String
    /// What a test's stand-in for the service is over the link: the service's first `as:` type, or its
    /// ``type`` (over the typed runtime, ``type``: what the accessor returns).
    public var replacementType: String
    public var arguments: [Argument]
    /// Whether a resolve builds a main-actor service: the accessor is `@MainActor`.
    public var isMainActor: Bool
    /// Whether a resolve may await an `async` initializer: the accessor is `async`.
    public var isAsync: Bool
    /// How each environment builds the service, the base's first: one branch where every
    /// environment builds it alike.
    public var branches: [Branch]
    /// Whether only layers add the service: its accessor is private, for the builds of the
    /// environments that have it.
    public var isPrivate = false
    /// The compilation condition every environment that has the service shares (its layers'
    /// `condition:`), which its accessor is written under; nil for one every build has.
    public var condition: String?
    /// Why some environment's accessor resolves the service through the link, as a clause
    /// (`it takes …`); nil where the accessors build it, or the cause is not known.
    public var linkCause: LinkCause?
    /// Over the typed runtime, for a service the graph marks `live: true`: what a container with
    /// stand-ins reports when a build reaches it without one (its line, the stand-in to give, the paths
    /// through the graph to it).
    public var liveReport: String?

    /// How the base builds the service.
    public var construction: Construction {
      branches.first { $0.environments.contains(nil) }?.construction ?? .runtime
    }

    /// How `environment` (nil for the base) builds the service; nil where its layer removes it.
    public func construction(in environment: String?) -> Construction? {
      branches.first { $0.environments.contains(environment) }?.construction
    }

    /// Whether the accessor `throws`: some environment resolves it through the runtime, or
    /// something its build calls can throw (an initializer, an accessor that resolves through the
    /// runtime).
    public var isThrowing: Bool { branches.contains { $0.construction?.isThrowing ?? false } }
  }

  /// The environments that build a service one way: a case of the accessor's switch over the
  /// container's environment.
  public struct Branch: Sendable, Equatable {
    /// The environments, nil for the base, in the order the generator was given them.
    public var environments: [String?]
    /// How they build it; nil where their layers remove the service, whose accessor then stops
    /// the app with a message naming the environment.
    public var construction: Construction?

    public init(environments: [String?], construction: Construction?) {
      self.environments = environments
      self.construction = construction
    }
  }

  /// How an accessor gets its instance.
  public enum Construction: Sendable, Equatable {
    /// Resolved by id through the dynamic container.
    case runtime
    /// Resolved through the link by the service's number in it.
    case linked(Int)
    /// A singleton built by the accessor into the runtime's singleton storage, once.
    case singleton(SingletonBuild)
    /// Constructed in the accessor, as hand-written code would.
    case straightLine(StraightLine)

    package var isThrowing: Bool {
      switch self {
      case .runtime, .linked: true
      case .singleton(let build): build.isThrowing
      case .straightLine(let line): line.isThrowing
      }
    }

    /// Whether the link builds it (by id or by number), not the accessor.
    package var isResolvedByTheLink: Bool {
      switch self {
      case .runtime, .linked: true
      case .singleton, .straightLine: false
      }
    }
  }

  /// How the accessor of a singleton, or of a weak or cached service, builds it into the runtime's
  /// storage: its initializer called with its dependencies.
  public struct SingletonBuild: Sendable, Equatable {
    /// The service's number in the link, where the runtime's storage keeps it.
    public var number: Int
    /// Its scope: `singleton`, `weak` or `cached`.
    public var scope: ScopeKind = .singleton
    public var type: String
    public var arguments: [LabeledExpression]
    public var initializerThrows: Bool
    public var isThrowing: Bool
    public var isMainActor: Bool
    /// What its `factory:` names; nil for its type's initializer.
    public var builder: Builder?
    /// Whether its initializer or function is `async`.
    public var initializerAwaits = false
    /// The properties set on the instance once built, before it is stored, by property name (a
    /// value that takes the singleton back is made from the instance, `instance`).
    public var properties: [LabeledExpression] = []
    /// The graph-scoped services its build shares, built first as locals, their properties set:
    /// the build is a resolve of its own, as an accessor's is.
    public var shared: [Step] = []
    /// Where the graph file declares it, for a type of a module dicfg could not read (as
    /// ``Maker/unreadAt``).
    public var unreadAt: SourceLocation?

    /// Whether the build awaits (its initializer, or an accessor it calls): it is built once
    /// however many tasks await it, and the accessor is `async`.
    public var isAsync: Bool { initializerAwaits || expressions.contains { $0.isAsync } }

    public init(
      number: Int, type: String, arguments: [LabeledExpression], initializerThrows: Bool, isThrowing: Bool,
      isMainActor: Bool
    ) {
      self.number = number
      self.type = type
      self.arguments = arguments
      self.initializerThrows = initializerThrows
      self.isThrowing = isThrowing
      self.isMainActor = isMainActor
    }
  }

  /// An eager singleton the container's creation builds through its accessor.
  public struct Eager: Sendable, Equatable {
    public var property: String
    public var isThrowing: Bool
    /// The environments it is eager in (nil for the base); empty when it is eager in all.
    public var environments: [String?] = []

    public init(property: String, isThrowing: Bool, environments: [String?]) {
      self.property = property
      self.isThrowing = isThrowing
      self.environments = environments
    }
  }

  /// A graph built by the accessor itself: its hoisted instances as locals in dependency order,
  /// the service made from them, then the properties set.
  public struct StraightLine: Sendable, Equatable {
    public var steps: [Step]
    /// The local the accessor returns.
    public var result: String

    public init(steps: [Step], result: String) {
      self.steps = steps
      self.result = result
    }

    package var isThrowing: Bool {
      steps.contains {
        switch $0 {
        case .build(_, let value), .set(_, _, let value): value.isThrowing
        }
      }
    }
  }

  public enum Step: Sendable, Equatable {
    /// `let local = value`.
    case build(local: String, value: Expression)
    /// `local.property = value`, once every instance of the resolve is constructed.
    case set(local: String, property: String, value: Expression)
  }

  /// A private function of the container class that builds one graph- or unique-scoped service
  /// from the hoisted instances it takes.
  public struct Maker: Sendable, Equatable {
    public var function: String
    public var type: String
    /// The hoisted instances, then the run-time arguments.
    public var parameters: [Parameter]
    /// The initializer's arguments.
    public var arguments: [LabeledExpression]
    public var initializerThrows: Bool
    /// Whether the function throws: its initializer, an accessor or a make function it calls can.
    public var isThrowing: Bool
    public var isMainActor: Bool
    /// What its `factory:` names; nil for its type's initializer.
    public var builder: Builder? = nil
    /// The accessor property of the service it builds, whose stand-in it gives where a test gave one.
    public var service: String? = nil
    /// Whether its initializer or function is `async`.
    public var initializerAwaits = false
    /// The compilation condition of the environment it is made for alone (its layer's
    /// `condition:`), which it is written under; nil for one every build has.
    public var condition: String?
    /// Where the graph file declares its service, for a call the Swift read does not prove (a type
    /// of a module dicfg could not read, or a value whose conversion it cannot decide): the call is
    /// written at that line, for the Swift compiler to check there; nil for one the Swift proves.
    public var unreadAt: SourceLocation?
    /// The properties a unique-scoped service's make function sets on each instance, by name.
    public var properties: [LabeledExpression] = []

    /// Whether the function is `async`: its initializer, or something it calls, awaits.
    public var isAsync: Bool { initializerAwaits || (arguments + properties).contains { $0.value.isAsync } }
  }

  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var type: String
  }

  public struct LabeledExpression: Sendable, Equatable {
    public var label: String
    public var value: Expression

    public init(label: String, value: Expression) {
      self.label = label
      self.value = value
    }
  }

  /// What builds a service instead of its type's initializer: what its `factory:` names.
  public enum Builder: Sendable, Equatable {
    /// A static method or a free function (`SQLNotesStore.open`), called with the arguments.
    case function(String)
    /// A static property (`DFUImpl.shared`), read.
    case property(String)
    /// A factory object's method, called on the receiver with the arguments.
    case method(receiver: Expression, name: String)
    /// A factory object's property, read on the receiver.
    case member(receiver: Expression, name: String)
    /// A static member of a type of a module dicfg could not read (`UIApplication.shared`,
    /// `UNUserNotificationCenter.current`), taken with no arguments: a property read, or a function
    /// called, whichever it is (`dicfgTypedMake`).
    case unreadMember(String)
  }

  /// How a deferred value gives its service.
  public enum DeferredKind: String, Sendable, Equatable {
    /// `Provider<T>`: built on each call.
    case provider = "Provider"
    /// `Lazy<T>`: built on first use, then kept.
    case lazy = "Lazy"
  }

  public indirect enum Expression: Sendable, Equatable {
    /// An instance built earlier in the accessor.
    case local(String)
    /// A Swift literal, as written.
    case literal(String)
    /// One of the accessor's run-time arguments.
    case argument(String)
    /// An external the container was created with, by its property.
    case external(String)
    /// An external held weakly, by its property and id, where a build needs it: the build throws
    /// once it is gone.
    case heldExternal(String, id: String)
    /// A parameter read from the environment when the container was created (`${NAME}`), by its
    /// name and the Swift type it is passed as (the root's ``EnvironmentRead``).
    case environmentParameter(String, type: String)
    /// A shared-scope service, through its accessor.
    case accessor(String, isThrowing: Bool, isAsync: Bool = false)
    /// A service of another container of the file, through its accessor there: the expression
    /// reaching that container, and the accessor.
    case otherAccessor(String, String, isThrowing: Bool, isAsync: Bool)
    /// A make function called with these values.
    case call(String, arguments: [Expression], isThrowing: Bool, isAsync: Bool = false)
    /// The container, as the runtime gives it to factories: not kept alive by the instance.
    case container
    /// The typed container itself, where Swift takes its type (`$container` over the typed
    /// runtime): kept alive by the instance.
    case typedContainer
    /// A provider (`{ provider: name }`) or a lazy value (`{ lazy: name }`) of a service, built by its
    /// accessor (which throws, or not) on each call or on first use; it holds the container weakly.
    case deferred(String, kind: DeferredKind, container: String, isThrowing: Bool)
    /// A provider passed as a function of the service's run-time arguments: a closure calling the
    /// accessor (which throws, or not) with them, awaiting it where the function is `async`; it
    /// holds the container weakly and throws once the container is gone.
    case providerFunction(String, container: String, isThrowing: Bool, isAsync: Bool)
    case array([Expression])
    /// `nil`.
    case none
    /// A service taken as a type the graph binds it as (a protocol under `as:`): a test's stand-in
    /// for that type where one is given (the root's `Replacements`, by ``TypeStandIn/slot``),
    /// otherwise the service, as the expression gives it.
    case standIn(String, Expression)

    package var isThrowing: Bool {
      switch self {
      case .accessor(_, let isThrowing, _), .otherAccessor(_, _, let isThrowing, _): isThrowing
      // The container is linked on first use, which can fail.
      case .container, .heldExternal: true
      case .call(_, let arguments, let isThrowing, _): isThrowing || arguments.contains(where: \.isThrowing)
      case .array(let values): values.contains(where: \.isThrowing)
      case .standIn(_, let built): built.isThrowing
      case .local, .literal, .argument, .external, .environmentParameter, .typedContainer, .deferred, .providerFunction,
        .none:
        false
      }
    }

    /// Whether it awaits: it calls an accessor or a make function that is `async`.
    package var isAsync: Bool {
      switch self {
      case .accessor(_, _, let isAsync), .otherAccessor(_, _, _, let isAsync): isAsync
      case .call(_, let arguments, _, let isAsync): isAsync || arguments.contains(where: \.isAsync)
      case .array(let values): values.contains(where: \.isAsync)
      case .standIn(_, let built): built.isAsync
      case .local, .literal, .argument, .external, .heldExternal, .environmentParameter, .container, .typedContainer,
        .deferred, .providerFunction, .none:
        false
      }
    }

    /// The make functions it calls, directly.
    var functions: [String] {
      switch self {
      case .call(let function, let arguments, _, _): [function] + arguments.flatMap(\.functions)
      case .array(let values): values.flatMap(\.functions)
      case .standIn(_, let built): built.functions
      case .local, .literal, .argument, .external, .heldExternal, .environmentParameter, .accessor, .otherAccessor,
        .container, .typedContainer, .deferred, .providerFunction, .none:
        []
      }
    }

    /// The expression with the make functions it calls renamed by `names` (the rest as they are).
    func renamingFunctions(_ names: [String: String]) -> Expression {
      switch self {
      case .call(let function, let arguments, let isThrowing, let isAsync):
        .call(
          names[function] ?? function, arguments: arguments.map { $0.renamingFunctions(names) },
          isThrowing: isThrowing, isAsync: isAsync)
      case .array(let values): .array(values.map { $0.renamingFunctions(names) })
      case .standIn(let slot, let built): .standIn(slot, built.renamingFunctions(names))
      case .local, .literal, .argument, .external, .heldExternal, .environmentParameter, .accessor, .otherAccessor,
        .container, .typedContainer, .deferred, .providerFunction, .none:
        self
      }
    }

  }

  public struct Member: Sendable, Equatable {
    public var property: String
    public var typeName: String
    public var name: String
  }

  /// A generic parameter of a container class, bound to a type's alias: the class is
  /// `MainContainerOf<TLedger>`, and `MainContainer` names it bound, `MainContainerOf<DicfgLedger>`.
  public struct TypeParameter: Sendable, Equatable {
    public var name: String
    /// The type as the graph file writes it.
    public var type: String
  }

  public struct Container: Sendable, Equatable {
    public var typeName: String
    public var name: String
    /// Its generic parameters; empty for a class that is not generic.
    public var typeParameters: [TypeParameter] = []
    public var accessors: [Accessor]
    /// The make functions its accessors call.
    public var makers: [Maker]
    /// Whether it holds the externals it was created with, for the accessors that pass them.
    public var keepsExternals: Bool
    /// The plan's other containers, reached from the first.
    public var members: [Member]
    public var externals: [External]
  }

  public var access: RegistryGenerator.Access
  public var graphFile: String
  public var environments: [String]
  /// The Swift compilation condition of each environment whose layer is limited to one: its case
  /// exists only where the condition holds.
  public var conditions: [String: String] = [:]
  /// The alias of each type the target's Swift does not declare, by the type as written.
  public var aliases: [String: String] = [:]
  public var containers: [Container]
  /// The most services any environment's plan has: the room the singleton storage takes.
  public var serviceCount: Int = 0
  /// The numbers some environment's link gives services it holds weakly, and services it caches:
  /// the room the storage keeps for them.
  public var weakServices: [Int] = []
  public var cachedServices: [Int] = []
  /// Whether creating the container links the plan (else the first use that needs the link does).
  public var linksAtCreation: Bool = false
  /// Whether the containers but the first are views of it (structs holding it, which it makes on
  /// each use), so each container's code reaches every other's accessors; else they are objects
  /// the first holds, which reach only their own.
  public var containersViewRoot = false
  /// The eager singletons the creation builds through their accessors.
  public var eager: [Eager] = []
  /// The runtime the containers are written against.
  public var runtime: GeneratedRuntime = .full
  /// The types the graph binds services as that some build takes: a test replaces each with a
  /// stand-in every service taking that type gets.
  public var typeStandIns: [TypeStandIn] = []
  /// The parameters the builds take as read from the environment (`${NAME}`), each as one Swift
  /// type: over the typed runtime, the root reads them when it is created.
  public var environmentReads: [EnvironmentRead] = []
  /// What each environment reads from the environment when the container is created: every
  /// parameter of its plan with a `${NAME}`, as the link reads them.
  public var environmentSources: [EnvironmentSources] = []

  /// The custom scopes (`scopes:`) some container declares, in order: over the typed runtime, the
  /// storage keeps each one's instances apart (its scope number is its position here plus one; 0 is
  /// `cached`), and a method of the root resets it (`resetSession()`).
  public var customScopes: [String] = []

  /// A parameter read from the environment, as a Swift type a build takes it as: a property of the
  /// root's `Parameters`.
  public struct EnvironmentRead: Sendable, Equatable {
    public var name: String
    /// The Swift type (`String`, `Int?`).
    public var type: String
    public var property: String
  }

  /// The parameters one environment (nil for the base) reads from the environment.
  public struct EnvironmentSources: Sendable, Equatable {
    public var environment: String?
    public var parameters: [Parameter]

    public struct Parameter: Sendable, Equatable {
      public var name: String
      public var segments: [ResolutionPlan.Segment]
      /// Whether its text is a plain scalar that is one variable, typed by the core schema.
      public var typed: Bool
      /// `file:line:column`, the file by its name alone.
      public var location: String
    }
  }

  /// A type services are bound as (`as:`), which a test may replace for everything taking it.
  public struct TypeStandIn: Sendable, Equatable {
    /// Its slot in the root's `Replacements.byType`.
    public var slot: String
    /// The type as the graph file writes it.
    public var type: String
    /// Whether the Swift declares it a protocol (its metatype is `Type.Protocol`).
    public var isProtocol: Bool
    /// The services binding it, by the key the runtime's replacements take (`id`, `container.id`).
    public var services: [String]

    public init(slot: String, type: String, isProtocol: Bool, services: [String]) {
      self.slot = slot
      self.type = type
      self.isProtocol = isProtocol
      self.services = services
    }

    /// The slot of `type`: its name in lower camel case, from its letters and digits.
    public static func slot(of type: String) -> String {
      let words = type.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
      let joined = words.enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
      return SwiftIdentifier.escaped(joined.prefix(1).lowercased() + joined.dropFirst())
    }
  }

  /// Whether some build reads a static member of an unread module's type (`Builder.unreadMember`).
  package var buildsUnreadMembers: Bool {
    containers.contains { container in
      container.makers.contains { if case .unreadMember? = $0.builder { true } else { false } }
        || container.accessors.flatMap(\.branches).contains { branch in
          if case .singleton(let build)? = branch.construction, case .unreadMember? = build.builder {
            true
          } else {
            false
          }
        }
    }
  }

  /// Whether some service is marked `live: true` (over the typed runtime): the stand-ins then carry the
  /// check a build reaching one without a stand-in makes.
  package var hasLiveServices: Bool { containers.contains { $0.accessors.contains { $0.liveReport != nil } } }
}

/// The runtime a generated file is written against: the product of dicfg the target depends on.
public enum GeneratedRuntime: String, Sendable, Equatable, CaseIterable {
  /// `DICfgRuntime`: the typed containers over the dynamic link, which resolves what their
  /// accessors do not build, their test replacements and `dynamicContainer`.
  case full
  /// `DICfgTypedRuntime` alone: the accessors build every service, into its storage; no link,
  /// registry or plan is generated or compiled.
  case typed

  /// The product of dicfg the target depends on for it.
  public var product: String { self == .full ? "DICfgRuntime" : "DICfgTypedRuntime" }

  /// The runtime of a target that depends on `products` (of other packages), as the build plugins
  /// pick it: `typed` where they name `DICfgTypedRuntime` and neither `DICfgRuntime` nor `DICfg`.
  public static func ofTarget(dependingOn products: some Sequence<String>) -> GeneratedRuntime {
    let products = Set(products)
    return products.contains(Self.typed.product) && products.isDisjoint(with: [Self.full.product, "DICfg"])
      ? .typed : .full
  }
}

// MARK: What only the link gives

extension TypedContainerModel {
  /// Something of the graph that only the dynamic link builds: a service of container `container`
  /// (by its index), and what it needs of the link.
  public struct LinkNeed: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
      /// Its accessor resolves it through the link: the target's Swift does not prove a build.
      case resolved
      /// It takes the container (`$container`), which is the dynamic one.
      case container
    }

    public var container: Int
    public var service: String
    public var reason: Reason
    /// The one thing that stops the typed accessor, as a clause; nil where it is not known.
    public var cause: LinkCause? = nil
  }

  /// The one thing that stops a typed accessor (`it takes '$container' where Swift expects …`), and
  /// the change to the Swift that lets it build, where the full runtime would not build it either.
  public struct LinkCause: Sendable, Equatable {
    public var text: String
    public var fix: String?
    public init(_ text: String, fix: String? = nil) {
      self.text = text
      self.fix = fix
    }
  }

  /// What the containers need of the link, each service once, in order: empty where the accessors
  /// build every service (in every environment) themselves.
  public var linkNeeds: [LinkNeed] {
    containers.enumerated().flatMap { index, container -> [LinkNeed] in
      let makers = Dictionary(container.makers.map { ($0.function, $0) }, uniquingKeysWith: { first, _ in first })
      return container.accessors.compactMap { accessor -> LinkNeed? in
        var expressions: [Expression] = []
        for construction in accessor.branches.compactMap(\.construction) {
          switch construction {
          case .runtime, .linked:
            return LinkNeed(container: index, service: accessor.id, reason: .resolved, cause: accessor.linkCause)
          case .singleton(let build): expressions += build.expressions
          case .straightLine(let line): expressions += line.expressions
          }
        }
        let called = Self.functions(calledBy: expressions, among: container.makers)
        expressions += called.compactMap { makers[$0] }.flatMap(\.expressions)
        return Self.linkReason(in: expressions).map { LinkNeed(container: index, service: accessor.id, reason: $0) }
      }
    }
  }

  private static func linkReason(in expressions: [Expression]) -> LinkNeed.Reason? {
    for expression in expressions {
      switch expression {
      case .container: return .container
      case .call(_, let arguments, _, _): if let reason = linkReason(in: arguments) { return reason }
      case .array(let values): if let reason = linkReason(in: values) { return reason }
      case .standIn(_, let built): if let reason = linkReason(in: [built]) { return reason }
      case .local, .literal, .argument, .external, .heldExternal, .environmentParameter, .accessor, .otherAccessor,
        .typedContainer, .deferred, .providerFunction, .none:
        continue
      }
    }
    return nil
  }
}

// MARK: Make functions, by name

extension TypedContainerModel {
  /// The make functions of `makers` that `expressions` call, directly or through one another.
  static func functions(calledBy expressions: [Expression], among makers: [Maker]) -> Set<String> {
    let byName = Dictionary(makers.map { ($0.function, $0) }, uniquingKeysWith: { first, _ in first })
    var used = Set<String>()
    var queue = expressions.flatMap(\.functions)
    while let next = queue.popLast() {
      guard used.insert(next).inserted, let maker = byName[next] else { continue }
      queue.append(contentsOf: maker.expressions.flatMap(\.functions))
    }
    return used
  }
}

extension TypedContainerModel.LabeledExpression {
  func renamingFunctions(_ names: [String: String]) -> Self {
    Self(label: label, value: value.renamingFunctions(names))
  }
}

extension TypedContainerModel.Builder {
  /// The factory object a method is called on, which the build reads as it reads an argument.
  var receiver: TypedContainerModel.Expression? {
    switch self {
    case .method(let receiver, _), .member(let receiver, _): return receiver
    case .function, .property, .unreadMember: return nil
    }
  }

  func renamingFunctions(_ names: [String: String]) -> Self {
    switch self {
    case .method(let receiver, let name): return .method(receiver: receiver.renamingFunctions(names), name: name)
    case .member(let receiver, let name): return .member(receiver: receiver.renamingFunctions(names), name: name)
    case .function, .property, .unreadMember: return self
    }
  }
}

extension TypedContainerModel.Maker {
  package var expressions: [TypedContainerModel.Expression] {
    (arguments + properties).map(\.value) + [builder?.receiver].compactMap { $0 }
  }

  func renamingFunctions(_ names: [String: String]) -> Self {
    var maker = self
    maker.function = names[function] ?? function
    maker.arguments = arguments.map { $0.renamingFunctions(names) }
    maker.properties = properties.map { $0.renamingFunctions(names) }
    maker.builder = builder?.renamingFunctions(names)
    return maker
  }
}

extension TypedContainerModel.SingletonBuild {
  package var expressions: [TypedContainerModel.Expression] {
    TypedContainerModel.StraightLine(steps: shared, result: "").expressions + (arguments + properties).map(\.value)
      + [builder?.receiver].compactMap { $0 }
  }

  func renamingFunctions(_ names: [String: String]) -> Self {
    var build = self
    build.shared = TypedContainerModel.StraightLine(steps: shared, result: "").renamingFunctions(names).steps
    build.arguments = arguments.map { $0.renamingFunctions(names) }
    build.properties = properties.map { $0.renamingFunctions(names) }
    build.builder = builder?.renamingFunctions(names)
    return build
  }
}

extension TypedContainerModel.StraightLine {
  package var expressions: [TypedContainerModel.Expression] {
    steps.map {
      switch $0 {
      case .build(_, let value), .set(_, _, let value): value
      }
    }
  }

  func renamingFunctions(_ names: [String: String]) -> Self {
    Self(
      steps: steps.map {
        switch $0 {
        case .build(let local, let value): .build(local: local, value: value.renamingFunctions(names))
        case .set(let local, let property, let value):
          .set(local: local, property: property, value: value.renamingFunctions(names))
        }
      }, result: result)
  }
}

extension TypedContainerModel.Construction {
  func renamingFunctions(_ names: [String: String]) -> Self {
    switch self {
    case .runtime, .linked: self
    case .singleton(let build): .singleton(build.renamingFunctions(names))
    case .straightLine(let line): .straightLine(line.renamingFunctions(names))
    }
  }
}
