import DICfg
import Testing
import WeatherReportApp

// The weather-report app of Pilgrim's documentation: its types and registrations come from the
// example program's library (Examples/WeatherReport/App). Its views and controllers are main-actor
// types, so the tests that build them run on the main actor.

func weatherRegistry() throws -> Registry { try GraphFile.registry() }

@Suite struct WeatherExampleTests {
  @Test func theEmbeddedPlansNameTheGraphFileRelativeToThePackage() throws {
    let plan = try GraphFile.plan(environment: "production")
    #expect(plan.containers[0].location.file == "config-examples/weather/app.yaml")
    #expect(plan.containers[0].services.allSatisfy { !$0.location.file.hasPrefix("/") })
  }

  /// The plans written as Swift statements, the base in full and each environment as its layer's
  /// changes, are the plans the compiler gives for the graph file.
  @Test(arguments: [nil, "production", "test"])
  func theEmbeddedPlansAreTheCompiledPlans(environment: String?) throws {
    let compiled = try #require(
      GraphCompiler().compile(
        CompileRequest(
          file: "\(repositoryRoot)/config-examples/weather/app.yaml", environments: environment.map { [$0] } ?? [],
          environmentVariables: [:])
      ).plan)
    #expect(
      try GraphFile.plan(environment: environment).jsonText() == compiled.jsonText(sourceRoot: repositoryRoot))
  }

  @Test func anEnvironmentWithoutALayerSaysWhichThereAreAndTheClosest() throws {
    let error = #expect(throws: RegistryError.self) { try GraphFile.plan(environment: "prodution") }
    #expect(
      error?.description
        == "no compiled plan for environment 'prodution'; did you mean 'production'? The plans are 'base', "
        + "'production', 'test', one for each layer beside 'app.yaml'; to add 'prodution', add the layer "
        + "'app.prodution.yaml' beside it")
    let far = #expect(throws: RegistryError.self) { try GraphFile.plan(environment: "staging") }
    #expect(far?.description.hasPrefix("no compiled plan for environment 'staging'. The plans are 'base',") == true)
  }

  @MainActor @Test func controllersViewDelegateIsTheController() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let controller = try container.mainActor.resolve("weatherReportController", as: WeatherReportViewController.self)
    #expect(controller.view.delegate === controller)
    let again = try container.mainActor.resolve("weatherReportController", as: WeatherReportViewController.self)
    #expect(again !== controller, "objectGraph: a new graph on each resolve")
    #expect(again.weatherClient === controller.weatherClient, "shared: one client")
  }

  @Test func parametersReachTheFactoryTypedAndFromTheEnvironment() throws {
    let container = try exampleContainer(
      "weather", registry: try weatherRegistry(), environment: ["WEATHER_API_KEY": "k-123"])
    let client = try container.resolve(WeatherClient.self)
    let open = try #require(client as? OpenWeatherClient)
    #expect(open.apiKey == "k-123")
    #expect(open.retries == 3)
    #expect(open.baseURL == "https://api.openweathermap.org/data/2.5")
    let fallback = try exampleContainer("weather", registry: try weatherRegistry())
    #expect((try fallback.resolve(WeatherClient.self) as? OpenWeatherClient)?.apiKey == "demo-key")
  }

  @MainActor @Test func injectedAssemblyResolvesLater() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let controller = try container.mainActor.resolve("weatherReportController", as: WeatherReportViewController.self)
    let details = try controller.assembly.mainActor.resolve(
      "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "Fiona")])
    #expect(details.user.name == "Fiona")
  }

  @MainActor @Test func weakSharedPhotoServiceIsSharedWhileHeld() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let root = try container.mainActor.resolve("rootViewController", as: RootViewController.self)
    let first = try root.makeDetails.onMainActor(["user": User(name: "a")])
    let second = try root.makeDetails.onMainActor(["user": User(name: "b")])
    #expect(first !== second, "each provider call builds new details")
    #expect(first.photoService === second.photoService)
    #expect(try container.mainActor.resolve("rootViewController", as: RootViewController.self) === root, "singleton")
  }

  @MainActor @Test func weakSharedInstanceIsRebuiltAfterTheLastHolderLetsGo() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    weak var weakService: PhotoService?
    do {
      let details = try container.mainActor.resolve(
        "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "a")])
      weakService = details.photoService
      #expect(weakService != nil)
    }
    #expect(weakService == nil, "released when the last holder lets go")
    let next = try container.mainActor.resolve(
      "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "b")])
    #expect(next.photoService !== weakService)
  }

  @MainActor @Test func runtimeArgumentsAreCheckedAtResolve() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let missing = #expect(throws: ResolutionError.self) {
      try container.mainActor.resolve("userDetailsController", as: UserDetailsController.self)
    }
    #expect(missing?.code == .missingArgument)
    #expect(missing?.message.contains("'user' (User)") == true)
    #expect(missing?.location?.line == 32)
    let mistyped = #expect(throws: ResolutionError.self) {
      try container.mainActor.resolve("userDetailsController", as: UserDetailsController.self, arguments: ["user": 3])
    }
    let misspelt = #expect(throws: ResolutionError.self) {
      try container.mainActor.resolve(
        "userDetailsController", as: UserDetailsController.self, arguments: ["usr": User(name: "a")])
    }
    #expect(misspelt?.code == .missingArgument)
    #expect(misspelt?.message == "'userDetailsController' declares no run-time argument 'usr'; did you mean 'user'?")
    #expect(misspelt?.location?.line == 32)
    let extra = #expect(throws: ResolutionError.self) {
      try container.mainActor.resolve(
        "userDetailsController", as: UserDetailsController.self,
        arguments: ["user": User(name: "a"), "theme": "dark"])
    }
    #expect(extra?.message == "'userDetailsController' declares no run-time argument 'theme'; it takes 'user'")
    #expect(mistyped?.code == .typeMismatch)
    #expect(mistyped?.path == ["userDetailsController"])
    #expect(
      mistyped?.message
        == "run-time argument 'user' (declared User) of 'userDetailsController' is a 'Int', but "
        + "'UserDetailsController' takes a 'User' for 'user'; pass a 'User' in 'arguments:'")
    #expect(mistyped.flatMap(\.location).map { [$0.line, $0.column] } == [36, 13])
  }

  @Test func testEnvironmentSwapsTheClientForAStub() async throws {
    let container = try exampleContainer("weather", environments: ["test"], registry: try weatherRegistry())
    #expect(try await container.resolve(WeatherClient.self) is StubWeatherClient)
    try await container.verify()
  }

  @Test func aMisspeltEnvironmentIsAnErrorNotTheBaseConfiguration() throws {
    let error = #expect(throws: DiagnosticsError.self) {
      try exampleContainer("weather", environments: ["prodution"], registry: try weatherRegistry())
    }
    #expect(error?.diagnostics.map(\.code) == [.unknownEnvironment])
    #expect(error?.diagnostics.first?.location.line == 1)
    #expect(error?.diagnostics.first?.message.hasSuffix("; did you mean 'production'?") == true)
  }

  @Test func awayFromTheMainActorTheScreensAreAwaited() async throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let root = try await container.resolve("rootViewController", as: RootViewController.self)
    let controller = try await root.mainContentViewController()
    #expect(await MainActor.run { controller.view.delegate === controller })
    let error = #expect(throws: ResolutionError.self) {
      try container.resolve("weatherReportController", as: WeatherReportViewController.self)
    }
    #expect(error?.code == .requiresMainActor)
  }

  @MainActor @Test func droppingTheContainerReleasesSingletonsThatHoldProviders() throws {
    weak var root: RootViewController?
    var provider: Provider<WeatherReportViewController>?
    do {
      let container = try exampleContainer("weather", registry: try weatherRegistry())
      let resolved = try container.mainActor.resolve("rootViewController", as: RootViewController.self)
      root = resolved
      provider = resolved.mainContentViewController
      let controller = try provider?.onMainActor()
      #expect(controller?.view.delegate === controller)
    }
    #expect(root == nil, "no retain cycle through the singleton's providers")
    let error = #expect(throws: ResolutionError.self) { try provider?.onMainActor() }
    #expect(error?.code == .releasedContainer)
    #expect(error?.message.hasPrefix("container 'main' was released") == true)
  }
}
