import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgSwiftModel
import Foundation

/// A Language Server Protocol (3.17) server for graph files, over the same compiler as
/// `dicfg validate`: diagnostics as the file is typed, completion, go to definition, references,
/// hover with the layer that set each field, document and workspace symbols, and rename.
///
/// ``handle(_:)`` takes one message's content and returns the messages to send; ``run(input:output:)``
/// drives it over a byte stream. A message that is not JSON, or a request it cannot answer, gets an
/// error response; nothing a client sends stops the server but `exit`.
public final class LanguageServer {
  var documents: [String: String] = [:]
  var analyses: [String: Analysis] = [:]
  var published: Set<String> = []
  var shutdownRequested = false
  /// The exit code, once `exit` arrived.
  public private(set) var exitCode: Int32?
  let loader = ConfigLoader()
  /// Reads the Swift a graph file is checked against (the target beside it), or nil.
  let readSwift: (@Sendable (_ graphFile: String) -> TargetSwift?)?
  /// The Swift read for each compiled file, read again when a graph file is opened or saved.
  var swiftByRoot: [String: TargetSwift] = [:]
  /// The file compiled for each file the editor named: itself, its base, or its importer.
  var rootByPath: [String: String] = [:]

  /// A server; `swift`, given the graph file compiled, returns the declarations of the Swift
  /// target it wires (nil where there is none): the compile checks types, initializers and
  /// properties against them, and completion offers their names and labels.
  public convenience init(
    swift: (@Sendable (_ graphFile: String) -> SwiftDeclarations?)? = nil, views: EditorViews? = nil
  ) {
    guard let swift else {
      self.init(target: nil, views: views)
      return
    }
    self.init(target: { @Sendable graphFile in swift(graphFile).map { TargetSwift(declarations: $0) } }, views: views)
  }

  /// A server; `target`, given the graph file compiled, returns what the build of the Swift target
  /// it wires sees (nil where there is none): the declarations it reads, the types of the package's
  /// modules it does not depend on, and the modules it could not read.
  public init(target: (@Sendable (_ graphFile: String) -> TargetSwift?)?, views: EditorViews? = nil) {
    readSwift = target
    self.views = views
  }

  /// The atlas and the diff of a graph file, for the commands that open them.
  let views: EditorViews?
  /// Whether the client opens a document the server names (`window/showDocument`).
  var clientShowsDocuments = false
  var sentRequests = 0

  /// Serves messages from `input` until `exit` or the end of the stream; returns the exit code.
  public func run(input: inout MessageReader, output: (Data) -> Void) -> Int32 {
    while exitCode == nil, let content = input.next() {
      for message in handle(content) { output(framed(message.jsonData())) }
    }
    return exitCode ?? 1
  }

  /// The messages to send in answer to one message's content.
  public func handle(_ content: Data) -> [JSONValue] {
    guard let message = JSONValue.parse(content), case .object = message else {
      return [Self.error(id: .null, code: -32700, "the message is not JSON")]
    }
    // Without a method, a message is a response, and this server sends no requests.
    guard let method = message["method"]?.string else { return [] }
    let id = message["id"]
    let params = message["params"] ?? .null
    if shutdownRequested, method != "exit" {
      return id.map { [Self.error(id: $0, code: -32600, "the server is shutting down")] } ?? []
    }
    switch method {
    case "initialize":
      clientShowsDocuments = params["capabilities"]?["window"]?["showDocument"]?["support"]?.bool ?? false
      return id.map { [Self.result(id: $0, Self.capabilities(commands: views != nil))] } ?? []
    case "workspace/didChangeWatchedFiles":
      let changed = params["changes"]?.array?.compactMap { Self.path($0["uri"]) } ?? []
      return changed.contains { $0.hasSuffix(".swift") } ? swiftChanged() : []
    case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": return []
    case "shutdown":
      shutdownRequested = true
      return id.map { [Self.result(id: $0, .null)] } ?? []
    case "exit":
      exitCode = shutdownRequested ? 0 : 1
      return []
    case "textDocument/didOpen":
      guard let path = Self.path(params["textDocument"]?["uri"]), let text = params["textDocument"]?["text"]?.string,
        !path.hasSuffix(".swift")
      else { return [] }
      documents[path] = text
      return analyse(path, readingSwift: true)
    case "textDocument/didChange":
      guard let path = Self.path(params["textDocument"]?["uri"]),
        let text = params["contentChanges"]?.array?.last?["text"]?.string, !path.hasSuffix(".swift")
      else { return [] }
      documents[path] = text
      return analyse(path)
    case "textDocument/didSave":
      guard let path = Self.path(params["textDocument"]?["uri"]) else { return [] }
      // A Swift file saved: every graph file is checked again against what its target declares now.
      if path.hasSuffix(".swift") { return swiftChanged() }
      return analyse(path, readingSwift: true)
    case "textDocument/didClose":
      guard let path = Self.path(params["textDocument"]?["uri"]), !path.hasSuffix(".swift") else { return [] }
      documents[path] = nil
      return analyse(path)
    case "workspace/executeCommand":
      guard let id else { return [] }
      do {
        let (result, document) = try executeCommand(params)
        return [Self.result(id: id, result)] + (document.map { [showDocument($0.uri, external: $0.external)] } ?? [])
      } catch let failure as RequestFailure {
        return [Self.error(id: id, code: failure.code, failure.message)]
      } catch {
        return [Self.error(id: id, code: -32603, "\(error)")]
      }
    default:
      guard let id else { return [] }
      do {
        return [Self.result(id: id, try answer(method, params))]
      } catch let failure as RequestFailure {
        return [Self.error(id: id, code: failure.code, failure.message)]
      } catch {
        return [Self.error(id: id, code: -32603, "\(error)")]
      }
    }
  }

