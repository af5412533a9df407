import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

/// The names the compiler records as it reads each file: what the editor and `dicfg diff` use
/// instead of reading the files again.
@Suite struct CompiledSymbolsTests {
  @Test func eachFileOfACompileHasItsDeclarationsReferencesAndRemovals() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      parameters: { 1️⃣token: abc }
      externals: { 2️⃣clock: { type: 3️⃣Clock } }
      defaultScope: 4️⃣singleton
      services:
        5️⃣api: { type: Api, as: [Client], init: { token: $token, clock: 6️⃣clock } }
        7️⃣log: { type: Log, init: { client: 8️⃣Client } }
      """,
      "app.test.yaml": """
      dicfg: 1
      services:
        9️⃣log: null
      """,
    ])
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "app.yaml", environments: ["test"]))
    let symbols = result.symbols
    func at(_ file: String, _ marker: String) -> [GraphSymbols.Occurrence] {
      symbols.occurrences.filter { $0.location == files[file, marker] }
    }
    #expect(at("app.yaml", "1️⃣").map(\.kind) == [.parameter])
    #expect(at("app.yaml", "2️⃣").map(\.kind) == [.external])
    #expect(at("app.yaml", "3️⃣").map { [$0.kind.rawValue, $0.owner ?? ""] } == [["type", "clock"]])
    #expect(at("app.yaml", "4️⃣").map { $0.kind } == [.scope])
    #expect(at("app.yaml", "5️⃣").first?.isDeclaration == true)
    #expect(at("app.yaml", "6️⃣").map { $0.kind } == [.service])
    let removal = try #require(at("app.test.yaml", "9️⃣").first)
    #expect(removal.isDeclaration && removal.isRemoval && removal.name == "log")
    #expect(at("app.yaml", "7️⃣").first?.isRemoval == false)
    // A reference by a type its `as:` binds finds the service, and the service finds it.
    let byType = try #require(at("app.yaml", "8️⃣").first)
    #expect(symbols.declaration(of: byType)?.name == "api")
    let api = try #require(at("app.yaml", "5️⃣").first)
    #expect(symbols.occurrences(sameAs: api).map(\.location).contains(files["app.yaml", "8️⃣"]))
  }
}
