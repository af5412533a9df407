import ArgumentParser
import DICfgCLI
import DICfgCore
import DICfgRuntime
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ExplainCommandTests {
  @Test func showsTheLayerThatSetEachFieldAndTheEdges() throws {
    let result = try runCommand([
      "explain", "config-examples/environments/app.yaml", "userRepository", "--env", "production",
    ])
    #expect(result.exitCode == 0)
    expectGolden(result.standardOutput, "explain-environments-production-userRepository.txt")
    #expect(
      result.standardOutput.contains(
        "scope: cached                             config-examples/environments/app.production.yaml:11:5"))
  }

  @Test func explainsServicesAcrossContainersAndAliases() throws {
    let wireframe = try runCommand(["explain", "config-examples/dip-collaboration/app.yaml", "eventsListWireframe"])
    expectGolden(wireframe.standardOutput, "explain-dip-eventsListWireframe.txt")
    let alias = try runCommand(["explain", "config-examples/knights/app.yaml", "damselQuest"])
    #expect(alias.standardOutput.hasPrefix("alias 'damselQuest' (container 'main')"))
    #expect(alias.standardOutput.contains("names service 'holyGrailQuest'"))
  }

  @Test func unknownServiceSuggestsTheClosest() throws {
    let result = try runCommand(["explain", "config-examples/weather/app.yaml", "weatherClinet"])
    #expect(result.exitCode == 1)
    #expect(result.standardError.hasSuffix("did you mean 'weatherClient'?\n"))
  }
}
