import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

/// What the typed-container generator decides: names, the type each accessor returns, its effects,
/// the externals and the containers it reaches.
@Suite struct TypedContainerTranslationTests {
  private func translate(
    _ files: MarkedFiles, environments: [String] = [], swift: SwiftDeclarations? = nil,
    typeNames: [String: String] = [:]
  ) throws -> TypedContainerModel {
    var variants = [RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))]
    for environment in environments {
      let plan = try #require(compile(files, environments: [environment]).plan)
      variants.append(RegistryGenerator.Variant(environment: environment, plan: plan))
    }
    return TypedContainerGenerator(graphFile: "app.yaml", swift: swift, typeNames: typeNames).translate(variants)
  }

  @Test func containersAreNamedInUpperCamelCaseUnlessChosen() throws {
    #expect(TypedContainerGenerator.typeName(ofContainer: "main") == "MainContainer")
    #expect(TypedContainerGenerator.typeName(ofContainer: "events-list") == "EventsListContainer")
    #expect(TypedContainerGenerator.typeName(ofContainer: "eventsList") == "EventsListContainer")
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  clock: { type: Clock }\n"])
    #expect(try translate(files, typeNames: ["main": "ShopContainer"]).containers.map(\.typeName) == ["ShopContainer"])
  }

  @Test func anAccessorReturnsTheTypeOrTheBindingEveryEnvironmentShares() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client: { type: URLClient, as: [HTTPClient, Pinging] }
        clock: { type: SystemClock }
        userDetails: { type: Details, arguments: { user: User, count: Int } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        client: { type: StubClient, as: [HTTPClient] }
      """,
    ])
    let accessors = try translate(files, environments: ["test"]).containers[0].accessors
    #expect(accessors.map(\.property) == ["client", "clock", "userDetails"])
    #expect(accessors.map(\.type) == ["HTTPClient", "SystemClock", "Details"])
    #expect(accessors[2].arguments.map(\.name) == ["user", "count"])
    #expect(accessors[2].arguments.map(\.type) == ["User", "Int"])
  }

  @Test func aSwapWithNoSharedBindingIsAnErrorAtTheLayersService() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client: { type: URLClient, as: [Pinging] }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        client: { type: StubClient, as: [HTTPClient] }
      """,
    ])
    let variants = [
      RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan)),
      RegistryGenerator.Variant(environment: "test", plan: try #require(compile(files, environments: ["test"]).plan)),
    ]
    let diagnostics = TypedContainerGenerator(graphFile: "app.yaml").diagnostics(variants)
    #expect(diagnostics.map(\.code) == [.typeMismatch])
    #expect(diagnostics.map(\.location.description) == ["app.test.yaml:3:3"])
    #expect(diagnostics.first?.notes.map(\.location?.description) == ["app.yaml:3:3"])
    #expect(
      diagnostics.first?.message
        == "'client' is 'StubClient' in environment 'test' but 'URLClient' in the base, and no 'as:' type binds "
        + "both, so its typed accessor has no one type to return; add the protocol both conform to under 'as:' in "
        + "the base and the layer")
  }

  @Test func effectsComeFromTheIsolationAndTheSwiftOfEverythingAResolveBuilds() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        store: { type: Store, scope: singleton }
        repository: { type: Repository, init: { store: store } }
        badge: { type: Badge, isolation: MainActor }
        screen: { type: Screen, isolation: MainActor, init: { badge: badge } }
        later: { type: Later, init: { store: { provider: store } } }
      """
    ])
    let location = SourceLocation.start(of: "App.swift")
    let swift = SwiftDeclarations(types: [
      SwiftType(
        name: "Store", kind: .class, location: location,
        initializers: [SwiftInitializer(parameters: [], isAsync: true, location: location)])
    ])
    let accessors = try translate(files, swift: swift).containers[0].accessors
    #expect(accessors.map(\.isAsync) == [true, true, false, false, false], "a provider awaits nothing until called")
    #expect(accessors.map(\.isMainActor) == [false, false, true, true, false])
  }

  @Test func externalsOfEveryContainerAreOneStructOnTheFirst() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      containers:
        app:
          externals:
            logger: { type: Logger }
            tracer: { type: Tracer, optional: true }
          services:
            clock: { type: Clock, init: { logger: logger, tracer: tracer } }
        eventsList:
          externals:
            logger: { type: Logger }
          services:
            list: { type: EventsList, init: { logger: logger } }
      """
    ])
    let model = try translate(files)
    #expect(model.containers.map(\.typeName) == ["AppContainer", "EventsListContainer"])
    #expect(model.containers[0].members.map(\.property) == ["eventsList"])
    let externals = model.containers[0].externals
    #expect(externals.map(\.property) == ["logger", "tracer", "eventsListLogger"])
    #expect(externals.map(\.key) == ["logger", "tracer", "eventsList.logger"])
    #expect(externals.map(\.optional) == [false, true, false])
    #expect(model.containers[1].externals.isEmpty)
  }
}
