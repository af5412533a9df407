// A small command-line program wired entirely from config-examples/weather/: it creates the
// typed container the build plugin generated from the graph file, for an environment, resolves
// the report screen and two user-details screens, and prints what it got.
//
//   swift run weather-report                      # the base graph
//   swift run weather-report --env production
//   swift run weather-report --env test
//   swift run weather-report --graph FILE         # a graph file loaded at run time instead
import DICfg
import Foundation
import WeatherReportApp

/// Screens are main-actor types: main-actor code builds them synchronously.
@MainActor func run(arguments: [String]) throws {
  var environment: String?
  var graphFile: String?
  var remaining = arguments[...]
  while let argument = remaining.popFirst() {
    switch argument {
    case "--env": environment = remaining.popFirst()
    case "--graph": graphFile = remaining.popFirst()
    default: throw ExampleError("unknown argument '\(argument)'; use --env NAME or --graph FILE")
    }
  }
  if let graphFile {
    try runLoading(graphFile, environments: environment.map { [$0] } ?? [])
    return
  }
  // The launch argument names the environment; a typo is an error naming the closest one.
  let weather = try MainContainer(environment: try MainContainer.Environment(named: environment ?? "base"))
  print("graph file: config-examples/weather/app.yaml (environment: \(environment ?? "base"))")

  let controller = try weather.weatherReportController
  print("weather client: \(controller.weatherClient.summary)")
  print("report screen: the view's delegate is its controller: \(controller.view.delegate === controller)")

  let fiona = weather.userDetailsController(user: User(name: "Fiona"))
  let bruce = weather.userDetailsController(user: User(name: "Bruce"))
  print(
    "user details: \(fiona.user.name) and \(bruce.user.name) share one photo service: \(fiona.photoService === bruce.photoService)"
  )
  print("root screen is a singleton: \(try weather.rootViewController === weather.rootViewController)")
}

/// The dynamic container, for a graph file chosen at run time: services by id.
@MainActor func runLoading(_ graphFile: String, environments: [String]) throws {
  let container = try Container(
    graphFile: graphFile, environments: environments, registry: try GraphFile.registry())
  print("graph file: \(graphFile) (environment: \(environments.first ?? "base"))")
  let root = try container.mainActor.resolve("rootViewController", as: RootViewController.self)
  let controller = try root.mainContentViewController.onMainActor()
  print("weather client: \(controller.weatherClient.summary)")
  print("report screen: the view's delegate is its controller: \(controller.view.delegate === controller)")
  let fiona = try root.makeDetails.onMainActor(["user": User(name: "Fiona")])
  let bruce = try root.makeDetails.onMainActor(["user": User(name: "Bruce")])
  print(
    "user details: \(fiona.user.name) and \(bruce.user.name) share one photo service: \(fiona.photoService === bruce.photoService)"
  )
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
