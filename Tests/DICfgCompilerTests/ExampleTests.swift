import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgLoader
import DICfgTestSupport
import Foundation
import Testing

private let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
private let repositoryRoot = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent()
  .deletingLastPathComponent().path

/// Reads paths relative to the repository root, and names files by those relative paths, so
/// plans and diagnostics are the same on every checkout.
struct RepositoryFileSystem: GraphFileSystem {
  func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    guard let data = FileManager.default.contents(atPath: repositoryRoot + "/" + path) else {
      return LoadedFile.unreadable(path, reason: "no such file")
    }
    return loader.load(bytes: Array(data), path: path)
  }

  func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: repositoryRoot + "/" + path)
  }
}

/// Every valid example folder with each environment it has: `(folder, nil)` for the base alone.
private func exampleCases() -> [String] {
  let root = repositoryRoot + "/config-examples"
  let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
    .filter { $0 != "invalid" && FileManager.default.fileExists(atPath: "\(root)/\($0)/app.yaml") }
    .sorted()
  return folders.flatMap { folder in
    let environments = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? [])
      .compactMap { Paths.environmentLayer(of: "\(folder)/\($0)")?.environment }
      .sorted()
    return [folder] + environments.map { "\(folder)@\($0)" }
  }
}

@Suite struct ExampleTests {
  @Test(arguments: exampleCases())
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
  @Test(arguments: exampleCases().filter { !$0.contains("@") })
  func embeddedStatementsWriteEveryPlanOfTheExample(example: String) throws {
    let file = "config-examples/\(example)/app.yaml"
    let root = repositoryRoot + "/config-examples/\(example)"
    let environments = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
      .compactMap { Paths.environmentLayer(of: "\(example)/\($0)")?.environment }.sorted()
    let compiler = GraphCompiler(fileSystem: RepositoryFileSystem())
    let variants = try ([nil] + environments).map { environment in
      let request = CompileRequest(file: file, environments: environment.map { [$0] } ?? [], environmentVariables: [:])
      return RegistryGenerator.Variant(environment: environment, plan: try #require(compiler.compile(request).plan))
    }
    let model = RegistryGenerator(sources: [file]).translate(variants)
    for variant in variants {
      #expect(
        try embeddedPlan(model, environment: variant.environment) == variant.plan, "\(variant.environment ?? "base")")
    }
  }

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
