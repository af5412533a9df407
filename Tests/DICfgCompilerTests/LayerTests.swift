import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct ImportTests {
  @Test func importsAreRelativeToTheImportingFile() throws {
    let files = MarkedFiles([
      "config/app.yaml":
        "dicfg: 1\nimports: [core/services.yaml]\nservices:\n  app: { type: App, init: { c: core } }\n",
      "config/core/services.yaml":
        "dicfg: 1\nimports: [../shared.yaml]\nservices:\n  core: { type: Core, init: { s: shared } }\n",
      "config/shared.yaml": "dicfg: 1\nservices:\n  shared: { type: Shared }\n",
    ])
    let result = compile(files, file: "config/app.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services.map(\.id) == ["app", "core", "shared"])
    #expect(plan.containers[0].services[2].location.file == "config/shared.yaml")
  }

  @Test func missingImportIsImportNotFound() {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nimports: [1️⃣nope.yaml]\nservices: {}\n"])
    let result = compile(files)
    #expect(summaries(result.diagnostics) == [at(.importNotFound, files["app.yaml", "1️⃣"])])
  }

  @Test func importCycleIsReportedWhereItCloses() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [1️⃣a.yaml]\nservices: {}\n",
      "a.yaml": "dicfg: 1\nimports: [2️⃣b.yaml]\n",
      "b.yaml": "dicfg: 1\nimports: [3️⃣a.yaml]\n",
    ])
    let result = compile(files)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(summary(diagnostic) == at(.importCycle, files["b.yaml", "3️⃣"]))
    #expect(diagnostic.notes.map(\.location) == [files["a.yaml", "2️⃣"]])
  }

  @Test func sameIdTwiceInOneLayerIsDuplicateService() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [core.yaml]\nservices:\n  1️⃣api: { type: Api }\n",
      "core.yaml": "dicfg: 1\nservices:\n  2️⃣api: { type: OtherApi }\n",
    ])
    let result = compile(files)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(summary(diagnostic) == at(.duplicateService, files["core.yaml", "2️⃣"]))
    #expect(diagnostic.notes.first?.location == files["app.yaml", "1️⃣"])
  }
}

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

  @Test func missingEnvironmentFileIsNotAnError() {
    let files = MarkedFiles(["app.yaml": base])
    #expect(compile(files, environments: ["staging"]).diagnostics.isEmpty)
  }
}

@Suite struct CollaborationTests {
  private let dip = """
    dicfg: 1
    containers:
      root:
        services:
          dataStore: { type: CoreDataStore, as: [DataStore], scope: singleton }
      eventsList:
        collaborators: [addEvent, root]
        services:
          eventsListWireframe:
            type: EventsListWireframe
            init: { dataStore: DataStore }
            properties: { addEventWireframe: AddEventWireframe }
      addEvent:
        collaborators: [eventsList, root]
        services:
          addEventWireframe:
            type: AddEventWireframe
            properties: { eventsListWireframe: EventsListWireframe, dataStore: DataStore }
    """

  @Test func referencesAreFoundInCollaborators() throws {
    let (result, _) = compile(dip)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(plan.containers.map(\.name) == ["root", "eventsList", "addEvent"])
    #expect(plan.containers[1].collaborators == [2, 0])
    let wireframe = plan.containers[1].services[0]
    #expect(wireframe.initializer[0].value == .service(.init(container: 0, service: 0)))
    #expect(wireframe.properties[0].value == .service(.init(container: 2, service: 0)))
  }

  @Test func unknownAndSelfCollaborators() {
    let (result, files) = compile(
      "dicfg: 1\ncontainers:\n  root: {}\n  a:\n    collaborators: [1️⃣rot, 2️⃣a]\n")
    #expect(
      summaries(result.diagnostics) == [
        at(.unknownCollaborator, files["app.yaml", "1️⃣"]), at(.selfCollaboration, files["app.yaml", "2️⃣"]),
      ])
    #expect(result.diagnostics[0].message.hasSuffix("did you mean 'root'?"))
  }
}
