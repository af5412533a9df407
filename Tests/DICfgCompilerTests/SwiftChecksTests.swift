import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader
import DICfgTestSupport
import Foundation
import Testing

/// The compiler's checks of a graph file against the Swift it wires: one finding per mistake, at
/// the graph file's key or value, with a note at the Swift declaration.
@Suite struct SwiftChecksTests {
  static let swift = """
    import Foundation

    protocol WeatherClient: Sendable {}
    1️⃣final class OpenWeatherClient: WeatherClient {
      2️⃣init(baseURL: String, apiKey: String, timeout: Double) {}
    }
    final class DiskCache: Sendable {}
    final class ForecastService {
      3️⃣init(client: any WeatherClient, cache: DiskCache) {}
      var delegate: AnyObject?
      let name = "forecast"
    }
    """

  private func compile(_ yaml: MarkedFiles, swift: MarkedFiles, environments: [String] = []) -> CompileResult {
    let declarations = SwiftDeclarationReader().read(files: swift.texts.map { ($0.key, $0.value) })
    return GraphCompiler(fileSystem: InMemoryFileSystem(yaml.texts)).compile(
      CompileRequest(file: "app.yaml", environments: environments, environmentVariables: [:], swift: declarations))
  }

  private func graph(_ services: String) -> MarkedFiles {
    MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n" + services])
  }

  private var swift: MarkedFiles { MarkedFiles(["Sources/App/Weather.swift": Self.swift]) }

