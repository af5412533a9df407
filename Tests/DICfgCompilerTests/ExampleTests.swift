import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgPlanning
import DICfgTestSupport
import Foundation
import Testing

private let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
private let repositoryRoot = RepositoryFiles.root

@Suite struct ExampleTests {
  @Test(arguments: RepositoryFiles.exampleCases())
  func compilesWithoutFindingsAndMatchesItsGoldenPlan(example: String) throws {
    let parts = example.split(separator: "@").map(String.init)
    let result = GraphCompiler(fileSystem: RepositoryFileSystem()).compile(
      CompileRequest(
        file: "config-examples/\(parts[0])/app.yaml", environments: Array(parts.dropFirst()),
        environmentVariables: [:]))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(DiagnosticRenderer.headline))")
    let plan = try #require(result.plan)
    let json = try plan.jsonText()
    let mismatch = goldenMismatch(json, golden: "\(testsDirectory)/Golden/\(example).plan.json")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    #expect(try ResolutionPlan(jsonText: json) == plan, "the plan reads back as written")
  }

  /// The statements a generated container writes its plans with give back every plan: the base in
  /// full, and each environment as its layer's changes to the base.
  @Test func compilingTwiceGivesTheSameBytes() throws {
    let request = CompileRequest(file: "config-examples/weather/app.yaml", environments: ["test"])
    let first = try #require(GraphCompiler(fileSystem: RepositoryFileSystem()).compile(request).plan).jsonText()
    let second = try #require(GraphCompiler(fileSystem: RepositoryFileSystem()).compile(request).plan).jsonText()
    #expect(first == second)
  }

  @Test func compiledPlanHoldsNoEnvironmentValues() throws {
    let result = GraphCompiler(fileSystem: RepositoryFileSystem()).compile(
      CompileRequest(file: "config-examples/environments/app.yaml", environmentVariables: ["API_TOKEN": "s3cret"]))
    let json = try #require(result.plan).jsonText()
    #expect(!json.contains("s3cret"))
    #expect(json.contains("\"name\" : \"API_TOKEN\""))
  }
}
