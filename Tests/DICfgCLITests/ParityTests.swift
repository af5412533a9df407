import DICfg
import DICfgCLI
import DICfgCore
import DICfgGeneration
import DICfgLanguageServer
import Foundation
import Testing

/// One finding as every surface can state it: its code, file, line, column and message.
private struct Finding: Hashable, Comparable, CustomStringConvertible {
  var severity: String
  var code: String
  var file: String
  var line: Int
  var column: Int
  var message: String

  var description: String { "\(file):\(line):\(column): \(severity): \(message) [#\(code)]" }

  static func < (left: Finding, right: Finding) -> Bool { left.description < right.description }
}

/// A mistake to run through every surface: graph files (repository-relative), and the Swift they
/// are checked against, if any.
struct MistakeCase: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [String]
  var swift: String?
  var testDescription: String { name }
}

/// Every example of `config-examples/invalid`, as `.ci/run` validates them, and the mistakes a
/// plugin app meets in layers, in its Swift and in its typed container.
private func mistakeCases() -> [MistakeCase] {
  let folder = "config-examples/invalid"
  let names = ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + folder)) ?? [])
    .filter { !$0.hasSuffix(".txt") && !$0.hasSuffix(".md") }.sorted()
  var cases = names.map { name -> MistakeCase in
    let path = folder + "/" + name
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: repositoryRoot + "/" + path, isDirectory: &isFolder)
    guard isFolder.boolValue else { return MistakeCase(name: name, files: [path]) }
    let contents = ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + path)) ?? []).sorted()
    return MistakeCase(
      name: name, files: contents.filter { $0.hasSuffix(".yaml") }.map { path + "/" + $0 },
      swift: contents.contains { $0.hasSuffix(".swift") } ? path : nil)
  }
  let fixtures = "Tests/DICfgCLITests/Fixtures/parity"
  let extra = ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + fixtures)) ?? []).sorted()
  for name in extra {
    let path = fixtures + "/" + name
    let contents = ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + path)) ?? []).sorted()
    cases.append(
      MistakeCase(
        name: name, files: contents.filter { $0.hasSuffix(".yaml") }.map { path + "/" + $0 },
        swift: contents.contains { $0.hasSuffix(".swift") } ? path : nil))
  }
  return cases
}

/// The same mistakes give the same findings, errors and warnings, through `dicfg validate`,
/// `dicfg generate`, the build plugin's `dicfg-generate`, `dicfg compile`, the language server and
/// `Container(graphFile:)`:
/// one run (`GraphRun`), one set of rules.
@Suite struct ParityTests {
  @Test func thereAreAtLeastThirtyMistakes() {
    #expect(mistakeCases().count >= 30)
  }

  @Test(arguments: mistakeCases())
  func everySurfaceReportsTheSameFindings(_ mistake: MistakeCase) throws {
    let swift = mistake.swift.map { ["--swift", $0] } ?? []
    let validated = try validate(mistake.files + swift)
    #expect(!validated.isEmpty, "a mistake has a finding")

    let output = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-parity-\(UUID()).swift").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let generated = try runCommand(
      ["generate"] + mistake.files + swift + ["--output", output, "--color", "never", "--error-limit", "0"])
    #expect(findings(inText: generated.standardError) == validated, "dicfg generate")

    let absolute =
      mistake.files.map { repositoryRoot + "/" + $0 }
      + (mistake.swift.map { ["--swift", repositoryRoot + "/" + $0] } ?? [])
    let tool = try RegistryGeneration.parse(arguments: absolute + ["--output", output, "--color", "never"]).run()
    let toolText = tool.standardError.replacingOccurrences(of: repositoryRoot + "/", with: "")
    #expect(findings(inText: toolText) == validated, "dicfg-generate, the build plugin's tool")

    // A command that needs the plan (`compile`, `graph`, `explain`) makes the same run: where it has
    // an error, the same findings and no plan; else the plan.
    if mistake.files.count == 1 {
      let compiled = try runCommand(["compile"] + mistake.files + swift + ["--error-limit", "0"])
      let failed = validated.contains { $0.severity == "error" }
      #expect(compiled.exitCode == (failed ? 1 : 0), "dicfg compile")
      if failed {
        #expect(findings(inText: compiled.standardError) == validated, "dicfg compile")
        #expect(compiled.standardOutput.isEmpty, "dicfg compile writes no plan")
      }
    }

