import DICfgRuntime
import Testing
import TypedSemantics

// One semantics, pinned twice: every test runs against the generated accessors of
// Tests/TypedSemantics/dicfg.yaml (straight-line construction, scope storage through handles) and
// against the dynamic container underneath, by id, on the same link.

/// How a test reaches the graph.
enum Front: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case typed, dynamic

  var testDescription: String { rawValue }
}

/// The services the tests resolve, reached through one front. The typed branches take no `try`
/// where the accessor does not throw: that the graph file's graph-scoped services are built
/// without anything that can fail is checked when this file compiles.
struct Reach: Sendable {
  let container: MainContainer
  let front: Front

  init(_ front: Front, environment: MainContainer.Environment = .base, variables: [String: String] = [:]) throws {
    container = MainContainer(
      environment: environment, externals: .init(clock: Clock(now: 42)), variables: variables)
    self.front = front
  }

  init(_ front: Front, replacing replacements: MainContainer.Replacements) throws {
    container = try MainContainer(externals: .init(clock: Clock(now: 42)), variables: [:], replacing: replacements)
    self.front = front
  }

  private var dynamic: Container {
    get throws { try container.dynamicContainer }
  }

  func diamond() throws -> Diamond { front == .typed ? container.diamond : try dynamic.resolve("diamond") }
  func keptDiamond() throws -> Diamond {
    front == .typed ? container.keptDiamond : try dynamic.resolve("keptDiamond")
  }
  func diamondHolder() throws -> DiamondHolder {
    front == .typed ? container.diamondHolder : try dynamic.resolve("diamondHolder")
  }
  func draft() throws -> TitledDetails { front == .typed ? container.draft : try dynamic.resolve("draft") }
  func twoTokens() throws -> TwoTokens { front == .typed ? container.twoTokens : try dynamic.resolve("twoTokens") }
  func view() throws -> View { front == .typed ? container.view : try dynamic.resolve("view") }
  func controller() throws -> Controller { front == .typed ? container.controller : try dynamic.resolve("controller") }
  func screen() throws -> Screen { front == .typed ? try container.screen : try dynamic.resolve("screen") }
  func store() throws -> any Storing { front == .typed ? container.store : try dynamic.resolve("store") }
  func counter() throws -> BuildCounter { front == .typed ? container.counter : try dynamic.resolve("counter") }
  func photo() throws -> Photo { front == .typed ? container.photo : try dynamic.resolve("photo") }
  func parser() throws -> Parser { front == .typed ? try container.parser : try dynamic.resolve("parser") }
  func regional() throws -> Regional { front == .typed ? try container.regional : try dynamic.resolve("regional") }
  func pluginSet() throws -> PluginSet { front == .typed ? container.pluginSet : try dynamic.resolve("pluginSet") }
  func launcher() throws -> Launcher { front == .typed ? container.launcher : try dynamic.resolve("launcher") }
  func formatter() throws -> Formatter { front == .typed ? container.formatter : try dynamic.resolve("formatter") }
  func limits() throws -> Limits { front == .typed ? container.limits : try dynamic.resolve("limits") }
  func connection() throws -> Connection {
    front == .typed ? container.connection : try dynamic.resolve("connection")
  }
  func connectionObserver() throws -> ConnectionObserver {
    // Its build reaches a singleton that takes a graph-scoped service: the runtime shares that
    // service with the resolve, so the accessor resolves through the link.
    front == .typed ? try container.connectionObserver : try dynamic.resolve("connectionObserver")
  }
  func detailsLauncher() throws -> DetailsLauncher {
    front == .typed ? container.detailsLauncher : try dynamic.resolve("detailsLauncher")
  }

  func details(name: String) throws -> TypedSemantics.Details {
    front == .typed
      ? container.details(name: name) : try dynamic.resolve("details", arguments: ["name": name])
  }

  func titledDetails(title: String) throws -> TitledDetails {
    front == .typed
      ? container.titledDetails(title: title) : try dynamic.resolve("titledDetails", arguments: ["title": title])
  }

  @MainActor func banner() throws -> Banner {
    front == .typed ? container.banner : try dynamic.mainActor.resolve("banner")
  }

  func loader() async throws -> Loader {
    front == .typed ? try await container.loader : try await dynamic.resolve("loader")
  }

  func screenModel() async throws -> ScreenModel {
    front == .typed ? try await container.screenModel : try await dynamic.resolve("screenModel")
  }
}

