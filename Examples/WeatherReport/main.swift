// A small command-line program wired entirely from config-examples/weather/: it registers the
// app's factories, loads the graph file for an environment, resolves the report screen and a
// user-details screen, and prints what it got.
//
//   swift run weather-report                      # the base graph
//   swift run weather-report --env production
//   swift run weather-report --env test
import DICfg
import Foundation

protocol WeatherClient: AnyObject, Sendable {
  var summary: String { get }
}

final class OpenWeatherClient: WeatherClient {
  let baseURL: String
  let apiKey: String
  let retries: Int
  init(baseURL: String, apiKey: String, retries: Int) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.retries = retries
  }
  var summary: String { "OpenWeatherClient(\(baseURL), \(retries) retries)" }
}

final class StubWeatherClient: WeatherClient {
  var summary: String { "StubWeatherClient (no network)" }
}

protocol CityRepository: AnyObject, Sendable {}
final class LocalCityRepository: CityRepository {}
final class PhotoService: Sendable {}
struct User: Sendable { var name: String }

final class WeatherReportView: @unchecked Sendable {
  weak var delegate: WeatherReportViewController?
}

final class WeatherReportViewController: @unchecked Sendable {
  let view: WeatherReportView
  let weatherClient: any WeatherClient
  let cityRepo: any CityRepository
  let assembly: Container
  init(view: WeatherReportView, weatherClient: any WeatherClient, cityRepo: any CityRepository, assembly: Container) {
    self.view = view
    self.weatherClient = weatherClient
    self.cityRepo = cityRepo
    self.assembly = assembly
  }
}

final class UserDetailsController: Sendable {
  let user: User
  let photoService: PhotoService
  init(user: User, photoService: PhotoService) {
    self.user = user
    self.photoService = photoService
  }
}

final class RootViewController: Sendable {
  let mainContentViewController: Provider<WeatherReportViewController>
  let makeDetails: Provider<UserDetailsController>
  init(mainContentViewController: Provider<WeatherReportViewController>, makeDetails: Provider<UserDetailsController>) {
    self.mainContentViewController = mainContentViewController
    self.makeDetails = makeDetails
  }
}

func makeRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(OpenWeatherClient.init(baseURL:apiKey:retries:))
  try registry.register(StubWeatherClient.init)
  try registry.register(LocalCityRepository.init)
  try registry.register(PhotoService.init)
  try registry.register(WeatherReportView.init)
  try registry.property("delegate", of: WeatherReportView.self, \.delegate)
  try registry.register(WeatherReportViewController.init(view:weatherClient:cityRepo:assembly:))
  try registry.register(UserDetailsController.init(user:photoService:))
  try registry.register(RootViewController.init(mainContentViewController:makeDetails:))
  return registry
}

func run(arguments: [String]) throws {
  var environments: [String] = []
  var graphFile = "config-examples/weather/app.yaml"
  var remaining = arguments[...]
  while let argument = remaining.popFirst() {
    switch argument {
    case "--env": if let name = remaining.popFirst() { environments.append(name) }
    case "--graph": if let path = remaining.popFirst() { graphFile = path }
    default: throw ExampleError("unknown argument '\(argument)'; use --env NAME or --graph FILE")
    }
  }
  let container = try Container(graphFile: graphFile, environments: environments, registry: try makeRegistry())
  let environment = environments.isEmpty ? "base" : environments.joined(separator: ", ")
  print("graph file: \(graphFile) (environment: \(environment))")

  let root = try container.resolve("rootViewController", as: RootViewController.self)
  let controller = try root.mainContentViewController()
  print("weather client: \(controller.weatherClient.summary)")
  print("report screen: the view's delegate is its controller: \(controller.view.delegate === controller)")

  let fiona = try root.makeDetails(["user": User(name: "Fiona")])
  let bruce = try root.makeDetails(["user": User(name: "Bruce")])
  print(
    "user details: \(fiona.user.name) and \(bruce.user.name) share one photo service: \(fiona.photoService === bruce.photoService)"
  )
  print(
    "root screen is a singleton: \(try container.resolve("rootViewController", as: RootViewController.self) === root)")
}

struct ExampleError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

do {
  try run(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("weather-report: \(error)\n".utf8))
  exit(1)
}
