import DICfgCompiler
import DICfgCore
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// `factory:`: a service built by a static method or a free function the target's Swift declares,
/// checked as an initializer is: its labels (defaulted ones may be left out), values, effects,
/// isolation and what it returns, each mistake one finding at the graph file's line.
@Suite struct FactoryChecksTests {
  static let swift = MarkedFiles([
    "Sources/App/Store.swift": """
    import Foundation

    1️⃣final class Database {
      init(path: String) {}
      2️⃣static func open(path: String, schemaVersion: Int = 3, migrate: @escaping (Int) -> Void = { _ in }) throws -> Database {
        Database(path: path)
      }
      @MainActor static func preview() -> Database { Database(path: ":memory:") }
      static func reset() {}
      private static func hidden() -> Database { Database(path: "") }
    }
    final class Cache {}
    func makeCache(size: Int = 10) -> Cache { Cache() }
    """
  ])

  private func compile(_ services: String) -> (CompileResult, MarkedFiles) {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n" + services])
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "app.yaml", environmentVariables: [:], swift: declarations))
    return (result, files)
  }

  @Test func aFactoryTheSwiftDeclaresBuildsTheServiceWithItsDefaultsAndIsolation() throws {
    let (result, _) = compile(
      """
        database: { type: Database, factory: Database.open, scope: singleton, init: { path: { value: /var/db } } }
        preview: { type: Database, factory: Database.preview }
        cache: { type: Cache, factory: makeCache }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let services = try #require(result.plan).containers[0].services
    #expect(services.map(\.factory) == ["Database.open", "Database.preview", "makeCache"])
    #expect(services.map(\.registeredName) == ["Database.open", "Database.preview", "makeCache"])
    #expect(services.map(\.isolation) == [.nonisolated, .mainActor, .nonisolated], "from the Swift")
  }

  @Test func aMisspeltMethodIsOneErrorAtTheFactoryWithDidYouMean() {
    let (result, files) = compile("  database: { type: Database, factory: 1️⃣Database.opne }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'database' is built by 'Database.opne', which 'Database' does not declare; did you mean 'Database.open'?")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/App/Store.swift", "1️⃣"])
  }

  @Test func labelsThatNameNoOverloadAreOneErrorListingWhatItTakes() {
    let (result, files) = compile(
      "  database: { type: Database, factory: Database.open, init: { 1️⃣file: { value: x } } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'database' is built by 'Database.open(path:schemaVersion:migrate:)', which takes no 'file' and needs 'path' "
            + "without a default; write 'init: { path: … }'")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/App/Store.swift", "2️⃣"])
  }

  /// A label the one function does not take names it, with the closest label it does take.
  @Test func aLabelTheFunctionDoesNotTakeIsOneErrorWithTheClosest() {
    let (result, files) = compile(
      """
        database: { type: Database, factory: Database.open, init: { path: { value: x }, 1️⃣shemaVersion: { value: 4 } } }
        cache: { type: Cache, factory: makeCache, init: { 2️⃣count: { value: 4 } } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'database' is built by 'Database.open(path:schemaVersion:migrate:)', which takes no 'shemaVersion'; did you "
            + "mean 'schemaVersion'?"),
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "2️⃣"],
          "'cache' is built by 'makeCache(size:)', which takes no 'count'; remove it from 'init:'"),
      ])
  }

  /// A required argument left out names what to add, not the whole signature.
  @Test func aRequiredArgumentLeftOutIsOneErrorNamingItAndTheLineToWrite() {
    let (result, files) = compile(
      """
        database: { type: Database, factory: 1️⃣Database.open }
        tuned: { type: Database, factory: Database.open, init: { 2️⃣schemaVersion: { value: 4 } } }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'database' is built by 'Database.open(path:schemaVersion:migrate:)', which takes 'path' without a default; "
            + "add it to 'init:' ('init: { path: … }')"),
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "2️⃣"],
          "'tuned' is built by 'Database.open(path:schemaVersion:migrate:)', which takes 'path' without a default; "
            + "add it to 'init:' ('init: { path: … }')"),
      ])
  }

  @Test func aFactoryReturningAnotherTypeOrNothingIsATypeMismatchAtTheFactory() {
    let (result, files) = compile(
      """
        counted: { type: Database, factory: 1️⃣Database.reset }
        cache: { type: Database, factory: 2️⃣makeCache }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "'counted' is built by 'Database.reset()', which returns nothing; a factory returns the service"),
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "2️⃣"],
          "'cache' is of type 'Database', but 'makeCache(size:)' returns 'Cache'; return that type, or make 'type:' "
            + "the type it returns"),
      ])
  }

  @Test func aPrivateFactoryAndAFunctionOfAnotherModule() {
    let (hidden, files) = compile("  database: { type: Database, factory: 1️⃣Database.hidden }\n")
    #expect(
      hidden.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .initializerMismatch, at: files["app.yaml", "1️⃣"],
          "'database' is built by 'Database.hidden', which is private; make it internal or build 'database' "
            + "another way")
      ])
    // Nothing the target declares is close: another module's function, for the Swift compiler.
    let (elsewhere, _) = compile(
      "  session: { type: URLSession, factory: URLSession.configured }\n  log: { type: Logger, factory: makeLogger }\n")
    #expect(elsewhere.diagnostics.isEmpty)
  }

  @Test(arguments: [".open", "Database.open()", "Database..open", "3d"])
  func aFactoryThatIsNotAFunctionNameIsAnErrorAtTheValue(_ written: String) {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  db: { type: Database, factory: 1️⃣\"\(written)\" }\n"])
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(CompileRequest(file: "app.yaml"))
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'factory' takes the name of a static method, a static property or a free function, such as 'Database.open', "
            + "'Scanner.shared' or 'makeDatabase', or a factory object's method, such as '{ receiver: alertFactory, "
            + "method: makeAlert }', "
            + "not '\(written)'")
      ])
  }
}