@Suite struct TypedSemanticsTests {
  @Test(arguments: Front.allCases) func graphScopeBuildsOneSharedNodePerResolve(front: Front) throws {
    let reach = try Reach(front)
    let diamond = try reach.diamond()
    #expect(diamond.left.first === diamond.right.second, "one node for the whole resolve")
    #expect(diamond.left.first.label == "hello", "the parameter's value")
    let again = try reach.diamond()
    #expect(again !== diamond && again.left.first !== diamond.left.first, "a new graph on each resolve")
  }

  @Test(arguments: Front.allCases) func aSingletonsBuildSharesItsGraphScopedServicesWithItselfAlone(
    front: Front
  ) throws {
    let reach = try Reach(front)
    let holder = try reach.diamondHolder()
    let kept = holder.diamond
    #expect(kept.left.first === kept.right.second, "one node for the singleton's build")
    #expect(try reach.keptDiamond() === kept)
    #expect(try reach.diamondHolder().diamond === kept)
    #expect(try reach.diamond().left.first !== kept.left.first, "another resolve's node is its own")
  }

  @Test(arguments: Front.allCases) func aUniqueServicesPropertiesAreSetOnEachInstance(front: Front) throws {
    let reach = try Reach(front)
    let draft = try reach.draft()
    #expect(draft.title == "hello")
    #expect(draft.node === draft.built, "the property's graph-scoped service is the initializer's")
    #expect(try reach.draft() !== draft)
  }

  @Test(arguments: Front.allCases) func uniqueBuildsAnInstanceAtEveryReference(front: Front) throws {
    let tokens = try Reach(front).twoTokens()
    #expect(tokens.first !== tokens.second)
  }

  @Test(arguments: Front.allCases) func sharedScopesKeepTheirInstancesUntilReset(front: Front) throws {
    let reach = try Reach(front)
    let first = try reach.screen()
    let second = try reach.screen()
    #expect(first !== second, "the screen is graph-scoped")
    #expect(first.store === second.store && first.session === second.session && first.cache === second.cache)
    #expect(try reach.store() === first.store, "the accessor reads the one singleton")
    #expect(try reach.counter().builds == 1, "the singleton store was built once")
    #expect(first.clock.now == 42, "the external the container was created with")
    #expect(try first.container !== reach.container.dynamicContainer, "not the app's container, which it would keep")
    #expect(try first.container.resolve("session", as: TypedSemantics.Session.self) === first.session, "the same link")

    try reach.container.dynamicContainer.reset(scope: "session")
    let afterSession = try reach.screen()
    #expect(afterSession.session !== first.session, "a reset releases the custom scope's instance")
    #expect(afterSession.cache === first.cache && afterSession.store === first.store)
    try reach.container.dynamicContainer.reset(scope: "cached")
    #expect(try reach.screen().cache !== first.cache, "a reset releases the cached instance")
  }

  @Test(arguments: Front.allCases) func aWeakServiceIsSharedOnlyWhileHeld(front: Front) throws {
    let reach = try Reach(front)
    weak var released: Photo?
    try {
      let held = try reach.photo()
      #expect(try reach.photo() === held)
      released = held
    }()
    #expect(released == nil, "nothing but the holder kept it")
    let rebuilt = try reach.photo()
    #expect(try reach.photo() === rebuilt, "a new instance, shared while held")
  }

  @Test(arguments: Front.allCases) func aCycleThroughAPropertyIsClosedAfterConstruction(front: Front) throws {
    let reach = try Reach(front)
    let controller = try reach.controller()
    #expect(controller.view.controller === controller)
    let view = try reach.view()
    #expect(view.controller == nil, "the view holds its controller weakly: released with the resolve")
  }

  @Test(arguments: Front.allCases) func runTimeArgumentsReachTheInitializer(front: Front) throws {
    let reach = try Reach(front)
    let fiona = try reach.details(name: "Fiona")
    let bruce = try reach.details(name: "Bruce")
    #expect(fiona.name == "Fiona" && bruce.name == "Bruce")
    #expect(fiona.store === bruce.store)
  }

  @Test(arguments: Front.allCases) func aRunTimeArgumentIsSetThroughAProperty(front: Front) throws {
    let reach = try Reach(front)
    let details = try reach.titledDetails(title: "Reef")
    #expect(details.title == "Reef")
    #expect(details.node === details.built, "the property's graph-scoped service is the initializer's")
    #expect(try reach.titledDetails(title: "Kelp").title == "Kelp")
  }