  struct RequestFailure: Error {
    var code: Int
    var message: String
  }

  func answer(_ method: String, _ params: JSONValue) throws -> JSONValue {
    switch method {
    case "textDocument/definition": return try definition(params)
    case "textDocument/references": return try references(params)
    case "textDocument/hover": return try hover(params)
    case "textDocument/completion": return try completion(params)
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/rename": return try rename(params)
    case "workspace/symbol": return workspaceSymbols(params["query"]?.string ?? "")
    default: throw RequestFailure(code: -32601, message: "'\(method)' is not a method this server has")
    }
  }

  // MARK: Analysis

  var fileSystem: OverlayFileSystem { OverlayFileSystem(open: documents) }

  /// Compiles the graph file `path` belongs to and publishes the diagnostics of every file it reads,
  /// `path`'s first.
  func analyse(_ path: String, readingSwift: Bool = false) -> [JSONValue] {
    // Which file to compile is worked out again when a file is opened or saved, not on each edit.
    if readingSwift || rootByPath[path] == nil {
      rootByPath[path] = Roots.root(of: path, in: fileSystem, loader: loader)
    }
    let root = rootByPath[path] ?? path
    // An editor sends every YAML and JSON file; one that does not declare `dicfg:` is not a graph
    // file, and gets no diagnostics.
    guard Self.declaresFormat(documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? "") else {
      return [
        [
          "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
          "params": ["uri": .string(Self.uri(path)), "diagnostics": []],
        ]
      ]
    }
    let analysis = Analysis.compile(root, fileSystem: fileSystem, target: swift(for: root, reading: readingSwift))
    analyses[root] = analysis
    var byFile: [String: [Diagnostic]] = [:]
    for diagnostic in analysis.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
    var files = Set(analysis.files.keys).union(byFile.keys)
    files.insert(path)
    let cleared = published.filter { file in
      !files.contains(file) && !analyses.values.contains { $0.root != root && $0.files[file] != nil }
    }
    published.subtract(cleared)
    published.formUnion(files)
    // The file the editor changed first, then the others the compile read.
    return ([path] + files.subtracting([path]).sorted() + cleared.sorted()).map { file in
      .object([
        "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
        "params": [
          "uri": .string(Self.uri(file)),
          "diagnostics": .array((byFile[file] ?? []).map { lspDiagnostic($0, analysis: analysis) }),
        ],
      ])
    }
  }

  /// Every compiled graph file checked again, its Swift read anew, and its diagnostics published.
  func swiftChanged() -> [JSONValue] {
    var messages: [JSONValue] = []
    for root in analyses.keys.sorted() { messages += analyse(root, readingSwift: true) }
    return messages
  }

  /// The analysis that read `path`, made now if none did.
  func analysis(of path: String) -> Analysis {
    if let found = analyses.values.first(where: { $0.files[path] != nil }) { return found }
    let root = rootByPath[path] ?? Roots.root(of: path, in: fileSystem, loader: loader)
    rootByPath[path] = root
    let analysis = Analysis.compile(root, fileSystem: fileSystem, target: swift(for: root, reading: false))
    analyses[root] = analysis
    return analysis
  }

