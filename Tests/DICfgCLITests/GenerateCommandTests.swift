import DICfgCLI
import DICfgTestSupport
import Foundation
import Testing

/// The folders of config-examples/ holding a graph file with Swift types behind it.
private let examples = [
  "weather", "dip-collaboration", "saber-externals", "resolver-scopes", "knights", "environments",
  "swinject", "reference",
]

@Suite struct GenerateCommandTests {
  @Test(arguments: examples)
  func writesTheRegistrationOfEveryExample(example: String) throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand(["generate", "config-examples/\(example)/app.yaml", "--all-envs", "--output", output])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8).replacingOccurrences(
      of: repositoryRoot + "/", with: "")
    expectGolden(text, "generated/\(example).swift.txt")
  }

  @Test func aGraphFileErrorIsReportedAsValidateReportsItAndNothingIsWritten() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    let result = try runCommand([
      "generate", "config-examples/invalid/unknown-reference.yaml", "--output", output, "--color", "never",
    ])
    let validate = try runCommand(["validate", "config-examples/invalid/unknown-reference.yaml", "--color", "never"])
    #expect(result.exitCode == 1)
    #expect(result.standardError == validate.standardError)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func optionsSetTheAccessLevelAndTheImports() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand([
      "generate", "config-examples/knights/app.yaml", "--output", output, "--access", "public", "--import", "Knights",
      "--import", "Quests",
    ])
    #expect(result.exitCode == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("import DICfgCore\nimport DICfgRuntime\nimport Knights\nimport Quests\n"))
    #expect(text.contains("  public static func fromGraphFile() throws -> Registry {"))
    #expect(text.contains("  public static func graphFilePlan(environment: String? = nil) throws -> ResolutionPlan {"))
  }

  /// Generates from `arguments` into a temporary file and returns its text.
  private func generated(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-generate-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try runCommand(["generate"] + arguments + ["--output", output])
    #expect(result.exitCode == 0, "\(result.standardError)")
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  @Test func envStacksALayerUnderThePlanAsInValidate() throws {
    let base = try generated(["config-examples/environments/app.yaml"])
    let production = try generated(["config-examples/environments/app.yaml", "--env", "production"])
    #expect(!base.contains("FirebaseAnalytics"))
    #expect(production.contains("FirebaseAnalytics.init"), "the layer's services are registered")
    #expect(production.contains("    case nil:\n"))
    #expect(!production.contains("case \"production\":"), "'--env' adds no plan of its own, as it adds no check")
    #expect(production.contains("the plans are \" + \"base\""))
  }

  @Test func aLayerNamedOnTheCommandLineAddsItsPlanAsInValidate() throws {
    let text = try generated([
      "config-examples/environments/app.yaml", "config-examples/environments/app.production.yaml",
    ])
    #expect(text.contains("    case nil:\n"))
    #expect(text.contains("    case \"production\":\n"))
    #expect(!text.contains("case \"test\":"))
    #expect(text.contains("the plans are \" + \"base, production\""), "a wrong environment's error lists the plans")
  }
}
