import DICfgCLI
import DICfgCore
import DICfgTestSupport
import Foundation
import Testing

/// The Markdown files users read: the README, docs/ and the DocC catalogs.
private func documentationFiles() -> [String] {
  var files = ["README.md"]
  for folder in ["docs", "Sources"] {
    let enumerator = FileManager.default.enumerator(atPath: repositoryRoot + "/" + folder)
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".md") { files.append(folder + "/" + path) }
    }
  }
  return files.sorted()
}

/// The fenced ```yaml and ```json blocks of a Markdown text, with their line numbers; those that
/// hold a graph file (they mention `dicfg`) must be files of config-examples/.
private func graphBlocks(_ text: String) -> [(line: Int, content: String)] {
  var blocks: [(Int, String)] = []
  var current: [Substring]?
  var start = 0
  for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if current == nil, line == "```yaml" || line == "```json" {
      current = []
      start = number + 1
    } else if current != nil, line == "```" {
      blocks.append((start, (current ?? []).map { $0 + "\n" }.joined()))
      current = nil
    } else {
      current?.append(line)
    }
  }
  return blocks
}

@Suite struct DocumentationTests {
  @Test func everyDiagnosticCodeHasAnEntry() throws {
    let text = try String(contentsOfFile: repositoryRoot + "/docs/diagnostics.md", encoding: .utf8)
    for code in DiagnosticCode.allCodes {
      #expect(text.contains("### `\(code)`"), "docs/diagnostics.md has no entry for \(code)")
    }
  }

  @Test func diagnosticsPageIsWrittenFromTheCatalogAndTheRecordedExamples() throws {
    let page = try DiagnosticsPage.render(repositoryRoot: repositoryRoot)
    let mismatch = goldenMismatch(page, golden: repositoryRoot + "/docs/diagnostics.md")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func everyCodeIsCataloguedOnce() {
    #expect(Set(DiagnosticCode.allCodes).count == DiagnosticCode.catalog.count)
    for entry in DiagnosticCode.catalog {
      #expect(!entry.summary.isEmpty && !entry.meaning.isEmpty && !entry.fix.isEmpty, "\(entry.code)")
    }
  }

  @Test(arguments: documentationFiles())
  func everyGraphFileShownIsAValidatedExample(file: String) throws {
    let text = try String(contentsOfFile: repositoryRoot + "/" + file, encoding: .utf8)
    var examples = Set<String>()
    let enumerator = FileManager.default.enumerator(atPath: repositoryRoot + "/config-examples")
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".yaml") || path.hasSuffix(".json") else { continue }
      if let content = try? String(contentsOfFile: repositoryRoot + "/config-examples/" + path, encoding: .utf8) {
        examples.insert(content)
      }
    }
    for block in graphBlocks(text) where block.content.contains("dicfg:") || block.content.contains("\"dicfg\"") {
      let isExample = examples.contains(block.content)
      #expect(
        isExample,
        "\(file):\(block.line): this graph file is not a file of config-examples/, so no test checks it")
    }
  }
}
