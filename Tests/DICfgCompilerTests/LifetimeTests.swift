import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct LifetimeTests {
  @Test func singletonHoldingAGraphServiceIsCaptive() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        2️⃣session: { type: Session }
        cache: { type: Cache, scope: singleton, init: { session: 1️⃣session } }
        ok: { type: Ok, scope: singleton, init: { make: { provider: session }, fresh: fresh } }
        fresh: { type: Fresh, scope: unique }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .warning)
    #expect(summary(diagnostic) == at(.captiveDependency, files["app.yaml", "1️⃣"]))
    #expect(diagnostic.notes.first?.location == files["app.yaml", "2️⃣"])
    #expect(result.plan != nil, "a warning does not stop the plan")
  }

  @Test func anUnknownScopeIsTheOneFindingNotAlsoACaptiveDependency() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        session: { type: Session, scope: 1️⃣grpah }
        cache: { type: Cache, scope: singleton, init: { session: session } }
        store: { type: Store, scope: 2️⃣singelton, init: { session: session } }
      """)
    #expect(
      summaries(result.diagnostics) == [
        at(.unknownScope, files["app.yaml", "1️⃣"]), at(.unknownScope, files["app.yaml", "2️⃣"]),
      ])
  }

  @Test func serviceWithRuntimeArgumentsNeedsAProvider() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        details: { type: Details, arguments: { user: User }, init: { user: $user } }
        router: { type: Router, init: { make: { provider: details }, now: 1️⃣details } }
      """)
    #expect(summaries(result.diagnostics) == [at(.runtimeArgumentDependency, files["app.yaml", "1️⃣"])])
  }
}