  @Test(arguments: Front.allCases) func aSingletonIsBuiltOnceForAHundredConcurrentResolves(front: Front) async throws {
    let reach = try Reach(front)
    let stores = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<100 { group.addTask { ObjectIdentifier(try reach.screen().store) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(stores.count == 1)
    #expect(try reach.counter().builds == 1)
  }

  @Test(arguments: Front.allCases) func anEnvironmentSwapsTheStoreForEveryService(front: Front) throws {
    let reach = try Reach(front, environment: .test)
    #expect(try reach.store() is NullStore)
    #expect(try reach.screen().store is NullStore)
    #expect(try reach.details(name: "Fiona").store is NullStore)
  }

  @Test(arguments: Front.allCases) func environmentVariablesThrowingInitializersAndProviders(front: Front) throws {
    #expect(try Reach(front).regional().region == "eu", "the variable's default")
    #expect(try Reach(front, variables: ["SEMANTICS_REGION": "us"]).regional().region == "us")
    _ = try Reach(front).parser()
    let reach = try Reach(front)
    let launcher = try reach.launcher()
    #expect(try launcher.makeScreen() !== launcher.makeScreen(), "a provider resolves on each call")
  }

  // The services carrying a tag, in file order, each built for the list; an optional external the
  // app leaves out is nil, and one it supplies is the instance it gave.
  @Test(arguments: Front.allCases) func aTaggedListAndAnOptionalExternal(front: Front) throws {
    let set = try Reach(front).pluginSet()
    #expect(set.all.count == 2 && set.all[0] is AudioPlugin && set.all[1] is VideoPlugin)
    #expect(set.note == nil)
    let note = Note()
    let container = MainContainer(externals: .init(clock: Clock(now: 1), note: note), variables: [:])
    let given = front == .typed ? container.pluginSet : try container.dynamicContainer.resolve("pluginSet") as PluginSet
    #expect(given.note === note)
  }

  // A singleton's properties are set before anything gets it, one of them another singleton.
  @Test(arguments: Front.allCases) func aSingletonsPropertiesAreSetOnce(front: Front) throws {
    let reach = try Reach(front)
    #expect(try reach.formatter().digits == 2)
    #expect(try reach.formatter() === reach.formatter())
    let limits = try reach.limits()
    #expect(limits.count == 3)
    #expect(try limits.formatter === reach.formatter())
  }

  // A provider of a service with run-time arguments passes each call's arguments; a call that leaves
  // one out, passes one of another type or one the service does not declare is the same error on
  // both fronts.
  // A singleton whose property takes it back: the property's service is built from the instance,
  // which it holds, once; asked for alone, that service is a new one of the same singleton.
  @Test(arguments: Front.allCases) func aSingletonsPropertyThatTakesItBackIsBuiltFromTheInstance(front: Front) throws {
    let reach = try Reach(front)
    let connection = try reach.connection()
    #expect(connection.observer?.connection === connection)
    #expect(connection.observer?.label == "watch")
    #expect(try reach.connection() === connection && connection.observer === reach.connection().observer)
    let observer = try reach.connectionObserver()
    #expect(observer.connection === connection && observer !== connection.observer)
  }

  @Test(arguments: Front.allCases) func aProviderPassesItsCallsRunTimeArguments(front: Front) throws {
    let reach = try Reach(front)
    let launcher = try reach.detailsLauncher()
    let ada = try launcher.makeDetails(["name": "Ada"])
    #expect(ada.name == "Ada")
    #expect(try launcher.makeDetails(["name": "Ada"]) !== ada, "a provider resolves on each call")
    #expect(ada.store === (try reach.store()), "the singleton the graph shares")
    #expect { try launcher.makeDetails([:]) } throws: { ($0 as? ResolutionError)?.code == .missingArgument }
    #expect { try launcher.makeDetails(["name": 3]) } throws: { ($0 as? ResolutionError)?.code == .typeMismatch }
    #expect { try launcher.makeDetails(["nmae": "Ada"]) } throws: {
      ($0 as? ResolutionError)?.code == .missingArgument && "\($0)".contains("did you mean 'name'?")
    }
  }

  // A provider holds its container weakly on both fronts: called after the app let the container go,
  // it says so rather than keeping the container alive.
  @Test(arguments: Front.allCases) func aProviderCalledAfterItsContainerIsGoneSaysSo(front: Front) throws {
    let launcher = try Reach(front).launcher()
    #expect { try launcher.makeScreen() } throws: { ($0 as? ResolutionError)?.code == .releasedContainer }
  }

  @MainActor @Test(arguments: Front.allCases) func aMainActorServiceIsBuiltOnTheMainActor(front: Front) throws {
    let reach = try Reach(front)
    #expect(try reach.banner() !== reach.banner())
  }

  @Test(arguments: Front.allCases) func anAsyncSingletonIsAwaitedOnce(front: Front) async throws {
    let reach = try Reach(front)
    let first = try await reach.loader()
    #expect(try await reach.loader() === first)
    #expect(
      try await reach.container.dynamicContainer.resolve("loader", as: Loader.self) === first,
      "the accessor's awaited build and the link's are one")
    let fresh = try Reach(front)
    let loaders = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(try await fresh.loader()) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(loaders.count == 1, "tasks racing for it await one build")
  }

