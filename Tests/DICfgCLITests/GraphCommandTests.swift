import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

@Suite struct GraphCommandTests {
  @Test(arguments: ["weather", "dip-collaboration", "saber-externals", "resolver-scopes"])
  func drawsDOTAndMermaid(example: String) throws {
    let dot = try runCommand(["graph", "config-examples/\(example)/app.yaml"])
    #expect(dot.exitCode == 0)
    expectGolden(dot.standardOutput, "graph-\(example).dot")
    let mermaid = try runCommand(["graph", "config-examples/\(example)/app.yaml", "--format", "mermaid"])
    #expect(mermaid.exitCode == 0)
    expectGolden(mermaid.standardOutput, "graph-\(example).mmd")
  }

  @Test func oneContainerWithWhatItUses() throws {
    let result = try runCommand(["graph", "config-examples/dip-collaboration/app.yaml", "--container", "addEvent"])
    expectGolden(result.standardOutput, "graph-dip-collaboration-addEvent.dot")
    let unknown = try runCommand(["graph", "config-examples/dip-collaboration/app.yaml", "--container", "addEvnt"])
    #expect(unknown.exitCode == 64)
    #expect(unknown.standardError.contains("did you mean 'addEvent'?"))
  }

  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["CI"] != nil
        || FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"),
      "Graphviz 'dot' is installed by .ci/run"))
  func dotOutputRendersWithGraphviz() throws {
    for example in ["weather", "dip-collaboration", "saber-externals", "environments", "knights"] {
      let dot = try runCommand(["graph", "config-examples/\(example)/app.yaml"]).standardOutput
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["dot", "-Tsvg"]
      let input = Pipe()
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      input.fileHandleForWriting.write(Data(dot.utf8))
      try input.fileHandleForWriting.close()
      let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(example): \(problems)")
      #expect(problems.isEmpty, "\(example): \(problems)")
      #expect(svg.contains("<svg"))
    }
  }

  @Test func brokenFilePrintsItsDiagnostics() throws {
    let result = try runCommand(["graph", "config-examples/invalid/unknown-reference.yaml"])
    #expect(result.exitCode == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("[#unknown-reference]"))
  }
}
