import DICfgCompiler
import DICfgCore
import DICfgLanguageServer
import DICfgLoader
import Testing

/// Which file the server compiles for an opened one: the compiler's rules.
@Suite struct RootsTests {
  private let files = InMemoryFileSystem([
    "config/app.yaml": "dicfg: 1\nimports: [parts.yaml]\nservices:\n  app: { type: App }\n",
    "config/parts.yaml": "dicfg: 1\nservices:\n  part: { type: Part }\n",
    "config/app.production.yaml": "dicfg: 1\nservices:\n  app: { scope: singleton }\n",
    "config/app.test.yaml": "dicfg: 1\nservices: {}\n",
    "config/app.v2.yaml": "dicfg: 1\nservices: {}\n",
    "config/app.v2.prod.yaml": "dicfg: 1\nservices: {}\n",
  ])

  @Test func aLayerIsCompiledOnItsBaseAndAFragmentThroughItsImporter() {
    let loader = ConfigLoader()
    #expect(Roots.root(of: "config/app.production.yaml", in: files, loader: loader) == "config/app.yaml")
    #expect(Roots.root(of: "config/app.v2.prod.yaml", in: files, loader: loader) == "config/app.v2.yaml")
    #expect(Roots.root(of: "config/parts.yaml", in: files, loader: loader) == "config/app.yaml")
    #expect(Roots.root(of: "config/app.yaml", in: files, loader: loader) == "config/app.yaml")
  }
}

/// The names of a graph file and its layers, each at its place.
@Suite struct GraphSymbolsTests {
  private func symbols(_ texts: [(String, String)]) -> GraphSymbols {
    let loader = ConfigLoader()
    return GraphSymbols(files: texts.map { loader.load(bytes: Array($0.1.utf8), path: $0.0) })
  }

  private let base = (
    "app.yaml",
    "dicfg: 1\nparameters: { url: https://x }\nservices:\n  client: { type: Client, init: { url: $url } }\n"
      + "  app: { type: App, init: { client: client } }\n"
  )
  private let layer = ("app.test.yaml", "dicfg: 1\nservices:\n  client: { type: StubClient }\n")

  @Test func aLayersPatchLeadsToTheBaseDeclaration() throws {
    let symbols = symbols([base, layer])
    #expect(symbols.declarations(.service).map(\.name) == ["client", "app", "client"])
    let patch = try #require(symbols.occurrence(in: "app.test.yaml", line: 3, column: 3))
    let declaration = try #require(symbols.declaration(of: patch))
    #expect(declaration.location.file == "app.yaml" && declaration.location.line == 4)
  }

  @Test func aReferenceFindsItsDeclarationAndEveryPlaceOfTheName() throws {
    let symbols = symbols([base, layer])
    let reference = try #require(symbols.occurrence(in: "app.yaml", line: 5, column: 37))
    #expect(reference.name == "client" && !reference.isDeclaration && reference.owner == "app")
    let places = symbols.occurrences(sameAs: reference).map { "\($0.location.file):\($0.location.line)" }
    #expect(places == ["app.yaml:4", "app.yaml:5", "app.test.yaml:3"])
    let parameter = try #require(symbols.occurrence(in: "app.yaml", line: 4, column: 41))
    #expect(symbols.declaration(of: parameter)?.location.line == 2, "'$url' names the parameter")
  }

  @Test func aValueNamesWhatTheCompilerReadsItAs() {
    let symbols = symbols([
      (
        "app.yaml",
        "dicfg: 1\nservices:\n  app:\n    type: App\n    init:\n"
          + "      a: \"client\"\n      b: analytics?\n      c: $container\n      d: $token\n"
          + "      e: { provider: $token }\n      f: { lazy: store }\n      g: ${HOST}\n      h: 3\n"
      )
    ])
    let named = symbols.occurrences.filter { !$0.isDeclaration && $0.owner == "app" && $0.kind != .type }
    #expect(
      named.map { "\($0.kind.rawValue) \($0.name) \($0.location.line):\($0.location.column)" } == [
        "service client 6:11", "service analytics 7:10", "parameter token 9:11", "service store 11:18",
      ])
  }

  @Test func aReferenceFindsWhatTheCompilerFindsAcrossCollaborators() throws {
    let symbols = symbols([
      (
        "app.yaml",
        """
        dicfg: 1
        containers:
          other:
            services:
              store: { type: OtherStore }
          shared:
            services:
              store: { type: SharedStore }
              logger: { type: ConsoleLogger, as: [any Logger] }
          feature:
            collaborators: [shared]
            services:
              screen: { type: Screen, init: { store: store, log: Logger } }

        """
      )
    ])
    let store = try #require(symbols.occurrence(in: "app.yaml", line: 13, column: 46))
    #expect(store.name == "store" && store.container == "feature")
    #expect(symbols.lookupOrder(from: "feature") == ["feature", "shared"])
    let found = try #require(symbols.declaration(of: store))
    #expect(found.container == "shared" && found.location.line == 8, "the collaborator's, not the first declared")
    let logger = try #require(symbols.occurrence(in: "app.yaml", line: 13, column: 58))
    #expect(symbols.declaration(of: logger)?.name == "logger", "bound as 'any Logger', found as 'Logger'")
  }

  @Test func anImportNamesTheFileTheCompilerLoads() {
    let symbols = symbols([
      ("config/app.yaml", "dicfg: 1\nimports: [./parts/../shared.yaml, ../common/base.yaml, /etc/dicfg/./x.yaml]\n")
    ])
    #expect(
      symbols.occurrences.filter { $0.kind == .file }.map(\.name) == [
        "config/shared.yaml", "common/base.yaml", "/etc/dicfg/x.yaml",
      ])
  }

  @Test func aFileThatDoesNotLoadHasNoSymbolsAndNothingElseBreaks() {
    let symbols = symbols([("broken.yaml", "dicfg: 1\nservices: { a: [\n"), base])
    #expect(symbols.declarations(.service).map(\.name) == ["client", "app"])
  }
}
