import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

@Suite struct GraphCommandTests {
  @Test(arguments: ["weather", "dip-collaboration", "saber-externals", "resolver-scopes", "modular"])
  func drawsDOTAndMermaid(example: String) throws {
    let dot = try runCommand(["graph", "config-examples/\(example)/app.yaml"])
    #expect(dot.exitCode == 0)
    expectGolden(dot.standardOutput, "graph-\(example).dot")
    let mermaid = try runCommand(["graph", "config-examples/\(example)/app.yaml", "--format", "mermaid"])
    #expect(mermaid.exitCode == 0)
    expectGolden(mermaid.standardOutput, "graph-\(example).mmd")
  }

  // An app of modules: one node per graph file, and an edge where one file's services use what
  // another's define (a fragment's requirement the root meets points back at the root).
  @Test func drawsWhichModuleNeedsWhich() throws {
    let dot = try runCommand(["graph", "config-examples/modular/app.yaml", "--modules"])
    #expect(dot.exitCode == 0)
    expectGolden(dot.standardOutput, "graph-modular-modules.dot")
    let mermaid = try runCommand(["graph", "config-examples/modular/app.yaml", "--modules", "--format", "mermaid"])
    #expect(mermaid.exitCode == 0)
    expectGolden(mermaid.standardOutput, "graph-modular-modules.mmd")
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
    for (example, options) in [
      ("weather", []), ("dip-collaboration", []), ("saber-externals", []), ("environments", []), ("knights", []),
      ("modular", []), ("modular", ["--modules"]),
    ] {
      let dot = try runCommand(["graph", "config-examples/\(example)/app.yaml"] + options).standardOutput
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

@Suite struct GraphAtlasTests {
  let base = "Tests/DICfgCLITests/Fixtures/diff/app.yaml"

  /// The page's embedded data, as JSON.
  private func data(_ page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: #"<script id="atlas-data" type="application/json">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let text = String(page[start.upperBound..<end.lowerBound])
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func everyEnvironmentWithWhatSetEachFieldAndWhatDiffLists() throws {
    let result = try runCommand(["graph", base, "--format", "html"])
    #expect(result.exitCode == 0)
    let page = result.standardOutput
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    // Self-contained: no address to load anything from.
    #expect(!page.contains("http://") && !page.contains("https://"))
    #expect(!page.contains("<link") && !page.contains(" src="))
    let environments = try #require(try data(page)["environments"] as? [[String: Any]])
    #expect(environments.map { $0["name"] as? String } == ["base", "production", "test"])
    let test = environments[2]
    let diff = try runCommand(["diff", base, "--env", "test"])
    let listed = diff.standardOutput.split(separator: "\n").dropFirst().count
    #expect((test["changes"] as? [Any])?.count == listed)
    let nodes = try #require(test["nodes"] as? [[String: Any]])
    let store = try #require(nodes.first { $0["i"] as? String == "store" })
    // A place is a number into the page's list of files, and a line.
    let files = try #require(try data(page)["files"] as? [String])
    let fields = try #require(store["f"] as? [[String]]).map { field in
      let place = field[2].split(separator: ":")
      return [field[0], field[1], files[Int(place[0]) ?? 0] + ":" + place[1], field[3]]
    }
    #expect(files.count == 3 && Set(files).count == 3, "each file once: \(files)")
    #expect(fields.contains(["scope", "graph", "Tests/DICfgCLITests/Fixtures/diff/app.test.yaml:14", "test"]))
    #expect(fields.contains(["type", "NotesStore", "Tests/DICfgCLITests/Fixtures/diff/app.yaml:18", "base"]))
    #expect(!nodes.contains { $0["i"] as? String == "analytics" })
    let viewModel = try #require(nodes.first { $0["i"] as? String == "viewModel" })
    #expect(viewModel["m"] as? String == "MainActor")
    // Externals are nodes too, and a dependency names its label.
    let session = try #require(nodes.firstIndex { $0["i"] as? String == "session" && $0["s"] as? String == "external" })
    #expect((viewModel["d"] as? [[String]])?.contains([String(session), "session"]) == true)
  }

  @Test func anEnvironmentThatDoesNotCompileIsShownWithItsErrors() throws {
    let folder = try temporaryFolder([
      "app.yaml": "dicfg: 1\nservices:\n  api: { type: Api }\n",
      "app.broken.yaml": "dicfg: 1\nservices:\n  api: { type: Api, init: { log: logger } }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runCommand(["graph", folder.appendingPathComponent("app.yaml").path, "--format", "html"])
    #expect(result.exitCode == 0)
    let environments = try #require(try data(result.standardOutput)["environments"] as? [[String: Any]])
    let broken = try #require(environments.first { $0["name"] as? String == "broken" })
    let errors = try #require(broken["errors"] as? [String])
    #expect(errors.count == 1)
    #expect(errors[0].contains("app.broken.yaml:3:34: ") && errors[0].contains("'logger'"))
  }

  @Test func textThatWouldEndTheScriptIsEscaped() throws {
    let path = try temporaryFile(
      "dicfg: 1\nservices:\n  api: { type: Api, init: { note: { value: \"<!--<script></script><b>\" } } }\n")
    let page = try runCommand(["graph", path, "--format", "html"]).standardOutput
    #expect(page.components(separatedBy: "</script>").count == 3)
    #expect(!page.contains("<!--<script>"))
    #expect(try data(page)["file"] as? String == path)
    let environments = try #require(try data(page)["environments"] as? [[String: Any]])
    let fields = (environments.first?["nodes"] as? [[String: Any]])?.first?["f"] as? [[String]]
    #expect(fields?.contains(["init.note", "{ value: \"<!--<script></script><b>\" }", "0:3", "base"]) == true)
    #expect(try data(page)["files"] as? [String] == [path])
  }

  @Test func theAtlasShowsEveryContainer() throws {
    let result = try runCommand(["graph", base, "--format", "html", "--container", "main"])
    #expect(result.exitCode == 64)
    #expect(result.standardError == "error: --container draws DOT or Mermaid; the atlas shows every container\n")
  }
}
