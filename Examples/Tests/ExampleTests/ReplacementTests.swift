import DICfg
import Testing
import WeatherReportApp

@Suite struct ReplacementTests {
  @MainActor @Test func aTestReplacesAServiceWithAnInstanceWithoutAGraphFile() throws {
    let stub = StubWeatherClient()
    var doubles = Replacements()
    doubles.replace("weatherClient", with: StubWeatherClient())
    doubles.replace("weatherClient", with: stub)
    let container = try Container(
      graphFile: "\(repositoryRoot)/config-examples/weather/app.yaml", registry: try GraphFile.registry(),
      environment: [:], replacing: doubles)
    let controller = try container.mainActor.resolve("weatherReportController", as: WeatherReportViewController.self)
    #expect(controller.weatherClient as? StubWeatherClient === stub)
    #expect(try container.resolve(WeatherClient.self) as? StubWeatherClient === stub, "still bound to its type")
  }

  @Test func aReplacementOfAnIdThePlanDoesNotHaveIsALinkError() throws {
    var doubles = Replacements()
    doubles.replace("wetherClient", with: StubWeatherClient())
    let error = #expect(throws: LinkError.self) {
      try Container(
        graphFile: "\(repositoryRoot)/config-examples/weather/app.yaml", registry: try GraphFile.registry(),
        environment: [:], replacing: doubles)
    }
    #expect(error?.diagnostics.map(\.code) == [.unknownService])
    #expect(
      error?.diagnostics.first?.message
        == "a replacement names service 'wetherClient', which the plan does not have; did you mean 'weatherClient'?")
  }
}
