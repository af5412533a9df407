// swift-tools-version:6.1
// The targets that apply dicfg's build plugin, with their tests: the weather-report program, the typed
// container's semantics and the documentation's snippets. A package of their own, not targets of
// dicfg's: SwiftPM builds the tool of every plugin a package's targets apply, so an app depending on
// dicfg would compile the generator for them, whether it applies the plugin or not.
//
//     swift test --package-path Examples
//     swift run --package-path Examples weather-report --env test
import PackageDescription

let plugin: [Target.PluginUsage] = [.plugin(name: "DICfgGenerator", package: "dicfg")]

let package = Package(
  name: "DICfgExamples",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [.executable(name: "weather-report", targets: ["WeatherReport"])],
  dependencies: [
    .package(name: "dicfg", path: ".."),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
  ],
  targets: [
    .target(
      name: "WeatherReportApp", dependencies: [.product(name: "DICfgRuntime", package: "dicfg")],
      path: "WeatherReport/App", plugins: plugin),
    .executableTarget(
      name: "WeatherReport",
      dependencies: [.product(name: "DICfg", package: "dicfg"), "WeatherReportApp"], path: "WeatherReport/Main"),
    .target(
      name: "TypedSemantics",
      dependencies: [
        .product(name: "DICfgRuntime", package: "dicfg"), .product(name: "Atomics", package: "swift-atomics"),
      ],
      path: "TypedSemantics", plugins: plugin),
    // What the snippets share with no part of dicfg: a temporary file (DICfgTestSupport's, linked).
    .target(name: "ExampleSupport", path: "Support"),
    // The Swift snippets of the README and the DocC articles, compiled with the graph files they use;
    // DocumentationSnippetTests runs those that show behaviour and checks that every snippet is here.
    .target(
      name: "SnippetsEvents", dependencies: [.product(name: "DICfg", package: "dicfg"), "ExampleSupport"],
      path: "DocumentationSnippets/Events", plugins: plugin),
    .target(
      name: "SnippetsPets", dependencies: [.product(name: "DICfg", package: "dicfg"), "ExampleSupport"],
      path: "DocumentationSnippets/Pets", resources: [.copy("dicfg.yaml")], plugins: plugin),
    .testTarget(
      name: "DocumentationSnippetTests", dependencies: ["SnippetsEvents", "SnippetsPets"],
      path: "Tests/DocumentationSnippetTests"),
    .testTarget(
      name: "ExampleTests",
      dependencies: [
        .product(name: "DICfg", package: "dicfg"), .product(name: "DICfgRuntime", package: "dicfg"),
        "WeatherReportApp", "TypedSemantics", "WeatherReport",
      ],
      path: "Tests/ExampleTests"),
  ],
  swiftLanguageModes: [.v6]
)
