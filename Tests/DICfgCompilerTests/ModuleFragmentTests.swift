import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgTestSupport
import Testing

/// A module's fragment declares what it needs (`requires:`); it checks alone, and the graph that
/// imports it meets each requirement by id or by type, or gets one error at the requirement.
@Suite struct ModuleFragmentTests {
  static let alerts = """
    dicfg: 1
    requires:
      1️⃣clock: { type: Clock }
    services:
      alertScheduler:
        type: AlertScheduler
        init: { clock: clock }
    """

  private func argument(_ plan: ResolutionPlan, of service: String) throws -> ResolutionPlan.Value {
    let found = try #require(plan.containers[0].services.first { $0.id == service })
    return try #require(found.initializer.first?.value)
  }

  private func service(_ plan: ResolutionPlan, _ id: String) throws -> ResolutionPlan.Value {
    let index = try #require(plan.containers[0].services.firstIndex { $0.id == id })
    return .service(ResolutionPlan.ServiceReference(container: 0, service: index))
  }

  @Test func aFragmentChecksAloneWithItsRequirementsAsExternals() throws {
    let files = MarkedFiles(["alerts.yaml": Self.alerts])
    let result = compile(files, file: "alerts.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(plan.containers[0].externals.map { [$0.id, $0.type] } == [["clock", "Clock"]])
    #expect(try argument(plan, of: "alertScheduler") == .external(container: 0, index: 0))
  }

  @Test func theImportingGraphMeetsARequirementByItsId() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [alerts.yaml]\nservices:\n  clock: { type: SystemClock, scope: singleton }\n",
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(plan.containers[0].externals.isEmpty)
    #expect(try argument(plan, of: "alertScheduler") == service(plan, "clock"))
  }

