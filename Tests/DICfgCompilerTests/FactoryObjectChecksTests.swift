import DICfgCompiler
import DICfgCore
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// Factory objects (`factory: { receiver:, method: }`), shared instances (`factory: Type.shared`)
/// and externals taken by type: each built as the Swift declares it, each mistake one finding at
/// the graph file's line.
@Suite struct FactoryObjectChecksTests {
  static let swift = MarkedFiles([
    "Sources/Alerts/Alerts.swift": """
    public protocol AlertFactory: Sendable {
      1️⃣func makeAlert(title: String) -> Alert
      func makeBanner() -> Banner
      2️⃣var banner: Banner { get }
    }
    final class DefaultAlertFactory: AlertFactory {
      func makeAlert(title: String) -> Alert { Alert() }
      func makeBanner() -> Banner { Banner() }
      var banner: Banner { Banner() }
    }
    public final class Alert {}
    public final class Banner {}
    public final class Scanner {
      public static let shared = Scanner()
      static var count = 0
    }
    public struct Clock {}
    public struct Ticker { public init(clock: Clock) {} }
    """
  ])

  private func compile(_ text: String) -> (CompileResult, MarkedFiles) {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\n" + text])
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "app.yaml", environmentVariables: [:], swift: declarations))
    return (result, files)
  }

  @Test func aFactoryObjectsMethodBuildsTheServiceWithTheReceiverAsItsDependency() throws {
    let (result, _) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory], scope: singleton }
        alert:
          type: Alert
          factory: { receiver: AlertFactory, method: makeAlert }
          init: { title: { value: Saved } }
        banner: { type: Banner, factory: { receiver: factory, method: makeBanner } }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let services = try #require(result.plan).containers[0].services
    // By type, the method is the protocol's; by id, the service's type's.
    #expect(services[1].factory == "AlertFactory.makeAlert")
    #expect(services[2].factory == "DefaultAlertFactory.makeBanner")
    #expect(services[1].receiver?.value == .service(ResolutionPlan.ServiceReference(container: 0, service: 0)))
    #expect(services[1].callArguments.map(\.label) == ["title"])
    #expect(services[1].initializer.map(\.label) == [ResolutionPlan.Service.receiverLabel, "title"])
  }

  @Test func aMethodTheReceiverLacksIsOneErrorWithDidYouMean() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        alert: { type: Alert, factory: { receiver: AlertFactory, method: 1️⃣makeAlrt } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'alert' is built by 'AlertFactory.makeAlrt', which 'AlertFactory' does not declare as a method; did you "
            + "mean 'AlertFactory.makeAlert'?")
      ])
  }

  /// `{ receiver:, property: }` reads the receiver's property (govuk's `environment.baseURL`).
  @Test func aReceiversPropertyIsReadWhereTheGraphSaysProperty() throws {
    let (result, _) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        banner: { type: Banner, factory: { receiver: AlertFactory, property: banner } }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let service = try #require(result.plan).containers[0].services[1]
    #expect(service.factory == "AlertFactory.banner")
    #expect(service.readsReceiverProperty)
    #expect(service.receiver != nil)
  }

  @Test func aPropertyWrittenAsAMethodOrAMisspeltOneIsOneErrorAtTheName() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        a: { type: Banner, factory: { receiver: AlertFactory, method: 1️⃣banner } }
        b: { type: Banner, factory: { receiver: AlertFactory, property: 2️⃣makeBanner } }
        c: { type: Banner, factory: { receiver: AlertFactory, property: 3️⃣baner } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'a' is built by 'AlertFactory.banner', which is a property of 'AlertFactory', not a method; write "
            + "'property: banner'"),
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "2️⃣"],
          "'b' is built by 'AlertFactory.makeBanner', which is a method of 'AlertFactory', not a property; write "
            + "'method: makeBanner'"),
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "3️⃣"],
          "'c' is built by 'AlertFactory.baner', which 'AlertFactory' does not declare as a property; did you mean "
            + "'AlertFactory.banner'?"),
      ])
  }

  @Test func aMethodAndAPropertyTogetherIsOneErrorAtTheSecond() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        a: { type: Banner, factory: { receiver: AlertFactory, method: makeBanner, 1️⃣property: banner } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'factory' names both a method and a property of the receiver; keep the one that builds the service")
      ])
  }

  @Test func aMethodsLabelsAreCheckedAsAFunctionsAre() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        alert:
          type: Alert
          factory: { receiver: AlertFactory, method: makeAlert }
          init: { 1️⃣name: { value: x } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'alert' is built by 'AlertFactory.makeAlert(title:)', which takes no 'name' and needs 'title' without a "
            + "default; write 'init: { title: … }'")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/Alerts/Alerts.swift", "1️⃣"])
  }

  @Test func aReceiverNothingProvidesIsAnUnknownReferenceNamingTheFactoryObject() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        banner: { type: Banner, factory: { receiver: 1️⃣factroy, method: makeBanner } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownReference, at: files["app.yaml", "1️⃣"],
          "the factory object of 'banner' refers to 'factroy', which nothing provides; did you mean 'factory'?")
      ])
  }

  @Test(arguments: [
    (
      "factory: { receiver: 1️⃣$name, method: makeBanner }",
      "'receiver' takes the service or external whose method builds this one, by id or by type, such as "
        + "'alertFactory' or 'AlertFactory', not '$name'"
    ),
    (
      "factory: { receiver: factory, method: 1️⃣Alerts.make }",
      "'method' takes the name of a method of the receiver, such as 'makeAlert' (its arguments go in 'init:'), "
        + "not 'Alerts.make'"
    ),
    (
      "factory: 1️⃣{ receiver: factory }",
      "'factory' names a receiver but no method; add 'method:', as in '{ receiver: alertFactory, method: makeAlert }', "
        + "or 'property:', as in '{ receiver: environment, property: baseURL }'"
    ),
    (
      "factory: 1️⃣{ method: makeBanner }",
      "'factory' as a mapping names a factory object's method; add 'receiver:' and 'method:', as in "
        + "'{ receiver: alertFactory, method: makeAlert }'"
    ),
  ])
  func aMalformedFactoryObjectIsOneLocatedError(factory: String, message: String) {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        banner: { type: Banner, \(factory) }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(.invalidValue, at: files["app.yaml", "1️⃣"], message)
      ])
  }

  @Test func anUnknownKeyOfAFactoryObjectIsOneErrorWithTheKeysItTakes() {
    let (result, files) = compile(
      """
      services:
        factory: { type: DefaultAlertFactory, as: [AlertFactory] }
        banner: { type: Banner, factory: { receiver: factory, method: makeBanner, 1️⃣methd: x } }
      """)
    #expect(result.diagnostics.map(\.code) == [.unknownKey])
    #expect(result.diagnostics.first?.location == files["app.yaml", "1️⃣"])
  }

  @Test func aStaticPropertyIsASharedInstanceAndAMisspeltOneIsSuggested() throws {
    let (valid, _) = compile("services:\n  scanner: { type: Scanner, factory: Scanner.shared }\n")
    #expect(valid.diagnostics.isEmpty, "\(valid.diagnostics)")
    let (result, files) = compile("services:\n  other: { type: Scanner, factory: 1️⃣Scanner.shard }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'other' is built by 'Scanner.shard', which 'Scanner' does not declare; did you mean 'Scanner.shared'?")
      ])
    let scanner = try #require(valid.plan).containers[0].services[0]
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    #expect(declarations.readsProperty(scanner))
    #expect(declarations.constructor(of: scanner)?.parameters.isEmpty == true)
  }

  @Test func aReferenceByTypeFindsTheOneExternalOfThatTypeAndNamesSeveral() throws {
    let (one, _) = compile(
      """
      externals:
        clock: { type: Clock }
      services:
        ticker: { type: Ticker, init: { clock: Clock } }
      """)
    #expect(one.diagnostics.isEmpty, "\(one.diagnostics)")
    #expect(try #require(one.plan).containers[0].services[0].initializer[0].value == .external(container: 0, index: 0))
    let (two, files) = compile(
      """
      externals:
        2️⃣clock: { type: Clock }
        3️⃣wallClock: { type: Clock }
      services:
        ticker: { type: Ticker, init: { clock: 1️⃣Clock } }
      """)
    #expect(
      two.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .ambiguousReference, at: files["app.yaml", "3️⃣"],
          "type 'Clock' is the type of 2 externals, 'clock' and 'wallClock', so a reference by type cannot tell "
            + "which is meant; refer to one by its id, or bind 'Clock' once")
      ])
    #expect(two.diagnostics.first?.notes.map(\.location) == [files["app.yaml", "2️⃣"], files["app.yaml", "1️⃣"]])
  }
}
