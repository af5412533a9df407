import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

/// `{ swift: … }`: an enum case, a static member or a constant as Swift writes it, typed by the
/// parameter or property it goes to.
@Suite struct SwiftValueTests {
  @Test func aSwiftValueIsCompiledAsWrittenForAnArgumentAndAProperty() throws {
    let (result, _) = compile(
      """
      dicfg: 1
      services:
        decoder: { type: JSONDecoder, properties: { keyDecodingStrategy: { swift: .convertFromSnakeCase } } }
        feed: { type: Feed, init: { queue: { swift: DispatchQueue.main }, order: { swift: .`default` } } }
      """)
    #expect(result.diagnostics.isEmpty)
    let services = try #require(result.plan).containers[0].services
    #expect(services[0].properties.map(\.value) == [.swift(".convertFromSnakeCase")])
    #expect(services[1].initializer.map(\.value) == [.swift("DispatchQueue.main"), .swift(".`default`")])
  }

  @Test(arguments: ["2", "-2", "1_000", "0.5", "-1.5e-3", "0xFF", "0b1010"])
  func aNumberIsASwiftValueThatSwiftTypesAsTheParameter(_ written: String) throws {
    let result = compile(
      MarkedFiles([
        "app.yaml": "dicfg: 1\nservices:\n  pool: { type: Pool, init: { size: { swift: \"\(written)\" } } }\n"
      ]))
    #expect(result.diagnostics.isEmpty)
    #expect(try #require(result.plan).containers[0].services[0].initializer.map(\.value) == [.swift(written)])
  }

  @Test(arguments: [
    "URL(string: \\\"https://api.example.com\\\")!", "DispatchQueue.global()", "DispatchQueue.global(qos: .utility)",
    "[.a, .b]", "a - b", "-offset", "TimeInterval(30) * 2", "Locale(identifier: \\\"en_US\\\")",
    "flag ? .fast : .slow", "x as? Int ?? 0", "UIColor.red.withAlphaComponent(0.5)", "[\\\"a\\\": 1]",
  ])
  func aSwiftExpressionOnOneLineIsAValue(_ written: String) throws {
    let result = compile(
      MarkedFiles([
        "app.yaml": "dicfg: 1\nservices:\n  pool: { type: Pool, init: { size: { swift: \"\(written)\" } } }\n"
      ]))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let expected = written.replacingOccurrences(of: "\\\"", with: "\"")
    #expect(try #require(result.plan).containers[0].services[0].initializer.map(\.value) == [.swift(expected)])
  }

  @Test(arguments: [
    "convert from snake case", ".", "a..b", "3.", "1e", "0x", "--2", ".a.", "URL(string: ", "a b", "x = 1",
  ])
  func aSwiftValueThatIsNotANameIsAnErrorAtTheValue(_ written: String) {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nservices:\n  feed: { type: Feed, init: { queue: { swift: 1️⃣\"\(written)\" } } }\n"
    ])
    let result = compile(files)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'swift' takes a Swift expression on one line, such as '.convertFromSnakeCase', 'DispatchQueue.main', '2' "
            + "or 'URL(string: \"https://example.com\")!', not '\(written)'")
      ])
  }

  /// A value nested deeper than any Swift value, or a long chain of ternaries, is refused when read,
  /// without exhausting the stack; a long generic type is read in time linear in its length.
  @Test(arguments: [
    (String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000), false),
    (String(repeating: "a ? b : ", count: 50_000) + "c", false),
    ("x as A<" + String(repeating: "B, ", count: 50_000) + "C>", true),
  ])
  func aDeeplyNestedSwiftValueIsAnErrorNotACrash(_ written: String, _ isValue: Bool) {
    let result = compile(
      MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  pool: { type: Pool, init: { size: { swift: '\(written)' } } }\n"]
      ))
    #expect(result.diagnostics.map(\.code) == (isValue ? [] : [.invalidValue]))
  }

  @Test func aSwiftValueInAListIsAnErrorAtTheItem() {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nservices:\n  feed: { type: Feed, init: { orders: [{ swift: 1️⃣.newest }] } }\n"
    ])
    #expect(
      compile(files).diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .invalidValue, at: files["app.yaml", "1️⃣"],
          "'{ swift: .newest }' is an item of a list, where Swift cannot tell its type; pass it as an argument or a "
            + "property of its own, or build the list in a factory function")
      ])
  }

  @Test func aMisspeltFormKeyNamesSwift() {
    let (result, _) = compile("dicfg: 1\nservices:\n  feed: { type: Feed, init: { queue: { swfit: .main } } }\n")
    #expect(result.diagnostics.map(\.code) == [.unknownKey])
    #expect(result.diagnostics.first?.message.contains("did you mean 'swift'?") == true)
  }
}
