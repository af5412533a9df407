import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct StructureTests {
  @Test func emptyFileNeedsAVersion() {
    let (result, _) = compile("# nothing here\n")
    #expect(summaries(result.diagnostics) == ["unsupported-version@1:1"])
    #expect(result.diagnostics.first?.message == "the file has no content; a graph file starts with 'dicfg: 1'")
    #expect(result.plan == nil)
  }

  @Test func missingAndUnsupportedVersions() {
    let (missing, files) = compile("1️⃣services: {}\n")
    #expect(summaries(missing.diagnostics) == [at(.unsupportedVersion, files["app.yaml", "1️⃣"])])
    let (wrong, wrongFiles) = compile("dicfg: 1️⃣2\n")
    #expect(summaries(wrong.diagnostics) == [at(.unsupportedVersion, wrongFiles["app.yaml", "1️⃣"])])
    #expect(wrong.diagnostics.first?.message == "'dicfg: 2' is not a supported version; this dicfg reads 'dicfg: 1'")
    let (quoted, _) = compile("dicfg: \"1\"\n")
    #expect(quoted.diagnostics.map(\.code) == [.unsupportedVersion])
  }

  @Test func theMissingVersionAdviceIsWrittenForTheFilesFormat() {
    let (yaml, yamlFiles) = compile("1️⃣services: {}\n")
    #expect(
      yaml.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unsupportedVersion, at: yamlFiles["app.yaml", "1️⃣"], "missing 'dicfg: 1'; add it as the file's first line")
      ])
    let files = MarkedFiles(["app.json": "1️⃣{ \"services\": {} }\n"])
    let json = compile(files, file: "app.json")
    #expect(
      json.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unsupportedVersion, at: files["app.json", "1️⃣"],
          "missing \"dicfg\": 1; add it as the object's first member ('{ \"dicfg\": 1, … }')")
      ])
  }

  @Test func idsAndLabelsAreLettersDigitsAndUnderscoresNotStartingWithADigit() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        _ok1: { type: Leaf }
        A_b2: { type: Leaf, init: { _x9: { value: 1 } } }
        1️⃣9lives: { type: Leaf }
        2️⃣dash-ed: { type: Leaf }
        3️⃣café: { type: Leaf }
        4️⃣"": { type: Leaf }
        ok: { type: Leaf, init: { 5️⃣2nd: { value: 1 } } }

      """)
    #expect(
      summaries(result.diagnostics)
        == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"].map { at(.invalidValue, files["app.yaml", $0]) })
    #expect(
      result.diagnostics.first?.message
        == "'9lives' is not a valid service id; ids are letters, digits and '_', and do not start with a digit")
  }

  @Test func topLevelMustBeAMapping() {
    let (result, _) = compile("- dicfg\n")
    #expect(summaries(result.diagnostics) == ["invalid-value@1:1"])
  }

  @Test func unknownKeysSuggestTheClosestAllowedKey() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      1️⃣servces: {}
      services:
        api: { type: Api, 2️⃣scpoe: singleton }
      3️⃣zzz: 1
      """)
    #expect(
      summaries(result.diagnostics) == [
        at(.unknownKey, files["app.yaml", "1️⃣"]), at(.unknownKey, files["app.yaml", "2️⃣"]),
        at(.unknownKey, files["app.yaml", "3️⃣"]),
      ])
    #expect(
      result.diagnostics[0].message
        == "unknown key 'servces' at the top level of a graph file; did you mean 'services'?")
    #expect(result.diagnostics[1].message == "unknown key 'scpoe' in service 'api'; did you mean 'scope'?")
    #expect(
      result.diagnostics[2].message.hasPrefix("unknown key 'zzz' at the top level of a graph file; allowed: 'dicfg'"))
  }

  @Test func scalarsAreReadByWhatTheFieldNeeds() {
    let (result, files) = compile("dicfg: 1\nservices:\n  api: { type: Api, scope: 1️⃣no }\n")
    #expect(summaries(result.diagnostics) == [at(.unknownScope, files["app.yaml", "1️⃣"])])
    #expect(result.diagnostics.first?.message.hasPrefix("unknown scope 'no'") == true)
  }

  @Test func containersFormCannotMixWithTopLevelContainerKeys() throws {
    let (result, files) = compile("dicfg: 1\n1️⃣services: {}\n2️⃣containers: {}\n")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(summary(diagnostic) == at(.invalidValue, files["app.yaml", "2️⃣"]))
    #expect(diagnostic.notes.first?.location == files["app.yaml", "1️⃣"])
  }

  @Test func missingTypeIsReportedAtTheServiceKey() {
    let (result, files) = compile("dicfg: 1\nservices:\n  1️⃣api: { scope: singleton }\n")
    #expect(summaries(result.diagnostics) == [at(.missingType, files["app.yaml", "1️⃣"])])
  }

  @Test func invalidValuesAreLocated() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        a: { type: A, as: 1️⃣WeatherClient }
        b: { type: B, eager: 2️⃣yes, scope: singleton }
        c: { type: C, init: 3️⃣[x] }
        d: { type: D, init: { n: 4️⃣42 } }
        e: { type: E, init: { x: 5️⃣{ value: 1, lazy: a } } }
        6️⃣my-service: { type: F }
        g: { type: 7️⃣"1abc" }
        h: { type: H, live: 8️⃣network }
      """)
    #expect(
      summaries(result.diagnostics) == [
        at(.invalidValue, files["app.yaml", "1️⃣"]), at(.invalidValue, files["app.yaml", "2️⃣"]),
        at(.invalidValue, files["app.yaml", "3️⃣"]), at(.invalidValue, files["app.yaml", "4️⃣"]),
        at(.invalidValue, files["app.yaml", "5️⃣"]), at(.invalidValue, files["app.yaml", "6️⃣"]),
        at(.invalidValue, files["app.yaml", "7️⃣"]), at(.invalidValue, files["app.yaml", "8️⃣"]),
      ])
    #expect(result.diagnostics[3].message == "'42' is not a reference; write '{ value: 42 }' for a literal")
  }

  @Test func aServiceMarkedLiveIsLiveInThePlan() throws {
    let (result, _) = compile("dicfg: 1\nservices:\n  a: { type: A, live: true }\n  b: { type: B, live: false }\n")
    #expect(result.diagnostics.isEmpty)
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services.map(\.live) == [true, false])
  }

  @Test func sharedScopeIsAmbiguousAndSaysWhatEachLibraryMeant() {
    let (result, files) = compile("dicfg: 1\nservices:\n  api: { type: Api, scope: 1️⃣shared }\n")
    #expect(summaries(result.diagnostics) == [at(.ambiguousScope, files["app.yaml", "1️⃣"])])
    let message = result.diagnostics.first?.message ?? ""
    #expect(message.contains("'singleton' in Pilgrim") && message.contains("'weak' in Resolver"))
    #expect(message.contains("'graph' in Dip"))
  }

  @Test(arguments: [
    ("objectGraph", ScopeKind.graph), ("unShared", .unique), ("transient", .unique), ("prototype", .unique),
    ("application", .singleton), ("container", .singleton), ("weakShared", .weak), ("weakSingleton", .weak),
    ("cached", .cached), ("session", .custom("session")),
  ])
  func acceptsTheSeedsScopeNames(name: String, kind: ScopeKind) throws {
    let (result, _) = compile("dicfg: 1\nscopes: { session: {} }\nservices:\n  api: { type: Api, scope: \(name) }\n")
    #expect(result.diagnostics.isEmpty)
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services[0].scope == kind)
  }

  @Test func defaultScopeAppliesToServicesWithoutOne() throws {
    let (result, _) = compile(
      "dicfg: 1\ndefaultScope: unique\nservices:\n  a: { type: A }\n  b: { type: B, scope: graph }\n")
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services.map(\.scope) == [.unique, .graph])
  }

  @Test func eagerNeedsSingleton() {
    let (result, files) = compile("dicfg: 1\nservices:\n  a: { type: A, scope: weak, eager: 1️⃣true }\n")
    #expect(summaries(result.diagnostics) == [at(.eagerNotSingleton, files["app.yaml", "1️⃣"])])
  }
}
