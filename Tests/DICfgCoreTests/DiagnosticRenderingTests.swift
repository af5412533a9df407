import DICfgCore
import DICfgReporting
import Testing

@Suite struct DiagnosticRenderingTests {
  private let source = SourceFile(path: "app.yaml", bytes: Array("services:\n\tapi: x\n  db: { type: DB }\n".utf8))

  private var diagnostic: Diagnostic {
    .error(
      .duplicateKey, "duplicate key 'db'", at: SourceLocation(file: "app.yaml", line: 3, column: 3, offset: 20),
      notes: [Note(message: "first here", location: SourceLocation(file: "app.yaml", line: 2, column: 2, offset: 11))])
  }

  @Test func rendersTheCompilerFormWithSourceLineAndCaret() {
    let text = DiagnosticRenderer().render([diagnostic]) { $0 == "app.yaml" ? source : nil }
    #expect(
      text == """
        app.yaml:3:3: error: duplicate key 'db' [#duplicate-key]
          db: { type: DB }
          ^
        app.yaml:2:2: note: first here
        \tapi: x
        \t^

        """)
  }

  @Test func colorsOnlyWhenAsked() {
    let plain = DiagnosticRenderer(colors: false).render([diagnostic]) { _ in nil }
    let colored = DiagnosticRenderer(colors: true).render([diagnostic]) { _ in nil }
    #expect(!plain.contains("\u{1B}["))
    #expect(colored.contains("\u{1B}[1;31merror\u{1B}[0m"))
  }

  /// A line wider than an excerpt (a minified JSON file is one line) is shown as the stretch
  /// around the column, each cut end marked, the caret under the column's character.
  @Test func aLongLineIsShownAroundTheColumn() {
    let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
    let file = SourceFile(path: "x.json", bytes: Array(line.utf8))
    let finding = Diagnostic.error(
      .unknownKey, "unknown key", at: SourceLocation(file: "x.json", line: 1, column: 301, offset: 300))
    let lines = DiagnosticRenderer().render([finding]) { _ in file }.split(separator: "\n")
    let excerpt = String(repeating: "a", count: 80) + "X" + String(repeating: "b", count: 79)
    #expect(lines[1] == "…" + excerpt + "…")
    #expect(lines[2] == String(repeating: " ", count: 81) + "^")
    let start = Diagnostic.error(
      .unknownKey, "unknown key", at: SourceLocation(file: "x.json", line: 1, column: 1, offset: 0))
    let first = DiagnosticRenderer().render([start]) { _ in file }.split(separator: "\n")
    #expect(first[1] == String(repeating: "a", count: 160) + "…")
    #expect(first[2] == "^")
  }

  @Test func showsControlCharactersAsPictures() {
    let file = SourceFile(path: "x", bytes: [0x61, 0x1B, 0x62])
    let text = DiagnosticRenderer().render(
      [.error(.invalidEncoding, "bad", at: SourceLocation(file: "x", line: 1, column: 2, offset: 1))]
    ) { _ in file }
    #expect(text.contains("a\u{241B}b\n ^\n"))
  }

  @Test func summarizesCounts() {
    #expect(DiagnosticRenderer.summary(errors: 2, warnings: 1, files: 3) == "2 errors, 1 warning in 3 files")
    #expect(DiagnosticRenderer.summary(errors: 0, warnings: 0, files: 1) == "no errors or warnings in 1 file")
  }

  @Test func rendersJSONAsTheDesignSays() {
    let json = DiagnosticJSONRenderer.render([diagnostic])
    #expect(
      json == """
        {
          "diagnostics" : [
            {
              "code" : "duplicate-key",
              "location" : {
                "column" : 3,
                "file" : "app.yaml",
                "line" : 3
              },
              "message" : "duplicate key 'db'",
              "notes" : [
                {
                  "location" : {
                    "column" : 2,
                    "file" : "app.yaml",
                    "line" : 2
                  },
                  "message" : "first here"
                }
              ],
              "severity" : "error"
            }
          ],
          "serializationVersion" : 1,
          "summary" : {
            "errors" : 1,
            "warnings" : 0
          }
        }

        """)
  }

  @Test func sortsByFileLineAndColumn() {
    let a = Diagnostic.error(.syntaxError, "m", at: SourceLocation(file: "a", line: 2, column: 1, offset: 0))
    let b = Diagnostic.error(.syntaxError, "m", at: SourceLocation(file: "a", line: 10, column: 1, offset: 0))
    let c = Diagnostic.error(.syntaxError, "m", at: SourceLocation(file: "b", line: 1, column: 1, offset: 0))
    #expect([c, b, a].sorted() == [a, b, c])
  }
}

@Suite struct SortedUniqueTests {
  @Test func oneFindingReachedTwiceIsKeptOnceWithTheNotesOfBoth() {
    let location = SourceLocation(file: "b.yaml", line: 4, column: 1, offset: 30)
    let plain = Diagnostic.error(.syntaxError, "did not find expected node content", at: location)
    var noted = plain
    noted.notes = [Note(message: "1 finding is left out", location: nil)]
    let other = Diagnostic.error(.syntaxError, "another message", at: location)
    let merged = [noted, other, plain, noted].sortedUnique()
    #expect(merged.map(\.message) == ["another message", "did not find expected node content"])
    #expect(merged.last?.notes.map(\.message) == ["1 finding is left out"])
    let warning = Diagnostic.warning(.syntaxError, "did not find expected node content", at: location)
    #expect([plain, warning].sortedUnique().count == 2, "a warning and an error are two findings")
  }
}