  /// The environment with the toolchain's declarations kept in a cache of the tests' own.
  static var testCache: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DICFG_CACHE"] = FileManager.default.temporaryDirectory.path + "/dicfg-tests-cache"
    return environment
  }

  @Test func aGraphThatMatchesItsSwiftHasNoFinding() {
    let result = compile(
      graph(
        """
          client:
            type: OpenWeatherClient
            init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: { value: 30 } }
          cache: { type: DiskCache }
          forecast:
            type: ForecastService
            init: { client: client, cache: cache }
            properties: { delegate: cache }
          unknownToTheTarget: { type: URLSession }
        """), swift: swift)
    #expect(result.diagnostics == [])
    #expect(result.plan != nil)
  }

  /// A graph literal reaches a parameter as an `Int`, a `Double`, a `String` or a `Bool`: a `UInt64`,
  /// an `Int32` or a `CGFloat` takes none of them, whether an initializer or a declared function has
  /// it. One error at the value, with the fix that works: the value written as Swift.
  @Test func aLiteralForANumberTypeNoResolveConvertsToIsOneErrorNamingTheSwiftValue() {
    let swift = MarkedFiles([
      "Sources/App/Pool.swift": """
      final class Pool { init(size: UInt64, ratio: Double) {} }
      func makePool(size: UInt64, ratio: Double = 1) -> Pool { Pool(size: size, ratio: ratio) }
      """
    ])
    let files = graph(
      """
        pool: { type: Pool, init: { size: 1️⃣{ value: 2 }, ratio: { value: 2 } } }
        made: { type: Pool, factory: makePool, init: { size: 2️⃣{ value: -2 } } }
        typed: { type: Pool, init: { size: { swift: 2 }, ratio: { value: 0.5 } } }
      """)
    let result = compile(files, swift: swift)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'size' of 'pool' is the integer 2, but 'Pool.init(size:ratio:)' takes 'UInt64' there; a graph "
            + "literal reaches it as an Int, which is not converted; write it as Swift, '{ swift: 2 }', so Swift "
            + "types it"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'size' of 'made' is the integer -2, but 'makePool(size:ratio:)' takes 'UInt64' there; a graph "
            + "literal reaches it as an Int, which is not converted; write it as Swift, '{ swift: -2 }', so Swift "
            + "types it"),
      ])
  }

  /// A run-time argument declared of one standard type and passed where the initializer takes another
  /// is one error at the value, naming the declaration to change; one of the type taken is fine.
  @Test func aRunTimeArgumentOfAnotherTypeThanTheParameterIsOneErrorAtTheValue() {
    let swift = MarkedFiles([
      "Sources/App/Panel.swift": """
      final class Panel { init(title: String, count: Int) {} }
      """
    ])
    let files = graph(
      """
        panel: { type: Panel, arguments: { id: Int, name: String }, init: { title: 1️⃣$id, count: 2️⃣$name } }
        fine: { type: Panel, arguments: { id: Int, name: String }, init: { title: $name, count: $id } }
      """)
    let result = compile(files, swift: swift)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'title' of 'panel' is the run-time argument '$id' of type 'Int', but 'Panel.init(title:count:)' "
            + "takes 'String' there; declare 'id' as 'String' under 'arguments:'"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'count' of 'panel' is the run-time argument '$name' of type 'String', but "
            + "'Panel.init(title:count:)' takes 'Int' there; declare 'name' as 'Int' under 'arguments:'"),
      ])
  }

  /// A provider passed where the initializer takes a function is typed by the service's run-time
  /// arguments: a function of other parameters, another result, or one that cannot throw is one error
  /// at the value, spelling the function type that fits; the fitting ones, a `Provider` among them,
  /// are none.
  @Test func aProviderPassedAsAFunctionOfOtherArgumentsIsOneErrorSpellingTheFunctionThatFits() {
    let swift = MarkedFiles([
      "Sources/App/Details.swift": """
      final class Details { init(id: Int, title: String) {} }
      final class Summary {}
      final class Router {
        init(
          byID: @escaping (Int, String) throws -> Details, byName: @escaping (String) throws -> Details,
          summary: @escaping (Int, String) throws -> Summary, plain: @escaping (Int, String) -> Details
        ) {}
      }
      final class FineRouter {
        init(details: @escaping @Sendable (_ id: Int, _ title: String) throws -> Details, other: Any) {}
      }
      """
    ])
    let files = graph(
      """
        details:
          type: Details
          arguments: { id: Int, title: String }
          init: { id: $id, title: $title }
        router:
          type: Router
          init:
            byID: { provider: details }
            byName: 1️⃣{ provider: details }
            summary: 2️⃣{ provider: details }
            plain: 3️⃣{ provider: details }
        fine: { type: FineRouter, init: { details: { provider: details }, other: { provider: details } } }
      """)
    let result = compile(files, swift: swift)
    let callee = "'Router.init(byID:byName:summary:plain:)'"
    let fits = "; declare the parameter '(Int, String) throws -> Details'"
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'byName' of 'router' is a provider of 'details', but \(callee) takes '(String) throws -> Details' "
            + "there: 'details' takes the run-time arguments (id: Int, title: String), in that order" + fits),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'summary' of 'router' is a provider of 'details', but \(callee) takes '(Int, String) throws -> "
            + "Summary' there: 'details' is 'Details', not 'Summary'" + fits),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "3️⃣"],
          "argument 'plain' of 'router' is a provider of 'details', but \(callee) takes '(Int, String) -> Details' "
            + "there: a provider's call throws (once the container is gone, or where the build throws), and the "
            + "function does not" + fits),
      ])
  }

  /// A parameter whose type a type nested in the initializer's own declares (`Dependency` in
  /// `FeatureView`, as an extension nests it) takes that nested type, not another of its name.
  @Test func aParameterOfANestedTypeTakesTheNestedTypeNotAnotherOfItsName() {
    let swift = MarkedFiles([
      "Sources/App/Feature.swift": """
      struct Dependency { init() {} }
      final class FeatureView { init(dependency: Dependency) {} }
      extension FeatureView { struct Dependency { init() {} } }
      """
    ])
    let files = graph(
      """
        view: { type: FeatureView, init: { dependency: nested } }
        nested: { type: FeatureView.Dependency }
        wrong: { type: FeatureView, init: { dependency: 1️⃣other } }
        other: { type: Dependency }
      """)
    let result = compile(files, swift: swift)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'dependency' of 'wrong' is the service 'other' of type 'Dependency', but "
            + "'FeatureView.init(dependency:)' takes 'FeatureView.Dependency' there; pass a service of that type")
      ])
  }

  /// A service's type may be a type alias: of a type the Swift declares, whose initializers the
  /// checks then hold `init:` to; of another module's type, which is the Swift compiler's to check,
  /// and no `unknown-type`.
  @Test func aTypeAliasIsTheTypeItNames() {
    let swift = MarkedFiles([
      "Sources/App/Player.swift": """
      final class Events<Value> { init(capacity: Int) {} }
      typealias PlayerEvents = Events<Int>
      typealias PlayerPublisher = LegacyEventPublisher<Int?>
      enum Player { typealias Queue = Events<String> }
      """
    ])
    let files = graph(
      """
        events: { type: PlayerEvents, init: { capacity: { value: 8 } } }
        queue: { type: Player.Queue, init: { 1️⃣size: { value: 8 } } }
        publisher: { type: PlayerPublisher }
      """)
    let result = compile(files, swift: swift)
    #expect(result.diagnostics.map(\.code) == [.initializerMismatch], "\(result.diagnostics.map(\.message))")
    #expect(result.diagnostics.first?.location == files["app.yaml", "1️⃣"])
  }

  /// A misspelt member of a Foundation type the graph configures, in a property of a Foundation
  /// coder or a parameter of such a type, is one error at the value with the closest member: what
  /// Foundation declares is read from the toolchain's account of it.
  @Test func aMisspeltMemberOfAFoundationTypeIsOneErrorAtTheValue() throws {
    let swift = MarkedFiles([
      "Sources/App/Ticker.swift": """
      import Foundation
      final class Ticker { 1️⃣init(interval: TimeInterval, mode: RunLoop.Mode = .default) {} }
      """
    ])
    let files = graph(
      """
        decoder:
          type: JSONDecoder
          properties: { keyDecodingStrategy: { swift: 1️⃣.convertFromSnakeCae }, dateDecodingStrategy: { swift: .iso8601 } }
        encoder: { type: JSONEncoder, properties: { outputFormatting: { swift: .sortedKeys } } }
        ticker: { type: Ticker, init: { interval: { value: 1.5 }, mode: { swift: 2️⃣.defualt } } }
        other: { type: Ticker, init: { interval: { value: 1.5 }, mode: { swift: .common } } }
      """)
    let toolchain = try #require(ToolchainInterfaces.located(environment: Self.testCache).interfaces)
    let foundation = toolchain.interfaces(of: ["Foundation"])
    #expect(foundation.unread.isEmpty)
    let declarations = SwiftDeclarationReader().read(files: swift.texts.map { ($0.key, $0.value) })
      .adding(foreign: SwiftDeclarationReader().read(paths: foundation.files))
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "app.yaml", environmentVariables: [:], swift: declarations))
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "'decoder' sets 'keyDecodingStrategy' to '.convertFromSnakeCae', but 'JSONDecoder.KeyDecodingStrategy' has "
            + "no member 'convertFromSnakeCae'; did you mean '.convertFromSnakeCase'?"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'mode' of 'ticker' is '.defualt', but 'RunLoop.Mode' has no member 'defualt'; did you mean "
            + "'.default'?"),
      ])
    #expect(result.diagnostics.last?.notes.first?.location == swift["Sources/App/Ticker.swift", "1️⃣"])
  }

  /// A default that looks its value up in a container (Resolver's, Swinject's, Factory's), left out
  /// where the graph binds no service of its type, is found by no container at run time: one warning
  /// at the service, naming the parameter and its default. A default that makes its own value is the
  /// user's choice and no finding.
  @Test func aLeftOutDefaultThatLooksUpAContainerIsOneWarningAtTheService() throws {
    let swift = MarkedFiles([
      "Sources/App/Notes.swift": """
      protocol NoteStore {}
      protocol Clock {}
      struct SystemClock: Clock {}
      final class NotesViewModel {
        1️⃣init(
          title: String, store: any NoteStore = Resolver.resolve(), clock: any Clock = SystemClock(),
          api: APIClient = Container.shared.api(), cache: Cache = container.resolve(Cache.self)!
        ) {}
      }
      """
    ])
    let files = graph(
      """
        notes:
          type: 1️⃣NotesViewModel
          init: { title: { value: Notes }, cache: cache }
        cache: { type: Cache }
      """)
    let result = compile(files, swift: swift)
    let declared = "'NotesViewModel.init(title:store:clock:api:cache:)'"
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .defaultedDependency, at: files["app.yaml", "1️⃣"],
          "'notes' leaves out 'api:' of \(declared), so Swift passes the parameter's default "
            + "'Container.shared.api()', which looks 'APIClient' up in a container the graph does not fill; "
            + "declare a service of type 'APIClient' and pass it: 'init: { api: <its id> }'"),
        DiagnosticFacts(
          .defaultedDependency, at: files["app.yaml", "1️⃣"],
          "'notes' leaves out 'store:' of \(declared), so Swift passes the parameter's default 'Resolver.resolve()', "
            + "which looks 'any NoteStore' up in a container the graph does not fill; declare a service of type "
            + "'any NoteStore' and pass it: 'init: { store: <its id> }'"),
      ])
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(result.diagnostics.first?.notes.first?.location == swift["Sources/App/Notes.swift", "1️⃣"])
    #expect(
      ["resolve()", "try! container.resolve()", "r.resolve(Store.self)!", "Resolver.optional()"].allSatisfy(
        SwiftParameter.looksUpAContainer))
    #expect(
      !["SystemClock()", ".shared", "resolved()", "Store.unresolve()"].contains(where: SwiftParameter.looksUpAContainer)
    )
  }

  /// A struct or enum cannot be held weakly: known from the Swift, it is one error at `scope:` in the
  /// environment that makes it weak, before the build or the launch.
  @Test func aWeakValueTypeIsOneErrorAtItsScope() throws {
    let swift = MarkedFiles([
      "Sources/App/Settings.swift": """
      1️⃣struct Settings { init() {} }
      enum Theme { case light; init() { self = .light } }
      final class Session { init() {} }
      """
    ])
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        settings: { type: Settings, scope: 1️⃣weak }
        theme: { type: Theme }
        session: { type: Session, scope: weak }
      """,
      "app.test.yaml": "dicfg: 1\nservices:\n  theme: { scope: 2️⃣weak }\n",
    ])
    let base = compile(files, swift: swift)
    #expect(
      base.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .weakValueType, at: files["app.yaml", "1️⃣"],
          "'settings' has scope weak, but 'Settings' is a struct; only objects can be held weakly, so choose another "
            + "scope (singleton, graph or unique)")
      ])
    #expect(base.diagnostics.first?.notes.first?.location == swift["Sources/App/Settings.swift", "1️⃣"])
    let test = compile(files, swift: swift, environments: ["test"])
    #expect(test.diagnostics.map(\.code) == [.weakValueType, .weakValueType])
    #expect(test.diagnostics.map(\.location).contains(files["app.test.yaml", "2️⃣"]))
  }

  @Test func aMisspeltLabelIsOneErrorAtItsKeyWithDidYouMeanAndANoteAtTheInitializer() throws {
    let files = graph(
      """
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, 1️⃣apiKee: { value: k }, timeout: { value: 30 } }
      """)
    let result = compile(files, swift: swift)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'OpenWeatherClient' has no initializer taking 'apiKee' with the other arguments of 'client'; did you mean "
            + "'apiKey'?")
      ])
    let notes = try #require(result.diagnostics.first).notes
    #expect(
      notes.map(\.location) == [swift["Sources/App/Weather.swift", "1️⃣"], swift["Sources/App/Weather.swift", "2️⃣"]])
    #expect(notes.last?.message == "'OpenWeatherClient.init(baseURL:apiKey:timeout:)' is declared here")
  }

  /// A layer that misspells an argument the base gives (`baseUrl` for `baseURL`) adds an argument
  /// beside it rather than replacing it: the error names the one it meant and where it is given.
  @Test func aLayersMisspeltArgumentNamesTheBasesOne() {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: { value: 30 } }
      """,
      "app.dev.yaml": "dicfg: 1\nservices:\n  client: { init: { 1️⃣baseUrl: { value: \"https://dev\" } } }\n",
    ])
    let result = compile(files, swift: swift, environments: ["dev"])
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.dev.yaml", "1️⃣"],
          "'OpenWeatherClient' has no initializer taking 'baseUrl' with the other arguments of 'client'; did you mean "
            + "'baseURL'? 'client' is given 'baseURL' in 'app.yaml', so 'baseUrl' adds an argument beside it instead "
            + "of replacing it")
      ])
  }

  @Test func keysOutOfTheInitializersOrderSayTheOrder() {
    let files = graph(
      """
        client:
          type: OpenWeatherClient
          init: { 1️⃣apiKey: { value: k }, baseURL: { value: "https://x" }, timeout: { value: 30 } }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'init:' of 'client' lists 'apiKey' where 'OpenWeatherClient.init(baseURL:apiKey:timeout:)' takes 'baseURL'; "
            + "list the arguments in the initializer's order ('baseURL', 'apiKey', 'timeout')")
      ])
  }

  @Test func aMissingArgumentIsNamedAtTheLastKeyAndAnExtraOneAtItsKey() {
    let missing = graph(
      """
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, 1️⃣apiKey: { value: k } }
      """)
    #expect(
      compile(missing, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: missing["app.yaml", "1️⃣"],
          "'init:' of 'client' lacks 'timeout', which 'OpenWeatherClient.init(baseURL:apiKey:timeout:)' takes "
            + "without a default; add it")
      ])
    let extra = graph(
      """
        cache: { type: DiskCache }
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: { value: 30 }, 1️⃣cache: cache }
      """)
    #expect(
      compile(extra, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: extra["app.yaml", "1️⃣"],
          "'OpenWeatherClient' has no initializer taking 'cache' with the other arguments of 'client'; its "
            + "initializers are 'init(baseURL:apiKey:timeout:)'")
      ])
  }

  @Test func aDefaultedArgumentMayBeLeftOutAndTheOthersKeepTheirOrderAndTypes() {
    let swift = MarkedFiles([
      "Sources/App/Feed.swift": """
      import Foundation
      final class FeedClient {
        2️⃣init(session: URLSession = .shared, retries: Int = 3, decoder: JSONDecoder, log: @escaping (String) -> Void = { _ in }) {}
      }
      """
    ])
    let fine = graph(
      "  decoder: { type: JSONDecoder }\n  feed: { type: FeedClient, init: { retries: { value: 5 }, decoder: decoder } }\n"
    )
    #expect(compile(fine, swift: swift).diagnostics.isEmpty)
    let omitted = graph("  decoder: { type: JSONDecoder }\n  feed: { type: FeedClient, init: { decoder: decoder } }\n")
    #expect(compile(omitted, swift: swift).diagnostics.isEmpty)
    let wrongType = graph(
      "  decoder: { type: JSONDecoder }\n  feed: { type: FeedClient, init: { retries: 1️⃣{ value: many }, decoder: decoder } }\n"
    )
    #expect(
      compile(wrongType, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: wrongType["app.yaml", "1️⃣"],
          "argument 'retries' of 'feed' is the string \"many\", but "
            + "'FeedClient.init(session:retries:decoder:log:)' takes 'Int' there; write a value of that type")
      ])
    let reordered = graph(
      "  decoder: { type: JSONDecoder }\n  feed: { type: FeedClient, init: { 1️⃣decoder: decoder, retries: { value: 5 } } }\n"
    )
    #expect(
      compile(reordered, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: reordered["app.yaml", "1️⃣"],
          "'init:' of 'feed' lists 'decoder' where 'FeedClient.init(session:retries:decoder:log:)' takes 'retries'; "
            + "list the arguments in the initializer's order ('retries', 'decoder')")
      ])
    let missing = graph("  feed: { type: FeedClient, init: { 1️⃣retries: { value: 5 } } }\n")
    #expect(
      compile(missing, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: missing["app.yaml", "1️⃣"],
          "'init:' of 'feed' lacks 'decoder', which 'FeedClient.init(session:retries:decoder:log:)' takes without a "
            + "default; add it")
      ])
  }

  // A class renamed in Swift only: a protocol a letter away is never what a service's type means,
  // nor a class whose initializers do not take `init:`'s labels, beside the one type that does.
  @Test func aRenamedClassIsNamedByItsInitializerNotByAProtocolOrAClassThatCannotBeBuiltSo() {
    let swift = MarkedFiles([
      "Sources/App/Rates.swift": """
      protocol Converter {}
      final class Convertor { init() {} }
      final class Rates {}
      1️⃣final class RateTable: Converter { init(rates: Rates) {} }
      """
    ])
    let files = graph("  rates: { type: Rates }\n  table: { type: 1️⃣Converters, init: { rates: rates } }\n")
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownType, at: files["app.yaml", "1️⃣"],
          "'table' is of type 'Converters', which the target's Swift does not declare; did you mean 'RateTable', the "
            + "one type no service names with an initializer 'init(rates:)'?")
      ])
  }

  // A class that lost its conformance to the protocol it is bound to with `as:`: one error at the
  // binding, naming both, and none at the services that take the protocol.
  @Test func aLostConformanceIsOneErrorAtTheBinding() {
    let swift = MarkedFiles([
      "Sources/App/Client.swift": """
      1️⃣protocol HTTPClient: Sendable {}
      2️⃣final class URLSessionClient: Sendable {}
      final class API { init(client: any HTTPClient) {} }
      final class Uploader { init(client: (any HTTPClient)?) {} }
      """
    ])
    let files = graph(
      """
        client: { type: URLSessionClient, as: [1️⃣HTTPClient] }
        api: { type: API, init: { client: HTTPClient } }
        uploader: { type: Uploader, init: { client: HTTPClient } }
        lookup: { type: API, init: { client: client } }
      """)
    let result = compile(files, swift: swift)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "'client' is bound as 'HTTPClient', but 'URLSessionClient' does not conform to 'HTTPClient'; declare the "
            + "conformance ('extension URLSessionClient: HTTPClient {}'), or remove 'HTTPClient' from 'as:'")
      ])
    #expect(
      result.diagnostics.first?.notes.map(\.location) == [
        swift["Sources/App/Client.swift", "2️⃣"], swift["Sources/App/Client.swift", "1️⃣"],
      ])
  }

  @Test func aMisspeltTypeIsOneErrorAtTheTypeWithDidYouMean() {
    let files = graph(
      """
        client: { type: 1️⃣OpenWeatherClint }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownType, at: files["app.yaml", "1️⃣"],
          "'client' is of type 'OpenWeatherClint', which the target's Swift does not declare; did you mean "
            + "'OpenWeatherClient'?")
      ])
  }

  @Test func aShortenedTypeNameIsOneErrorWithTheDeclaredNameItIsPartOf() {
    let files = graph(
      """
        cache: { type: DiskCache }
        forecast: { type: 1️⃣Forecast, init: { client: cache, cache: cache } }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownType, at: files["app.yaml", "1️⃣"],
          "'forecast' is of type 'Forecast', which the target's Swift does not declare; did you mean "
            + "'ForecastService'?")
      ])
  }

  @Test func aTypeRenamedInSwiftOnlyIsFoundByItsInitializer() {
    let files = graph(
      """
        cache: { type: DiskCache }
        client: { type: OpenWeatherClient, init: { baseURL: { value: x }, apiKey: { value: k }, timeout: { value: 1 } } }
        forecast: { type: 1️⃣WeatherForecaster, init: { client: client, cache: cache } }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownType, at: files["app.yaml", "1️⃣"],
          "'forecast' is of type 'WeatherForecaster', which the target's Swift does not declare; did you mean "
            + "'ForecastService', the one type no service names with an initializer 'init(client:cache:)'?")
      ])
  }

  @Test func aTypeNothingInTheTargetComesCloseToIsLeftToTheSwiftCompiler() {
    let files = graph(
      """
        session: { type: URLSession }
        decoder: { type: JSONDecoder, init: { userInfo: { value: {} } } }
      """)
    #expect(compile(files, swift: swift).diagnostics == [], "another module's types")
  }

  /// One label is too common to say a type was renamed: GRDB's `DatabaseQueue(path:)` beside an app's
  /// own `DiskCache(path:)` is another module's type, which the Swift compiler judges.
  @Test func oneLabelDoesNotMakeAnotherModulesTypeARename() {
    let files = graph(
      """
        queue: { type: DatabaseQueue, init: { path: { value: ":memory:" } } }
      """)
    let declarations = MarkedFiles([
      "Sources/App/Weather.swift": Self.swift,
      "Sources/App/DiskStore.swift": "final class DiskStore { init(path: String) {} }",
    ])
    #expect(compile(files, swift: declarations).diagnostics == [], "another module's type")
  }

  @Test func aLayersParameterThatCannotFitIsAnErrorWhereTheLayerSetsIt() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { timeout: 30 }
      services:
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: 2️⃣$timeout }
      """,
      "app.prod.yaml": """
      dicfg: 1
      parameters: { timeout: 1️⃣fast }
      """,
    ])
    #expect(compile(files, swift: swift).diagnostics == [], "the base's value fits")
    let diagnostics = compile(files, swift: swift, environments: ["prod"]).diagnostics
    #expect(
      diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.prod.yaml", "1️⃣"],
          "parameter 'timeout' is the string \"fast\" in environment 'prod', but argument 'timeout' of 'client' "
            + "passes it to 'OpenWeatherClient.init(baseURL:apiKey:timeout:)', which takes 'Double' there; write a "
            + "value of that type")
      ])
    #expect(diagnostics.first?.notes.first?.location == files["app.yaml", "2️⃣"], "a note at the use")
  }

  @Test func anEnvironmentVariablesDefaultOrTextThatCannotFitIsAnErrorAtTheParameter() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters:
        timeout: 1️⃣${TIMEOUT:-fast}
        retries: ${TIMEOUT:-30}
        key: 2️⃣key-${KEY:-k}
      services:
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: $key, timeout: 3️⃣$timeout }
        slow:
          type: OpenWeatherClient
          init: { baseURL: $key, apiKey: $key, timeout: 4️⃣$key }
        fine:
          type: OpenWeatherClient
          init: { baseURL: $key, apiKey: $key, timeout: $retries }
      """
    ])
    let diagnostics = compile(files, swift: swift).diagnostics
    #expect(
      diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "parameter 'timeout' is the string \"fast\" when '${TIMEOUT}' is unset (its default), but argument "
            + "'timeout' of 'client' passes it to 'OpenWeatherClient.init(baseURL:apiKey:timeout:)', which takes "
            + "'Double' there; give the variable a default of that type"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "parameter 'key' is text wherever it is read (its '${…}' is inside other text), but argument 'timeout' of "
            + "'slow' passes it to 'OpenWeatherClient.init(baseURL:apiKey:timeout:)', which takes 'Double' there; "
            + "pass a parameter of that type"),
      ])
    #expect(diagnostics.first?.notes.first?.location == files["app.yaml", "3️⃣"], "a note at the use")
    #expect(diagnostics.last?.notes.first?.location == files["app.yaml", "4️⃣"])
  }

  @Test func aValueThatCannotFitItsParameterIsAnErrorAtTheValue() {
    let files = graph(
      """
        cache: { type: DiskCache }
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: 1️⃣{ value: "30" } }
        forecast:
          type: ForecastService
          init: { client: 2️⃣cache, cache: cache }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "argument 'timeout' of 'client' is the string \"30\", but "
            + "'OpenWeatherClient.init(baseURL:apiKey:timeout:)' takes 'Double' there; write a value of that type"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "argument 'client' of 'forecast' is the service 'cache' of type 'DiskCache', but "
            + "'ForecastService.init(client:cache:)' takes 'any WeatherClient' there; pass a service of that type"),
      ])
  }

  @Test func anEnvironmentLayersValueIsCheckedAtTheLayersLine() {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: { value: 30 } }
      """,
      "app.production.yaml": """
      dicfg: 1
      services:
        client:
          init: { timeout: 1️⃣{ value: "30" } }
      """,
    ])
    #expect(compile(files, swift: swift).diagnostics == [])
    #expect(
      summaries(compile(files, swift: swift, environments: ["production"]).diagnostics) == [
        "type-mismatch@\(files["app.production.yaml", "1️⃣"].line):\(files["app.production.yaml", "1️⃣"].column)"
      ])
  }

  @Test func aPropertyTheTypeLacksOrCannotSetIsOneErrorAtItsKey() {
    let files = graph(
      """
        cache: { type: DiskCache }
        forecast:
          type: ForecastService
          init: { client: client, cache: cache }
          properties: { 1️⃣delegat: cache, 2️⃣name: { value: other } }
        client:
          type: OpenWeatherClient
          init: { baseURL: { value: "https://x" }, apiKey: { value: k }, timeout: { value: 30 } }
      """)
    #expect(
      compile(files, swift: swift).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unknownProperty, at: files["app.yaml", "1️⃣"],
          "'ForecastService' has no property 'delegat' for 'forecast' to set; did you mean 'delegate'?"),
        DiagnosticFacts(
          .readOnlyProperty, at: files["app.yaml", "2️⃣"],
          "'forecast' sets 'ForecastService.name', which cannot be set from outside the type; declare it 'var' with "
            + "an internal setter, or pass it to the initializer"),
      ])
  }
}

