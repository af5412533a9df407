import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

private let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
private let repositoryRoot = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent()
  .deletingLastPathComponent().path

/// Runs a command in-process with paths given relative to the repository and shown that way.
private func run(_ arguments: [String]) throws -> CommandResult {
  let absolute = arguments.map { $0.hasPrefix("config-examples/") ? repositoryRoot + "/" + $0 : $0 }
  let command = try DICfgCommand.parseAsRoot(absolute)
  var result: CommandResult
  switch command {
  case let command as ValidateCommand: result = command.execute()
  case let command as GraphCommand: result = command.execute()
  case let command as ExplainCommand: result = command.execute()
  case let command as CompileCommand: result = command.execute()
  case let command as SchemaCommand: result = command.execute()
  default: throw ValidationError("no such command in the tests")
  }
  result.standardOutput = result.standardOutput.replacingOccurrences(of: repositoryRoot + "/", with: "")
  result.standardError = result.standardError.replacingOccurrences(of: repositoryRoot + "/", with: "")
  return result
}

private func expectGolden(_ text: String, _ name: String) {
  let mismatch = goldenMismatch(text, golden: "\(testsDirectory)/Golden/\(name)")
  #expect(mismatch == nil, "\(mismatch ?? "")")
}

@Suite struct GraphCommandTests {
  @Test(arguments: ["weather", "dip-collaboration", "saber-externals", "resolver-scopes"])
  func drawsDOTAndMermaid(example: String) throws {
    let dot = try run(["graph", "config-examples/\(example)/app.yaml"])
    #expect(dot.exitCode == 0)
    expectGolden(dot.standardOutput, "graph-\(example).dot")
    let mermaid = try run(["graph", "config-examples/\(example)/app.yaml", "--format", "mermaid"])
    #expect(mermaid.exitCode == 0)
    expectGolden(mermaid.standardOutput, "graph-\(example).mmd")
  }

  @Test func oneContainerWithWhatItUses() throws {
    let result = try run(["graph", "config-examples/dip-collaboration/app.yaml", "--container", "addEvent"])
    expectGolden(result.standardOutput, "graph-dip-collaboration-addEvent.dot")
    let unknown = try run(["graph", "config-examples/dip-collaboration/app.yaml", "--container", "addEvnt"])
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
      let dot = try run(["graph", "config-examples/\(example)/app.yaml"]).standardOutput
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
    let result = try run(["graph", "config-examples/invalid/unknown-reference.yaml"])
    #expect(result.exitCode == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("[#unknown-reference]"))
  }
}

@Suite struct ExplainCommandTests {
  @Test func showsTheLayerThatSetEachFieldAndTheEdges() throws {
    let result = try run(["explain", "config-examples/environments/app.yaml", "userRepository", "--env", "production"])
    #expect(result.exitCode == 0)
    expectGolden(result.standardOutput, "explain-environments-production-userRepository.txt")
    #expect(
      result.standardOutput.contains(
        "scope: cached                             config-examples/environments/app.production.yaml:11:5"))
  }

  @Test func explainsServicesAcrossContainersAndAliases() throws {
    let wireframe = try run(["explain", "config-examples/dip-collaboration/app.yaml", "eventsListWireframe"])
    expectGolden(wireframe.standardOutput, "explain-dip-eventsListWireframe.txt")
    let alias = try run(["explain", "config-examples/knights/app.yaml", "damselQuest"])
    #expect(alias.standardOutput.hasPrefix("alias 'damselQuest' (container 'main')"))
    #expect(alias.standardOutput.contains("names service 'holyGrailQuest'"))
  }

  @Test func unknownServiceSuggestsTheClosest() throws {
    let result = try run(["explain", "config-examples/weather/app.yaml", "weatherClinet"])
    #expect(result.exitCode == 1)
    #expect(result.standardError.hasSuffix("did you mean 'weatherClient'?\n"))
  }
}

@Suite struct CompileAndSchemaCommandTests {
  @Test func compilesTheSamePlanEveryTime() throws {
    let first = try run(["compile", "config-examples/weather/app.yaml", "--env", "test"])
    let second = try run(["compile", "config-examples/weather/app.yaml", "--env", "test"])
    #expect(first.exitCode == 0)
    #expect(first.standardOutput == second.standardOutput)
    let plan = try ResolutionPlan(jsonText: first.standardOutput)
    #expect(plan.containers[0].services[0].type == "StubWeatherClient")
  }

