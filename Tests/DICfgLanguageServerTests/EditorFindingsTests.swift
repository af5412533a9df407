import DICfgCompiler
import DICfgCore
import DICfgLanguageServer
import DICfgPlanning
import DICfgSwiftModel
import DICfgTestSupport
import Foundation
import Testing

/// What the editor shows of a graph file as the compiler reads it: a finding's environment, the
/// services that take a service by type, the scope the container's default gives, rename by the
/// compiler's identifier rule, and values offered by the parameter's Swift type.
@Suite struct EditorFindingsTests {
  private func notification(_ method: String, _ params: JSONValue) -> Data {
    JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).jsonData()
  }

  private func request(_ id: Int, _ method: String, _ params: JSONValue) -> Data {
    JSONValue.object(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params]).jsonData()
  }

  private func open(_ server: LanguageServer, _ uri: String, _ text: String) -> [JSONValue] {
    server.handle(
      notification(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]))
  }

  private func position(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
    ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
  }

  @Test func aFindingOnlyAnEnvironmentBringsSaysSoInTheEditor() throws {
    let base =
      "dicfg: 1\nservices:\n  session: { type: Session, scope: cached }\n"
      + "  timer: { type: Timer, init: { session: session } }\n"
    let folder = try temporaryFolder([
      "app.test.yaml": "dicfg: 1\nservices:\n  timer: { scope: singleton }\n", "app.yaml": base,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    let published = open(LanguageServer(), uri, base)
    let diagnostics = published.first { $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array
    #expect(diagnostics?.map { $0["code"] } == [.string("captive-dependency")])
    let message = diagnostics?.first?["message"]?.string ?? ""
    #expect(message.contains("with environment 'test'"), "\(message)")
  }
}

extension EditorFindingsTests {
  static let graph = """
    dicfg: 1
    defaultScope: singleton
    services:
      http: { type: LiveClient, as: [HTTPClient] }
      cache: { type: DiskCache }
      users: { type: Users, init: { client: HTTPClient, cache: cache } }
      feed: { type: Feed, init: { client: http } }
    """

  static let swift = SwiftDeclarations(types: [
    SwiftType(name: "HTTPClient", kind: .protocol, location: .start(of: "App.swift")),
    SwiftType(
      name: "LiveClient", kind: .class, location: .start(of: "App.swift"), inherited: ["HTTPClient"],
      initializers: [SwiftInitializer(parameters: [], location: .start(of: "App.swift"))]),
    SwiftType(
      name: "DiskCache", kind: .class, location: .start(of: "App.swift"),
      initializers: [SwiftInitializer(parameters: [], location: .start(of: "App.swift"))]),
    SwiftType(
      name: "Users", kind: .class, location: .start(of: "App.swift"),
      initializers: [
        SwiftInitializer(
          parameters: [
            SwiftParameter(label: "client", type: "any HTTPClient"), SwiftParameter(label: "cache", type: "DiskCache"),
          ], location: .start(of: "App.swift"))
      ]),
    SwiftType(
      name: "Feed", kind: .class, location: .start(of: "App.swift"),
      initializers: [
        SwiftInitializer(
          parameters: [SwiftParameter(label: "client", type: "any HTTPClient")], location: .start(of: "App.swift"))
      ]),
  ])

  private func served(_ text: String = Self.graph) throws -> (LanguageServer, String, URL) {
    let folder = try temporaryFolder(["app.yaml": text])
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    let server = LanguageServer(swift: { _ in Self.swift })
    _ = open(server, uri, text)
    return (server, uri, folder)
  }

  private func answer(_ server: LanguageServer, _ method: String, _ params: JSONValue) -> JSONValue? {
    server.handle(request(1, method, params)).first
  }

  @Test func hoverTakesTheScopeTheContainersDefaultGives() throws {
    let (server, uri, folder) = try served()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hover = answer(server, "textDocument/hover", position(uri, 4, 3))?["result"]?["contents"]?["value"]?.string
    #expect(hover?.contains("- `scope: singleton` (the container's `defaultScope:`)") == true, "\(hover ?? "")")
    #expect(hover?.contains("scope: graph") == false, "\(hover ?? "")")
  }

  @Test func aServiceTakenByTypeHasThatReferenceAndItsRequester() throws {
    let (server, uri, folder) = try served()
    defer { try? FileManager.default.removeItem(at: folder) }
    let references = answer(
      server, "textDocument/references",
      (["context": ["includeDeclaration": false]] as JSONValue).merging(position(uri, 3, 3)))
    let lines = references?["result"]?.array?.compactMap { $0["range"]?["start"]?["line"]?.integer }
    // `users` takes it as `HTTPClient` on line 6, `feed` by id on line 7 (0-based 5 and 6).
    #expect(lines == [5, 6])
    let hover = answer(server, "textDocument/hover", position(uri, 3, 3))?["result"]?["contents"]?["value"]?.string
    #expect(hover?.hasSuffix("Requested by feed, users.") == true, "\(hover ?? "")")
    // Renaming the service leaves the reference by type as it is.
    let rename = answer(
      server, "textDocument/rename", (["newName": "client"] as JSONValue).merging(position(uri, 3, 3)))
    let edits = rename?["result"]?["changes"]?[uri]?.array ?? []
    #expect(edits.compactMap { $0["range"]?["start"]?["line"]?.integer } == [3, 6])
  }

  @Test func renameTakesTheCompilersIdRule() throws {
    let (server, uri, folder) = try served()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answer = answer(
      server, "textDocument/rename", (["newName": "disk-cache"] as JSONValue).merging(position(uri, 4, 3)))
    #expect(answer?["error"]?["code"] == .integer(-32803))
    #expect(
      answer?["error"]?["message"]?.string
        == "'disk-cache' is not a valid service id; ids are letters, digits and '_', and do not start with a digit")
  }

  @Test func aValueIsOfferedOnlyAmongWhatTheArgumentsSwiftTypeCanTake() throws {
    let text = Self.graph + "\n  more: { type: Users, init: { client:  } }\n"
    let (server, uri, folder) = try served(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = answer(server, "textDocument/completion", position(uri, 7, 39))?["result"]?["items"]?.array
    // An `any HTTPClient` is taken: `http` binds it; `cache` (a DiskCache) and the others cannot be passed.
    #expect(items?.compactMap { $0["label"]?.string } == ["http"])
  }
}

extension JSONValue {
  fileprivate func merging(_ other: JSONValue) -> JSONValue {
    guard case .object(var mine) = self, case .object(let theirs) = other else { return self }
    mine.merge(theirs) { _, new in new }
    return .object(mine)
  }
}

extension EditorFindingsTests {
  /// Declarations of the one class `Sources.swift` beside the graph file names (`final class X`).
  static func declarations(beside graphFile: String) -> SwiftDeclarations? {
    let path = (graphFile as NSString).deletingLastPathComponent + "/Sources.swift"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let name = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines.union(["{", "}"]))
    else { return nil }
    return SwiftDeclarations(types: [
      SwiftType(
        name: name, kind: .class, location: .start(of: path),
        initializers: [SwiftInitializer(parameters: [], location: .start(of: path))])
    ])
  }

  @Test func savingASwiftFileChecksTheGraphFileAgain() throws {
    let text = "dicfg: 1\nservices:\n  cache: { type: DiskCache }\n"
    let folder = try temporaryFolder(["app.yaml": text, "Sources.swift": "final class DiskCache"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = LanguageServer(swift: { Self.declarations(beside: $0) })
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    func codes(_ messages: [JSONValue]) -> [JSONValue?]? {
      messages.first { $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array?.map { $0["code"] }
    }
    #expect(codes(open(server, uri, text)) == [])
    // The class is renamed in Swift and saved: the graph file's type is unknown now, unsaved or not.
    let swift = folder.appendingPathComponent("Sources.swift")
    try "final class DiskCaches".write(to: swift, atomically: true, encoding: .utf8)
    let saved = server.handle(
      notification("textDocument/didSave", ["textDocument": ["uri": .string(swift.absoluteString)]]))
    #expect(codes(saved) == [.string("unknown-type")])
    // Nothing is published for the Swift file itself.
    #expect(!saved.contains { $0["params"]?["uri"] == .string(swift.absoluteString) })
    try "final class DiskCache".write(to: swift, atomically: true, encoding: .utf8)
    let watched = server.handle(
      notification(
        "workspace/didChangeWatchedFiles", ["changes": [["uri": .string(swift.absoluteString), "type": 2]]]))
    #expect(codes(watched) == [])
  }

  /// A module over the typed runtime alone: what its typed accessors cannot build is the build's
  /// `needs-full-runtime` error, shown at the service's key with its cause; over the full runtime,
  /// nothing.
  @Test func overTheTypedRuntimeWhatItsAccessorsCannotBuildIsShownWhereTheBuildSaysIt() throws {
    let text = "dicfg: 1\nservices:\n  cache: { type: DiskCache, init: { name: { value: feed } } }\n"
    let folder = try temporaryFolder(["app.yaml": text])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Sources.swift").path
    let swift = SwiftDeclarations(types: [
      SwiftType(
        name: "DiskCache", kind: .class, location: .start(of: path),
        initializers: [
          SwiftInitializer(
            parameters: [SwiftParameter(label: "name", type: "String")], isFailable: true,
            location: .start(of: path))
        ])
    ])
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    for runtime in GeneratedRuntime.allCases {
      let server = LanguageServer(target: { _ in TargetSwift(declarations: swift, runtime: runtime) })
      let published = open(server, uri, text)
      let diagnostics = published.first { $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array
      guard runtime == .typed else {
        #expect(diagnostics == [], "\(runtime)")
        continue
      }
      #expect(diagnostics?.map { $0["code"] } == [.string("needs-full-runtime")])
      #expect(diagnostics?.first?["range"]?["start"] == ["line": 2, "character": 2])
      let message = diagnostics?.first?["message"]?.string ?? ""
      #expect(message.contains("because 'DiskCache.init' is failable"), "\(message)")
    }
  }

  @Test func theEditorOpensTheAtlasAndTheDiffOfTheFileItShows() throws {
    let text = "dicfg: 1\nservices:\n  cache: { type: DiskCache }\n"
    let folder = try temporaryFolder(["app.yaml": text, "app.test.yaml": "dicfg: 1\nservices:\n  cache: null\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let views = EditorViews(
      atlas: { "<!DOCTYPE html><title>\(($0 as NSString).lastPathComponent)</title>" },
      diff: { file, environment in environment == "test" ? "### \(environment) of \(file)\n" : nil })
    let server = LanguageServer(views: views)
    let initialize = server.handle(
      request(0, "initialize", ["capabilities": ["window": ["showDocument": ["support": true]]]]))
    #expect(
      initialize.first?["result"]?["capabilities"]?["executeCommandProvider"]?["commands"]
        == ["dicfg.openAtlas", "dicfg.showDiff"])
    let uri = folder.appendingPathComponent("app.test.yaml").absoluteString
    _ = open(server, uri, "dicfg: 1\nservices:\n  cache: null\n")
    // From the layer, the atlas of its base; the client is asked to open it in the browser.
    let atlas = server.handle(
      request(1, "workspace/executeCommand", ["command": "dicfg.openAtlas", "arguments": [.string(uri)]]))
    let page = try #require(LanguageServer.path(atlas.first?["result"]?["uri"]))
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "<!DOCTYPE html><title>app.yaml</title>")
    #expect(atlas.last?["method"] == "window/showDocument")
    #expect(atlas.last?["params"]?["external"] == .bool(true))
    let diff = server.handle(
      request(2, "workspace/executeCommand", ["command": "dicfg.showDiff", "arguments": [.string(uri), "test"]]))
    #expect(diff.first?["result"]?["markdown"]?.string?.hasPrefix("### test of ") == true)
    #expect(diff.last?["params"]?["external"] == .bool(false))
    // An environment the file does not have is an error that names those it has.
    let unknown = server.handle(
      request(3, "workspace/executeCommand", ["command": "dicfg.showDiff", "arguments": [.string(uri), "prod"]]))
    #expect(
      unknown.first?["error"]?["message"]?.string
        == "'app.yaml' with environment 'prod' does not compile; its environments are test")
    let other = server.handle(request(4, "workspace/executeCommand", ["command": "dicfg.deploy", "arguments": []]))
    #expect(other.first?["error"]?["code"] == .integer(-32602))
  }
}