    // An app that reads the graph file at run time (`Container(graphFile:)`) is told the same: the
    // errors thrown, the warnings handed to it. It reads no Swift.
    if mistake.files.count == 1, mistake.swift == nil {
      var reported: [Diagnostic] = []
      do {
        _ = try Container(
          graphFile: repositoryRoot + "/" + mistake.files[0], registry: Registry(),
          warning: { reported.append($0) })
      } catch let error as DiagnosticsError {
        reported += error.diagnostics
      } catch {
        // The graph compiled; the empty registry fails the link.
      }
      let container = reported.map { diagnostic in
        Finding(
          severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue,
          file: diagnostic.location.file.replacingOccurrences(of: repositoryRoot + "/", with: ""),
          line: diagnostic.location.line, column: diagnostic.location.column,
          message: diagnostic.message.replacingOccurrences(of: repositoryRoot + "/", with: ""))
      }
      #expect(Set(container) == Set(validated), "Container(graphFile:)")
    }

    // An editor sends text, which is UTF-8: a file that is not cannot be opened in one.
    guard mistake.name != "invalid-encoding.yaml" else { return }
    let served = try languageServer(mistake.files, swift: mistake.swift.map { [repositoryRoot + "/" + $0] } ?? [])
    #expect(served == validated, "dicfg lsp: \(served.map(\.description)) beside \(validated.map(\.description))")
  }

  /// `dicfg validate`'s findings, from its JSON.
  private func validate(_ arguments: [String]) throws -> [Finding] {
    let result = try runCommand(["validate"] + arguments + ["--format", "json"])
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let diagnostics = document?["diagnostics"] as? [[String: Any]] ?? []
    return diagnostics.compactMap { diagnostic in
      guard let location = diagnostic["location"] as? [String: Any] else { return nil }
      return Finding(
        severity: diagnostic["severity"] as? String ?? "", code: diagnostic["code"] as? String ?? "",
        file: location["file"] as? String ?? "", line: location["line"] as? Int ?? 0,
        column: location["column"] as? Int ?? 0, message: diagnostic["message"] as? String ?? "")
    }.sorted()
  }

  /// The errors and warnings of a text report.
  private func findings(inText text: String) -> [Finding] {
    text.split(separator: "\n").compactMap { line -> Finding? in
      let severity = line.contains(": error: ") ? "error" : "warning"
      guard let errorRange = line.range(of: ": \(severity): "), line.hasSuffix("]"),
        let codeStart = line.range(of: " [#", options: .backwards)
      else { return nil }
      let place = line[..<errorRange.lowerBound].split(separator: ":")
      guard place.count >= 3, let lineNumber = Int(place[place.count - 2]), let column = Int(place[place.count - 1])
      else { return nil }
      return Finding(
        severity: severity, code: String(line[codeStart.upperBound...].dropLast()),
        file: place.dropLast(2).joined(separator: ":"), line: lineNumber, column: column,
        message: String(line[errorRange.upperBound..<codeStart.lowerBound]))
    }.sorted()
  }

  /// What the language server publishes when the files are opened, one after the other.
  private func languageServer(_ files: [String], swift: [String]) throws -> [Finding] {
    // As `dicfg lsp --swift PATH` serves: the Swift read with the command line's reader; without
    // Swift, as `dicfg validate` without `--swift` checks.
    let server =
      swift.isEmpty ? LanguageServer() : LanguageServer { LanguageServerCommand.swift(for: $0, paths: swift) }
    var published: [String: [JSONValue]] = [:]
    for file in files {
      let url = URL(fileURLWithPath: repositoryRoot + "/" + file)
      let text = try String(contentsOf: url, encoding: .utf8)
      let messages = server.handle(
        JSONValue.object([
          "jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": [
            "textDocument": [
              "uri": .string(url.absoluteString), "languageId": "yaml", "version": 1, "text": .string(text),
            ]
          ],
        ]).jsonData())
      for message in messages {
        guard case .string(let uri)? = message["params"]?["uri"],
          let diagnostics = message["params"]?["diagnostics"]?.array
        else { continue }
        published[uri] = diagnostics
      }
    }
    var findings: [Finding] = []
    for (uri, diagnostics) in published {
      let path = URL(string: uri)?.path ?? uri
      let lines =
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false)
        ?? []
      for diagnostic in diagnostics {
        guard case .integer(let line)? = diagnostic["range"]?["start"]?["line"],
          case .integer(let character)? = diagnostic["range"]?["start"]?["character"],
          case .string(let message)? = diagnostic["message"], case .string(let code)? = diagnostic["code"],
          case .integer(let severity)? = diagnostic["severity"]
        else { continue }
        let text = lines.indices.contains(line) ? String(lines[line]) : ""
        findings.append(
          Finding(
            severity: severity == 1 ? "error" : "warning", code: code,
            file: path.replacingOccurrences(of: repositoryRoot + "/", with: ""), line: line + 1,
            column: LanguageServer.column(of: character, in: text),
            message: String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
              .replacingOccurrences(of: repositoryRoot + "/", with: "")))
      }
    }
    return findings.sorted()
  }
}
