import DICfgCore
import DICfgReporting
import Foundation

/// `docs/diagnostics.md`, written from ``DiagnosticCode/catalog`` and the broken examples of
/// `config-examples/invalid/` with the output recorded beside each.
package enum DiagnosticsPage {
  /// The page's text.
  ///
  /// - Parameter repositoryRoot: The folder holding `config-examples/`.
  package static func render(repositoryRoot: String) throws -> String {
    var lines = [
      "# Diagnostics",
      "",
      "Every finding of `dicfg validate`, of linking a plan and of resolving has a stable code: printed as",
      "`[#code]`, in JSON as `code`, in SARIF as the rule id. Users grep for codes and suppress them, so a",
      "code never changes meaning. This page has one entry per code: what it means, an example, what",
      "dicfg prints, and how to fix it. The graph-file examples live in `config-examples/invalid/`, and",
      "the tests check that each prints exactly what is shown here. (Written from `DiagnosticCode.catalog`",
      "by `DICFG_RECORD_GOLDEN=1 swift test --filter DocumentationTests`.)",
      "",
      "## Graph files",
      "",
    ]
    let graphFile = DiagnosticCode.catalog.filter { $0.stage == .graphFile }
    let runtime = DiagnosticCode.catalog.filter { $0.stage != .graphFile }
    for entry in graphFile { lines += try section(entry, repositoryRoot: repositoryRoot) }
    lines += [
      "## Linking and resolving",
      "",
      "Creating a `Container` links a plan to the registered factories and the host app's externals,",
      "reporting every problem together as a `LinkError`; resolving throws a `ResolutionError` with the",
      "resolution path and the service's graph-file location. `dicfg validate --registry manifest.json`",
      "runs the registry checks in CI.",
      "",
    ]
    for entry in runtime { lines += try section(entry, repositoryRoot: repositoryRoot) }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func section(_ entry: DiagnosticCode.Documentation, repositoryRoot: String) throws -> [String] {
    let stage: String
    switch entry.stage {
    case .linking: stage = "Linking: "
    case .resolving: stage = "Resolving: "
    case .swiftDeclarations: stage = "Against the Swift declarations: "
    case .graphFile, .internal: stage = ""
    }
    let meaning =
      stage.isEmpty ? entry.meaning : stage + entry.meaning.prefix(1).lowercased() + entry.meaning.dropFirst()
    var lines = ["### `\(entry.code)`", "", meaning, ""]
    switch entry.example {
    case .graphFiles(let names):
      for name in names { lines.append(try exampleBlock(name, repositoryRoot: repositoryRoot)) }
    case .output(let text):
      lines += ["```", text, "```", ""]
    case .none:
      break
    }
    lines += ["**Fix:** \(entry.fix)", ""]
    return lines
  }

  /// A broken example's files and what `dicfg validate` prints for them.
  private static func exampleBlock(_ name: String, repositoryRoot: String) throws -> String {
    let invalid = "config-examples/invalid"
    let path = "\(repositoryRoot)/\(invalid)/\(name)"
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let files =
      isFolder.boolValue
      ? try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".yaml") }.sorted().map {
        "\(invalid)/\(name)/\($0)"
      } : ["\(invalid)/\(name)"]
    var parts: [String] = []
    for file in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: "\(repositoryRoot)/\(file)"))
      let language = file.hasSuffix(".json") ? "json" : "yaml"
      if let text = String(data: data, encoding: .utf8) {
        parts.append(
          text.count > 400
            ? "`\(file)` (a line of 300 `[` and 300 `]`).\n" : "`\(file)`:\n\n```\(language)\n\(text)```\n")
      } else {
        // Shown with each byte that is not UTF-8 written as an escape.
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "\\xE9")
        parts.append("`\(file)` (the byte 0xE9 shown as `\\xE9`):\n\n```text\n\(text)```\n")
      }
    }
    let base = String(name.prefix { $0 != "." })
    var output = try String(contentsOfFile: "\(repositoryRoot)/\(invalid)/\(base).expected.txt", encoding: .utf8)
    if output.count > 2000 {
      output =
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
          $0.count < 200 ? String($0) : $0.prefix(120) + " …"
        }.joined(separator: "\n") + "\n"
    }
    parts.append("```\n$ dicfg validate \(files.joined(separator: " "))\n\(output)```\n")
    return parts.joined(separator: "\n")
  }
}
