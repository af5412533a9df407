import DICfgCore
import DICfgLanguageServer
import Testing

/// Where completion stands, read from the parsed tree of the text before the cursor (`‸`): block
/// and flow style, half-typed files, quotes, comments, containers and JSON.
@Suite struct CompletionPlaceTests {
  /// The place of the cursor `‸` in `marked`.
  private func place(_ marked: String) -> CompletionPlace {
    let lines = marked.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = lines.firstIndex { $0.contains("‸") } ?? lines.count
    let column = lines[line].unicodeScalars.prefix { $0 != "‸" }.count + 1
    let clean = lines.map { $0.replacingOccurrences(of: "‸", with: "") }
    return CompletionPlace(lines: clean, line: line + 1, column: column)
  }

  static let places: [(String, CompletionPlace)] = [
    ("‸", .documentKey(container: nil)),
    ("dicfg: 1\nser‸", .documentKey(container: nil)),
    ("dicfg: 1\nservices:\n  api:\n    ty‸", .serviceKey),
    ("services:\n  api: { type: Api, ‸", .serviceKey),
    ("services:\n  api: { type: ‸", .type),
    ("services:\n  api: { type: Api, as: [Servi‸", .type),
    ("services:\n  api: { type: \"Ap‸", .type),
    ("services:\n  api:\n    scope: sin‸", .scope),
    ("defaultScope: ‸", .scope),
    ("services:\n  api: { type: Api, init: { ‸", .label(service: "api", container: "main")),
    ("services:\n  api: { type: Api, init: { client: client, ‸", .label(service: "api", container: "main")),
    ("services:\n  api:\n    type: Api\n    init:\n      cli‸", .label(service: "api", container: "main")),
    (
      "services:\n  api: { type: Api, init: { client: cl‸",
      .reference(container: "main", taker: .init(service: "api", field: "init", label: "client"))
    ),
    (
      "services:\n  api:\n    init:\n      client: ‸",
      .reference(container: "main", taker: .init(service: "api", field: "init", label: "client"))
    ),
    (
      "services:\n  api: { type: Api, init: { list: [a, ‸",
      .reference(container: "main", taker: .init(service: "api", field: "init", label: "list"))
    ),
    (
      "services:\n  api: { type: Api, properties: { delegate: ‸",
      .reference(container: "main", taker: .init(service: "api", field: "properties", label: "delegate"))
    ),
    ("services:\n  api: { type: Api, init: { make: { provider: ‸", .reference(container: "main")),
    ("services:\n  api: { alias: ‸", .reference(container: "main")),
    ("services:\n  api: { type: Api, init: { url: $‸", .parameter(service: "api", container: "main")),
    ("services:\n  api: { type: Api, properties: { url: $ap‸", .parameter(service: "api", container: "main")),
    ("services:\n  api: { type: Api, init: { make: { ‸", .valueFormKey),
    ("externals:\n  session:\n    ‸", .externalKey),
    ("containers:\n  auth:\n    ‸", .documentKey(container: "auth")),
    (
      "containers:\n  auth:\n    services:\n      login: { type: Login, init: { ‸",
      .label(service: "login", container: "auth")
    ),
    ("containers:\n  auth:\n    collaborators: [‸", .container),
    (
      "containers:\n  auth:\n    services:\n      login: { type: Login, init: { store: ‸",
      .reference(container: "auth", taker: .init(service: "login", field: "init", label: "store"))
    ),
    // A comment, a quote in a plain scalar and a bracket in a comment are not structure.
    ("services:\n  # {\n  api: { type: ‸", .type),
    ("services:\n  api: { type: Api, tags: [it's], scope: ‸", .scope),
    // JSON is read as the flow style it is.
    ("{\n  \"services\": {\n    \"api\": { \"type\": \"‸", .type),
    // Entries before the cursor's are left out of the parse, and an anchor they define is not lost.
    (
      "services:\n  a: { type: A }\n  b:\n    type: B\n    init:\n      x: y\n  c:\n    type: C\n    init:\n      ‸",
      .label(service: "c", container: "main")
    ),
    (
      "containers:\n  one:\n    services:\n      a: { type: A }\n  two:\n    services:\n      b:\n        scope: ‸",
      .scope
    ),
    (
      "services:\n  a: &base { type: A }\n  b:\n    <<: *base\n    init: { x: ‸",
      .reference(container: "main", taker: .init(service: "b", field: "init", label: "x"))
    ),
    (
      "imports:\n  - a.yaml\nservices:\n  api: { type: Api, init: { list: [\n      a,\n      ‸",
      .reference(container: "main", taker: .init(service: "api", field: "init", label: "list"))
    ),
    ("services:\n  a:\n    type: A\n  b:\n    type: B\n    ‸", .serviceKey),
    // What follows the cursor does not matter, even where it does not parse.
    ("services:\n  api: { type: ‸Api, init: { b: [\n  other: { type: ", .type),
  ]

  static let nowhere: [String] = [
    // A new service's name, a literal, an environment variable, a comment, a tag.
    "services:\n  ‸",
    "services:\n  api: { type: Api, init: { url: { value: ‸",
    "services:\n  api: { type: Api, init: { url: ${HO‸",
    "services:\n  api: { type: Api }  # a note ‸",
    "services:\n  api: { type: Api, tags: [‸",
    "parameters:\n  url: ‸",
  ]

  @Test(arguments: places.indices) func theCursorsPlaceIsReadFromTheTree(index: Int) {
    let (marked, expected) = Self.places[index]
    #expect(place(marked) == expected, "\(marked)")
  }

  @Test(arguments: nowhere) func placesThatNameNothingKnownOfferNothing(marked: String) {
    #expect(place(marked) == .none)
  }

  @Test func onlyTheAncestorsLinesAndTheCursorsEntryAreParsed() {
    let text =
      "dicfg: 1\nparameters:\n  url: x\nservices:\n  a: { type: A }\n  b:\n    type: B\n    init:\n"
      + "      x: y\n  c:\n    type: C\n    init:\n      client: cl\n"
    let source = SourceFile(path: "app.yaml", bytes: Array(text.utf8))
    let lines = CompletionPlace.ancestorLines(of: source, before: 13).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines == "services:\n  c:\n    init:\n")
  }

  @Test func aCursorPastTheLastLineIsNowhereAndAColumnPastEitherEndOfItsLineStopsThere() {
    #expect(CompletionPlace(lines: ["dicfg: 1"], line: 5, column: 1) == .none)
    #expect(CompletionPlace(lines: ["dicfg: 1"], line: 0, column: 1) == .none)
    #expect(CompletionPlace(lines: ["dicfg: 1"], line: 2, column: 1) == .documentKey(container: nil))
    #expect(
      CompletionPlace(lines: ["services:", "  a: { type: A }"], line: 2, column: 0) == .documentKey(container: nil))
    #expect(CompletionPlace(lines: ["services:", "  a: { type: "], line: 2, column: 99) == .type)
  }
}
