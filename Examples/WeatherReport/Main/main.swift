// A small command-line program wired entirely from config-examples/weather/: it registers the
// app's factories, loads the graph file for an environment, resolves the report screen and a
// user-details screen, and prints what it got.
//
//   swift run weather-report                      # the base graph
//   swift run weather-report --env production
//   swift run weather-report --env test
import DICfg
import Foundation
import WeatherReportApp

/// Screens are main-actor types: main-actor code resolves them synchronously.
@MainActor func run(arguments: [String]) throws {
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
  let container = try Container(
    graphFile: graphFile, environments: environments, registry: try GraphFile.registry())
  let environment = environments.isEmpty ? "base" : environments.joined(separator: ", ")
  print("graph file: \(graphFile) (environment: \(environment))")

  let root = try container.mainActor.resolve("rootViewController", as: RootViewController.self)
  let controller = try root.mainContentViewController.onMainActor()
  print("weather client: \(controller.weatherClient.summary)")
  print("report screen: the view's delegate is its controller: \(controller.view.delegate === controller)")

  let fiona = try root.makeDetails.onMainActor(["user": User(name: "Fiona")])
  let bruce = try root.makeDetails.onMainActor(["user": User(name: "Bruce")])
  print(
    "user details: \(fiona.user.name) and \(bruce.user.name) share one photo service: \(fiona.photoService === bruce.photoService)"
  )
  print(
    "root screen is a singleton: "
      + "\(try container.mainActor.resolve("rootViewController", as: RootViewController.self) === root)")
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
