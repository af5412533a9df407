import DICfgCompiler
import DICfgCore
import DICfgSwiftReader
import Testing

/// Swift that does not parse: each file is named once, at the place it stops being Swift, and the
/// types it declares are left to the Swift compiler; and inputs built to be slow or deep come back.
@Suite struct SwiftReaderBadInputTests {
  struct Broken: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var line: Int
    var column: Int
    var testDescription: String { name }
  }

  static let broken: [Broken] = [
    Broken(name: "an unclosed brace", text: "struct A {\n  init(a: Int) {}\n", line: 1, column: 10),
    Broken(name: "an unclosed parenthesis", text: "struct A {\n  init(a: Int\n}\n", line: 3, column: 1),
    Broken(name: "a stray closing brace", text: "struct A {}\n}\nstruct B {}\n", line: 2, column: 1),
    Broken(name: "a mismatched bracket", text: "struct A {\n  let x = [1, 2)\n}\n", line: 2, column: 16),
    Broken(name: "an unterminated string", text: "struct A {\n  let s = \"abc\n}\n", line: 2, column: 11),
    Broken(
      name: "an unterminated multi-line string", text: "struct A {\n  let s = \"\"\"\n  x\n}\n", line: 2, column: 11),
    Broken(name: "an unterminated raw string", text: "struct A { let s = #\"abc\"\n}\n", line: 1, column: 20),
    Broken(name: "an unterminated block comment", text: "struct A {}\n/* /* nested */\n", line: 2, column: 1),
    Broken(name: "an unterminated extended regex", text: "let r = #/abc\nstruct A {}\n", line: 1, column: 9),
    Broken(name: "an unterminated name in backticks", text: "struct `A {}\n", line: 1, column: 8),
    Broken(name: "#if without #endif", text: "#if DEBUG\nstruct A {}\n", line: 1, column: 1),
    Broken(name: "#endif without #if", text: "struct A {}\n#endif\n", line: 2, column: 1),
    Broken(name: "a type without a name", text: "struct {\n}\n", line: 1, column: 8),
    Broken(name: "a type without a body", text: "struct A\nstruct B {}\n", line: 2, column: 1),
    Broken(
      name: "two declarations on one line", text: "struct A {\n  init() {} init(a: Int) {}\n}\n", line: 2, column: 13),
    Broken(name: "an initializer without parameters", text: "struct A {\n  init {}\n}\n", line: 2, column: 8),
    Broken(name: "a parameter without a type", text: "struct A {\n  init(a) {}\n}\n", line: 2, column: 7),
    Broken(name: "a stray character", text: "struct A { let c = 'x' }\n", line: 1, column: 20),
  ]

  @Test(arguments: broken) func aFileThatIsNotSwiftIsNamedWhereItStopsBeingSwift(_ broken: Broken) throws {
    let declarations = SwiftDeclarationReader().read(files: [("Sources/App/Broken.swift", broken.text)])
    let finding = try #require(declarations.unreadable.first)
    #expect(declarations.unreadable.count == 1)
    #expect(finding.code == .unreadableSwift && finding.severity == .warning)
    #expect(finding.location.file == "Sources/App/Broken.swift")
    #expect(finding.location.line == broken.line && finding.location.column == broken.column)
    #expect(
      finding.message
        == "'Sources/App/Broken.swift' does not parse as Swift; the types it declares are left to the Swift compiler")
    #expect(declarations.types.allSatisfy { !$0.initializersComplete && !$0.propertiesComplete })
  }

  /// The written fallback (decision record 96): the reader does not parse bodies, so a mistake that
  /// leaves every bracket paired inside one is the Swift compiler's to report, and the declarations
  /// around it are read as written. swift-syntax calls such a file unreadable.
  @Test func aMistakeInsideABodyIsLeftToTheCompilerAndTheDeclarationsAreRead() throws {
    let text = "struct A {\n  init(a: Int) { let = + }\n  func f() -> Int { return 1 + }\n  var b: Int { a * }\n}\n"
    let declarations = SwiftDeclarationReader().read(files: [("Body.swift", text)])
    #expect(declarations.unreadable.isEmpty)
    let type = try #require(declarations.type(named: "A"))
    #expect(type.initializers.map(\.signature) == ["init(a:)"] && type.initializersComplete)
    #expect(type.properties.map(\.name) == ["b"] && type.propertiesComplete)
  }

  // The reader's one known disagreement with swift-syntax over public code (2,300 files of ten
  // repositories): a key path followed by an operator character, as a tutorial's placeholder
  // `\.addSyncUp…` is, which swift-syntax rejects. The reader reads the file's declarations and
  // leaves the expression to the Swift compiler, which rejects it too: no graph file check relies on
  // a declaration it misread.
  @Test func anExpressionSwiftRejectsInsideABodyLeavesTheDeclarationsRead() throws {
    let declarations = SwiftDeclarationReader().read(files: [
      (
        "Tests.swift",
        "struct Feature {\n  init(id: Int) {}\n}\nfunc test() async {\n  await store.send(\\.addSyncUp…)\n}\n"
      )
    ])
    #expect(declarations.unreadable.isEmpty)
    #expect(try #require(declarations.type(named: "Feature")).initializers.map(\.signature) == ["init(id:)"])
    #expect(declarations.functions.map(\.name) == ["test"])
  }

  @Test func aGoodFileBesideABrokenOneIsStillRead() throws {
    let declarations = SwiftDeclarationReader().read(files: [
      ("Broken.swift", "struct A {\n"), ("Good.swift", "struct B { init(b: Int) {} }\n"),
    ])
    #expect(declarations.unreadable.map(\.location.file) == ["Broken.swift"])
    let good = try #require(declarations.type(named: "B"))
    #expect(good.initializersComplete && good.initializers.map(\.signature) == ["init(b:)"])
  }

  /// An input shaped to make a reader slow or deep, and what reading it gives.
  struct Pathological: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var unreadable: Bool
    /// The types read, and the initializers (those Swift writes included) and properties of the
    /// last one.
    var types: Int
    var initializers = 0
    var properties = 0
    var testDescription: String { name }
  }

  static let pathological: [Pathological] = [
    // Nesting stops being read at the 64th level: 65 types, the innermost incomplete.
    Pathological(
      name: "20,000 unclosed nested types", text: String(repeating: "struct A {", count: 20_000),
      unreadable: true, types: 65, initializers: 1),
    Pathological(
      name: "30,000 parentheses closed by brackets",
      text: String(repeating: "(", count: 30_000) + String(repeating: "]", count: 30_000), unreadable: true, types: 0),
    Pathological(
      name: "10,000 nested #if",
      text: String(repeating: "#if X\n", count: 10_000) + "struct A {}\n"
        + String(repeating: "#endif\n", count: 10_000),
      unreadable: false, types: 1, initializers: 1),
    Pathological(
      name: "10,000 interpolations left open", text: String(repeating: "\"\\(", count: 5_000),
      unreadable: true, types: 0),
    Pathological(
      name: "20,000 modifiers", text: String(repeating: "public ", count: 20_000) + "struct A {}",
      unreadable: false, types: 1, initializers: 1),
    Pathological(
      name: "20,000 comments left open", text: String(repeating: "/* ", count: 20_000), unreadable: true,
      types: 0),
    Pathological(
      name: "10,000 attributes left open", text: String(repeating: "@A(", count: 10_000), unreadable: true,
      types: 0),
    Pathological(
      name: "an initializer of 10,000 parameters",
      text: "struct A { init(" + String(repeating: "a: Int, ", count: 10_000) + ") {} }", unreadable: false, types: 1,
      initializers: 1),
    Pathological(
      name: "10,000 initializers", text: "struct A {\n" + String(repeating: "  init(a: Int) {}\n", count: 10_000) + "}",
      unreadable: false, types: 1, initializers: 10_000),
    Pathological(
      name: "10,000 bindings in one declaration",
      text: "struct A { var " + (0..<10_000).map { "a\($0)" }.joined(separator: ", ") + ": Int }", unreadable: false,
      types: 1, initializers: 1, properties: 10_000),
  ]

  /// The fuzz target holds the reader to linear time on any bytes; these are read to the end with
  /// the outcome their shape calls for.
  @Test(arguments: pathological) func pathologicalInputsAreReadToTheEnd(_ input: Pathological) {
    let declarations = SwiftDeclarationReader().read(files: [("Deep.swift", input.text)])
    #expect(declarations.unreadable.map(\.location.file) == (input.unreadable ? ["Deep.swift"] : []))
    #expect(declarations.types.count == input.types)
    if let last = declarations.types.last {
      #expect(last.initializers.count == input.initializers)
      #expect(last.properties.count == input.properties)
    }
  }

  @Test func theSeparatedDeclarationsOfOneLineAreEachRead() {
    let text = String(repeating: "struct A {}; ", count: 10_000)
    let declarations = SwiftDeclarationReader().read(files: [("Line.swift", text)])
    #expect(declarations.unreadable.isEmpty)
    #expect(declarations.types.map(\.name) == ["A"])
    #expect(declarations.types.first?.location.column == 1)
  }
}
