import DICfgCompiler
import DICfgCore
import DICfgLanguageServer
import DICfgSwiftModel
import DICfgTestSupport
import Foundation
import Testing

/// The protocol layer: framing, requests a client sends by mistake, the life cycle, and the
/// positions of LSP (UTF-16) against the compiler's (Unicode scalars).
@Suite struct LanguageServerTests {
  private func content(_ value: JSONValue) -> Data { value.jsonData() }

  private func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> Data {
    content(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
  }

  private func notification(_ method: String, _ params: JSONValue) -> Data {
    content(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }

  @Test func framesAreReadAcrossChunksAndAHeaderWithoutALengthIsSkipped() {
    let first = Data(#"{"a":1}"#.utf8)
    let second = Data(#"{"b":"é"}"#.utf8)
    var stream = Data("X-Nothing: 1\r\n\r\n".utf8)
    stream.append(framed(first))
    stream.append(Data("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8))
    stream.append(framed(second))
    var offset = 0
    var reader = MessageReader { _ in
      guard offset < stream.count else { return nil }
      let chunk = stream[offset..<min(offset + 5, stream.count)]
      offset += chunk.count
      return Data(chunk)
    }
    #expect(reader.next() == first)
    #expect(reader.next() == second)
    #expect(reader.next() == nil)
  }

  @Test func aMessageThatIsNotJSONGetsAParseErrorAndTheServerGoesOn() {
    let server = LanguageServer()
    let answer = server.handle(Data("{ not json".utf8))
    #expect(answer.first?["error"]?["code"] == .integer(-32700))
    #expect(server.exitCode == nil)
    #expect(server.handle(request(1, "initialize")).first?["result"]?["capabilities"]?["hoverProvider"] == true)
  }

  @Test func anUnknownRequestIsMethodNotFoundAndAnUnknownNotificationIsIgnored() {
    let server = LanguageServer()
    #expect(server.handle(request(7, "textDocument/semanticTokens/full")).first?["error"]?["code"] == .integer(-32601))
    #expect(server.handle(notification("workspace/didChangeWatchedFiles", [:])).isEmpty)
  }

  @Test func aRequestWithoutItsPositionIsInvalidParams() {
    let server = LanguageServer()
    #expect(
      server.handle(request(2, "textDocument/definition", ["textDocument": [:]])).first?["error"]?["code"]
        == .integer(-32602))
  }

  @Test func exitAfterShutdownIsZeroAndWithoutItOne() {
    let polite = LanguageServer()
    _ = polite.handle(request(1, "shutdown"))
    #expect(polite.handle(request(2, "textDocument/hover")).first?["error"]?["code"] == .integer(-32600))
    _ = polite.handle(notification("exit", [:]))
    #expect(polite.exitCode == 0)
    let abrupt = LanguageServer()
    _ = abrupt.handle(notification("exit", [:]))
    #expect(abrupt.exitCode == 1)
  }

  @Test func runServesUntilExitAndAnswersEachRequestFramed() {
    var stream = framed(request(1, "initialize"))
    stream.append(framed(request(2, "shutdown")))
    stream.append(framed(notification("exit", [:])))
    var sent = false
    var reader = MessageReader { _ in
      defer { sent = true }
      return sent ? nil : stream
    }
    var output = Data()
    let server = LanguageServer()
    let code = server.run(input: &reader) { output.append($0) }
    #expect(code == 0)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.hasPrefix("Content-Length: "))
    #expect(text.contains(#""id":1"#) && text.contains(#""id":2"#))
  }

  @Test func anOpenedFileWithAMistakeIsPublishedAtItsLineAndAHalfTypedOneToo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    let server = LanguageServer()
    let text = "dicfg: 1\nservices:\n  a: { type: A, init: { b: missing } }\n"
    let published = server.handle(
      notification(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]))
    let diagnostics = published.first?["params"]?["diagnostics"]?.array ?? []
    #expect(diagnostics.map { $0["code"] } == [.string("unknown-reference")])
    #expect(diagnostics.first?["range"]?["start"] == ["line": 2, "character": 27])
    #expect(diagnostics.first?["range"]?["end"] == ["line": 2, "character": 34])

    let halfTyped = server.handle(
      notification(
        "textDocument/didChange",
        [
          "textDocument": ["uri": .string(uri), "version": 2],
          "contentChanges": [["text": "dicfg: 1\nservices:\n  a: { type: [\n"]],
        ]))
    #expect(halfTyped.first?["params"]?["diagnostics"]?.array?.first?["severity"] == .integer(1))
    #expect(server.exitCode == nil)
  }

  @Test func aNameSeveralContainersDeclareIsOfferedOnceAsTheReferenceWouldFindIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    let server = LanguageServer()
    let text = """
      dicfg: 1
      containers:
        other:
          services:
            store: { type: OtherStore }
        feature:
          services:
            store: { type: FeatureStore }
            screen: { type: Screen, init: { store: sto } }

      """
    _ = server.handle(
      notification(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]))
    let answer = server.handle(
      request(
        2, "textDocument/completion",
        ["textDocument": ["uri": .string(uri)], "position": ["line": 8, "character": 47]]))
    let items = answer.first?["result"]?["items"]?.array ?? []
    let stores = items.filter { $0["label"] == "store" }
    #expect(stores.count == 1)
    #expect(stores.first?["detail"] == "FeatureStore, graph (container 'feature')")
  }

  @Test func aLayerIsCompiledOnTheBaseTheCompilerGivesIt() throws {
    // `a.b.prod.yaml` is the `prod` layer of `a.b.yaml`, as `dicfg validate` reads it, not of `a.yaml`.
    let folder = try temporaryFolder([
      "a.yaml": "dicfg: 1\nservices:\n  x: { type: X }\n", "a.b.yaml": "dicfg: 1\nservices:\n  y: { type: Y }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let layer = "dicfg: 1\nservices:\n  y: { init: { v: { value: 1 } } }\n  z: { init: {} }\n"
    let uri = folder.appendingPathComponent("a.b.prod.yaml").absoluteString
    let published = LanguageServer().handle(
      notification(
        "textDocument/didOpen",
        ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(layer)]]))
    let diagnostics = published.first { $0["params"]?["uri"] == .string(uri) }?["params"]?["diagnostics"]?.array
    #expect(diagnostics?.map { $0["code"] } == [.string("override-missing-service")])
    #expect(diagnostics?.first?["range"]?["start"] == ["line": 3, "character": 2], "only 'z', which 'a.b.yaml' lacks")
  }

  @Test func theTypedContainersChecksArePublishedAsValidateReportsThem() throws {
    let folder = try temporaryFolder(["app.test.yaml": "dicfg: 1\nservices:\n  client: { type: StubClient }\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let uri = folder.appendingPathComponent("app.yaml").absoluteString
    let swift = SwiftDeclarations(
      types: ["LiveClient", "StubClient"].map {
        SwiftType(
          name: $0, kind: .class, location: .start(of: "Clients.swift"),
          initializers: [SwiftInitializer(parameters: [], location: .start(of: "Clients.swift"))])
      })
    let published = LanguageServer(swift: { _ in swift }).handle(
      notification(
        "textDocument/didOpen",
        [
          "textDocument": [
            "uri": .string(uri), "languageId": "yaml", "version": 1,
            "text": "dicfg: 1\nservices:\n  client: { type: LiveClient }\n",
          ]
        ]))
    let layer = folder.appendingPathComponent("app.test.yaml").absoluteString
    let diagnostics = published.first { $0["params"]?["uri"] == .string(layer) }?["params"]?["diagnostics"]?.array
    #expect(diagnostics?.map { $0["code"] } == [.string("type-mismatch")])
    #expect(diagnostics?.first?["range"]?["start"] == ["line": 2, "character": 2])
  }

  @Test func positionsCountUTF16UnitsInTheEditorAndScalarsInTheCompiler() {
    let line = "  a: { type: 𝒜é, init: x }"
    // '𝒜' is two UTF-16 units and one scalar.
    #expect(LanguageServer.column(of: 15, in: line) == 15)
    #expect(LanguageServer.character(of: 15, in: line) == 15)
    #expect(LanguageServer.column(of: 13, in: line) == 14)
    #expect(LanguageServer.character(of: 14, in: line) == 13)
  }
}

@Suite struct OtherFilesTests {
  @Test func aYAMLFileThatIsNotAGraphFileGetsNoDiagnostics() {
    let server = LanguageServer()
    let text = "name: CI\non: [push]\njobs:\n  build: { runs-on: ubuntu-latest }\n"
    let published = server.handle(
      JSONValue.object([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": [
          "textDocument": [
            "uri": "file:///tmp/dicfg-no-such-folder/.github/workflows/ci.yaml", "languageId": "yaml", "version": 1,
            "text": .string(text),
          ]
        ],
      ]).jsonData())
    #expect(published.count == 1)
    #expect(published.first?["params"]?["diagnostics"] == [])
    #expect(LanguageServer.declaresFormat("# comment\ndicfg: 1\n"))
    #expect(LanguageServer.declaresFormat("{\n  \"dicfg\": 1\n}"))
    #expect(LanguageServer.declaresFormat("{\"dicfg\": 1,\n \"services\": {}}"), "the key on the brace's line")
    #expect(!LanguageServer.declaresFormat("name: CI\n"))
  }
}