  /// The Swift for `root`: read when asked to or not read yet, else that read before.
  func swift(for root: String, reading: Bool) -> TargetSwift? {
    guard let readSwift else { return nil }
    if !reading, let known = swiftByRoot[root] { return known }
    let read = readSwift(root)
    swiftByRoot[root] = read
    return read
  }

  func lspDiagnostic(_ diagnostic: Diagnostic, analysis: Analysis) -> JSONValue {
    let location = diagnostic.location
    let occurrence = analysis.symbols.occurrence(in: location.file, line: location.line, column: location.column)
    let length = occurrence.map { $0.location == location ? $0.length : 0 } ?? 0
    let unlocated = diagnostic.notes.filter { $0.location == nil }.map(\.message)
    var value: [String: JSONValue] = [
      "range": range(location, length: length),
      "severity": .integer(diagnostic.severity == .error ? 1 : 2),
      "code": .string(diagnostic.code.description), "source": "dicfg",
      "message": .string(([diagnostic.message] + unlocated).joined(separator: "\n")),
    ]
    let related = diagnostic.notes.compactMap { note -> JSONValue? in
      guard let noteLocation = note.location else { return nil }
      return ["location": self.location(noteLocation, length: 0), "message": .string(note.message)]
    }
    if !related.isEmpty { value["relatedInformation"] = .array(related) }
    return .object(value)
  }

  // MARK: Commands

  /// `dicfg.openAtlas [uri]`: writes the atlas of the graph file the document belongs to and names
  /// it; `dicfg.showDiff [uri, environment]`: the Markdown of what the environment changes. Each
  /// page is written to the temporary folder, and the client is asked to show it where it can.
  func executeCommand(_ params: JSONValue) throws -> (JSONValue, (uri: String, external: Bool)?) {
    guard let views else { throw RequestFailure(code: -32601, message: "this server runs no commands") }
    let command = params["command"]?.string ?? ""
    let arguments = params["arguments"]?.array ?? []
    guard let path = Self.path(arguments.first) else {
      throw RequestFailure(code: -32602, message: "'\(command)' takes the graph file's URI as its first argument")
    }
    let root = rootByPath[path] ?? Roots.root(of: path, in: fileSystem, loader: loader)
    let name = (root.split(separator: "/").last.map(String.init) ?? "graph")
    switch command {
    case "dicfg.openAtlas":
      guard let page = views.atlas(root) else {
        throw RequestFailure(code: -32603, message: "'\(root)' has errors: fix them to draw its atlas")
      }
      let written = try write(page, named: name + ".atlas.html")
      return (["uri": .string(Self.uri(written))], clientShowsDocuments ? (Self.uri(written), true) : nil)
    case "dicfg.showDiff":
      guard let environment = arguments.dropFirst().first?.string else {
        let known = Paths.environments(beside: root, in: fileSystem)
        throw RequestFailure(
          code: -32602,
          message: "'dicfg.showDiff' takes the environment as its second argument (\(known.joined(separator: ", ")))")
      }
      guard let text = views.diff(root, environment) else {
        let known = Paths.environments(beside: root, in: fileSystem)
        throw RequestFailure(
          code: -32603,
          message: "'\(name)' with environment '\(environment)' does not compile"
            + (known.contains(environment) ? "" : "; its environments are \(known.joined(separator: ", "))"))
      }
      let shown = text.isEmpty ? "'\(environment)' changes nothing in \(name).\n" : text
      let written = try write(shown, named: "\(name).\(environment).diff.md")
      return (
        ["uri": .string(Self.uri(written)), "markdown": .string(shown)],
        clientShowsDocuments ? (Self.uri(written), false) : nil
      )
    default:
      throw RequestFailure(
        code: -32601, message: "'\(command)' is not a command of this server (\(Self.commands.joined(separator: ", ")))"
      )
    }
  }

