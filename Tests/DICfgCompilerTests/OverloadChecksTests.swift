import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// Overloads, as Swift chooses among them for the labels `init:` gives: the one leaving the fewest
/// parameters to their defaults, an unavailable one only where nothing else fits. Where that one is
/// deprecated, where every one is unavailable, or where Swift cannot choose, the graph file hears it
/// at the service's line, for another module's functions as for the target's own.
@Suite struct OverloadChecksTests {
  static let swift = MarkedFiles([
    "Sources/StoreKit/Store.swift": """
    public struct Logger { public init() {} }
    public struct Store {
      1️⃣@available(*, deprecated, message: "use open(logger:retries:)")
      public static func open(logger: Logger) -> Store { Store() }
      2️⃣public static func open(logger: Logger, retries: Int = 3) -> Store { Store() }
      @available(*, unavailable)
      public static func connect(logger: Logger) -> Store { Store() }
      public static func connect(logger: Logger, timeout: Double = 1) -> Store { Store() }
      3️⃣@available(*, unavailable, renamed: "open(logger:)")
      public static func legacy(logger: Logger) -> Store { Store() }
      4️⃣public static func mirror(logger: Logger, primary: Bool = true) -> Store { Store() }
      5️⃣public static func mirror(logger: Logger, region: String = "eu") -> Store { Store() }
      @available(*, deprecated)
      public static func sized(logger: Logger, size: Int = 1) -> Store { Store() }
      public static func sized(logger: Logger, size: Int = 1, unit: String = "MB") -> Store { Store() }
      public static func typed(value: Int) -> Store { Store() }
      public static func typed(value: String) -> Store { Store() }
      public init() {}
    }
    public final class Session {
      6️⃣@available(*, deprecated)
      public init() {}
      7️⃣public init(name: String = "main") {}
    }
    """,
    "Sources/App/App.swift": "import StoreKit\n",
  ])

  private func compile(_ services: String) -> (CompileResult, MarkedFiles) {
    let files = MarkedFiles(["Sources/App/dicfg.yaml": "dicfg: 1\nservices:\n  logger: { type: Logger }\n" + services])
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "Sources/App/dicfg.yaml", environmentVariables: [:], swift: declarations))
    return (result, files)
  }

  @Test func theReaderKeepsWhatAvailableSaysOnEveryPlatform() throws {
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let store = try #require(declarations.type(named: "Store"))
    let open = store.functions.filter { $0.name == "open" }
    #expect(
      open.map(\.availability) == [SwiftAvailability(kind: .deprecated, message: "use open(logger:retries:)"), nil])
    #expect(
      store.functions.first { $0.name == "legacy" }?.availability
        == SwiftAvailability(kind: .unavailable, renamed: "open(logger:)"))
    #expect(declarations.type(named: "Session")?.initializers.map(\.availability?.kind) == [.deprecated, nil])
  }

  @Test func aDeprecatedOverloadSwiftCallsIsOneWarningNamingTheLabelThatCallsTheOther() {
    let (result, files) = compile("  store: { type: Store, factory: 1️⃣Store.open, init: { logger: logger } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .deprecatedBuilder, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'store' is built by 'Store.open(logger:)', which is deprecated: use open(logger:retries:) (Swift calls it "
            + "with only 'logger' in 'init:'); add 'retries' (its default is `3`) to 'init:' to call "
            + "'Store.open(logger:retries:)'")
      ])
    #expect(
      result.diagnostics.first?.notes.map(\.location) == [
        Self.swift["Sources/StoreKit/Store.swift", "1️⃣"], Self.swift["Sources/StoreKit/Store.swift", "2️⃣"],
      ])
  }

  /// The label named is one the deprecated overload does not take: with it, Swift calls the other.
  @Test func theLabelNamedIsOneOnlyTheCurrentOverloadTakes() {
    let (result, files) = compile("  store: { type: Store, factory: 1️⃣Store.sized, init: { logger: logger } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .deprecatedBuilder, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'store' is built by 'Store.sized(logger:size:)', which is deprecated (Swift calls it with only 'logger' in "
            + "'init:'); add 'unit' (its default is `\"MB\"`) to 'init:' to call 'Store.sized(logger:size:unit:)'")
      ])
    let (fixed, _) = compile(
      "  store: { type: Store, factory: Store.sized, init: { logger: logger, unit: { value: GB } } }\n")
    #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics)")
  }

  @Test func theLabelThatNamesTheOtherOverloadCallsItWithNoFinding() {
    let (result, _) = compile(
      """
        store: { type: Store, factory: Store.open, init: { logger: logger, retries: { value: 5 } } }
        connected: { type: Store, factory: Store.connect, init: { logger: logger } }
        typed: { type: Store, factory: Store.typed, init: { value: { value: 3 } } }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  @Test func overloadsSwiftCannotChooseBetweenAreOneErrorNamingBoth() {
    let (result, files) = compile("  store: { type: Store, factory: 1️⃣Store.mirror, init: { logger: logger } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .ambiguousBuilder, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'store' is built by 'Store.mirror(logger:primary:)' or 'Store.mirror(logger:region:)': with only 'logger' "
            + "in 'init:' Swift cannot choose between them; add 'primary' or 'region' to 'init:' to name one")
      ])
    #expect(
      result.diagnostics.first?.notes.map(\.location) == [
        Self.swift["Sources/StoreKit/Store.swift", "4️⃣"], Self.swift["Sources/StoreKit/Store.swift", "5️⃣"],
      ])
    #expect(result.plan == nil)
  }

  @Test func anUnavailableFunctionWithNoOtherOverloadIsOneErrorNamingItsReplacement() {
    let (result, files) = compile("  store: { type: Store, factory: 1️⃣Store.legacy, init: { logger: logger } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'store' is built by 'Store.legacy(logger:)', which is unavailable; build it with 'open(logger:)', its "
            + "replacement")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/StoreKit/Store.swift", "3️⃣"])
  }

  @Test func aDeprecatedInitializerIsOneWarningAtTheType() {
    let (result, files) = compile("  session: { type: 1️⃣Session }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .deprecatedBuilder, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'session' is built by 'Session.init()', which is deprecated (Swift calls it with no arguments in "
            + "'init:'); add 'name' (its default is `\"main\"`) to 'init:' to call 'Session.init(name:)'")
      ])
    #expect(
      result.diagnostics.first?.notes.map(\.location) == [
        Self.swift["Sources/StoreKit/Store.swift", "6️⃣"], Self.swift["Sources/StoreKit/Store.swift", "7️⃣"],
      ])
  }

  /// An `init:` that is not a mapping is its one error: its labels are not then held to the Swift's.
  @Test func anInitThatDoesNotReadIsItsOneError() {
    let (result, files) = compile("  store: { type: Store, factory: Store.open, init: 1️⃣[logger] }\n")
    #expect(result.diagnostics.map(\.code) == [.invalidValue], "\(result.diagnostics)")
    #expect(result.diagnostics.first?.location == files["Sources/App/dicfg.yaml", "1️⃣"])
  }
}
