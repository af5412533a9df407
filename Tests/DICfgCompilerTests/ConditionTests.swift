import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgTestSupport
import Testing

/// `condition:` limits an environment layer to a build configuration: the compile says which, and a
/// condition Swift cannot read, or one where no layer starts, is one error at its line.
@Suite struct ConditionTests {
  private let base = """
    dicfg: 1
    services:
      store: { type: SQLStore, as: [Store], scope: singleton }
    """

  @Test func aLayersConditionIsTheCompilesAndTheBaseHasNone() throws {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.test.yaml": "dicfg: 1\ncondition: DEBUG\nservices:\n  store: { type: MemoryStore, as: [Store] }\n",
      "app.preview.yaml": "dicfg: 1\ncondition: DEBUG || PREVIEW\nservices:\n  store: { scope: unique }\n",
    ])
    let alone = compile(files)
    #expect(alone.diagnostics.isEmpty && alone.condition == nil)
    let test = compile(files, environments: ["test"])
    #expect(test.diagnostics.isEmpty && test.condition == "DEBUG")
    #expect(test.plan?.containers[0].services[0].type == "MemoryStore")
    let both = compile(files, environments: ["test", "preview"])
    #expect(both.condition == "(DEBUG) && (DEBUG || PREVIEW)", "stacked layers hold where every one does")
  }

  @Test(arguments: [
    ("DEBUG", true), ("DEBUG && !PREVIEW", true), ("!(DEBUG || TESTING)", true), ("os(iOS) && DEBUG", true),
    ("canImport(UIKit)", true), ("swift(>=6.0)", true), ("targetEnvironment(simulator)", true),
    ("", false), ("DEBUG &&", false), ("DEBUG PREVIEW", false), ("(DEBUG", false), ("DEBUG)", false),
    ("DEBUG == 1", false), ("os()", false), ("1DEBUG", false), ("DEBUG & TEST", false),
  ])
  func aConditionIsWhatSwiftsIfReads(_ text: String, _ valid: Bool) {
    #expect(CompilationCondition.isValid(text) == valid)
  }

  @Test(arguments: [
    ("DEBUG", ["DEBUG"]), ("DEBUG && !PREVIEW", ["DEBUG"]), ("(DEBUG) && (PREVIEW || TESTING)", ["DEBUG"]),
    ("(DEBUG && STAGING) && os(iOS)", ["DEBUG", "STAGING"]), ("!(PREVIEW) && DEBUG", ["DEBUG"]),
    ("DEBUG || PREVIEW", []), ("(DEBUG) || (PREVIEW)", []), ("(DEBUG) || (DEBUG && os(iOS))", ["DEBUG"]),
    ("DEBUG && A || DEBUG && B", ["DEBUG"]), ("!DEBUG", []), ("os(iOS)", []), ("true", []),
    ("DEBUG &&", []),
  ])
  func theFlagsABuildMustSetAreTheNamesAndJoins(_ text: String, _ flags: [String]) {
    #expect(CompilationCondition.requiredFlags(in: text) == Set(flags))
  }

  @Test func aConditionSwiftCannotReadIsAnErrorAtTheValue() {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.test.yaml": "dicfg: 1\ncondition: 1️⃣DEBUG and TESTING\nservices:\n  store: { scope: unique }\n",
    ])
    #expect(
      compile(files, environments: ["test"]).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.test.yaml", "1️⃣"],
          "'condition' takes a Swift compilation condition, such as 'DEBUG' or 'DEBUG && !PREVIEW', not "
            + "'DEBUG and TESTING'")
      ])
  }

  /// A misspelt flag compiles the layer out of every build: one error at the value, with the
  /// closest of DEBUG, RELEASE and what the package's manifest defines. A flag close to none of them
  /// may be set elsewhere (an Xcode setting) and is left alone, as are platform conditions.
  @Test(arguments: [
    ("DEBGU", "DEBUG"), ("\"!RELAESE\"", "RELEASE"), ("DEBUG && STAGNIG", "STAGING"), ("os(iOS) && Debug", "DEBUG"),
    ("STAGING || DEBUG", nil), ("PREVIEW_BUILD", nil), ("os(Linux)", nil), ("canImport(DEBGU)", nil),
  ])
  func aFlagNoBuildConfigurationDefinesIsAnErrorWithTheClosestOne(_ condition: String, _ suggestion: String?) {
    let files = MarkedFiles([
      "Package.swift": "let package = Package(name: \"App\", targets: [.target(name: \"App\", swiftSettings: "
        + "[.define(\"STAGING\", .when(configuration: .release))])])\n",
      "Sources/App/app.yaml": base,
      "Sources/App/app.test.yaml": "dicfg: 1\ncondition: 1️⃣\(condition)\nservices:\n  store: { scope: unique }\n",
    ])
    let diagnostics = compile(files, file: "Sources/App/app.yaml", environments: ["test"]).diagnostics
    guard let suggestion else {
      #expect(diagnostics.isEmpty)
      return
    }
    #expect(diagnostics.map(\.code) == [.invalidValue])
    #expect(diagnostics.first?.location == files["Sources/App/app.test.yaml", "1️⃣"])
    #expect(
      diagnostics.first?.message.hasSuffix("so the layer would never apply; did you mean '\(suggestion)'?") == true)
  }

  @Test func aConditionInTheBaseIsAnErrorAtItsKey() {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\n1️⃣condition: DEBUG\nservices:\n  store: { type: SQLStore }\n"])
    #expect(
      compile(files).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'condition' limits an environment layer to a build configuration, and the base is in every build; move it "
            + "to the layer ('app.ENV.yaml') or remove it")
      ])
  }

  @Test func aConditionInAFileALayerImportsIsAnErrorNamingTheLayersFile() {
    let files = MarkedFiles([
      "app.yaml": base,
      "app.test.yaml": "dicfg: 1\nimports: [doubles.yaml]\nservices:\n  store: { type: MemoryStore, as: [Store] }\n",
      "doubles.yaml": "dicfg: 1\n1️⃣condition: DEBUG\nservices:\n  clock: { type: FixedClock }\n",
    ])
    #expect(
      compile(files, environments: ["test"]).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["doubles.yaml", "1️⃣"],
          "'condition' of a layer belongs in its own file, not in one it imports; move it to 'app.test.yaml'")
      ])
  }
}