@Suite struct SwiftIsolationTests {
  static let swift = MarkedFiles([
    "View.swift": """
    @MainActor final class CartBadge { init() {} }
    final class Checkout: Sendable { init() {} }
    """,
    "Screens.swift": """
    import UIKit
    import SwiftUI

    final class ProfileViewController: UIViewController {
      init(checkout: Checkout) { super.init(nibName: nil, bundle: nil) }
      required init?(coder: NSCoder) { nil }
    }
    class BaseCell: UITableViewCell {}
    final class OrderCell: BaseCell {
      init(checkout: Checkout) { super.init(style: .default, reuseIdentifier: nil) }
      required init?(coder: NSCoder) { nil }
    }
    @MainActor protocol Screen {}
    final class SettingsScreen: Screen { init() {} }
    struct ProfileView: View {
      let checkout: Checkout
      var body: some View { Text("") }
    }
    """,
  ])

  private func compile(_ yaml: MarkedFiles) -> CompileResult {
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    return GraphCompiler(fileSystem: InMemoryFileSystem(yaml.texts)).compile(
      CompileRequest(file: "app.yaml", environmentVariables: [:], swift: declarations))
  }

  @Test func aMainActorInitializerMakesTheServiceMainActorIsolatedWithoutTheKey() throws {
    let result = compile(
      MarkedFiles([
        "app.yaml": """
        dicfg: 1
        services:
          badge: { type: CartBadge }
          checkout: { type: Checkout }
        """
      ]))
    #expect(result.diagnostics == [])
    let services = try #require(result.plan).containers[0].services
    #expect(services.map(\.isolation) == [.mainActor, .nonisolated])
  }