  /// `text` in a file of the server's own temporary folder, replacing an earlier one of that name.
  func write(_ text: String, named name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-editor-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file, options: .atomic)
    return file.path
  }

  /// A `window/showDocument` request: the client opens `uri`, in the browser when `external`.
  func showDocument(_ uri: String, external: Bool) -> JSONValue {
    sentRequests += 1
    return [
      "jsonrpc": "2.0", "id": .string("dicfg-\(sentRequests)"), "method": "window/showDocument",
      "params": ["uri": .string(uri), "external": .bool(external), "takeFocus": true],
    ]
  }

  // MARK: Positions

  /// The text of 1-based `line` of `path`, from the line table of the file as the last compile read
  /// it (an open file's unsaved text); empty for a file no compile read.
  func lineText(_ path: String, _ line: Int) -> String {
    analyses.values.lazy.compactMap { $0.files[path]?.source.lineText(line) }.first ?? ""
  }

  /// A 1-based column in Unicode scalars, from an LSP character offset in UTF-16 code units.
  public static func column(of character: Int, in line: String) -> Int {
    var units = 0
    var column = 1
    for scalar in line.unicodeScalars {
      if units >= character { break }
      units += scalar.utf16.count
      column += 1
    }
    return column + max(character - units, 0)
  }

  /// An LSP character offset in UTF-16 code units, from a 1-based column in Unicode scalars.
  public static func character(of column: Int, in line: String) -> Int {
    let scalars = Array(line.unicodeScalars)
    let counted = scalars.prefix(max(column - 1, 0)).reduce(0) { $0 + $1.utf16.count }
    return counted + max(column - 1 - scalars.count, 0)
  }

  func range(_ location: SourceLocation, length: Int) -> JSONValue {
    let text = lineText(location.file, location.line)
    let start = Self.character(of: location.column, in: text)
    let end = Self.character(of: location.column + max(length, 1), in: text)
    return [
      "start": ["line": .integer(location.line - 1), "character": .integer(start)],
      "end": ["line": .integer(location.line - 1), "character": .integer(end)],
    ]
  }

  func location(_ location: SourceLocation, length: Int) -> JSONValue {
    ["uri": .string(Self.uri(location.file)), "range": range(location, length: length)]
  }

  func relative(_ location: SourceLocation) -> String {
    "\(location.file.split(separator: "/").last.map(String.init) ?? location.file):\(location.line):\(location.column)"
  }

  // MARK: Protocol

  /// Whether a text is a graph file's: a line that starts with the `dicfg` key, in YAML or JSON
  /// (where it may follow the opening brace: `{"dicfg": 1,`).
  public static func declaresFormat(_ text: String) -> Bool {
    text.range(of: #"(?m)^[\s{]*("dicfg"|dicfg)\s*:"#, options: .regularExpression) != nil
  }

  /// The commands that open a graph file's atlas and its environments' diff.
  public static let commands = ["dicfg.openAtlas", "dicfg.showDiff"]

  static func capabilities(commands: Bool) -> JSONValue {
    var capabilities: [String: JSONValue] = [
      "textDocumentSync": ["openClose": true, "change": 1, "save": true],
      "completionProvider": ["triggerCharacters": ["$", " "]],
      "definitionProvider": true, "referencesProvider": true, "hoverProvider": true,
      "documentSymbolProvider": true, "workspaceSymbolProvider": true, "renameProvider": true,
    ]
    if commands { capabilities["executeCommandProvider"] = ["commands": .array(Self.commands.map { .string($0) })] }
    return ["capabilities": .object(capabilities), "serverInfo": ["name": "dicfg", "version": "0.1.0"]]
  }

  static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "result": result]
  }

  static func error(id: JSONValue, code: Int, _ message: String) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(code), "message": .string(message)]]
  }

  /// The path of a `file:` URI.
  package static func path(_ uri: JSONValue?) -> String? {
    guard let text = uri?.string, let url = URL(string: text), url.isFileURL else { return nil }
    return url.standardizedFileURL.path
  }

  static func uri(_ path: String) -> String {
    URL(fileURLWithPath: path).absoluteString
  }
}

/// The pages the editor's commands open for a graph file, made by the command-line tool: the atlas
/// (`dicfg graph --format html`) and the diff of an environment (`dicfg diff --format markdown`).
public struct EditorViews: Sendable {
  /// The atlas's HTML, or nil where the file has errors.
  public var atlas: @Sendable (_ graphFile: String) -> String?
  /// What `environment` changes, as Markdown; empty where it changes nothing, nil on errors.
  public var diff: @Sendable (_ graphFile: String, _ environment: String) -> String?

  public init(
    atlas: @escaping @Sendable (_ graphFile: String) -> String?,
    diff: @escaping @Sendable (_ graphFile: String, _ environment: String) -> String?
  ) {
    self.atlas = atlas
    self.diff = diff
  }
}
