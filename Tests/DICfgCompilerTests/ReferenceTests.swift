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
    #expect(
      DiagnosticFacts(diagnostic)
        == DiagnosticFacts(
          .unknownReference, at: files["app.yaml", "1️⃣"],
          "argument 'http' of 'userRepo' refers to 'httpClinet', which nothing provides; did you mean 'httpClient'?"))
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

  @Test func typeBoundByTwoServicesIsOneErrorAtTheBindingsListingThemAndTheReferences() throws {
    let (result, files) = compile(
      """
      dicfg: 1
      services:
        a: { type: A, as: [1️⃣Quest] }
        b: { type: B, as: [2️⃣Quest] }
        knight: { type: Knight, init: { quest: 3️⃣Quest } }
        squire: { type: Squire, init: { quest: 4️⃣Quest, other: 5️⃣Quest } }
      """)
    #expect(summaries(result.diagnostics) == [at(.ambiguousReference, files["app.yaml", "2️⃣"])])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      diagnostic.message
        == "type 'Quest' is bound by 2 services, 'a' and 'b', so 3 references by type cannot tell which is meant; "
        + "refer to one by its id, or bind 'Quest' once")
    #expect(
      diagnostic.notes.map(\.location) == [
        files["app.yaml", "1️⃣"], files["app.yaml", "3️⃣"], files["app.yaml", "4️⃣"], files["app.yaml", "5️⃣"],
      ])
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

  @Test func anAliasMayNameAnExternal() throws {
    let (result, _) = compile(
      """
      dicfg: 1
      externals:
        analyticsKey: { type: String }
      services:
        trackingKey: { alias: analyticsKey }
        keyOfKeys: { alias: trackingKey }
        tracker: { type: Tracker, init: { key: keyOfKeys } }
      """)
    #expect(result.diagnostics.isEmpty)
    let plan = try #require(result.plan)
    #expect(plan.containers[0].services[0].initializer[0].value == .external(container: 0, index: 0))
    // Externals are not resolved by id, so neither are their aliases.
    #expect(plan.containers[0].aliases.isEmpty)
  }
}
