import DICfgCompiler
public import DICfgCore

/// The Swift registration of a graph file, decided but not yet written: which initializers to
/// register, which values to type-check against them, which properties to set and which plans to
/// embed, each with the graph file's line its compile errors belong to.
///
/// ``RegistryGenerator/translate(_:includePlans:)`` builds it from compiled plans;
/// ``RegistryGenerator/render(_:)`` writes it as Swift. Nothing in it is Swift text: the renderer
/// alone spells Swift.
public struct RegistryModel: Sendable, Equatable {
  /// A place in a graph file: its line, and the column (from 1) Swift's diagnostic of what is
  /// written there should point at; 0 where only the line is known.
  public struct Line: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 0) {
      self.file = file
      self.line = line
      self.column = column
    }

    public init(_ location: SourceLocation) {
      self.init(file: location.file, line: location.line, column: location.column)
    }
  }

  /// One initializer registered as a factory: `Type.init(label:…)`, or a function (`factory:`).
  public struct Factory: Sendable, Equatable {
    /// The type it builds.
    public var typeName: String
    /// The static method or free function it is (`Database.open`), registered under its name; nil
    /// for an initializer of ``typeName``.
    public var function: String?
    public var labels: [String]
    /// Whether it is registered as a main-actor factory: a service built with it says
    /// `isolation: MainActor`.
    public var isMainActor: Bool
    /// The name of the constant holding the initializer, which checks call; nil for an
    /// initializer of no arguments, registered by a helper that picks it among the type's
    /// initializers.
    public var constant: String?
    /// Where Swift's error in naming what is called belongs: the `factory:` value, else the
    /// `init:` key, else the `type:` value.
    public var anchor: Line
    /// Where Swift's error in registering it belongs (a type that cannot be sent between
    /// threads): the `type:` value; the anchor where nil.
    public var registration: Line?
    /// The effects of the initializer, where the target's Swift declares it: the factory is then a
    /// closure calling it, which Swift takes as `@Sendable` in every language mode and which may
    /// leave out defaulted arguments. Nil where the type is another module's: the factory is the
    /// initializer itself, `Type.init(label:…)`.
    public var effects: Effects?
    /// The Swift compilation condition of the environments whose services use it; nil where the
    /// base or an unconditional environment does.
    public var condition: String?
    /// For a factory object's method, the type it is called on: the factory's first argument is the
    /// receiver (`ResolutionPlan.Service.receiverLabel`), ``function`` is `Type.method`.
    public var receiver: String?
    /// Whether ``function`` is a static property the target declares, read instead of called.
    public var readsProperty = false
    /// Where what is called is deprecated (`deprecated-builder`, which dicfg reports at the graph
    /// file's line with its fix): the name of the local type whose deprecated static property holds
    /// the factory, read through `dicfgCalledAnyway` so Swift does not say it again.
    public var deprecatedHolder: String?

    /// Whether an initializer throws and whether it is `async`: what a closure calling it spells.
    public struct Effects: Sendable, Equatable {
      public var isThrowing: Bool
      public var isAsync: Bool

      public init(isThrowing: Bool, isAsync: Bool) {
        self.isThrowing = isThrowing
        self.isAsync = isAsync
      }
    }

    public init(
      typeName: String, labels: [String], isMainActor: Bool, constant: String?, anchor: Line, effects: Effects? = nil,
      condition: String? = nil, function: String? = nil
    ) {
      self.typeName = typeName
      self.function = function
      self.labels = labels
      self.isMainActor = isMainActor
      self.constant = constant
      self.anchor = anchor
      self.effects = effects
      self.condition = condition
    }
  }

  /// What a never-run check passes for one argument of an initializer.
  public enum CheckedValue: Sendable, Equatable {
    /// A value of a type the graph file names: a service's type, an external's declared type
    /// (`optional` when the container may give none), the container itself.
    case typed(String, optional: Bool)
    /// A scalar literal the initializer must accept as written.
    case literal(ResolutionPlan.Literal)
    /// `nil`.
    case none
    /// A value whose type the graph file does not say (a run-time argument, a provider, a list):
    /// only its presence is checked.
    case unknown
    /// A Swift value as the graph file writes it (`.convertFromSnakeCase`), typed by the parameter.
    case swift(String)

    var isSwift: Bool { if case .swift = self { true } else { false } }
  }

  /// A service's `init:` values checked against the initializer its factory registered, each
  /// where the graph file writes it.
  public struct Check: Sendable, Equatable {
    /// The ``Factory/constant`` of the initializer called.
    public var constant: String
    /// The values in `init:` order.
    public var arguments: [Argument]
    /// The Swift compilation condition of the environments that have the service; nil where every
    /// build has it.
    public var condition: String?
    /// The Swift values among the arguments (`{ swift: .main }`), each registered for the type of
    /// the parameter it goes to, at its value's line.
    public var swiftValues: [SwiftValue] = []

    /// The positions (from 0) of the values Swift types against their parameters: all but those
    /// whose type the graph file does not say, and the Swift values, which their registration types.
    public var checkedPositions: [Int] {
      arguments.indices.filter {
        switch arguments[$0].value {
        case .unknown, .swift: false
        case .typed, .literal, .none: true
        }
      }
    }

    public init(constant: String, arguments: [Argument], condition: String? = nil) {
      self.constant = constant
      self.arguments = arguments
      self.condition = condition
    }
  }

  /// A Swift value of an argument: its position among the initializer's arguments, the
  /// expression and where it is written.
  public struct SwiftValue: Sendable, Equatable {
    public var position: Int
    public var expression: String
    public var line: Line
    /// The file-level constant holding it, typed as its parameter through a closure calling the
    /// factory, where the factory's effects are known: the registration and the typed container
    /// both read it, so the value is written (and reported) once, at its line. Nil where it is
    /// written in its registration.
    public var shared: SharedSwiftValue?

    public init(position: Int, expression: String, line: Line) {
      self.position = position
      self.expression = expression
      self.line = line
    }
  }

  /// A Swift value's file-level constant: `name`, `dicfgArgumentNOfM(<factory>) { <value> }`.
  public struct SharedSwiftValue: Sendable, Equatable {
    public var name: String
    /// The factory it goes to, as its constant is written.
    public var factory: Factory
    /// Its compilation condition: its check's.
    public var condition: String?
  }

  /// A property value Swift checks at build (a literal or a Swift value), and a Swift value's
  /// registration for the property's type.
  public struct PropertyValue: Sendable, Equatable {
    public var typeName: String
    public var label: String
    public var value: CheckedValue
    public var line: Line
    public var condition: String?
    /// The file-level constant holding a Swift value, typed as the property, which the
    /// registration and the typed container read (``SwiftValue/shared``); nil where it is written
    /// in its registration.
    public var shared: String?

    public init(typeName: String, label: String, value: CheckedValue, line: Line, condition: String? = nil) {
      self.typeName = typeName
      self.label = label
      self.value = value
      self.line = line
      self.condition = condition
    }
  }

  /// One value of a check, with where the graph file writes it.
  public struct Argument: Sendable, Equatable {
    public var place: Line
    public var value: CheckedValue

    public init(place: Line, value: CheckedValue) {
      self.place = place
      self.value = value
    }
  }

  /// A statement of the registration, in the order written.
  public enum Statement: Sendable, Equatable {
    case register(Factory)
    case check(Check)
  }

  /// A property set after construction: `Type.label`.
  public struct Property: Sendable, Equatable {
    public var typeName: String
    public var label: String
    /// Set through a main-actor closure: Swift forms no key path to a main-actor property outside it.
    public var isMainActor: Bool
    public var location: Line
    /// The Swift compilation condition of the environments whose services set it.
    public var condition: String?

    public init(typeName: String, label: String, isMainActor: Bool, location: Line, condition: String? = nil) {
      self.typeName = typeName
      self.label = label
      self.isMainActor = isMainActor
      self.location = location
      self.condition = condition
    }
  }

  /// A type the target's Swift does not declare, named once under `#sourceLocation` at the line
  /// of the first service or external that names it, and spelled by that name everywhere else:
  /// where the type exists in no module the target imports, the build fails with one error, at
  /// the graph file's line.
  public struct TypeAlias: Sendable, Equatable {
    /// The alias: `Dicfg` and the type's name as one identifier (`DicfgLedger`).
    public var name: String
    /// The type as the graph file writes it.
    public var type: String
    public var anchor: Line

    public init(name: String, type: String, anchor: Line) {
      self.name = name
      self.type = type
      self.anchor = anchor
    }
  }

  /// A compiled plan embedded for an environment (the base when nil): the statements writing the
  /// base, or changing the base into the environment's plan.
  public struct EmbeddedPlan: Sendable, Equatable {
    public var environment: String?
    public var statements: [PlanStatement]
    /// The Swift compilation condition its layer is limited to: the plan exists only where it holds.
    public var condition: String?

    public init(environment: String?, statements: [PlanStatement], condition: String? = nil) {
      self.environment = environment
      self.statements = statements
      self.condition = condition
    }
  }

  public var access: RegistryGenerator.Access
  public var imports: [String]
  /// Modules imported where they exist (`#if canImport`): Linux's FoundationNetworking, where the
  /// graph names `URLSession` or another type Apple's Foundation has and Linux's moves there.
  public var importsWhereAvailable: [String] = []
  public var sources: [String]
  public var environments: [String]
  public var statements: [Statement]
  public var properties: [Property]
  /// The literal and Swift values properties are set to, checked and registered.
  public var propertyValues: [PropertyValue] = []
  /// Nil when no plans are embedded (the registration of several graph files).
  public var plans: [EmbeddedPlan]?
  /// The files the embedded plans' locations name, by index.
  public var planFiles: [String]
  /// The typed containers; nil when none are generated.
  public var typedContainers: TypedContainerModel?
  /// The types named through an alias, in the order they are first named; empty when the target's
  /// Swift is not known.
  public var typeAliases: [TypeAlias] = []

  public init(
    access: RegistryGenerator.Access, imports: [String], sources: [String], environments: [String],
    statements: [Statement], properties: [Property], plans: [EmbeddedPlan]?, planFiles: [String] = [],
    typedContainers: TypedContainerModel? = nil
  ) {
    self.planFiles = planFiles
    self.typedContainers = typedContainers
    self.access = access
    self.imports = imports
    self.sources = sources
    self.environments = environments
    self.statements = statements
    self.properties = properties
    self.plans = plans
  }

  /// The factories registered, in order.
  public var factories: [Factory] {
    statements.compactMap { if case .register(let factory) = $0 { factory } else { nil } }
  }

  /// The alias of each type named through one, by the type as written.
  public var aliasNames: [String: String] {
    Dictionary(typeAliases.map { ($0.type, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  /// The condition of each statement: its factory's or its check's.
  package static func condition(of statement: Statement) -> String? {
    switch statement {
    case .register(let factory): factory.condition
    case .check(let check): check.condition
    }
  }

  /// The checks, in order.
  public var checks: [Check] {
    statements.compactMap { if case .check(let check) = $0 { check } else { nil } }
  }
}
