import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct IsolationTests {
  @Test func theIsolationKeyReachesThePlanAndANonisolatedServiceOmitsIt() throws {
    let (result, _) = compile(
      """
      dicfg: 1
      services:
        viewModel: { type: LoginViewModel, isolation: MainActor }
        session: { type: Session, isolation: nonisolated }
      """)
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services.map(\.isolation) == [.mainActor, .nonisolated])
    let json = try plan.jsonText()
    #expect(json.components(separatedBy: "\"isolation\"").count == 2, "only the main-actor service says it")
    #expect(try ResolutionPlan(jsonText: json) == plan)
  }

  @Test func aNonisolatedSingletonBuildingAMainActorServiceThroughAGraphServiceIsAnError() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        badge: { type: BadgeView, scope: unique, isolation: 3️⃣MainActor }
        2️⃣presenter: { type: BadgePresenter, scope: unique, init: { view: badge } }
        store: { type: BadgeStore, scope: singleton, init: { presenter: 1️⃣presenter } }
        lazyStore: { type: BadgeStore, scope: singleton, init: { presenter: { lazy: presenter } } }
        mainStore: { type: BadgeStore, scope: singleton, isolation: MainActor, init: { presenter: presenter } }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(
      DiagnosticFacts(diagnostic)
        == DiagnosticFacts(
          .mainActorDependency, at: files["app.yaml", "1️⃣"],
          "singleton 'store' is nonisolated but builds main-actor 'badge' through 'presenter' (argument 'presenter'), "
            + "so it would hold a main-actor object on any thread; inject '{ provider: presenter }' or "
            + "'{ lazy: presenter }' and call it on the main actor, or give 'store' 'isolation: MainActor'"))
    #expect(diagnostic.notes.map(\.location) == [files["app.yaml", "2️⃣"], files["app.yaml", "3️⃣"]])
    #expect(result.plan == nil)
  }

  @Test func aMainActorDependencyIsNotAlsoReportedAsCaptive() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        badge: { type: BadgeView, isolation: MainActor }
        store: { type: BadgeStore, scope: singleton, init: { view: 1️⃣badge } }
      """)
    #expect(summaries(result.diagnostics) == [at(.mainActorDependency, files["app.yaml", "1️⃣"])])
  }

  @Test func anUnknownIsolationIsAnInvalidValueWithASuggestion() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        viewModel: { type: LoginViewModel, isolation: 1️⃣mainActor }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'isolation' takes MainActor (the type or its initializer is @MainActor) or nonisolated, not 'mainActor'; "
            + "did you mean 'MainActor'?")
      ])
  }

  @Test func anOverrideLayerCanMakeAServiceMainActor() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        viewModel: { type: LoginViewModel }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        viewModel: { isolation: MainActor }
      """,
    ])
    let plan = try #require(compile(files, environments: ["test"]).plan)
    #expect(plan.containers[0].services[0].isolation == .mainActor)
  }
}
