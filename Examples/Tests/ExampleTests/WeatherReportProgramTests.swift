import Foundation
import Testing

/// `swift run --package-path Examples weather-report`: the example program, wired from
/// config-examples/weather, in each of its environments.
@Suite struct WeatherReportProgramTests {
  @Test(arguments: [("", "OpenWeatherClient"), ("production", "5 retries"), ("test", "StubWeatherClient")])
  func weatherReportExampleRunsInEachEnvironment(environment: String, client: String) throws {
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [buildDirectory, buildDirectory.deletingLastPathComponent().deletingLastPathComponent()]
      .map { $0.appendingPathComponent("weather-report") }
    let program = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "no weather-report executable beside \(buildDirectory.path); build it with 'swift build'")
    let process = Process()
    process.executableURL = program
    process.arguments = environment.isEmpty ? [] : ["--env", environment]
    // The repository's root, where the program's graph file is found as the plan names it.
    process.currentDirectoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("weather client: ") && text.contains(client), "\(text)")
    #expect(text.contains("the view's delegate is its controller: true"))
    #expect(text.contains("share one photo service: true"))
  }
}
