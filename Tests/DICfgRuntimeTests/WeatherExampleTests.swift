import DICfg
import Testing
import WeatherReportApp

// The weather-report app of Pilgrim's documentation: its types and registrations come from the
// example program's library (Examples/WeatherReport/App).

func weatherRegistry() throws -> Registry { try Registry.fromGraphFile() }

@Suite struct WeatherExampleTests {
  @Test func controllersViewDelegateIsTheController() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let controller = try container.resolve("weatherReportController", as: WeatherReportViewController.self)
    #expect(controller.view.delegate === controller)
    let again = try container.resolve("weatherReportController", as: WeatherReportViewController.self)
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

  @Test func injectedAssemblyResolvesLater() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let controller = try container.resolve("weatherReportController", as: WeatherReportViewController.self)
    let details = try controller.assembly.resolve(
      "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "Fiona")])
    #expect(details.user.name == "Fiona")
  }

  @Test func weakSharedPhotoServiceIsSharedWhileHeld() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let root = try container.resolve("rootViewController", as: RootViewController.self)
    let first = try root.makeDetails(["user": User(name: "a")])
    let second = try root.makeDetails(["user": User(name: "b")])
    #expect(first !== second, "each provider call builds new details")
    #expect(first.photoService === second.photoService)
    #expect(try container.resolve("rootViewController", as: RootViewController.self) === root, "singleton")
  }

  @Test func weakSharedInstanceIsRebuiltAfterTheLastHolderLetsGo() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    weak var weakService: PhotoService?
    do {
      let details = try container.resolve(
        "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "a")])
      weakService = details.photoService
      #expect(weakService != nil)
    }
    #expect(weakService == nil, "released when the last holder lets go")
    let next = try container.resolve(
      "userDetailsController", as: UserDetailsController.self, arguments: ["user": User(name: "b")])
    #expect(next.photoService !== weakService)
  }

  @Test func runtimeArgumentsAreCheckedAtResolve() throws {
    let container = try exampleContainer("weather", registry: try weatherRegistry())
    let missing = #expect(throws: ResolutionError.self) {
      try container.resolve("userDetailsController", as: UserDetailsController.self)
    }
    #expect(missing?.code == .missingArgument)
    #expect(missing?.message.contains("'user' (User)") == true)
    #expect(missing?.location?.line == 30)
    let mistyped = #expect(throws: ResolutionError.self) {
      try container.resolve("userDetailsController", as: UserDetailsController.self, arguments: ["user": 3])
    }
    #expect(mistyped?.code == .typeMismatch)
    #expect(mistyped?.path == ["userDetailsController"])
    #expect(mistyped?.message.contains("'User'") == true)
  }

  @Test func testEnvironmentSwapsTheClientForAStub() throws {
    let container = try exampleContainer("weather", environments: ["test"], registry: try weatherRegistry())
    #expect(try container.resolve(WeatherClient.self) is StubWeatherClient)
    try container.verify()
  }

  @Test func droppingTheContainerReleasesSingletonsThatHoldProviders() throws {
    weak var root: RootViewController?
    var provider: Provider<WeatherReportViewController>?
    do {
      let container = try exampleContainer("weather", registry: try weatherRegistry())
      let resolved = try container.resolve("rootViewController", as: RootViewController.self)
      root = resolved
      provider = resolved.mainContentViewController
      let controller = try provider?()
      #expect(controller?.view.delegate === controller)
    }
    #expect(root == nil, "no retain cycle through the singleton's providers")
    let error = #expect(throws: ResolutionError.self) { try provider?() }
    #expect(error?.code == .releasedContainer)
    #expect(error?.message.hasPrefix("container 'main' was released") == true)
  }
}