  // Swift infers the main actor from a superclass (UIKit's, or one read here, through a chain) and
  // from a protocol the declaration conforms to (SwiftUI's View, or one read here): so does the reader.
  @Test func aSubclassOfAMainActorFrameworkClassOrAConformanceToAMainActorProtocolIsMainActor() throws {
    let result = compile(
      MarkedFiles([
        "app.yaml": """
        dicfg: 1
        services:
          checkout: { type: Checkout, scope: singleton }
          profile: { type: ProfileViewController, init: { checkout: checkout } }
          cell: { type: OrderCell, init: { checkout: checkout } }
          settings: { type: SettingsScreen }
          profileView: { type: ProfileView, init: { checkout: checkout } }
        """
      ]))
    #expect(result.diagnostics == [])
    let services = try #require(result.plan).containers[0].services
    #expect(services.map(\.isolation) == [.nonisolated, .mainActor, .mainActor, .mainActor, .mainActor])
  }

  @Test func isolationTheSwiftContradictsIsAnErrorAtTheKey() {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        badge: { type: CartBadge, isolation: 1️⃣nonisolated }
      """
    ])
    #expect(
      compile(files).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .isolationMismatch, at: files["app.yaml", "1️⃣"],
          "'badge' says 'isolation: nonisolated', but 'CartBadge.init()' is isolated to the main actor; remove "
            + "'isolation' (the Swift declaration decides) or make the initializer 'nonisolated'")
      ])
  }

  @Test func aSingletonBuildingAMainActorServiceIsReportedThoughOnlyTheSwiftSaysSo() {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        badge: { type: CartBadge }
        holder:
          type: Holder
          scope: singleton
          init: { badge: 1️⃣badge }
      """
    ])
    let value = files["app.yaml", "1️⃣"]
    #expect(summaries(compile(files).diagnostics) == ["main-actor-dependency@\(value.line):\(value.column)"])
  }
}
