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

  @Test func aSyntaxErrorInAnImportedFileIsTheOneFindingWithANoteForWhatItLeftOut() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      imports: [core.yaml]
      services:
        report: { type: Report, init: { client: client, store: store } }
        view: { type: View, init: { report: report, store: store } }
      """,
      "core.yaml": "dicfg: 1\nservices:\n  client: { type: Client }\n  store: { type: Store, init: [oops 1️⃣}\n",
    ])
    let result = compile(files)
    #expect(summaries(result.diagnostics) == [at(.syntaxError, files["core.yaml", "1️⃣"])])
    #expect(
      result.diagnostics.first?.notes.last
        == Note(
          message: "3 findings that may follow from what 'core.yaml' defines are left out; fix this error and "
            + "validate again", location: nil))
    #expect(result.plan == nil)
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
