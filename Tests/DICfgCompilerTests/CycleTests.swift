import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct CycleTests {
  @Test func initializerCycleIsAnErrorWithANotePerEdge() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        1️⃣a: { type: A, init: { b: 2️⃣b } }
        b: { type: B, init: { c: 3️⃣c } }
        c: { type: C, init: { a: 4️⃣a } }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(summary(diagnostic) == at(.dependencyCycle, files["app.yaml", "1️⃣"]))
    #expect(diagnostic.message.hasPrefix("initializer cycle 'a' → 'b' → 'c' → 'a'"))
    #expect(
      diagnostic.notes.map(\.location) == [files["app.yaml", "2️⃣"], files["app.yaml", "3️⃣"], files["app.yaml", "4️⃣"]])
  }

  @Test func propertyProviderAndLazyEdgesBreakACycle() {
    for edge in [
      "properties: { delegate: controller }", "init: { make: { provider: controller } }",
      "init: { once: { lazy: controller } }",
    ] {
      let (result, _) = compile(
        """
        dicfg: 1
        services:
          controller: { type: Controller, init: { view: view } }
          view: { type: View, \(edge) }
        """)
      #expect(result.diagnostics.isEmpty, "\(edge): \(result.diagnostics)")
    }
  }

  @Test func cycleThroughAUniqueServiceIsAnError() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        controller: { type: Controller, init: { view: view } }
        1️⃣view: { type: View, scope: unique, properties: { delegate: controller } }
      """)
    #expect(summaries(result.diagnostics) == [at(.dependencyCycle, files["app.yaml", "1️⃣"])])
  }

  @Test func aUniqueServiceOnACycleOnlyAProviderOrLazyValueClosesIsNoError() {
    // Factory's `isSignedIn: { self.authenticationService.resolve().isSignedIn }`, as imported.
    for deferred in ["provider", "lazy"] {
      let (result, _) = compile(
        """
        dicfg: 1
        services:
          client: { type: Client, scope: unique, init: { analytics: analytics } }
          analytics: { type: Analytics, scope: singleton, init: { auth: { \(deferred): auth } } }
          auth: { type: Auth, scope: singleton, init: { client: client } }
        """)
      #expect(result.diagnostics.isEmpty, "\(deferred): \(result.diagnostics)")
    }
  }

  @Test func aUniqueServiceOnACycleOfInitializersBesideAProviderIsStillAnError() {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        1️⃣client: { type: Client, scope: unique, init: { analytics: analytics, later: { provider: analytics } } }
        analytics: { type: Analytics, scope: singleton, init: { client: client } }
      """)
    #expect(summaries(result.diagnostics) == [at(.dependencyCycle, files["app.yaml", "1️⃣"])])
  }

  @Test func selfInitializerDependencyIsACycle() {
    let (result, files) = compile("dicfg: 1\nservices:\n  1️⃣a: { type: A, init: { me: a } }\n")
    #expect(summaries(result.diagnostics) == [at(.dependencyCycle, files["app.yaml", "1️⃣"])])
  }

  @Test func longChainsAndLargeCyclesNeedNoDeepStack() throws {
    var text = "dicfg: 1\nservices:\n"
    for index in 0..<5_000 { text += "  s\(index): { type: S, init: { next: s\(index + 1) } }\n" }
    text += "  s5000: { type: S, init: { next: s0 } }\n"
    let (result, _) = compile(text)
    #expect(result.diagnostics.map(\.code) == [.dependencyCycle])
    #expect(result.diagnostics.first?.notes.count == 5_001)
  }
}
