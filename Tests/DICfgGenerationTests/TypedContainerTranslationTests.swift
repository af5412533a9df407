import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgPlanning
import DICfgSwiftModel
import DICfgTestSupport
import Testing

/// What the typed-container generator decides: names, the type each accessor returns, its effects,
/// the externals and the containers it reaches.
@Suite struct TypedContainerTranslationTests {
  private func translate(
    _ files: MarkedFiles, environments: [String] = [], swift: SwiftDeclarations? = nil,
    typeNames: [String: String] = [:]
  ) throws -> TypedContainerModel {
    TypedContainerGenerator(graphFile: "app.yaml", swift: swift, typeNames: typeNames)
      .translate(try variants(files, environments: environments))
  }

  /// The base's plan of `files`, then each environment's.
  private func variants(_ files: MarkedFiles, environments: [String] = []) throws -> [RegistryGenerator.Variant] {
    var variants = [RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))]
    for environment in environments {
      let plan = try #require(compile(files, environments: [environment]).plan)
      variants.append(RegistryGenerator.Variant(environment: environment, plan: plan))
    }
    return variants
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
    let variants = try variants(files, environments: ["test"])
    // Without the Swift, a swap may convert: the Swift compiler judges.
    #expect(TypedContainerGenerator(graphFile: "app.yaml").diagnostics(variants).isEmpty)
    let swift = SwiftDeclarations(types: [
      type("URLClient", inherited: ["Pinging"]), type("StubClient", inherited: ["HTTPClient"]),
      SwiftType(name: "Pinging", kind: .protocol, location: .start(of: "App.swift")),
      SwiftType(name: "HTTPClient", kind: .protocol, location: .start(of: "App.swift")),
    ])
    let diagnostics = TypedContainerGenerator(graphFile: "app.yaml", swift: swift).diagnostics(variants)
    #expect(diagnostics.map(\.code) == [.typeMismatch])
    #expect(diagnostics.map(\.location.description) == ["app.test.yaml:3:3"])
    #expect(diagnostics.first?.notes.map(\.location?.description) == ["app.yaml:3:3"])
    #expect(
      diagnostics.first?.message
        == "'client' is 'StubClient' in environment 'test' but 'URLClient' in the base, and no 'as:' type binds "
        + "both, so its typed accessor has no one type to return; add the protocol both conform to under 'as:' in "
        + "the base and the layer")
  }

  @Test func aSubclassSwappedInIsReturnedAsTheBasesTypeAndATypeWrittenApartComparesAlike() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        api: { type: API, scope: singleton }
        sizes: { type: Sizes, init: { values: { value: [1, 2] } } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        api: { type: MockAPI, scope: singleton }
        sizes: { type: "Swift.Sizes" }
      """,
    ])
    let swift = SwiftDeclarations(types: [
      type("API"), type("MockAPI", inherited: ["API"]), type("Sizes", [("values", "Array<Int>")]),
    ])
    let variants = try variants(files, environments: ["test"])
    #expect(TypedContainerGenerator(graphFile: "app.yaml", swift: swift).diagnostics(variants).isEmpty)
    let accessors = try translate(files, environments: ["test"], swift: swift).containers[0].accessors
    #expect(accessors.map(\.type) == ["API", "Sizes"])
    guard case .singleton(let mock)? = accessors[0].construction(in: "test") else {
      Issue.record("the test environment's 'api' is not built by its accessor")
      return
    }
    #expect(mock.type == "MockAPI", "built as the subclass, returned as 'API'")
  }

  @Test func aServiceWhoseAccessorAMemberOfTheContainerTakesIsAnErrorAtTheService() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      containers:
        main:
          services:
            1️⃣userDetails: { type: A }
            2️⃣dynamicContainer: { type: C }
            isReplaced2: { type: C }
        userDetails:
          collaborators: [main]
          services:
            d: { type: D }
      """
    ])
    let plan = try #require(compile(files).plan)
    let diagnostics = TypedContainerGenerator(graphFile: "app.yaml", typeNames: ["main": "App"]).diagnostics([
      RegistryGenerator.Variant(environment: nil, plan: plan)
    ])
    #expect(diagnostics.map(\.code) == [.duplicateService, .duplicateService])
    #expect(diagnostics.map(\.location) == [files["app.yaml", "1️⃣"], files["app.yaml", "2️⃣"]])
    #expect(
      diagnostics.map(\.message) == [
        "'userDetails' would be the accessor 'userDetails' of 'App', which is already the collaborating container "
          + "'userDetails'; rename the service",
        "'dynamicContainer' would be the accessor 'dynamicContainer' of 'App', which is already a member 'App' "
          + "declares itself; rename the service",
      ])
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

  // MARK: Straight-line construction

  /// A class with one initializer taking `parameters` (label and type).
  private func type(
    _ name: String, _ parameters: [(String, String)] = [], throwing: Bool = false, isAsync: Bool = false,
    mainActor: Bool = false, properties: [(String, String)] = [], inherited: [String] = []
  ) -> SwiftType {
    let location = SourceLocation.start(of: "App.swift")
    return SwiftType(
      name: name, kind: .class, location: location, inherited: inherited, globalActor: mainActor ? "MainActor" : nil,
      initializers: [
        SwiftInitializer(
          parameters: parameters.map { SwiftParameter(label: $0.0, type: $0.1) }, isThrowing: throwing,
          isAsync: isAsync, globalActor: mainActor ? "MainActor" : nil, location: location)
      ],
      properties: properties.map { SwiftProperty(name: $0.0, type: $0.1, isSettable: true, location: location) })
  }

  private func steps(_ accessor: TypedContainerModel.Accessor) -> [TypedContainerModel.Step]? {
    guard case .straightLine(let line) = accessor.construction else { return nil }
    return line.steps
  }

  @Test func aSharedGraphInstanceIsHoistedIntoTheAccessorAndPassedToTheMakeFunctions() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { greeting: hello }
      services:
        node: { type: Node, init: { label: $greeting } }
        pair: { type: Pair, init: { first: node, second: node, token: token, store: store } }
        token: { type: Token, scope: unique }
        store: { type: Store, scope: singleton, as: [Storing] }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Node", [("label", "String")]),
      type("Pair", [("first", "Node"), ("second", "Node"), ("token", "Token"), ("store", "any Storing")]),
      type("Token"), type("Store"),
    ])
    let container = try translate(files, swift: swift).containers[0]
    let pair = container.accessors[1]
    #expect(
      steps(pair) == [
        .build(local: "_node", value: .call("_makeNode", arguments: [], isThrowing: false)),
        .build(local: "_pair", value: .call("_makePair", arguments: [.local("_node")], isThrowing: false)),
      ])
    #expect(container.makers.map(\.function) == ["_makeNode", "_makePair", "_makeToken"])
    #expect(container.makers[0].arguments == [.init(label: "label", value: .literal("\"hello\""))])
    #expect(container.makers[1].parameters.map(\.name) == ["_node"])
    #expect(
      container.makers[1].arguments == [
        .init(label: "first", value: .local("_node")), .init(label: "second", value: .local("_node")),
        .init(label: "token", value: .call("_makeToken", arguments: [], isThrowing: false)),
        // Taken as the protocol it is bound as: a test's stand-in for that protocol, where one is given.
        .init(label: "store", value: .standIn("storing", .accessor("store", isThrowing: false))),
      ])
    #expect(container.accessors.allSatisfy { !$0.isThrowing }, "no initializer of the graph throws")
    #expect(
      container.accessors[3].construction
        == .singleton(
          .init(
            number: 3, type: "Store", arguments: [], initializerThrows: false, isThrowing: false, isMainActor: false)),
      "the singleton is built by its accessor, into the runtime's storage, as the link numbers it")
  }

  @Test func aSingletonItsAccessorBuildsIsBuiltAtCreationInTheEnvironmentsItIsEagerIn() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: Clock, scope: singleton, eager: true }
        cache: { type: Cache, scope: singleton, init: { clock: clock } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        cache: { eager: true }
      """,
    ])
    let swift = SwiftDeclarations(types: [type("Clock"), type("Cache", [("clock", "Clock")], throwing: true)])
    let model = try translate(files, environments: ["test"], swift: swift)
    #expect(
      model.eager == [
        .init(property: "clock", isThrowing: false, environments: []),
        .init(property: "cache", isThrowing: true, environments: ["test"]),
      ])
    #expect(!model.linksAtCreation, "the accessors build both")
    guard case .singleton = model.containers[0].accessors[1].construction else {
      Issue.record("a layer that makes it eager builds it as the base does")
      return
    }
  }

  @Test func aServicePassedAsATypeItInheritsTransitivelyIsBuiltInTheAccessor() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        store: { type: DiskStore }
        user: { type: User, init: { store: store } }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Store", inherited: ["Storing"]), type("DiskStore", inherited: ["Store"]),
      type("User", [("store", "any Storing")]),
    ])
    let user = try translate(files, swift: swift).containers[0].accessors[1]
    #expect(
      steps(user) == [.build(local: "_user", value: .call("_makeUser", arguments: [], isThrowing: false))],
      "'DiskStore' is a 'Store', which is 'Storing': the rule the checks follow proves it")
  }

  @Test func aChainIsOneMakeFunctionPerServiceSoTheCodeGrowsLinearly() throws {
    var text = "dicfg: 1\nservices:\n  c0: { type: C0 }\n"
    var types = [type("C0")]
    for index in 1..<20 {
      text += "  c\(index): { type: C\(index), init: { dependency: c\(index - 1) } }\n"
      types.append(type("C\(index)", [("dependency", "C\(index - 1)")]))
    }
    let container = try translate(MarkedFiles(["app.yaml": text]), swift: SwiftDeclarations(types: types))
      .containers[0]
    #expect(container.makers.count == 20)
    #expect(
      steps(container.accessors[19]) == [
        .build(local: "_c19", value: .call("_makeC19", arguments: [], isThrowing: false))
      ])
    #expect(
      container.makers[19].arguments == [
        .init(label: "dependency", value: .call("_makeC18", arguments: [], isThrowing: false))
      ])
  }

  @Test func aPropertyCycleIsClosedOnceBothInstancesExistAndAThrowingInitializerThrows() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        view: { type: View, properties: { controller: controller } }
        controller: { type: Controller, init: { view: view } }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("View", properties: [("controller", "Controller?")]), type("Controller", [("view", "View")], throwing: true),
    ])
    let view = try translate(files, swift: swift).containers[0].accessors[0]
    #expect(
      steps(view) == [
        .build(local: "_view", value: .call("_makeView", arguments: [], isThrowing: false)),
        .build(local: "_controller", value: .call("_makeController", arguments: [.local("_view")], isThrowing: true)),
        .set(local: "_view", property: "controller", value: .local("_controller")),
      ])
    #expect(view.isThrowing)
  }

  /// A singleton configured through its properties (a decoder's strategy, a session's delegate) is
  /// built in its accessor, its properties set before it is stored; one whose property reaches it
  /// back is left to the runtime, which stores it first and closes the cycle.
  @Test func aSingletonsPropertiesAreSetInItsBuildUnlessTheyReachIt() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        decoder: { type: Decoder, scope: singleton, properties: { strategy: { swift: .snakeCase }, clock: clock } }
        clock: { type: Clock, scope: singleton }
        view: { type: View, scope: singleton, properties: { controller: controller } }
        controller: { type: Controller, scope: singleton, init: { view: view } }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Decoder", properties: [("strategy", "Strategy"), ("clock", "Clock?")]), type("Clock"),
      type("View", properties: [("controller", "Controller?")]), type("Controller", [("view", "View")]),
      SwiftType(
        name: "Strategy", kind: .enum, location: .start(of: "App.swift"), inherited: [], initializers: [],
        properties: []),
    ])
    let accessors = try translate(files, swift: swift).containers[0].accessors
    guard case .singleton(let decoder) = accessors[0].construction else {
      Issue.record("the decoder is built in its accessor: \(accessors[0].construction)")
      return
    }
    #expect(decoder.properties.map(\.label) == ["strategy", "clock"])
    #expect(decoder.properties.last?.value == .accessor("clock", isThrowing: false))
    #expect(!accessors[0].isThrowing)
    #expect(accessors[2].construction == .linked(2), "the view's controller reaches the view")
  }

  // A provider and a lazy value of a service whose accessor the container has: a closure calling the
  // accessor, holding the container weakly; a main-actor service's is left to the runtime.
  @Test func aProviderAndALazyValueCallTheAccessorOfTheirService() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client: { type: Client }
        badge: { type: Badge, isolation: MainActor }
        launcher: { type: Launcher, init: { make: { provider: client }, load: { lazy: client } } }
        screen: { type: Screen, init: { make: { provider: badge } } }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Client", throwing: true), type("Badge", mainActor: true),
      type("Launcher", [("make", "Provider<Client>"), ("load", "DICfgRuntime.Lazy<Client>")]),
      type("Screen", [("make", "Provider<Badge>")]),
    ])
    let accessors = try translate(files, swift: swift).containers[0].accessors
    let launcher = try #require(accessors.first { $0.id == "launcher" })
    #expect(
      steps(launcher) == [
        .build(
          local: "_launcher",
          value: .call(
            "_makeLauncher",
            arguments: [], isThrowing: false))
      ])
    let maker = try #require(
      try translate(files, swift: swift).containers[0].makers.first { $0.function == "_makeLauncher" })
    #expect(
      maker.arguments.map(\.value) == [
        .deferred("client", kind: .provider, container: "main", isThrowing: true),
        .deferred("client", kind: .lazy, container: "main", isThrowing: true),
      ])
    #expect(!launcher.isThrowing)
    let screen = try #require(accessors.first { $0.id == "screen" })
    #expect(screen.construction == .linked(3))
  }

  /// A provider of a service that takes run-time arguments is built in the accessor: its calls
  /// pass their arguments to the service's accessor.
  @Test func aProviderOfAServiceWithRunTimeArgumentsIsBuiltInTheAccessor() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        details: { type: Details, arguments: { id: Int }, init: { id: $id } }
        launcher: { type: Launcher, init: { make: { provider: details } } }
        optional: { type: Optional, arguments: { id: Int? }, init: { id: $id } }
        optionalLauncher: { type: OptionalLauncher, init: { make: { provider: optional } } }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Details", [("id", "Int")]), type("Launcher", [("make", "Provider<Details>")]),
      type("Optional", [("id", "Int?")]), type("OptionalLauncher", [("make", "Provider<Optional>")]),
    ])
    let model = try translate(files, swift: swift)
    let accessors = model.containers[0].accessors
    #expect(
      steps(accessors[1]) == [
        .build(local: "_launcher", value: .call("_makeLauncher", arguments: [], isThrowing: false))
      ])
    let maker = try #require(model.containers[0].makers.first { $0.function == "_makeLauncher" })
    #expect(
      maker.arguments.map(\.value) == [.deferred("details", kind: .provider, container: "main", isThrowing: false)])
    #expect(accessors[3].construction == .linked(3), "a call may leave an optional argument out")
  }

  @Test func whatCannotBeProvedIsLeftToTheRuntime() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { region: "${REGION:-eu}" }
      services:
        swapped: { type: Client }
        usesSwapped: { type: User, init: { client: swapped } }
        regional: { type: Regional, init: { region: $region } }
        launcher: { type: Launcher, init: { make: { provider: details } } }
        loader: { type: Loader, init: { make: { provider: details } } }
        mismatch: { type: User, init: { client: regional } }
        details: { type: Details, arguments: { id: Int? } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        swapped: { type: Client, init: { stubbed: { value: true } } }
      """,
    ])
    let swift = SwiftDeclarations(types: [
      type("Client"), type("User", [("client", "Client")]), type("Regional", [("region", "String")]),
      type("Launcher", [("make", "Provider<Details>")]), type("Loader", [("make", "Provider<Details>")], isAsync: true),
      type("Details", [("id", "Int?")]),
    ])
    // Resolved through the link by their numbers in it (a provider of a service that takes an
    // optional run-time argument, which a call may leave out, among them); an accessor that awaits, by id. The
    // environment that changes 'swapped' to an initializer the Swift lacks resolves it, and what
    // takes it, through its link; the base builds both in the accessor.
    let accessors = try translate(files, environments: ["test"], swift: swift).containers[0].accessors
    for (number, accessor) in accessors.enumerated() where accessor.id != "details" {
      #expect(accessor.construction(in: "test") == (accessor.isAsync ? .runtime : .linked(number)), "\(accessor.id)")
      #expect(accessor.isThrowing, "\(accessor.id)")
      guard number > 1 else {
        guard case .straightLine = accessor.construction else {
          Issue.record("'\(accessor.id)' is not built in the base's accessor")
          continue
        }
        #expect(accessor.branches.map(\.environments) == [[nil], ["test"]])
        continue
      }
      #expect(accessor.branches.count == 1, "\(accessor.id)")
    }
    #expect(accessors.map(\.isAsync) == [false, false, false, false, true, false, false])
    let withoutSwift = try translate(files, environments: ["test"]).containers[0].accessors.filter {
      $0.id != "details"
    }
    #expect(
      withoutSwift.enumerated().allSatisfy { $0.element.construction == .linked($0.offset) && $0.element.isThrowing })
  }

  // MARK: Environments

  @Test func everyEnvironmentIsBuiltInItsAccessorAndOnlyWhatCanThrowInOneIsTry() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { greeting: hello }
      services:
        analytics: { type: Analytics, scope: singleton }
        clock: { type: SystemClock, scope: singleton }
        client: { type: URLClient, scope: singleton, as: [HTTPClient] }
        feed: { type: Feed, init: { client: client } }
        greeter: { type: Greeter, init: { clock: clock, greeting: $greeting } }
      """,
      "app.test.yaml": """
      dicfg: 1
      parameters: { greeting: hi }
      services:
        analytics: null
        client: { type: FailingClient, scope: singleton, as: [HTTPClient] }
      """,
    ])
    let swift = SwiftDeclarations(types: [
      type("Analytics"), type("SystemClock"), type("URLClient", inherited: ["HTTPClient"]),
      type("FailingClient", throwing: true, inherited: ["HTTPClient"]), type("Feed", [("client", "any HTTPClient")]),
      type("Greeter", [("clock", "SystemClock"), ("greeting", "String")]),
    ])
    let container = try translate(files, environments: ["test"], swift: swift).containers[0]
    let accessors = Dictionary(uniqueKeysWithValues: container.accessors.map { ($0.id, $0) })
    // No accessor goes through the link in either environment.
    for accessor in container.accessors {
      for environment in [nil, "test"] as [String?] {
        switch accessor.construction(in: environment) {
        case .singleton?, .straightLine?: continue
        case nil: #expect(accessor.id == "analytics" && environment == "test")
        case let other?: Issue.record("'\(accessor.id)' in \(environment ?? "the base") is \(other)")
        }
      }
    }
    // 'client' throws in the test environment alone, so it and 'feed', which takes it, are 'try'.
    #expect(container.accessors.filter(\.isThrowing).map(\.id) == ["client", "feed"])
    #expect(accessors["analytics"]?.branches.map(\.environments) == [[nil], ["test"]])
    // Removing 'analytics' renumbers the services after it in the test environment's link.
    guard case .singleton(let base)? = accessors["clock"]?.construction(in: nil),
      case .singleton(let test)? = accessors["clock"]?.construction(in: "test")
    else {
      Issue.record("'clock' is not a singleton its accessor builds")
      return
    }
    #expect((base.number, test.number) == (1, 0))
    // The parameter is each environment's own value; 'feed' is made alike in both, with 'client' through its accessor.
    #expect(
      container.makers.map(\.function) == ["_makeFeed", "_makeGreeter", "_makeGreeterInTest"],
      "a make function an environment builds apart carries its name")
    #expect(container.makers.last?.arguments.last?.value == .literal("\"hi\""))
    #expect(accessors["feed"]?.branches.count == 1)
  }

  @Test func aServiceOnlyALayerAddsHasAPrivateAccessorItsEnvironmentsBuildsCall() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client: { type: URLClient, scope: singleton, as: [HTTPClient] }
        feed: { type: Feed, init: { client: client } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        fixtures: { type: Fixtures, scope: singleton }
        client: { type: StubClient, scope: singleton, as: [HTTPClient], init: { fixtures: fixtures } }
      """,
    ])
    let swift = SwiftDeclarations(types: [
      type("URLClient", inherited: ["HTTPClient"]),
      type("StubClient", [("fixtures", "Fixtures")], inherited: ["HTTPClient"]),
      type("Fixtures"), type("Feed", [("client", "any HTTPClient")]),
    ])
    let model = try translate(files, environments: ["test"], swift: swift)
    let accessors = model.containers[0].accessors
    #expect(accessors.map(\.id) == ["client", "feed", "fixtures"])
    #expect(accessors.map(\.isPrivate) == [false, false, true])
    guard case .singleton(let stub)? = accessors[0].construction(in: "test") else {
      Issue.record("the test environment's client is not built by its accessor")
      return
    }
    #expect(stub.arguments == [.init(label: "fixtures", value: .accessor("fixtures", isThrowing: false))])
    #expect(accessors[2].construction(in: nil) == nil && accessors[2].construction(in: "test") != nil)
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
    let text = generator.generate(try variants(files, environments: ["test"]))
    #expect(text.contains("  @inline(__always) private var fixtures: Fixtures {"))
    #expect(text.contains("fatalError(\"'fixtures' is not a service of environment the base: only layers add it\")"))
    #expect(!text.contains("replace(fixtures"), "stand-ins are for the services every environment has")
  }

  @Test func aGraphThatAwaitsIsBuiltInItsAccessorsWithAwaitWhereItIsNeeded() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        database: { type: Database, scope: singleton }
        orders: { type: Orders, init: { database: database } }
        session: { type: Session }
        screen: { type: Screen, init: { orders: orders, session: session } }
        clock: { type: Clock, scope: singleton }
      """
    ])
    let swift = SwiftDeclarations(types: [
      type("Database", isAsync: true), type("Orders", [("database", "Database")]), type("Session", isAsync: true),
      type("Screen", [("orders", "Orders"), ("session", "Session")]), type("Clock"),
    ])
    let container = try translate(files, swift: swift).containers[0]
    let accessors = Dictionary(uniqueKeysWithValues: container.accessors.map { ($0.id, $0) })
    #expect(container.accessors.filter(\.isAsync).map(\.id) == ["database", "orders", "session", "screen"])
    // The awaited singleton is built once however many tasks await it: its accessor throws. The
    // graph-scoped services awaiting only initializers that cannot throw do not.
    #expect(container.accessors.filter(\.isThrowing).map(\.id) == ["database", "orders", "screen"])
    guard case .singleton(let database)? = accessors["database"]?.construction else {
      Issue.record("'database' is not built by its accessor")
      return
    }
    #expect(database.isAsync && database.initializerAwaits)
    #expect(
      container.makers.first { $0.function == "_makeOrders" }?.arguments == [
        .init(label: "database", value: .accessor("database", isThrowing: true, isAsync: true))
      ])
    let session = try #require(container.makers.first { $0.function == "_makeSession" })
    #expect(session.isAsync && !session.isThrowing)
    #expect(
      steps(try #require(accessors["screen"])) == [
        .build(local: "_screen", value: .call("_makeScreen", arguments: [], isThrowing: true, isAsync: true))
      ])
    #expect(accessors["clock"].map { !$0.isAsync && !$0.isThrowing } == true, "nothing it builds awaits")
  }

  // MARK: Types the target's Swift does not declare

  @Test func aTypeTheSwiftDoesNotDeclareIsNamedOnceAtItsServicesLineAndAccessorsReturnAGenericParameter() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      externals:
        logger: { type: Logger }
      services:
        decoder: { type: JSONDecoder, scope: singleton }
        reader: { type: FeedReader, init: { decoder: decoder, logger: logger } }
        formatter: { type: NumberFormatter, as: [Formatter], scope: singleton }
        moment: { type: Date, arguments: { interval: Double }, init: { timeIntervalSinceReferenceDate: $interval } }
      """
    ])
    let swift = SwiftDeclarations(types: [type("FeedReader", [("decoder", "JSONDecoder"), ("logger", "Logger")])])
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
    let model = generator.translate([
      RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))
    ])
    #expect(
      model.typeAliases.map(\.name)
        == ["DicfgLogger", "DicfgJSONDecoder", "DicfgNumberFormatter", "DicfgFormatter", "DicfgDate"])
    #expect(model.typeAliases.map(\.anchor.line) == [3, 5, 7, 7, 8], "the line of the first thing naming it")
    let container = try #require(model.typedContainers?.containers.first)
    #expect(container.typeParameters.map(\.name) == ["TJSONDecoder", "TNumberFormatter", "TFormatter", "TDate"])

    let text = generator.render(model)
    // Outside its string literals (the names the runtime registers), each type is written once: in
    // its alias, which is the line a compile error about it is reported at.
    let code = joinedStatements(text).split(separator: "\n").map { $0.replacing(/"([^"\\]|\\.)*"/, with: "\"\"") }
    for type in ["Logger", "JSONDecoder", "NumberFormatter", "Formatter", "Date"] {
      let naming = code.filter { $0.contains(try! Regex("(^|[^A-Za-z])\(type)([^A-Za-z]|$)")) }
      #expect(naming == ["typealias Dicfg\(type) = \(type)"], "\(type)")
    }
    #expect(text.contains("final class MainContainerOf<TJSONDecoder, TNumberFormatter, TFormatter, TDate>: Sendable {"))
    #expect(
      text.contains(
        "typealias MainContainer = MainContainerOf<DicfgJSONDecoder, DicfgNumberFormatter, DicfgFormatter, DicfgDate>"))
    #expect(text.contains(" var decoder: TJSONDecoder {"))
    // Built in the accessors, their calls at their services' lines, where Swift checks them.
    #expect(text.contains("  func moment(interval: Double) -> DicfgDate {"))
    #expect(
      text.contains(
        "#sourceLocation(file: \"app.yaml\", line: 5)\n    return _singletons.singleton(0, as: DicfgJSONDecoder.self) "
          + "{ DicfgJSONDecoder() } as! TJSONDecoder\n#sourceLocation()"), "\(text)")
    #expect(
      text.contains("FeedReader(decoder: (decoder as! DicfgJSONDecoder), logger: externals.logger)"),
      "a build that takes the service gets it as the type itself")
  }

  // An external whose declared type is not Sendable is held as the app supplies it, so the
  // Externals struct and the container stay Sendable in Swift 6 mode; a Sendable one, an actor's, a
  // protocol's and another module's are held as they are.
  @Test func anExternalOfANonSendableTypeIsHeldInABox() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      externals:
        database: { type: Database }
        cache: { type: Cache, optional: true }
        clock: { type: Clock }
        name: { type: String }
      services:
        store: { type: Store, init: { database: database, cache: cache?, clock: clock, name: name } }
      """
    ])
    let at = SourceLocation.start(of: "App.swift")
    let swift = SwiftDeclarations(types: [
      SwiftType(name: "Database", kind: .class, location: at),
      SwiftType(name: "Cache", kind: .struct, location: at),
      SwiftType(name: "Clock", kind: .class, location: at, inherited: ["Sendable"]),
      type("Store", [("database", "Database"), ("cache", "Cache?"), ("clock", "Clock"), ("name", "String")]),
    ])
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
    let model = generator.translate([
      RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))
    ])
    let externals = try #require(model.typedContainers?.containers.first?.externals)
    #expect(externals.map(\.isSendable) == [false, false, true, true])
    let text = generator.render(model)
    #expect(text.contains("  private var _database: NonSendableExternal<Database>\n"))
    #expect(text.contains("  private var _cache: NonSendableExternal<Cache>?\n"))
    #expect(text.contains("    self._cache = cache.map { NonSendableExternal<Cache>($0) }\n"))
    #expect(text.contains("  var clock: Clock\n"))
    #expect(text.contains("    values.byID[\"database\"] = _database\n"))
    #expect(text.contains("    if let value = _cache { values.byID[\"cache\"] = value }\n"))
  }

  @Test func withoutTheTargetsSwiftNoTypeIsAliased() throws {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  decoder: { type: JSONDecoder }\n"])
    var generator = RegistryGenerator(sources: ["app.yaml"])
    generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml")
    let model = generator.translate([
      RegistryGenerator.Variant(environment: nil, plan: try #require(compile(files).plan))
    ])
    #expect(model.typeAliases.isEmpty)
    #expect(model.typedContainers?.containers.first?.typeParameters == [])
  }
}