  @Test func theImportingGraphMeetsARequirementByItsType() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [alerts.yaml]\nservices:\n  systemClock: { type: SystemClock, as: [Clock] }\n",
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let plan = try #require(result.plan)
    #expect(try argument(plan, of: "alertScheduler") == service(plan, "systemClock"))
  }

  @Test func anExternalOfTheTypeMeetsARequirement() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [alerts.yaml]\nexternals:\n  hostClock: { type: Clock }\n",
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(try argument(try #require(result.plan), of: "alertScheduler") == .external(container: 0, index: 0))
  }

  @Test func aRequirementNothingMeetsIsOneErrorAtTheRequirementWithTheImport() throws {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nimports: [2️⃣alerts.yaml]\nservices:\n  home: { type: Home, init: { a: alertScheduler } }\n",
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files)
    #expect(summaries(result.diagnostics) == [at(.unmetRequirement, files["alerts.yaml", "1️⃣"])])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      diagnostic.message
        == "this file requires 'clock' of type 'Clock', which nothing in the graph of 'app.yaml' provides; define a "
        + "service or external 'clock' there, bind one service to 'Clock' with 'as', or import the file that does")
    #expect(diagnostic.notes.map(\.location) == [files["app.yaml", "2️⃣"]])
    #expect(result.plan == nil)
  }

  // The app binds the type twice and names the one the fragment means by the requirement's id: the
  // fragment's own references by that type are its requirement, not an ambiguity, and the app's
  // other references by the type stay ambiguous.
  @Test func aFragmentsReferencesByARequiredTypeNameItsRequirement() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      imports: [sync.yaml]
      services:
        cloud: { type: ICloud, as: [Cloud] }
        backup: { type: Dropbox, as: [Cloud] }
        settings: { type: Settings, init: { store: 1️⃣Cloud } }
      """,
      "sync.yaml": """
      dicfg: 1
      requires:
        cloud: { type: Cloud }
      services:
        syncEngine: { type: SyncEngine, init: { cloud: 2️⃣Cloud } }
      """,
    ])
    let result = compile(files, file: "app.yaml")
    // The one finding, at the type's last binding, lists the app's reference and not the fragment's.
    #expect(result.diagnostics.map(\.code) == [.ambiguousReference], "\(result.diagnostics)")
    let notes = result.diagnostics.first?.notes.map(\.location) ?? []
    #expect(notes.contains(files["app.yaml", "1️⃣"]) && !notes.contains(files["sync.yaml", "2️⃣"]), "\(notes)")
    let alone = compile(files, file: "sync.yaml")
    #expect(alone.diagnostics.isEmpty, "\(alone.diagnostics)")
    let bound = MarkedFiles([
      "app.yaml": files.texts["app.yaml"]!.replacingOccurrences(of: "store: Cloud", with: "store: cloud"),
      "sync.yaml": files.texts["sync.yaml"]!,
    ])
    let plan = try #require(compile(bound, file: "app.yaml").plan)
    #expect(try argument(plan, of: "syncEngine") == service(plan, "cloud"))
  }

  @Test func twoProvidersOfTheTypeAreOneErrorListingThem() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      imports: [alerts.yaml]
      services:
        2️⃣wallClock: { type: WallClock, as: [Clock] }
        3️⃣testClock: { type: TestClock, as: [Clock] }
      """,
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files)
    #expect(summaries(result.diagnostics) == [at(.ambiguousReference, files["alerts.yaml", "1️⃣"])])
    #expect(result.diagnostics.first?.notes.map(\.location) == [files["app.yaml", "2️⃣"], files["app.yaml", "3️⃣"]])
  }

  @Test func aFragmentRequiringWhatItsOwnImportRequiresPassesItOn() throws {
    let files = MarkedFiles([
      "feature.yaml": """
      dicfg: 1
      imports: [alerts.yaml]
      requires:
        clock: { type: Clock }
      services:
        feature: { type: Feature, init: { alerts: alertScheduler } }
      """,
      "alerts.yaml": Self.alerts,
    ])
    let result = compile(files, file: "feature.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.plan?.containers[0].externals.map(\.id) == ["clock"])
  }

  @Test func aMalformedRequirementIsOneErrorAtIt() {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      requires:
        1️⃣clock: {}
        calendar: { type: Calendar, 2️⃣retain: weak }
        zone: 3️⃣Zone
      services:
        alarm: { type: Alarm, init: { clock: clock, calendar: calendar, zone: zone } }
      """
    ])
    let result = compile(files)
    #expect(
      summaries(result.diagnostics) == [
        at(.missingType, files["app.yaml", "1️⃣"]), at(.unknownKey, files["app.yaml", "2️⃣"]),
        at(.invalidValue, files["app.yaml", "3️⃣"]),
      ])
  }

  @Test func aRequirementInAnEnvironmentLayerIsAnError() {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nservices:\n  clock: { type: SystemClock }\n",
      "app.test.yaml": "dicfg: 1\nrequires:\n  1️⃣calendar: { type: Calendar }\n",
    ])
    let result = compile(files, environments: ["test"])
    #expect(summaries(result.diagnostics) == [at(.invalidValue, files["app.test.yaml", "1️⃣"])])
  }

  @Test func aFragmentOfAnotherModuleTheRootDoesNotImportIsOneErrorNamingTheLineToAdd() throws {
    let files = MarkedFiles([
      "Sources/App/dicfg.yaml": """
      1️⃣dicfg: 1
      services:
        home: { type: Home, init: { alerts: 2️⃣alertScheduler, scanner: 3️⃣Scanner } }
        settings: { type: Settings, init: { alerts: 4️⃣alertScheduler } }
      """,
      "Sources/AlertsKit/dicfg.yaml": """
      dicfg: 1
      services:
        5️⃣alertScheduler: { type: AlertScheduler }
        6️⃣scanner: { type: DefaultScanner, as: [Scanner] }
      """,
      "Sources/AlertsKit/Alerts.swift": "",
    ])
    let result = compile(files, file: "Sources/App/dicfg.yaml")
    #expect(summaries(result.diagnostics) == [at(.unknownReference, files["Sources/App/dicfg.yaml", "1️⃣"])])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      diagnostic.message
        == "this file refers to 'alertScheduler' and 'Scanner', which 'Sources/AlertsKit/dicfg.yaml' defines, and "
        + "does not import it; add '../AlertsKit/dicfg.yaml' to its 'imports:'")
    #expect(
      diagnostic.notes.map(\.location) == [
        files["Sources/App/dicfg.yaml", "2️⃣"], files["Sources/App/dicfg.yaml", "3️⃣"],
        files["Sources/App/dicfg.yaml", "4️⃣"], files["Sources/AlertsKit/dicfg.yaml", "5️⃣"],
        files["Sources/AlertsKit/dicfg.yaml", "6️⃣"],
      ])
  }

  // The modular app's shape of the mistake: the app imports one fragment, whose requirement another
  // fragment meets, and the app forgot to import that one. The requirement's error names the fragment
  // and the line to add, with a note at the app's imports.
  @Test func aRequirementAFragmentTheRootDoesNotImportMeetsNamesThatFragment() throws {
    let files = MarkedFiles([
      "Sources/App/dicfg.yaml": """
      dicfg: 1
      imports:
        - 4️⃣../Profile/dicfg.yaml
      services:
        home: { type: Home, init: { profile: profile } }
      """,
      "Sources/Profile/dicfg.yaml": """
      dicfg: 1
      requires:
        1️⃣clock: { type: Clock }
        2️⃣tracker: { type: Tracking }
      services:
        profile: { type: Profile, init: { clock: clock, tracker: tracker } }
      """,
      "Sources/Analytics/dicfg.yaml": """
      dicfg: 1
      services:
        3️⃣tracker: { type: Tracker, as: [Tracking] }
      """,
    ])
    let result = compile(files, file: "Sources/App/dicfg.yaml")
    #expect(
      summaries(result.diagnostics) == [
        at(.unmetRequirement, files["Sources/Profile/dicfg.yaml", "1️⃣"]),
        at(.unmetRequirement, files["Sources/Profile/dicfg.yaml", "2️⃣"]),
      ])
    let clock = try #require(result.diagnostics.first)
    #expect(clock.message.hasPrefix("this file requires 'clock' of type 'Clock', which nothing in the graph"))
    let tracker = try #require(result.diagnostics.last)
    #expect(
      tracker.message
        == "this file requires 'tracker' of type 'Tracking', which 'Sources/Analytics/dicfg.yaml' provides, and "
        + "'Sources/App/dicfg.yaml' does not import it; add '../Analytics/dicfg.yaml' to the 'imports:' of "
        + "'Sources/App/dicfg.yaml'")
    #expect(
      tracker.notes.map(\.location) == [
        files["Sources/Analytics/dicfg.yaml", "3️⃣"], files["Sources/App/dicfg.yaml", "4️⃣"],
      ])
  }

  static let modules = [
    "Sources/App/dicfg.yaml": "dicfg: 1\nservices:\n  home: { type: Home, init: { alerts: 1️⃣alertScheduler } }\n",
    "Sources/AlertsKit/dicfg.yaml": "dicfg: 1\nservices:\n  alertScheduler: { type: AlertScheduler }\n",
  ]

  // Checked against the Swift of the modules the target depends on, a fragment of a module it does
  // not depend on is no fix: the reference is an unknown reference.
  @Test func aFragmentOfAModuleTheTargetDoesNotDependOnIsNotSuggested() {
    let files = MarkedFiles(Self.modules)
    let own = SwiftType(
      name: "Home", kind: .class, location: SourceLocation(file: "Sources/App/App.swift", line: 1, column: 1, offset: 0)
    )
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(
        file: "Sources/App/dicfg.yaml", environmentVariables: [:], swift: SwiftDeclarations(types: [own])))
    let references = result.diagnostics.filter { $0.code == .unknownReference }
    #expect(summaries(references) == [at(.unknownReference, files["Sources/App/dicfg.yaml", "1️⃣"])])
    #expect(references.first?.message.contains("does not import") == false)
  }

  // A service a layer removes is the layer's doing, not a forgotten import.
  @Test func aServiceALayerRemovesIsNotAForgottenImport() {
    let files = MarkedFiles([
      "Sources/App/dicfg.yaml":
        "dicfg: 1\nservices:\n  alertScheduler: { type: Alerts }\n  home: { type: Home, init: { a: alertScheduler } }\n",
      "Sources/App/dicfg.test.yaml": "dicfg: 1\nservices:\n  1️⃣alertScheduler: null\n",
      "Sources/AlertsKit/dicfg.yaml": "dicfg: 1\nservices:\n  alertScheduler: { type: AlertScheduler }\n",
    ])
    let result = compile(files, file: "Sources/App/dicfg.yaml", environments: ["test"])
    #expect(summaries(result.diagnostics) == [at(.unknownReference, files["Sources/App/dicfg.test.yaml", "1️⃣"])])
    #expect(result.diagnostics.first?.message.contains("does not import") == false)
    #expect(result.diagnostics.first?.message.hasPrefix("this override removes service 'alertScheduler'") == true)
  }
}
