import Foundation
import SnippetsEvents
import SnippetsPets
import Testing

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path

/// The folders whose Swift files hold the documentation's snippets: the two targets of this package
/// and the package the plugin tests build (the shop of Generating the Registration).
private let snippetFolders = ["Examples/DocumentationSnippets", "Tests/PluginPackage/Sources"]

/// A fenced ```swift block of a documentation file.
struct Snippet: CustomTestStringConvertible, Sendable {
  var file: String
  var line: Int
  var lines: [String]
  var testDescription: String { "\(file):\(line)" }

  /// A package manifest's fragment, which the plugin tests' own manifest is; or the generated
  /// code an article quotes, which must stand in a golden file of the generator's output.
  var isCompiledElsewhere: Bool {
    lines.first?.hasPrefix(".target(") == true || lines.first == "// Package.swift" || isGeneratedCode
      || lines.first?.hasPrefix("// Before (") == true || lines.first?.hasPrefix("// Beside (") == true
  }

  var isGeneratedCode: Bool { lines.contains { $0.hasPrefix("#sourceLocation") } }
}

/// The README's, the DocC articles', the modular guide's and the migrating guides' Swift blocks
/// but Pilgrim's, Dip's and Saber's; a block that shows another library's code says so on its first
/// line (`// Before (Resolver): …`), as does one that calls a library this machine lacks beside
/// dicfg's while an app moves (`// Beside (Resolver): …`): Resolver and Factory are not here to
/// compile against.
private func documentationSnippets() -> [Snippet] {
  var files = [
    "README.md", "docs/migrating/factories-and-values.md", "docs/modular-apps.md", "docs/migrating/swinject.md",
    "docs/migrating/resolver.md", "docs/migrating/factory.md",
  ]
  let sources = repositoryRoot + "/Sources"
  let enumerator = FileManager.default.enumerator(atPath: sources)
  while let path = enumerator?.nextObject() as? String {
    if path.hasSuffix(".md"), path.contains(".docc/") { files.append("Sources/" + path) }
  }
  var snippets: [Snippet] = []
  for file in files.sorted() {
    guard let text = try? String(contentsOfFile: repositoryRoot + "/" + file, encoding: .utf8) else { continue }
    var current: Snippet?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if current == nil, line == "```swift" {
        current = Snippet(file: file, line: index + 2, lines: [])
      } else if let snippet = current, line == "```" {
        snippets.append(snippet)
        current = nil
      } else {
        current?.lines.append(String(line))
      }
    }
  }
  return snippets
}

/// Each Swift file of the snippet folders (or files ending in `suffix` in `folders`), as its lines
/// without their indentation.
private func snippetSources(
  in folders: [String] = snippetFolders, suffix: String = ".swift"
) -> [(path: String, lines: [String])] {
  var sources: [(String, [String])] = []
  for folder in folders {
    let enumerator = FileManager.default.enumerator(atPath: repositoryRoot + "/" + folder)
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(suffix), !path.contains(".build"),
        let text = try? String(contentsOfFile: repositoryRoot + "/" + folder + "/" + path, encoding: .utf8)
      else { continue }
      sources.append((folder + "/" + path, text.split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)))
    }
  }
  return sources
}

/// The snippet folders' Swift files and the generator's golden output, read once for every case.
private let compiledSources = snippetSources(in: snippetFolders)
private let generatedGoldens = snippetSources(in: ["Tests/DICfgCLITests/Golden/generated"], suffix: ".swift.txt")

/// Whether `body`'s lines stand in `lines`, one after the other.
private func standsIn(_ lines: [String], _ body: [String]) -> Bool {
  lines.indices.contains { start in
    start + body.count <= lines.count && Array(lines[start..<start + body.count]) == body
  }
}

/// A line without its indentation, and with its runs of spaces as one (a formatter aligns comments
/// differently from an article).
private func trimmed<S: StringProtocol>(_ line: S) -> String {
  line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}

@Suite struct DocumentationSnippetCoverageTests {
  @Test func theDocumentationHasSwiftSnippets() {
    #expect(documentationSnippets().count { !$0.isCompiledElsewhere } >= 25)
  }

  /// A snippet is compiled where its lines stand in a compiled Swift file, one after the other
  /// (spacing aside), in a file that imports what the snippet imports.
  @Test(arguments: documentationSnippets().filter { !$0.isCompiledElsewhere })
  func everySnippetIsCompiledAsWritten(_ snippet: Snippet) {
    let imports = snippet.lines.filter { $0.hasPrefix("import ") }
    var body = snippet.lines.filter { !$0.hasPrefix("import ") }.map(trimmed)
    while body.first == "" { body.removeFirst() }
    let found = compiledSources.first { source in
      imports.allSatisfy(source.lines.contains) && standsIn(source.lines, body)
    }
    let folders = snippetFolders.joined(separator: " or ")
    let advice = "copy it there, as written, into a function that runs it"
    #expect(found != nil, "\(snippet.file):\(snippet.line): this snippet is in no Swift file of \(folders); \(advice)")
  }
}

@Suite struct GeneratedExcerptTests {
  /// The generated code an article quotes is the generator's output, as its golden files hold it.
  @Test(arguments: documentationSnippets().filter { $0.isGeneratedCode })
  func everyGeneratedExcerptIsTheGeneratorsOutput(_ snippet: Snippet) {
    let body = snippet.lines.map(trimmed)
    let found = generatedGoldens.contains { standsIn($0.lines, body) }
    #expect(found, "\(snippet.file):\(snippet.line): this excerpt is in no golden file of the generator's output")
  }
}

@Suite struct DocumentationSnippetTests {
  @Test func gettingStarted() async throws {
    #expect(try gettingStartedTypedContainer() == "I'm playing with Mimi.")
    #expect(try gettingStartedDynamicContainer() == "I'm playing with Mimi. Mimi")
    #expect(try gettingStartedBundledGraphFile() == "I'm playing with Mimi.")
    #expect(try gettingStartedTypedReplacement() == "I'm playing with Tom.")
    #expect(try gettingStartedReplacementsByID() == ["Tom", "I'm playing with someone."])
    #expect(try gettingStartedRegisterByHand() == "debug test info")
    #expect(try gettingStartedGraphFilesInMemory() == "NullImageCache")
  }

  @Test @MainActor func readme() throws {
    #expect(try readmeTypedContainer())
    #expect(try readmeDynamicContainer())
    #expect(try runtimeOverview())
    #expect(try readmeRegisterByHand() == "staging debug")
  }

  @Test @MainActor func concurrencyMainActor() throws {
    #expect(try concurrencyMainActorByHand())
  }

  @Test func concurrencyProvidersLazyValuesAndContainers() async throws {
    #expect(try await providersAndLazyValues() == ["Fiona", "Bruce", "Ann", "opened", "shown"])
    #expect(try await concurrencyContainerNamed())
  }

  @Test func concurrencyAsync() async throws {
    #expect(try await concurrencyAsyncInitializer() == "/var/orders.db")
    #expect(try await concurrencyAsyncClosureByLabel() == "https://settings.example.com")
  }
}
