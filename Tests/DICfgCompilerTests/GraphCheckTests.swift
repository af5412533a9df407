import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct ReferenceTests {
  @Test func unknownReferenceHasDidYouMeanAndATraceToWhatRequestedIt() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        httpClient: { type: HTTPClient }
        userRepo: { type: UserRepo, init: { http: 1️⃣httpClinet } }
        loginViewModel: { type: LoginViewModel, init: { repo: 2️⃣userRepo } }
        loginController: { type: LoginController, properties: { model: 3️⃣loginViewModel } }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(summary(diagnostic) == at(.unknownReference, files["app.yaml", "1️⃣"]))
    #expect(
      diagnostic.message
        == "argument 'http' of 'userRepo' refers to 'httpClinet', which nothing provides; did you mean 'httpClient'?")
    #expect(
      diagnostic.notes == [
        Note(
          message: "'userRepo' is requested by argument 'repo' of 'loginViewModel'", location: files["app.yaml", "2️⃣"]),
        Note(
          message: "'loginViewModel' is requested by property 'model' of 'loginController'",
          location: files["app.yaml", "3️⃣"]),
      ])
  }

  @Test func referencesResolveByIdThenByBoundType() throws {
    let (result, _) = compile(
      """
      dicfg: 1
      externals:
        apiKey: { type: String }
      parameters:
        url: https://example.com
      services:
        client: { type: OpenWeatherClient, as: [WeatherClient] }
        controller:
          type: Controller
          arguments: { user: User }
          init: { client: WeatherClient, key: apiKey, url: $url, user: $user, me: $container, n: { value: 3 },
                  opt: missing?, make: { provider: client }, once: { lazy: client }, all: [client, apiKey] }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    let controller = plan.containers[0].services[1]
    let client = ResolutionPlan.ServiceReference(container: 0, service: 0)
    #expect(
      controller.initializer.map(\.value) == [
        .service(client), .external(container: 0, index: 0), .parameter(0), .argument("user"), .container,
        .literal(.int(3)), .optional(nil), .provider(client), .lazy(client),
        .array([.service(client), .external(container: 0, index: 0)]),
      ])
  }

  @Test func typeBoundByTwoServicesIsAmbiguousWithANotePerCandidate() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        1️⃣a: { type: A, as: [Quest] }
        2️⃣b: { type: B, as: [Quest] }
        knight: { type: Knight, init: { quest: 3️⃣Quest } }
      """)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(summary(diagnostic) == at(.ambiguousReference, files["app.yaml", "3️⃣"]))
    #expect(diagnostic.notes.map(\.location) == [files["app.yaml", "1️⃣"], files["app.yaml", "2️⃣"]])
  }

  @Test func unknownParameterReference() {
    let (result, files) = compile(
      "dicfg: 1\nparameters: { timeout: 3 }\nservices:\n  a: { type: A, init: { t: 1️⃣$timout } }\n")
    #expect(summaries(result.diagnostics).contains(at(.unknownReference, files["app.yaml", "1️⃣"])))
    #expect(
      result.diagnostics.first { $0.code == .unknownReference }?.message.hasSuffix("did you mean 'timeout'?") == true)
  }

  @Test func unknownTag() {
    let (result, files) = compile(
      "dicfg: 1\nservices:\n  p: { type: P, tags: [plugin] }\n  r: { type: R, init: { all: 1️⃣{ tagged: plugn } } }\n")
    #expect(summaries(result.diagnostics) == [at(.unknownReference, files["app.yaml", "1️⃣"])])
  }

  @Test func aliasesResolveToTheirTarget() throws {
    let (result, _) = compile(
      """
      dicfg: 1
      services:
        holyGrailQuest: { type: HolyGrailQuest, as: [Quest] }
        damselQuest: { alias: holyGrailQuest }
        knight: { type: Knight, init: { quest: damselQuest } }
      """)
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services.map(\.id) == ["holyGrailQuest", "knight"])
    #expect(plan.containers[0].aliases.map(\.id) == ["damselQuest"])
    #expect(plan.containers[0].services[1].initializer[0].value == .service(.init(container: 0, service: 0)))
  }
}

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
