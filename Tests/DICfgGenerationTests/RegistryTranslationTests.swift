import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgPlanning
import DICfgSwiftModel
import DICfgTestSupport
import Testing

/// What the generator decides to write, before any Swift text: the factories, the checks and
/// their lines, the properties and the embedded plans.
@Suite struct RegistryTranslationTests {
  private typealias Model = RegistryModel

  private func translate(
    _ files: MarkedFiles, environments: [String] = [], includePlans: Bool = true
  ) throws -> RegistryModel {
    let base = compile(files)
    var variants = [
      RegistryGenerator.Variant(
        environment: nil, plan: try #require(base.plan), mergedServices: base.mergedServices)
    ]
    for environment in environments {
      let result = compile(files, environments: [environment])
      variants.append(
        RegistryGenerator.Variant(
          environment: environment, plan: try #require(result.plan), mergedServices: result.mergedServices))
    }
    return RegistryGenerator(sources: ["app.yaml"]).translate(variants, includePlans: includePlans)
  }

  @Test func servicesSharingAnInitializerRegisterItOnceAndEachChecksItsOwnValues() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters:
        timeout: 30
        host: ${API_HOST}
      externals:
        key: { type: String }
        logger: { type: Logger, retain: weak, optional: true }
      services:
        session: { type: Session }
        primary:
          type: Client
          init:
            session: session
            timeout: $timeout
        backup:
          type: Client
          init: { session: session, timeout: { value: 2.5 } }
        tracker:
          type: Tracker
          arguments: { user: User }
          init:
            key: key
            logger: logger
            user: $user
            host: $host
            name: { value: "a \\"b\\"" }
            fallback: missing?
      """
    ])
    let model = try translate(files)
    // Each factory is placed where the graph file names what is called (its `init:` key, else its
    // type), its registration at its type, and each checked value where it is written.
    var session = Model.Factory(
      typeName: "Session", labels: [], isMainActor: false, constant: nil,
      anchor: .init(file: "app.yaml", line: 9, column: 20))
    session.registration = .init(file: "app.yaml", line: 9, column: 20)
    var client = Model.Factory(
      typeName: "Client", labels: ["session", "timeout"], isMainActor: false, constant: "factory1",
      anchor: .init(file: "app.yaml", line: 12, column: 5))
    client.registration = .init(file: "app.yaml", line: 11, column: 11)
    var tracker = Model.Factory(
      typeName: "Tracker", labels: ["key", "logger", "user", "host", "name", "fallback"], isMainActor: false,
      constant: "factory2", anchor: .init(file: "app.yaml", line: 21, column: 5))
    tracker.registration = .init(file: "app.yaml", line: 19, column: 11)
    #expect(model.factories == [session, client, tracker])
    func at(_ line: Int, _ column: Int) -> Model.Line { .init(file: "app.yaml", line: line, column: column) }
    #expect(
      model.checks == [
        Model.Check(
          constant: "factory1",
          arguments: [
            .init(place: at(13, 16), value: .typed("Session", optional: false)),
            .init(place: at(14, 16), value: .literal(.int(30))),
          ]),
        Model.Check(
          constant: "factory1",
          arguments: [
            .init(place: at(17, 22), value: .typed("Session", optional: false)),
            .init(place: at(17, 40), value: .literal(.double(2.5))),
          ]),
        Model.Check(
          constant: "factory2",
          arguments: [
            .init(place: at(22, 12), value: .typed("String", optional: false)),
            .init(place: at(23, 15), value: .typed("Logger", optional: true)),
            .init(place: at(24, 13), value: .unknown),
            .init(place: at(25, 13), value: .unknown),
            .init(place: at(26, 13), value: .literal(.string("a \"b\""))),
            .init(place: at(27, 17), value: .none),
          ]),
      ])
    #expect(model.statements.count == 6, "each registration is followed by the check of the service that asked for it")
    #expect(model.properties.isEmpty)
  }

  // Where the target's Swift declares the initializer, the factory is a closure calling it with the
  // arguments `init:` lists: defaulted ones may be left out, and Swift takes the closure as
  // `@Sendable` in Swift 5 and Swift 6 modes alike. A type from another module is registered by its
  // initializer (of no arguments, through `dicfgMake`, for the same reason).
  @Test func aDeclaredInitializerIsRegisteredAsAClosureThatMayLeaveOutDefaults() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client: { type: Client }
        gateway: { type: Gateway, init: { client: client } }
        store: { type: Store, init: { path: { value: /var/db } } }
        clock: { type: Clock }
        banner: { type: Banner, isolation: MainActor, init: { _: { value: Hi } } }
        decoder: { type: JSONDecoder }
        reader: { type: FeedReader, init: { decoder: decoder } }
      """
    ])
    let at = SourceLocation.start(of: "App.swift")
    func type(_ name: String, _ initializer: SwiftInitializer) -> SwiftType {
      SwiftType(name: name, kind: .class, location: at, initializers: [initializer])
    }
    let swift = SwiftDeclarations(types: [
      type("Client", SwiftInitializer(parameters: [], location: at)),
      type(
        "Gateway",
        SwiftInitializer(
          parameters: [
            SwiftParameter(label: "client", type: "Client"),
            SwiftParameter(label: "fee", type: "Double", hasDefault: true),
            SwiftParameter(label: "log", type: "@escaping (String) -> Void", hasDefault: true),
          ], location: at)),
      type(
        "Store",
        SwiftInitializer(
          parameters: [SwiftParameter(label: "path", type: "String")], isThrowing: true, isAsync: true, location: at)),
      type(
        "Clock",
        SwiftInitializer(parameters: [SwiftParameter(label: "zone", type: "String", hasDefault: true)], location: at)),
      type(
        "Banner",
        SwiftInitializer(
          parameters: [SwiftParameter(label: nil, type: "String")], globalActor: "MainActor", location: at)),
      type(
        "FeedReader",
        SwiftInitializer(parameters: [SwiftParameter(label: "decoder", type: "JSONDecoder")], location: at)),
    ])
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
    let model = generator.translate([
      RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))
    ])
    #expect(
      model.factories.map(\.effects) == [
        Model.Factory.Effects(isThrowing: false, isAsync: false),
        Model.Factory.Effects(isThrowing: false, isAsync: false),
        Model.Factory.Effects(isThrowing: true, isAsync: true),
        Model.Factory.Effects(isThrowing: false, isAsync: false),
        Model.Factory.Effects(isThrowing: false, isAsync: false), nil,
        Model.Factory.Effects(isThrowing: false, isAsync: false),
      ])
    let text = joinedStatements(generator.render(model))
    #expect(text.contains("try dicfgRegister0(&registry, Client.self, { Client() }, typeName: \"Client\", labels: [])"))
    #expect(text.contains("let factory1 = dicfgFactory { Gateway(client: $0) }"))
    #expect(text.contains("let factory2 = dicfgAsyncFactory { try await Store(path: $0) }"))
    #expect(text.contains("try dicfgRegister0(&registry, Clock.self, { Clock() }, typeName: \"Clock\", labels: [])"))
    #expect(text.contains("let factory3 = dicfgMainActorFactory { Banner($0) }"))
    #expect(text.contains("try registry.register(mainActor: factory3, typeName: \"Banner\", labels: [\"_\"])"))
    #expect(
      text.contains(
        "try dicfgRegister0(&registry, DicfgJSONDecoder.self, { try dicfgMake(DicfgJSONDecoder.init) }, "),
      "another module's initializer, called without the generator knowing whether it throws")
    #expect(text.contains("private func dicfgMake<T>(_ initializer: () throws -> T) throws -> T {"))
    #expect(text.contains("let factory4 = dicfgFactory { FeedReader(decoder: $0) }"))
    #expect(
      text.contains("private func dicfgFactory<T, each A>(_ factory: @escaping @Sendable (repeat each A) throws -> T)"))
    #expect(text.contains("private func dicfgAsyncFactory<T, each A>("))
    #expect(text.contains("private func dicfgMainActorFactory<T, each A>("))
  }

  /// A Swift value whose factory the target's Swift declares is written once, in a file-level
  /// constant at its line typed by the factory: the registration and the typed container read it,
  /// so a mistake in it is one error at the graph file's value, never one inside the generated file.
  @Test func aSwiftValueIsWrittenOnceForTheRegistrationAndTheTypedContainer() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        sync: { type: NoteSync, init: { session: { swift: URLSession.shared }, retries: { swift: 3 } } }
        list: { type: NoteList, properties: { order: { swift: .oldest } } }
      """
    ])
    let at = SourceLocation.start(of: "App.swift")
    let swift = SwiftDeclarations(types: [
      SwiftType(
        name: "NoteSync", kind: .class, location: at,
        initializers: [
          SwiftInitializer(
            parameters: [
              SwiftParameter(label: "session", type: "URLSession"), SwiftParameter(label: "retries", type: "UInt8"),
            ], location: at)
        ]),
      SwiftType(
        name: "NoteList", kind: .class, location: at, initializers: [SwiftInitializer(parameters: [], location: at)],
        properties: [SwiftProperty(name: "order", type: "SortOrder", isSettable: true, location: at)]),
    ])
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
    let text = joinedStatements(
      generator.render(
        generator.translate([RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))])))
    #expect(
      text.contains(
        "private let dicfgSwiftValue1 = dicfgArgument1Of2(dicfgFactory { NoteSync(session: $0, retries: $1) }) { URLSession.shared }"
      ))
    #expect(
      text.contains(
        "private let dicfgSwiftValue2 = dicfgArgument2Of2(dicfgFactory { NoteSync(session: $0, retries: $1) }) { 3 }"))
    #expect(
      text.contains(
        "registry.swiftValue(\"URLSession.shared\", dicfgArgument1Of2(factory1) { dicfgSwiftValue1() })"))
    #expect(text.contains("NoteSync(session: dicfgSwiftValue1(), retries: dicfgSwiftValue2())"))
    #expect(text.ranges(of: "URLSession.shared }").count == 1, "the value is written once")
    // A property's Swift value, set by the typed container too.
    #expect(
      text.contains("private let dicfgSwiftProperty1 = dicfgPropertyValue(NoteList.self, { $0.order = $1 }) {"))
    #expect(text.contains("_list.order = dicfgSwiftProperty1()"))
    #expect(text.ranges(of: ".oldest }").count == 1)
  }

  // A layer limited to a build configuration (`condition: DEBUG`): what only its environment needs
  // (a registration, a check, a property, its plan, its `Environment` case) is written under `#if`,
  // so a build without the condition compiles without its types; what the base also needs is not.
  @Test func whatOnlyAConditionalLayerNeedsIsWrittenUnderItsCondition() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: Clock }
        store: { type: SQLStore, as: [Store], scope: singleton, init: { clock: clock } }
      """,
      "app.test.yaml": """
      dicfg: 1
      condition: DEBUG
      services:
        store: { type: MemoryStore, as: [Store], scope: singleton, init: { clock: clock }, properties: { seed: { value: 1 } } }
      """,
    ])
    let base = try #require(compile(files).plan)
    let test = try #require(compile(files, environments: ["test"]).plan)
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml")
    let model = generator.translate([
      RegistryGenerator.Variant(environment: nil, plan: base),
      RegistryGenerator.Variant(environment: "test", plan: test, condition: "DEBUG"),
    ])
    #expect(model.factories.map(\.typeName) == ["Clock", "SQLStore", "MemoryStore"])
    #expect(model.factories.map(\.condition) == [nil, nil, "DEBUG"])
    #expect(model.checks.map(\.condition) == [nil, "DEBUG"])
    #expect(model.properties.map(\.condition) == ["DEBUG"])
    #expect(model.plans?.map(\.condition) == [nil, "DEBUG"])
    #expect(model.typedContainers?.conditions == ["test": "DEBUG"])
    let text = generator.render(model)
    let statements = joinedStatements(text)
    #expect(
      text.contains("    #if DEBUG\n#sourceLocation(file: \"app.test.yaml\", line: 3)\nlet factory2 = MemoryStore\n"))
    #expect(statements.contains("    #if DEBUG\nlet factory2 = MemoryStore.init(clock:)"))
    #expect(
      statements.contains(
        "try registry.property(\"seed\", of: MemoryStore.self, \\.seed, typeName: \"MemoryStore\")\n    #endif\n"))
    #expect(text.contains("typeName: \"MemoryStore\")\n#sourceLocation()\n    #endif\n"))
    #expect(text.contains("    #if DEBUG\n    case \"test\":\n"))
    #expect(
      text.contains(
        "      var known: [String?] = []\n      known += [nil]\n      #if DEBUG\n      known += [\"test\"]\n      #endif\n"
      ))
    #expect(text.contains("  #if DEBUG\n  /// What the layer of environment \"test\" changes in the base plan.\n"))
    #expect(text.contains("    case base\n    #if DEBUG\n    case test\n    #endif\n"))
    #expect(
      !text.contains("#if DEBUG\n#sourceLocation(file: \"app.yaml\""), "what the base registers is in every build")
  }

  @Test func aMainActorServiceRegistersItsInitializerAndPropertiesOnTheMainActor() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        view:
          type: BadgeView
          isolation: MainActor
          properties:
            presenter: presenter
        presenter:
          type: BadgePresenter
          properties:
            title: { value: Hello }
        other: { type: BadgeView, properties: { presenter: presenter } }
      """
    ])
    let model = try translate(files)
    #expect(model.factories.map(\.isMainActor) == [true, false])
    #expect(model.checks.isEmpty, "initializers of no arguments have nothing to check")
    #expect(
      model.properties == [
        Model.Property(
          typeName: "BadgeView", label: "presenter", isMainActor: true,
          location: .init(file: "app.yaml", line: 7, column: 7)),
        Model.Property(
          typeName: "BadgePresenter", label: "title", isMainActor: false,
          location: .init(file: "app.yaml", line: 11, column: 7)),
      ], "a type's property is set once, however many services set it")
  }

  @Test func anEnvironmentAddsOnlyTheInitializersItChangesAndItsPlan() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: SystemClock }
        client: { type: Client, init: { clock: clock } }
      """,
      "app.production.yaml": """
      dicfg: 1
      services:
        client: { type: Client, init: { clock: clock, retries: { value: 3 } } }
      """,
    ])
    let model = try translate(files, environments: ["production"])
    #expect(model.environments == ["production"])
    #expect(model.factories.map(\.labels) == [[], ["clock"], ["clock", "retries"]])
    #expect(model.factories.last?.anchor == .init(file: "app.production.yaml", line: 3, column: 27))
    #expect(model.plans?.map(\.environment) == [nil, "production"])
    #expect(try embeddedPlan(model, environment: "production") == compile(files, environments: ["production"]).plan)
    #expect(try embeddedPlan(model, environment: nil) == compile(files).plan)
    // The environment carries what its layer changes: the client, replaced in place, and nothing else.
    let changes = try #require(model.plans?.last?.statements)
    #expect(changes.count == 4)
    #expect(changes.first == .selectContainer(0))
    guard case .service(id: "client", type: "Client", scope: .graph, at: _, replacing: 1)? = changes.dropFirst().first
    else {
      Issue.record("the layer's client replaces the base's, in place: \(changes)")
      return
    }
    #expect(try translate(files, environments: ["production"], includePlans: false).plans == nil)
  }

  @Test func valuesALayerPatchesAreCheckedWhereTheLayerWritesThem() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: SystemClock }
        client:
          type: Client
          init: { clock: clock, retries: { value: 1 } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        client: { init: { clock: clock, retries: { value: 0 } } }
      """,
    ])
    let model = try translate(files, environments: ["test"])
    let check = try #require(model.checks.last)
    #expect(
      check.arguments.map(\.place) == [
        .init(file: "app.test.yaml", line: 3, column: 28), .init(file: "app.test.yaml", line: 3, column: 44),
      ])
    #expect(check.arguments.last?.value == .literal(.int(0)))
  }
}

/// The plan the embedded statements of `model` write for `environment`, as the generated Swift
/// builds it: the base's statements, then the environment's on top of the base.
func embeddedPlan(_ model: RegistryModel, environment: String?) throws -> ResolutionPlan {
  let plans = try #require(model.plans)
  var base = ResolutionPlan.Builder(files: model.planFiles)
  PlanStatement.apply(try #require(plans.first).statements, to: &base)
  guard let environment else { return base.plan }
  var plan = ResolutionPlan.Builder(base: base.plan, files: model.planFiles)
  PlanStatement.apply(try #require(plans.first { $0.environment == environment }).statements, to: &plan)
  return plan.plan
}

/// The statements that change one plan into another, on plans no graph file gives easily.
@Suite struct PlanStatementTests {
  private func container(_ name: String, line: Int, services: [String]) -> ResolutionPlan.Container {
    let at = SourceLocation(file: "app.yaml", line: line, column: 3, offset: line * 10)
    return ResolutionPlan.Container(
      name: name, location: at, collaborators: [], customScopes: [], externals: [],
      services: services.map {
        ResolutionPlan.Service(
          id: $0, type: $0.capitalized, bindings: [], scope: .graph, eager: false, arguments: [], initializer: [],
          properties: [], tags: [], location: at)
      }, aliases: [], eagerServices: [])
  }

  @Test func aContainerDeclaredElsewhereIsWrittenAgainWithTheContainersAfterIt() {
    let base = ResolutionPlan(
      parameters: [],
      containers: [container("root", line: 3, services: ["a"]), container("list", line: 9, services: ["b"])])
    var moved = base
    moved.containers[0] = container("root", line: 4, services: ["a", "c"])
    var files: [String] = []
    let statements = PlanStatement.changing(base, into: moved, files: &files)
    var builder = ResolutionPlan.Builder(base: base, files: files)
    PlanStatement.apply(statements, to: &builder)
    #expect(builder.plan == moved)
    #expect(statements.first == .containersKeeping(0))
  }
}
