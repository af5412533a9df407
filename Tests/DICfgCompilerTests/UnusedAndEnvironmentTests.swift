import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct UnusedAndEnvironmentTests {
  @Test func unusedExternalsAndParametersAreWarnings() {
    let (result, files) = compile(
      """
      dicfg: 1
      parameters: { 1️⃣timeout: 3 }
      externals: { 2️⃣logger: { type: Logger, retain: weak, optional: true } }
      services: {}
      """)
    #expect(
      summaries(result.diagnostics) == [
        at(.unusedParameter, files["app.yaml", "1️⃣"]), at(.unusedExternal, files["app.yaml", "2️⃣"]),
      ])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
  }

  /// A layer's misspelt parameter would leave the environment on the base's value: an error with
  /// the closest parameter the base declares. A layer's new parameter that its service uses, and a
  /// base parameter the layer sets again, are no finding.
  @Test func aLayersParameterTheBaseDoesNotDeclareAndNothingUsesIsAnError() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { baseURL: "https://api.example.com", retries: 3 }
      services:
        client: { type: Client, init: { baseURL: $baseURL, retries: $retries } }
      """,
      "app.dev.yaml": """
      dicfg: 1
      parameters: { 1️⃣baseULR: "http://localhost", retries: 5, 2️⃣verbose: true, logLevel: debug }
      services:
        logger: { type: Logger, init: { level: $logLevel } }
      """,
    ])
    let dev = compile(files, environments: ["dev"])
    #expect(
      summaries(dev.diagnostics) == [
        at(.overrideMissingParameter, files["app.dev.yaml", "1️⃣"]),
        at(.overrideMissingParameter, files["app.dev.yaml", "2️⃣"]),
      ])
    #expect(
      dev.diagnostics.first?.message
        == "this override sets parameter 'baseULR', which no layer below declares and nothing uses; did you mean "
        + "'baseURL'?")
    #expect(
      dev.diagnostics.last?.message
        == "this override sets parameter 'verbose', which no layer below declares and nothing uses; refer to it as "
        + "'$verbose' or remove it")
    #expect(dev.diagnostics.allSatisfy { $0.severity == .error })
    #expect(compile(files).diagnostics.isEmpty)
  }

  @Test func unsetEnvironmentVariableWithoutDefaultIsAWarning() throws {
    let text = """
      dicfg: 1
      parameters:
        key: 1️⃣${API_KEY}
        region: ${REGION:-eu-west-1}
        price: $$5
      services:
        a: { type: A, init: { k: $key, r: $region, p: $price } }
      """
    let (unset, files) = compile(text)
    #expect(summaries(unset.diagnostics) == [at(.unsetEnvironmentVariable, files["app.yaml", "1️⃣"])])
    let (set, _) = compile(text, variables: ["API_KEY": "secret"])
    #expect(set.diagnostics.isEmpty)
    let plan = try #require(set.plan)
    #expect(
      plan.parameters[0].value == .environment(segments: [.variable(name: "API_KEY", defaultValue: nil)], typed: true))
    #expect(
      plan.parameters[1].value
        == .environment(segments: [.variable(name: "REGION", defaultValue: "eu-west-1")], typed: true))
    #expect(plan.parameters[2].value == .literal(.string("$5")))
  }
}
