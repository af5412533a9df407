import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

@Suite struct CompileAndSchemaCommandTests {
  @Test func compilesTheSamePlanEveryTime() throws {
    let first = try runCommand(["compile", "config-examples/weather/app.yaml", "--env", "test"])
    let second = try runCommand(["compile", "config-examples/weather/app.yaml", "--env", "test"])
    #expect(first.exitCode == 0)
    #expect(first.standardOutput == second.standardOutput)
    let plan = try ResolutionPlan(jsonText: first.standardOutput)
    #expect(plan.containers[0].services[0].type == "StubWeatherClient")
  }

  @Test func writesThePlanToAFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-plan-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runCommand(["compile", "config-examples/knights/app.yaml", "-o", path])
    #expect(result.exitCode == 0)
    #expect(result.standardOutput.isEmpty)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try ResolutionPlan(jsonText: written).containers[0].aliases.map(\.id) == ["damselQuest"])
  }

  @Test func schemaCommandPrintsTheShippedSchema() throws {
    let shipped = try String(contentsOfFile: repositoryRoot + "/schema/dicfg.schema.json", encoding: .utf8)
    let printed = try runCommand(["schema"]).standardOutput
    #expect(printed == shipped, "run Scripts/embed-schema.sh after editing schema/dicfg.schema.json")
  }
}
