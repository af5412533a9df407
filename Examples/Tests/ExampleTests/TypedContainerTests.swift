import DICfg
import Testing
import WeatherReportApp

// The typed container generated from config-examples/weather/app.yaml (the example's library
// applies the build plugin): the same identities and scopes as the dynamic container, reached
// without a string.

@Suite struct TypedContainerTests {
  @MainActor @Test func accessorsKeepTheGraphFilesScopesAndIdentities() throws {
    let weather = try MainContainer()
    let controller = try weather.weatherReportController
    #expect(controller.view.delegate === controller, "the property cycle is closed")
    let again = try weather.weatherReportController
    #expect(again !== controller, "objectGraph: a new graph on each resolve")
    #expect(again.weatherClient === controller.weatherClient, "singleton: one client")
    #expect(try weather.weatherClient === controller.weatherClient, "the accessor reads the same singleton")
    #expect(try weather.rootViewController === weather.rootViewController)
  }

  @MainActor @Test func runTimeArgumentsAreTypedParameters() throws {
    let weather = try MainContainer()
    let fiona = weather.userDetailsController(user: User(name: "Fiona"))
    let bruce = weather.userDetailsController(user: User(name: "Bruce"))
    #expect(fiona.user.name == "Fiona")
    #expect(bruce.user.name == "Bruce")
    #expect(fiona.photoService === bruce.photoService, "weakShared: alive while held")
  }

  @Test func anEnvironmentSwapsTheImplementationBehindTheBoundType() throws {
    let base = try MainContainer(variables: ["WEATHER_API_KEY": "k-1"])
    #expect((try base.weatherClient as? OpenWeatherClient)?.apiKey == "k-1")
    let test = try MainContainer(environment: .test)
    #expect(try test.weatherClient is StubWeatherClient)
  }

  @Test func anEnvironmentIsNamedByALaunchArgument() throws {
    #expect(try MainContainer.Environment(named: "production") == .production)
    #expect(MainContainer.Environment.allCases == [.base, .production, .test])
    let error = #expect(throws: RegistryError.self) { try MainContainer.Environment(named: "prodution") }
    #expect(
      error?.description.hasPrefix("no compiled plan for environment 'prodution'; did you mean 'production'?") == true)
  }

  @MainActor @Test func theTypedAndTheDynamicContainerShareOneLink() throws {
    let weather = try MainContainer()
    let dynamic = try weather.dynamicContainer.resolve("weatherClient", as: WeatherClient.self)
    #expect(try weather.weatherClient === dynamic)
  }
}
