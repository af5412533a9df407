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
