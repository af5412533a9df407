// The weather-report app's types, shared by the example program and the tests. Their registration
// is generated from config-examples/weather/app.yaml at build time (`dicfg-generator-config.json`
// beside this file applies dicfg's plugin to it): `Registry.fromGraphFile()` here, and
// `GraphFile.registry()` in the modules importing this one.
public import DICfgRuntime

/// Talks to a weather service.
public protocol WeatherClient: AnyObject, Sendable {
  var summary: String { get }
}

/// The real client.
public final class OpenWeatherClient: WeatherClient {
  public let baseURL: String
  public let apiKey: String
  public let retries: Int
  public init(baseURL: String, apiKey: String, retries: Int) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.retries = retries
  }
  public var summary: String { "OpenWeatherClient(\(baseURL), \(retries) retries)" }
}

/// A client for tests, with no network.
public final class StubWeatherClient: WeatherClient {
  public init() {}
  public var summary: String { "StubWeatherClient (no network)" }
}

/// Stores the cities a user follows.
public protocol CityRepository: AnyObject, Sendable {}
/// Cities on the device.
public final class LocalCityRepository: CityRepository {
  public init() {}
}
/// Loads photos; shared while anyone holds it.
public final class PhotoService: Sendable {
  public init() {}
}
/// A user of the app.
public struct User: Sendable {
  public var name: String
  public init(name: String) { self.name = name }
}

/// The report screen's view; its delegate is its controller. Views and controllers are main-actor
/// types, as Swift 6 apps write them (`isolation: MainActor` in the graph file).
@MainActor public final class WeatherReportView {
  public init() {}
  public weak var delegate: WeatherReportViewController?
}

/// The report screen.
@MainActor public final class WeatherReportViewController {
  public let view: WeatherReportView
  public let weatherClient: any WeatherClient
  public let cityRepo: any CityRepository
  public let assembly: Container
  public init(
    view: WeatherReportView, weatherClient: any WeatherClient, cityRepo: any CityRepository, assembly: Container
  ) {
    self.view = view
    self.weatherClient = weatherClient
    self.cityRepo = cityRepo
    self.assembly = assembly
  }
}

/// A user's details screen, built with a run-time argument.
@MainActor public final class UserDetailsController {
  public let user: User
  public let photoService: PhotoService
  public init(user: User, photoService: PhotoService) {
    self.user = user
    self.photoService = photoService
  }
}

/// The root screen, which builds the others through providers.
@MainActor public final class RootViewController {
  public let mainContentViewController: Provider<WeatherReportViewController>
  public let makeDetails: Provider<UserDetailsController>
  public init(
    mainContentViewController: Provider<WeatherReportViewController>, makeDetails: Provider<UserDetailsController>
  ) {
    self.mainContentViewController = mainContentViewController
    self.makeDetails = makeDetails
  }
}
