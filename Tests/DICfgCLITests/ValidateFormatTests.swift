import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ValidateFormatTests {
  @Test func sarifCarriesRulesResultsAndRelatedLocations() throws {
    let result = try runCommand(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "sarif"])
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
    let result = try runCommand(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "json"])
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
    let result = try runCommand(["validate", "config-examples/invalid/unknown-reference.yaml", "--format", "github"])
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
    let result = try runCommand(["validate", "config-examples/environments/app.yaml", "--all-envs"])
    #expect(result.exitCode == 0)
    #expect(result.standardError == "no errors or warnings in 3 files\n")
    let layer = try runCommand(["validate", "config-examples/environments/app.test.yaml"])
    #expect(layer.standardError == "no errors or warnings in 2 files\n", "a layer is validated on its base")
  }

  @Test func aMisspeltEnvironmentFailsValidationWithTheClosestOne() throws {
    let result = try runCommand(["validate", "config-examples/environments/app.yaml", "--env", "prodution"])
    #expect(result.exitCode == 1)
    #expect(
      result.standardError.hasPrefix(
        "config-examples/environments/app.yaml:1:1: error: environment 'prodution' has no layer: there is no "
          + "'config-examples/environments/app.prodution.yaml'; did you mean 'production'? [#unknown-environment]\n"))
  }

  @Test func theTextOutputStopsAtTheErrorLimitAndSaysHowManyItLeftOut() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-flood-\(UUID()).yaml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let services = (0..<25).map { "  s\($0): { type: T, init: { a: mising\($0) } }" }
    try ("dicfg: 1\nparameters:\n  unused: 1\nservices:\n" + services.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let limited = try runCommand(["validate", path])
    let lines = limited.standardError.split(separator: "\n")
    #expect(lines.count { $0.contains(": error: ") } == 20)
    #expect(lines.count { $0.contains(": warning: ") } == 1, "the warning comes first, on line 3")
    #expect(
      lines.suffix(2) == [
        "note: stopped after 20 errors; 5 more errors left out ('--error-limit 0' shows them all, '--format json' "
          + "lists every finding)",
        "25 errors, 1 warning in 1 file",
      ])
    let unlimited = try runCommand(["validate", path, "--error-limit", "0"])
    #expect(unlimited.standardError.split(separator: "\n").count { $0.contains(": error: ") } == 25)
    #expect(!unlimited.standardError.contains("note: stopped"))
    let json = try runCommand(["validate", path, "--format", "json"])
    #expect(json.standardOutput.components(separatedBy: "\"unknown-reference\"").count - 1 == 25)
    #expect(limited.exitCode == 1 && unlimited.exitCode == 1 && json.exitCode == 1)
  }

  @Test func allEnvsSaysWhichEnvironmentAFindingComesWith() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-envs-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "dicfg: 1\nservices:\n  client: { type: Client }\n  report: { type: Report, init: { client: client } }\n"
      .write(toFile: folder + "/app.yaml", atomically: true, encoding: .utf8)
    try "dicfg: 1\nservices:\n  client: null\n".write(
      toFile: folder + "/app.test.yaml", atomically: true, encoding: .utf8)
    try "dicfg: 1\nservices:\n  client: { scope: singleton }\n".write(
      toFile: folder + "/app.production.yaml", atomically: true, encoding: .utf8)
    let result = try runCommand(["validate", folder + "/app.yaml", "--all-envs"])
    #expect(result.exitCode == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count { $0.contains(": error: ") } == 1)
    #expect(
      lines.first?.hasPrefix(folder + "/app.test.yaml:3:3: error: this override removes service 'client'") == true)
    #expect(
      lines.contains(
        "note: with environment 'test' (\(folder)/app.test.yaml); '\(folder)/app.yaml' alone does not have it"))
  }

  @Test func strictTurnsWarningsIntoFailure() throws {
    let relaxed = try runCommand(["validate", "config-examples/invalid/unused-parameter.yaml"])
    #expect(relaxed.exitCode == 0)
    let strict = try runCommand(["validate", "config-examples/invalid/unused-parameter.yaml", "--strict"])
    #expect(strict.exitCode == 1)
  }

  @Test func registryManifestRunsTheLinkChecks() throws {
    var registry = Registry()
    try registry.register({ () -> Int in 0 }, typeName: "OpenWeatherClient")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-manifest-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(try registry.manifest().jsonText().utf8).write(to: URL(fileURLWithPath: path))
    let result = try runCommand([
      "validate", "config-examples/weather/app.yaml", "--registry", path, "--format", "json",
    ])
    #expect(result.exitCode == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let codes = (document["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    #expect(codes.first == "factory-mismatch", "OpenWeatherClient is registered with no arguments")
    #expect(codes.filter { $0 == "unregistered-type" }.count == 6)
    let missing = try runCommand(["validate", "config-examples/weather/app.yaml", "--registry", "/nonexistent.json"])
    #expect(missing.exitCode == 1)
    #expect(missing.standardError.contains("cannot read registry manifest '/nonexistent.json'"))
  }

  @Test func registryManifestChecksIsolationAgainstTheGraphFile() throws {
    // The wireframes of the Dip example are main-actor; a registry of nonisolated factories disagrees.
    var registry = Registry()
    try registry.register({ () -> Int in 0 }, typeName: "CoreDataStore")
    try registry.register({ (_: Int) -> Int in 0 }, typeName: "EventsListWireframe", labels: ["dataStore"])
    try registry.register({ () -> Int in 0 }, typeName: "AddEventWireframe")
    try registry.property("addEventWireframe", of: Int.self, typeName: "EventsListWireframe") { (_: Int, _: Int) in }
    try registry.property("eventsListWireframe", of: Int.self, typeName: "AddEventWireframe") { (_: Int, _: Int) in }
    try registry.property("dataStore", of: Int.self, typeName: "AddEventWireframe") { (_: Int, _: Int) in }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-manifest-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(try registry.manifest().jsonText().utf8).write(to: URL(fileURLWithPath: path))
    let result = try runCommand(["validate", "config-examples/dip-collaboration/app.yaml", "--registry", path])
    #expect(result.exitCode == 1)
    let errors: [String] = result.standardError.split(separator: "\n").map(String.init).filter {
      $0.contains(": error: ")
    }
    let fix = "register the @MainActor initializer with 'register(mainActor:)', or remove 'isolation: MainActor'"
    let first: String =
      "config-examples/dip-collaboration/app.yaml:12:7: error: service 'eventsListWireframe' says 'isolation: "
      + "MainActor', but the factory registered for 'EventsListWireframe' is nonisolated; \(fix) [#isolation-mismatch]"
    let second: String =
      "config-examples/dip-collaboration/app.yaml:20:7: error: service 'addEventWireframe' says 'isolation: "
      + "MainActor', but the factory registered for 'AddEventWireframe' is nonisolated; \(fix) [#isolation-mismatch]"
    #expect(errors == [first, second])
  }
}
