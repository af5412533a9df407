import DICfgCore
import DICfgLoader
import DICfgTestSupport
import Testing

private func loadJSON(_ text: String) -> LoadedFile {
  ConfigLoader().load(bytes: Array(text.utf8), path: "test.json")
}

@Suite struct JSONLoaderTests {
  @Test(arguments: [
    "{}", "[]", "0", "-0", "-0.0e+0", "1E5", "\"\"", "true", "null", " [1, -2.5, 3e-2, \"x\", false, null, {}] ",
    "{\"a\": {\"b\": [[], {}]}}", "\"\\u0000\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\ud83d\\ude00\"",
    "\"\\uD834\\uDD1E\"", "\"\u{7F} \u{85}\"", "\u{FEFF}{\"bom\": 1}", "{\"<<\": 1}", "\t\r\n{}\n",
  ])
  func acceptsValidJSON(text: String) {
    let file = loadJSON(text)
    #expect(file.diagnostics.isEmpty, "\(text): \(file.diagnostics)")
    #expect(file.root != nil)
  }

  @Test func decodesSurrogatePairEscapes() throws {
    let file = loadJSON("{\"smile\": \"\\ud83d\\ude00!\"}")
    let value = try #require(file.root?.mapping?.first?.value.scalar)
    #expect(value.text == "😀!")
    #expect(value.style == .doubleQuoted)
  }

  @Test func typesJSONScalarsLikeYAML() throws {
    let file = loadJSON("[1, 2.5, true, null, \"1\"]")
    let items = try #require(file.root?.sequence)
    let scalars = items.compactMap(\.scalar)
    #expect(
      scalars.map { CoreSchema.value(of: $0) } == [.int(1), .double(2.5), .bool(true), .null, .string("1")])
  }

  @Test(arguments: [
    ("{\"a\": 11️⃣,}", "trailing comma before '}'; remove it"),
    ("[1, 21️⃣,]", "trailing comma before ']'; remove it"),
    ("{\"a\": 1 1️⃣// c\n}", "expected ',' or '}' after the object member"),
    ("1️⃣/* c */ {}", "comments are not allowed in JSON"),
    ("{\"a\": 1️⃣'b'}", "single quotes are not JSON; use double quotes"),
    ("{1️⃣'a': 1}", "single quotes are not JSON; object keys take double quotes"),
    ("[1️⃣NaN]", "NaN and Infinity are not JSON values"),
    ("[1️⃣Infinity]", "NaN and Infinity are not JSON values"),
    ("[1️⃣-Infinity]", "NaN and Infinity are not JSON values"),
    ("[-1️⃣]", "a JSON number needs a digit after '-'"),
    ("[1️⃣012]", "leading zeros are not allowed in JSON numbers"),
    ("{1️⃣a: 1}", "object keys must be strings in double quotes"),
    ("[1️⃣+1]", "a JSON number cannot start with '+'"),
    ("[1️⃣.5]", "a JSON number needs a digit before '.'"),
    ("[1.1️⃣]", "a JSON number needs digits after '.'"),
    ("[1e1️⃣]", "a JSON number needs digits in its exponent"),
    ("[1️⃣0x1F]", "invalid JSON number"),
    ("[1️⃣True]", "'True' is not a JSON value; strings must be in double quotes"),
    ("[\"a1️⃣\tb\"]", "control character U+0009 inside a JSON string must be written as an escape"),
    ("[\"a1️⃣\nb\"]", "a line break inside a JSON string must be written as an escape"),
    ("[\"1️⃣\\x41\"]", "'\\x' is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
    ("[\"1️⃣\\u12\"]", "'\\u' must be followed by four hexadecimal digits"),
    ("[\"1️⃣\\ud83d\"]", "'\\uD83D' is a high surrogate with no low surrogate after it"),
    ("[\"1️⃣\\ud83d\\u0041\"]", "'\\uD83D' is a high surrogate with no low surrogate after it"),
    ("[\"1️⃣\\ude00\"]", "'\\uDE00' is a low surrogate with no high surrogate before it"),
    ("1️⃣\"abc", "unterminated string; add the closing '\"'"),
    ("{\"a\" 1️⃣1}", "expected ':' after the object key"),
    ("[1 1️⃣2]", "expected ',' or ']' after the array element"),
    ("{} 1️⃣{}", "unexpected text after the JSON value; a JSON file holds exactly one value"),
    ("[1, 2\n1️⃣", "unexpected end of file; the JSON text is cut off"),
    ("1️⃣", "expected a JSON value; the file is empty"),
    ("  \n1️⃣", "expected a JSON value; the file is empty"),
    ("{\"a\": 1️⃣}", "expected a JSON value"),
    ("[]1️⃣]", "unexpected text after the JSON value; a JSON file holds exactly one value"),
    ("[1️⃣,1]", "expected a JSON value"),
    ("1️⃣tru", "'tru' is not a JSON value; strings must be in double quotes"),
  ])
  func rejectsInvalidJSONWithALocatedSyntaxError(marked: String, message: String) throws {
    let text = MarkedText(marked, file: "test.json")
    let file = ConfigLoader().load(bytes: text.bytes, path: text.file)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(diagnostic.code == .syntaxError)
    #expect(diagnostic.location == text["1️⃣"])
    #expect(diagnostic.message == message)
    #expect(file.root == nil)
  }

  @Test func duplicateKeysInJSONAreReported() {
    let text = MarkedText("{\"a\": 1,\n 1️⃣\"a\": 2}", file: "test.json")
    let file = ConfigLoader().load(bytes: text.bytes, path: text.file)
    #expect(summaries(file.diagnostics) == ["duplicate-key@2:2"])
  }

  @Test func nulByteInJSONIsInvalidEncoding() {
    let file = loadJSON("{\"a\": \"b\u{0}\"}")
    #expect(summaries(file.diagnostics) == ["invalid-encoding@1:9"])
  }

  @Test func formatFollowsTheExtension() {
    #expect(SourceFormat(path: "a/b.JSON") == .json)
    #expect(SourceFormat(path: "a/b.yaml") == .yaml)
    #expect(SourceFormat(path: "a/b.yml") == .yaml)
  }
}
