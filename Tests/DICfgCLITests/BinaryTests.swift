import DICfgTestSupport
import Foundation
import Testing

/// The `dicfg` executable that `swift test` built beside the test bundle.
private func dicfgBinary() throws -> URL {
  let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidates = [buildDirectory, buildDirectory.deletingLastPathComponent().deletingLastPathComponent()]
    .map { $0.appendingPathComponent("dicfg") }
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "no dicfg executable beside \(buildDirectory.path); build it with 'swift build'")
}

private struct Run {
  var status: Int32
  var reason: Process.TerminationReason
  var standardOutput: String
  var standardError: String
}

private func runBinary(_ arguments: [String]) throws -> Run {
  let process = Process()
  process.executableURL = try dicfgBinary()
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: testsDirectory)
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, reason: process.terminationReason,
    standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData, as: UTF8.self))
}

@Suite struct BinaryTests {
  @Test func exitsZeroForAValidFile() throws {
    let run = try runBinary(["validate", "../../config-examples/weather/app.yaml"])
    #expect(run.reason == .exit)
    #expect(run.status == 0)
    #expect(run.standardError == "no errors or warnings in 1 file\n")
  }

  @Test func exitsOneWithLocatedDiagnosticsOnStandardError() throws {
    let run = try runBinary(["validate", "Fixtures/duplicate-key.yaml"])
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    #expect(goldenMismatch(run.standardError, golden: testsDirectory + "/Golden/duplicate-key.yaml.txt") == nil)
  }

  @Test func writesJSONToStandardOutput() throws {
    let run = try runBinary(["validate", "Fixtures/trailing-comma.json", "--format", "json"])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("\"code\" : \"syntax-error\""))
    #expect(run.standardError.isEmpty)
  }

  @Test func exitsSixtyFourOnAUsageError() throws {
    let run = try runBinary(["validate", "--format", "yaml", "x.yaml"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--format"))
  }

  @Test func printsItsVersion() throws {
    let run = try runBinary(["--version"])
    #expect(run.status == 0)
    #expect(run.standardOutput == "0.1.0\n")
  }

  @Test func everyCommandRunsFromTheBinaryWithItsExitCode() throws {
    let example = "../../config-examples/weather/app.yaml"
    #expect(try runBinary(["graph", example]).status == 0)
    #expect(try runBinary(["graph", example, "--format", "mermaid"]).standardOutput.hasPrefix("flowchart LR"))
    #expect(try runBinary(["explain", example, "weatherClient"]).status == 0)
    #expect(try runBinary(["explain", example, "nothing"]).status == 1)
    #expect(try runBinary(["compile", example]).standardOutput.contains("\"formatVersion\" : 1"))
    #expect(try runBinary(["compile", "Fixtures/duplicate-key.yaml"]).status == 1)
    #expect(try runBinary(["schema"]).standardOutput.contains("\"$schema\""))
    #expect(try runBinary(["graph"]).status == 64)
  }

  @Test(arguments: ["validate", "graph", "explain", "compile", "schema"])
  func helpShowsAnExample(command: String) throws {
    let run = try runBinary([command, "--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("dicfg \(command)"))
    #expect(run.standardOutput.contains("Example"))
  }
}
