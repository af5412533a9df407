import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct LifetimeTests {
  @Test func singletonHoldingACachedServiceIsCaptive() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        2️⃣session: { type: Session, scope: cached }
        cache: { type: Cache, scope: singleton, init: { session: 1️⃣session } }
        ok: { type: Ok, scope: singleton, init: { make: { provider: session }, fresh: fresh } }
        fresh: { type: Fresh, scope: unique }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.severity == .warning)
    #expect(summary(diagnostic) == at(.captiveDependency, files["app.yaml", "1️⃣"]))
    #expect(
      diagnostic.message
        == "singleton 'cache' holds cached 'session' (argument 'session'), keeping it alive past its scope; inject "
        + "'{ provider: session }' and resolve it when needed, or give 'session' a longer scope")
    #expect(diagnostic.notes.first?.location == files["app.yaml", "2️⃣"])
    #expect(result.plan != nil, "a warning does not stop the plan")
  }

  // A scope promises a lifetime only where it releases instances: weak (while held), cached and
  // custom scopes (until a reset). Holding a graph or unique service, as Swinject apps keep
  // graph-scoped services in container-scoped ones, breaks no promise; nor does a graph or unique
  // holder, the requester's own object.
  @Test func onlyALongerLivedHolderOfAWeakCachedOrCustomServiceIsCaptive() {
    let (result, files) = compile(
      """
      dicfg: 1
      scopes: { session: {} }
      services:
        perResolve: { type: PerResolve }
        fresh: { type: Fresh, scope: unique }
        held: { type: Held, scope: weak }
        cachedOne: { type: CachedOne, scope: cached }
        sessionOne: { type: SessionOne, scope: session }
        root:
          type: Root
          scope: singleton
          init: { a: perResolve, b: fresh, c: 1️⃣held, d: 2️⃣cachedOne, e: 3️⃣sessionOne }
        perSession:
          type: PerSession
          scope: session
          init: { a: perResolve, b: fresh, c: 4️⃣held, d: cachedOne, e: sessionOne }
        holder: { type: Holder, scope: weak, init: { a: perResolve, b: fresh, c: held, d: cachedOne } }
        screen: { type: Screen, init: { a: held, b: cachedOne, c: sessionOne, d: root } }
        maker: { type: Maker, scope: unique, init: { a: held, b: cachedOne, c: sessionOne } }
      """)
    #expect(
      summaries(result.diagnostics) == [
        at(.captiveDependency, files["app.yaml", "1️⃣"]), at(.captiveDependency, files["app.yaml", "2️⃣"]),
        at(.captiveDependency, files["app.yaml", "3️⃣"]), at(.captiveDependency, files["app.yaml", "4️⃣"]),
      ])
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
