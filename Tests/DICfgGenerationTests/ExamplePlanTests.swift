import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgPlanning
import DICfgTestSupport
import Foundation
import Testing

/// The generator's embedded statements over the repository's examples: each plan written back whole.
@Suite struct ExamplePlanTests {
  @Test(arguments: RepositoryFiles.exampleCases().filter { !$0.contains("@") })
  func embeddedStatementsWriteEveryPlanOfTheExample(example: String) throws {
    let file = "config-examples/\(example)/app.yaml"
    let root = RepositoryFiles.root + "/config-examples/\(example)"
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
}