  // A main-actor singleton whose factory awaits: main-actor tasks racing for it await one build,
  // which the link's resolve shares.
  @Test(arguments: Front.allCases) func aMainActorSingletonThatAwaitsIsBuiltOnce(front: Front) async throws {
    let reach = try Reach(front)
    let models = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(try await reach.screenModel()) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(models.count == 1, "tasks racing for it await one build")
    let model = try await reach.screenModel()
    #expect(
      try await reach.container.dynamicContainer.resolve("screenModel", as: ScreenModel.self) === model,
      "the accessor's awaited build and the link's are one")
    let loader = await model.loader
    #expect(try await reach.loader() === loader, "built from the loader singleton")
  }

  @Test(arguments: Front.allCases) func aTypedReplacementIsWiredIntoTheRestOfTheGraph(front: Front) throws {
    var replacements = MainContainer.Replacements()
    replacements.replace(node: { Node(label: "stub") })
    let stub = NullStore()
    replacements.replace(store: { stub })
    let reach = try Reach(front, replacing: replacements)
    let diamond = try reach.diamond()
    #expect(diamond.left.first.label == "stub")
    #expect(diamond.left.first === diamond.right.first, "the stand-in keeps the graph scope")
    #expect(try reach.screen().store === stub && reach.details(name: "Fiona").store === stub)
    #expect(try reach.counter().builds == 0, "the replaced store's dependencies are not built")
  }
}

/// A type of this module named as one of TypedSemantics is.
final class Session: Sendable {}

@Suite struct SameNameTypeMismatchTests {
  @Test func twoTypesOfOneNameAreToldApartByTheirModules() throws {
    let container = try MainContainer(externals: .init(clock: Clock(now: 0)), variables: [:]).dynamicContainer
    let error = #expect(throws: ResolutionError.self) { try container.resolve("session", as: Session.self) }
    #expect(
      error?.description.contains(
        "'session' is a 'TypedSemantics.Session', not a 'ExampleTests.Session' [#type-mismatch]") == true)
  }

  // MARK: One singleton store for both fronts

  private func container() throws -> MainContainer {
    MainContainer(externals: .init(clock: Clock(now: 42)), variables: [:])
  }

  @Test func aSingletonItsAccessorBuildsIsTheOneTheDynamicContainerResolves() throws {
    let typedFirst = try container()
    let built = typedFirst.tally
    #expect(try typedFirst.dynamicContainer.resolve("tally", as: Tally.self) === built)
    #expect(try typedFirst.dynamicContainer.resolve("tallies", as: BuildCounter.self) === built.counter)
    #expect(built.counter.builds == 1)
    let dynamicFirst = try container()
    let resolved = try dynamicFirst.dynamicContainer.resolve("tally", as: Tally.self)
    #expect(dynamicFirst.tally === resolved && dynamicFirst.tallies === resolved.counter)
    #expect(resolved.counter.builds == 1)
    #expect(resolved !== built, "each container has its own singletons")
  }

  @Test func threadsRacingThroughBothFrontsBuildTheSingletonOnce() async throws {
    for _ in 0..<20 {
      let shared = try container()
      let tallies = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
        for index in 0..<16 {
          group.addTask {
            ObjectIdentifier(
              index.isMultiple(of: 2) ? shared.tally : try shared.dynamicContainer.resolve("tally", as: Tally.self))
          }
        }
        return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
      }
      #expect(tallies.count == 1)
      #expect(shared.tally.counter.builds == 1)
    }
  }

  @Test @MainActor func aMainActorSingletonItsAccessorBuildsIsTheOneTheDynamicContainerResolves() throws {
    let typedFirst = try container()
    let toolbar = typedFirst.toolbar
    #expect(typedFirst.toolbar === toolbar)
    #expect(try typedFirst.dynamicContainer.mainActor.resolve("toolbar", as: Toolbar.self) === toolbar)
    let dynamicFirst = try container()
    let resolved = try dynamicFirst.dynamicContainer.mainActor.resolve("toolbar", as: Toolbar.self)
    #expect(dynamicFirst.toolbar === resolved && resolved !== toolbar)
  }
}