  @Test func writesThePlanToAFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-plan-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try run(["compile", "config-examples/knights/app.yaml", "-o", path])
    #expect(result.exitCode == 0)
    #expect(result.standardOutput.isEmpty)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try ResolutionPlan(jsonText: written).containers[0].aliases.map(\.id) == ["damselQuest"])
  }

  @Test func schemaCommandPrintsTheShippedSchema() throws {
    let shipped = try String(contentsOfFile: repositoryRoot + "/schema/dicfg.schema.json", encoding: .utf8)
    let printed = try run(["schema"]).standardOutput
    #expect(printed == shipped, "run Scripts/embed-schema.sh after editing schema/dicfg.schema.json")
  }
}

@Suite struct ValidateFormatTests {
  @Test func sarifCarriesRulesResultsAndRelatedLocations() throws {
    let result = try run(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "sarif"])
    #expect(result.exitCode == 1)
    expectGolden(result.standardOutput, "validate-unknown-reference.sarif")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.first?["ruleId"] as? String == "unknown-reference")
    #expect((results.first?["relatedLocations"] as? [Any])?.count == 1)
  }

  @Test func plantedTypoGivesTheSameFindingsAsJSONData() throws {
    let result = try run(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "json"])
    #expect(result.exitCode == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let diagnostic = try #require((document["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["code"] as? String == "unknown-reference")
    #expect(diagnostic["severity"] as? String == "error")
    #expect((diagnostic["message"] as? String)?.hasSuffix("did you mean 'httpClient'?") == true)
    let location = try #require(diagnostic["location"] as? [String: Any])
    #expect(location["line"] as? Int == 6)
    #expect(location["column"] as? Int == 19)
    let notes = try #require(diagnostic["notes"] as? [[String: Any]])
    #expect(notes.first?["message"] as? String == "'userRepo' is requested by argument 'repo' of 'loginViewModel'")
    #expect((notes.first?["location"] as? [String: Any])?["line"] as? Int == 9)
  }

  @Test func githubAnnotationsEscapeTheirText() throws {
    let result = try run(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "github"])
    #expect(result.exitCode == 1)
    #expect(
      result.standardOutput.hasPrefix(
        "::error file=config-examples/invalid/unknown-reference.yaml,line=6,col=19,title=dicfg unknown-reference::argument 'http' of 'userRepo' refers to 'httpClinet'"
      ))
    #expect(
      result.standardOutput.contains(
        "%0Aconfig-examples/invalid/unknown-reference.yaml:9:19: note: 'userRepo' is requested"))
    #expect(result.standardOutput.split(separator: "\n").count == 1)
  }

  @Test func allEnvsValidatesTheBaseAndEveryEnvironment() throws {
    let result = try run(["validate", "config-examples/environments/app.yaml", "--all-envs"])
    #expect(result.exitCode == 0)
    #expect(result.standardError == "no errors or warnings in 3 files\n")
    let layer = try run(["validate", "config-examples/environments/app.test.yaml"])
    #expect(layer.standardError == "no errors or warnings in 2 files\n", "a layer is validated on its base")
  }

  @Test func strictTurnsWarningsIntoFailure() throws {
    let relaxed = try run(["validate", "config-examples/invalid/unused-parameter.yaml"])
    #expect(relaxed.exitCode == 0)
    let strict = try run(["validate", "config-examples/invalid/unused-parameter.yaml", "--strict"])
    #expect(strict.exitCode == 1)
  }

  @Test func registryManifestRunsTheLinkChecks() throws {
    var registry = Registry()
    try registry.register({ () -> Int in 0 }, name: "OpenWeatherClient")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-manifest-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(try registry.manifest().jsonText().utf8).write(to: URL(fileURLWithPath: path))
    let result = try run(["validate", "config-examples/weather/app.yaml", "--registry", path, "--format", "json"])
    #expect(result.exitCode == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let codes = (document["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    #expect(codes.first == "factory-mismatch", "OpenWeatherClient is registered with no arguments")
    #expect(codes.filter { $0 == "unregistered-type" }.count == 6)
    let missing = try run(["validate", "config-examples/weather/app.yaml", "--registry", "/nonexistent.json"])
    #expect(missing.exitCode == 1)
    #expect(missing.standardError.contains("cannot read registry manifest '/nonexistent.json'"))
  }
}
