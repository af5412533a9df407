import DICfgCore
import DICfgLoader
import DICfgTestSupport
import Foundation
import Testing

private func load(_ bytes: [UInt8], format: SourceFormat = .yaml, limits: LoaderLimits = LoaderLimits()) -> LoadedFile {
  ConfigLoader(limits: limits).load(
    bytes: bytes, path: format == .json ? "hostile.json" : "hostile.yaml", format: format)
}

func load(_ text: String, format: SourceFormat = .yaml, limits: LoaderLimits = LoaderLimits()) -> LoadedFile {
  load(Array(text.utf8), format: format, limits: limits)
}

@Suite struct HostileInputTests {
  @Test func billionLaughsHitsTheNodeLimit() throws {
    var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(refs)]\n"
    }
    let file = load(text)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(diagnostic.code == .limitExceeded)
    #expect(diagnostic.message.contains("limit of 10000000 nodes"))
    #expect(diagnostic.message.contains("LoaderLimits.maxNodes"))
    #expect(diagnostic.location.line == 8)
  }

  @Test func mergeKeyBombHitsTheNodeLimit() {
    var text = "m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10}\n"
    for level in 1...12 {
      let refs = (0..<10).map { "k\($0): *m\(level - 1)" }.joined(separator: ", ")
      text += "m\(level): &m\(level) {\(refs)}\n"
    }
    let file = load(text)
    #expect(file.diagnostics.map(\.code) == [.limitExceeded])
  }

  @Test func aliasesWithinTheBudgetExpand() throws {
    let file = load("a: &a [1, 2]\nb: [*a, *a]\n", limits: LoaderLimits(maxNodes: 13))
    #expect(file.diagnostics.isEmpty)
    let tight = load("a: &a [1, 2]\nb: [*a, *a]\n", limits: LoaderLimits(maxNodes: 12))
    #expect(summaries(tight.diagnostics) == ["limit-exceeded@2:9"])
  }

  @Test func deepFlowNestingIsRejectedAtTheLimit() throws {
    let text = String(repeating: "[", count: 100_000)
    let file = try #require(onSmallStack { load(text) }, "the load on a small stack did not finish")
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:257"])
    #expect(file.diagnostics.first?.message.contains("depth limit of 256") == true)
  }

  @Test func deepJSONNestingIsRejectedAtTheLimit() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let file = try #require(onSmallStack { load(text, format: .json) }, "the load on a small stack did not finish")
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:257"])
  }

  @Test func deepBlockMappingsAreRejectedAtTheLimit() throws {
    let explicitKeys = String(repeating: "? ", count: 100_000) + "a\n"
    let file = try #require(onSmallStack { load(explicitKeys) }, "the load on a small stack did not finish")
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:513"])

    var indented = ""
    for level in 0..<1_000 { indented += String(repeating: " ", count: level) + "k:\n" }
    let indentedText = indented
    let deep = try #require(onSmallStack { load(indentedText) }, "the load on a small stack did not finish")
    #expect(summaries(deep.diagnostics) == ["limit-exceeded@257:257"])
  }

  @Test func deepBlockSequencesAreRejectedAtTheLimit() throws {
    let text = String(repeating: "- ", count: 100_000) + "x\n"
    let file = try #require(onSmallStack { load(text) }, "the load on a small stack did not finish")
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:513"])
  }

  @Test func nestingJustUnderTheLimitLoadsOnASmallStack() throws {
    let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    let file = try #require(onSmallStack { load(text) }, "the load on a small stack did not finish")
    #expect(file.diagnostics.isEmpty)
    #expect(file.root != nil)
  }

  @Test func aliasThatWouldDeepenPastTheLimitIsRejected() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let text = "a: &a \(deep)\nb: \(String(repeating: "[", count: 100))*a\(String(repeating: "]", count: 100))\n"
    let file = load(text)
    #expect(summaries(file.diagnostics) == ["limit-exceeded@2:104"])
  }

  @Test func recursiveAliasIsInvalidAlias() throws {
    let marked = MarkedText("a: 1️⃣&loop\n  b: 2️⃣*loop\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(diagnostic.code == .invalidAlias)
    #expect(diagnostic.location == marked["2️⃣"])
    #expect(diagnostic.notes.first?.location == marked["1️⃣"])
  }

  @Test func undefinedAliasIsInvalidAlias() {
    let file = load("a: *nowhere\n")
    #expect(summaries(file.diagnostics) == ["invalid-alias@1:4"])
    #expect(
      file.diagnostics.first?.message
        == "alias '*nowhere' refers to no anchor; define '&nowhere' on a node before this alias")
  }

  @Test func invalidUTF8InAKeyAndInAValue() {
    let inKey = load([0x61, 0x3A, 0x20, 0x31, 0x0A, 0x62, 0xC3, 0x28, 0x3A, 0x20, 0x32, 0x0A])
    #expect(summaries(inKey.diagnostics) == ["invalid-encoding@2:2"])
    #expect(
      inKey.diagnostics.first?.message == "invalid UTF-8 byte 0xC3 (a sequence cut short); save the file as UTF-8")
    let inValue = load(Array("name: caf".utf8) + [0xE9] + Array("\n".utf8))
    #expect(summaries(inValue.diagnostics) == ["invalid-encoding@1:10"])
    let overlong = load(Array("k: ".utf8) + [0xE0, 0x80, 0xAF])
    #expect(overlong.diagnostics.first?.message.contains("overlong") == true)
    let surrogate = load(Array("k: ".utf8) + [0xED, 0xA0, 0x80])
    #expect(surrogate.diagnostics.first?.message.contains("surrogate") == true)
  }

  @Test func nulByteIsInvalidEncodingAtItsPosition() {
    let file = load("a: 1\nbc: d\u{0}e\n")
    #expect(summaries(file.diagnostics) == ["invalid-encoding@2:6"])
    #expect(file.diagnostics.first?.message == "NUL byte in the file; a graph file is text, remove it")
  }

  @Test func controlCharactersAreInvalidEncodingAtTheirPosition() {
    #expect(summaries(load("é: b\u{1B}\n").diagnostics) == ["invalid-encoding@1:5"])
    #expect(summaries(load("a: \u{80}\n").diagnostics) == ["invalid-encoding@1:4"])
    #expect(summaries(load("a: \u{FFFE}\n").diagnostics) == ["invalid-encoding@1:4"])
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00], "UTF-16"), ([0xFE, 0xFF, 0x00, 0x61], "UTF-16"),
      ([0x61, 0x00, 0x3A, 0x00, 0x20, 0x00], "UTF-16"), ([0x61, 0x00, 0x00, 0x00], "UTF-32"),
    ] as [([UInt8], String)])
  func wideEncodingsAreNamed(bytes: [UInt8], encoding: String) {
    let file = load(bytes)
    #expect(summaries(file.diagnostics) == ["invalid-encoding@1:1"])
    #expect(file.diagnostics.first?.message == "file is \(encoding), not UTF-8; save it as UTF-8")
  }

  @Test func everyBytePrefixOfAValidFileEndsInATreeOrOneLocatedError() {
    let text = """
      dicfg: 1
      # comment é
      parameters: { url: "https://example.com/\\u00e9", n: 3 }
      services:
        client: &c
          type: "Client"
          init: [a, 'b', { value: |
            text
          }]
        other: *c
      """
    let bytes = Array(text.utf8)
    for length in 0...bytes.count {
      let file = load(Array(bytes[0..<length]))
      #expect(file.diagnostics.count <= 1, "prefix \(length): \(file.diagnostics)")
      if let diagnostic = file.diagnostics.first {
        #expect([.syntaxError, .invalidEncoding].contains(diagnostic.code), "prefix \(length)")
        #expect(diagnostic.location.offset <= length, "prefix \(length)")
        #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
      }
    }
  }

  @Test func everyBytePrefixOfAValidJSONFileEndsInATreeOrOneLocatedError() {
    let bytes = Array("{\"a\": [1, -2.5e3, \"\\ud83d\\ude00 é\", {\"b\": null}], \"c\": true}".utf8)
    for length in 0...bytes.count {
      let file = load(Array(bytes[0..<length]), format: .json)
      #expect(file.diagnostics.count == (length == bytes.count ? 0 : 1), "prefix \(length)")
      #expect(file.diagnostics.allSatisfy { $0.location.offset <= length })
    }
  }

  @Test func secondDocumentIsMultipleDocuments() throws {
    let marked = MarkedText("1️⃣a: 1\n2️⃣---\nb: 2\n")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(diagnostic.code == .multipleDocuments)
    #expect(diagnostic.location == marked["2️⃣"])
    #expect(diagnostic.notes.first?.location == marked["1️⃣"])
  }

  @Test func tenThousandDocumentsStopAtTheSecond() {
    let text = String(repeating: "---\na: 1\n", count: 10_000)
    #expect(summaries(load(text).diagnostics) == ["multiple-documents@3:1"])
  }

  @Test func tabIndentationIsASyntaxErrorWithAHint() throws {
    let file = load("services:\n\tapi: 1\n")
    let diagnostic = try #require(file.diagnostics.first)
    #expect(file.diagnostics.count == 1)
    #expect(summary(diagnostic) == "syntax-error@2:1")
    #expect(diagnostic.message.hasSuffix("YAML cannot be indented with tabs; use spaces"))
  }

  @Test func syntaxErrorCarriesLibyamlContextAsANote() throws {
    let marked = MarkedText("a: 1️⃣[b, c\n2️⃣")
    let file = ConfigLoader().load(bytes: marked.bytes, path: marked.file)
    let diagnostic = try #require(file.diagnostics.first)
    #expect(diagnostic.code == .syntaxError)
    #expect(diagnostic.location == marked["2️⃣"])
    #expect(diagnostic.message == "did not find expected ',' or ']'")
    #expect(diagnostic.notes == [Note(message: "while parsing a flow sequence", location: marked["1️⃣"])])
  }

  @Test func hugeScalarHitsTheScalarLimit() {
    let text = "a: " + String(repeating: "x", count: 2_000)
    let file = load(text, limits: LoaderLimits(maxScalarLength: 1_000))
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:4"])
    #expect(file.diagnostics.first?.message.contains("LoaderLimits.maxScalarLength") == true)
    let json = load(
      "[\"" + String(repeating: "y", count: 2_000) + "\"]", format: .json, limits: LoaderLimits(maxScalarLength: 1_000))
    #expect(summaries(json.diagnostics) == ["limit-exceeded@1:2"])
  }

  @Test func oversizedBytesHitTheFileSizeLimitBeforeParsing() {
    let file = load("a: [" + String(repeating: "1, ", count: 100), limits: LoaderLimits(maxFileSize: 64))
    #expect(summaries(file.diagnostics) == ["limit-exceeded@1:1"])
    #expect(
      file.diagnostics.first?.message.hasPrefix("file is 304 bytes, over the loader's file-size limit of 64 bytes")
        == true)
  }
}