/// The generated helpers a test proves every environment with: each environment's container
/// created with one set of stand-in externals, and every service of each built.
@Suite struct EveryEnvironmentTests {
  @Test func everyEnvironmentsContainerInOneCallWithTheSameStandIns() throws {
    let clock = Clock(now: 7)
    let all = try MainContainer.everyEnvironment(externals: .init(clock: clock), variables: [:])
    #expect(all.map(\.environment) == [.base, .test])
    #expect(all[0].container.store is TypedSemantics.Store)
    #expect(all[1].container.store is NullStore)
    for (_, container) in all { #expect(try container.screen.clock.now == 7) }
  }

  @Test func buildingEveryServiceOfAnEnvironmentBuildsEachOnce() async throws {
    let container = MainContainer(externals: .init(clock: Clock(now: 7)), variables: [:])
    try await container.buildEveryService()
    #expect(container.counter.builds == 1)
    #expect(container.tallies.builds == 1)
    // Built already: the singletons are the ones the build made.
    #expect(container.store === container.store)
    #expect(try container.screen.store === container.store)
  }

  @Test func anEnvironmentWhoseServiceCannotBeBuiltIsNamedWithTheError() async throws {
    // The test layer gives the parser `strict: false`, which its initializer rejects.
    await #expect {
      try await MainContainer.buildEveryEnvironment(externals: .init(clock: Clock(now: 7)), variables: [:])
    } throws: { error in
      guard let failure = error as? EnvironmentBuildError else { return false }
      return failure.environment == "test" && failure.error is ParserError
        && failure.description.hasPrefix("environment 'test': ")
    }
    // The base builds: the failure is the test layer's alone.
    try await MainContainer(externals: .init(clock: Clock(now: 7)), variables: [:]).buildEveryService()
  }
}

@Suite struct FactoryObjectTests {
  @Test(arguments: Front.allCases)
  func aFactoryObjectsMethodBuildsTheServiceOnTheOneFactory(front: Front) throws {
    let container = MainContainer(externals: .init(clock: Clock(now: 0)), variables: [:])
    let dynamic = try container.dynamicContainer
    let alert: Alert = front == .typed ? container.alert : try dynamic.resolve("alert")
    let factory: any AlertFactory = front == .typed ? container.alertFactory : try dynamic.resolve("alertFactory")
    #expect(alert.title == "hello")
    #expect(alert.madeBy as AnyObject === factory as AnyObject)
  }

  @Test(arguments: Front.allCases) func aStaticPropertyIsTheSharedInstance(front: Front) throws {
    let container = MainContainer(externals: .init(clock: Clock(now: 0)), variables: [:])
    let scanner: Scanner = front == .typed ? container.scanner : try container.dynamicContainer.resolve("scanner")
    #expect(scanner === Scanner.shared)
  }

  @Test(arguments: Front.allCases) func aReferenceByTypeFindsTheExternalOfThatType(front: Front) throws {
    let container = MainContainer(externals: .init(clock: Clock(now: 9)), variables: [:])
    let reader: ClockReader =
      front == .typed ? container.clockReader : try container.dynamicContainer.resolve("clockReader")
    #expect(reader.clock.now == 9)
  }
}

@Suite struct LiteralTests {
  @Test(arguments: Front.allCases)
  func aLiteralForAnAnyIsAnIntAndForAFloatWidened(front: Front) throws {
    let container = MainContainer(externals: .init(clock: Clock(now: 0)), variables: [:])
    let labelled: Labelled =
      front == .typed ? try container.labelled : try container.dynamicContainer.resolve("labelled")
    #expect(labelled.label as? Int == 3)
    #expect(labelled.ratio == 0.5)
  }
}
