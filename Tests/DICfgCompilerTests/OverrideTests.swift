import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct OverrideTests {
  private let base = """
    dicfg: 1
    services:
      weatherClient: { type: OpenWeatherClient, as: [WeatherClient], scope: singleton, init: { key: $key, retries: { value: 3 } } }
      analytics: { type: Analytics }
      report: { type: Report, init: { client: WeatherClient } }
    parameters:
      key: abc
    """

  @Test func environmentLayerReplacesPatchesAndDeletes() throws {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.test.yaml": """
      dicfg: 1
      services:
        weatherClient: { type: StubWeatherClient, as: [WeatherClient] }
        analytics: null
        report: { scope: 1️⃣unique }
      """,
    ])
    let result = compile(files, environments: ["test"])
    #expect(result.diagnostics.map(\.code) == [.unusedParameter], "the stub no longer uses '$key'")
    let plan = try #require(result.plan)
    let services = plan.containers[0].services
    #expect(services.map(\.id) == ["weatherClient", "report"])
    #expect(services[0].type == "StubWeatherClient")
    #expect(services[0].initializer.isEmpty, "a full definition does not inherit the old init")
    #expect(services[0].scope == .graph)
    #expect(services[1].scope == .unique)
    #expect(services[1].location.file == "app.yaml")
    #expect(result.fileOrder == ["app.yaml", "app.test.yaml"])
  }

  @Test func overridePatchMergesArgumentsAndNullDeletesOne() throws {
    let files = MarkedFiles([
      "app.yaml": base,
      "patch.yaml": "dicfg: 1\nservices:\n  weatherClient: { init: { retries: null, timeout: { value: 9 } } }\n",
    ])
    let result = compile(files, overrides: ["patch.yaml"])
    let plan = try #require(result.plan)
    let client = plan.containers[0].services[0]
    #expect(client.initializer.map(\.label) == ["key", "timeout"])
    #expect(client.initializer[1].location.file == "patch.yaml")
    #expect(client.type == "OpenWeatherClient")
  }

  @Test func patchingAServiceTheLayersBelowLackIsAnErrorWithDidYouMean() {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.prod.yaml": "dicfg: 1\nservices:\n  1️⃣wetherClient: { scope: unique }\n  2️⃣ghost: null\n",
    ])
    let result = compile(files, environments: ["prod"])
    #expect(
      summaries(result.diagnostics) == [
        at(.overrideMissingService, files["app.prod.yaml", "1️⃣"]),
        at(.overrideMissingService, files["app.prod.yaml", "2️⃣"]),
      ])
    #expect(result.diagnostics[0].message.hasSuffix("did you mean 'weatherClient'?"))
  }

  /// A layer that removes a service others still request: one error at the removal, whose line is
  /// the one to change, with each request as a note, instead of one error per requester naming no
  /// layer.
  @Test func removingAServiceStillRequestedIsOneErrorAtTheRemoval() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        clock: { type: Clock }
        timer: { type: Timer, init: { clock: 2️⃣clock } }
        alarm: { type: Alarm, init: { clock: 3️⃣clock } }
        other: { type: Other, init: { missing: 4️⃣nowhere } }
      """,
      "app.test.yaml": "dicfg: 1\nservices:\n  1️⃣clock: null\n",
    ])
    let result = compile(files, environments: ["test"])
    #expect(
      summaries(result.diagnostics) == [
        at(.unknownReference, files["app.test.yaml", "1️⃣"]), at(.unknownReference, files["app.yaml", "4️⃣"]),
      ])
    let removal = try #require(result.diagnostics.first)
    #expect(
      removal.message
        == "this override removes service 'clock', which 2 requests still name; remove those requests in this layer "
        + "too, or replace 'clock' (give it a 'type') instead of removing it")
    #expect(removal.notes.map(\.location) == [files["app.yaml", "2️⃣"], files["app.yaml", "3️⃣"]])
    #expect(removal.notes.first?.message == "'clock' is requested here")
  }

  @Test func diagnosticPointsIntoTheLayerThatSetTheValue() {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.prod.yaml": "dicfg: 1\nservices:\n  report: { init: { client: 1️⃣WeatherClint } }\n",
    ])
    let result = compile(files, environments: ["prod"])
    #expect(summaries(result.diagnostics) == [at(.unknownReference, files["app.prod.yaml", "1️⃣"])])
    #expect(result.diagnostics.first?.notes.map(\.message) == ["'report' is defined here"])
    #expect(result.diagnostics.first?.notes.first?.location?.file == "app.yaml")
  }

  @Test func anEnvironmentWithNoLayerIsAnErrorWithTheClosestOneThatExists() throws {
    let files = MarkedFiles([
      "config/app.yaml": "dicfg: 1\nimports: [core.yaml]\nservices:\n  report: { type: Report }\n",
      "config/core.yaml": "dicfg: 1\nservices:\n  client: { type: Client }\n",
      "config/core.production.yaml": "dicfg: 1\nservices:\n  client: { type: ProductionClient }\n",
      "config/app.test.yaml": "dicfg: 1\nservices:\n  report: { type: TestReport }\n",
    ])
    let misspelt = compile(files, file: "config/app.yaml", environments: ["prodution"])
    #expect(
      misspelt.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownEnvironment, at: SourceLocation(file: "config/app.yaml", line: 1, column: 1, offset: 0),
          "environment 'prodution' has no layer: there is no 'config/app.prodution.yaml', nor one beside a file it "
            + "imports; did you mean 'production'?")
      ])
    #expect(misspelt.plan == nil)
    let unlike = compile(files, file: "config/app.yaml", environments: ["staging"])
    #expect(
      unlike.diagnostics.first?.message.hasSuffix("; the environments beside it are 'production', 'test'") == true)
    #expect(compile(files, file: "config/app.yaml", environments: ["production"]).diagnostics.isEmpty)
    let none = compile(MarkedFiles(["app.yaml": base]), environments: ["staging"])
    #expect(
      none.diagnostics.map(\.message) == [
        "environment 'staging' has no layer: there is no 'app.staging.yaml'; no environment layer exists beside it; "
          + "create 'app.staging.yaml' or leave the environment out"
      ])
  }

  @Test func anOverrideOfAServiceOfAnotherContainerSaysWhereItIs() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      containers:
        root:
          services:
            2️⃣dataStore: { type: CoreDataStore }
        eventsList:
          services:
            wireframe: { type: Wireframe }
      """,
      "app.test.yaml": """
      dicfg: 1
      containers:
        eventsList:
          services:
            1️⃣dataStore: { scope: unique }
      """,
    ])
    let result = compile(files, environments: ["test"])
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .overrideMissingService, at: files["app.test.yaml", "1️⃣"],
          "this override patches service 'dataStore' of container 'eventsList', but 'dataStore' is defined in "
            + "container 'root'; move it under 'containers: root: services:'")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == files["app.yaml", "2️⃣"])
  }
}
