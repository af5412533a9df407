public import ArgumentParser
import DICfgCompiler
import DICfgCore
import Foundation

/// `dicfg diff`: what an environment changes, what differs between two environments, or what
/// changed between two versions of a graph file.
public struct DiffCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what an environment changes, or what changed between two graphs.",
    discussion: """
      With one file and one --env, compares the file with the file and that environment's layer; \
      with two --env, the two environments. With two files, or one file and --rev, compares the \
      older graph with the newer, each with the --env layers. Each service, alias, external and \
      parameter added, removed or changed is listed with the file, line and layer that caused it.

      Prints nothing and exits 0 when nothing changed. Exits 1 when a graph has errors (shown as \
      'dicfg validate' shows them), 2 with --exit-code when something changed, and 64 on a usage error.

      Examples:
        dicfg diff config/app.yaml --env test
        dicfg diff config/app.yaml --env staging --env production --format markdown
        dicfg diff old/app.yaml config/app.yaml --format json
        dicfg diff config/app.yaml --rev origin/main --env production
      """
  )

  public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// One line per change, `file:line:column:` first.
    case text
    /// One JSON document.
    case json
    /// A heading and a table, for a pull-request comment.
    case markdown
  }

  @Argument(help: "The graph file, or the older and the newer graph file.")
  public var files: [String]

  @OptionGroup public var input: GraphInputOptions

  @Option(help: "Compare the file as it is with the file at this git revision (a commit, a tag, a branch).")
  public var rev: String?

  @Option(help: "The output format: text, json or markdown.")
  public var format: Format = .text

  @Flag(help: "Exit 2 when something changed.")
  public var exitCode = false

  public init() {}

  public func validate() throws {
    switch (files.count, rev, input.environments.count) {
    case (1, nil, 1), (1, nil, 2), (1, _?, _), (2, nil, _): return
    case (1, nil, 0):
      throw ValidationError(
        "Name an environment (--env NAME), a second file, or a revision (--rev REV) to compare with.")
    case (1, nil, _):
      throw ValidationError("Name one environment to compare with its base, or two to compare with each other.")
    case (2, _?, _): throw ValidationError("Compare two files, or one file with a revision, not both.")
    default: throw ValidationError("Name one graph file, or the older and the newer graph file.")
    }
  }

  public func run() throws {
    try runInProcess()
  }

  /// Compares the graphs and returns what to print.
  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let (older, newer) = sides()
    var text = ""
    var compiled: [CompileResult] = []
    for side in [older, newer] {
      switch Compilation.run(side.request, input: input, colors: colorTerminal) {
      case .failed(let failure): text += failure.standardError
      case .compiled(_, let base, _): compiled.append(base)
      }
    }
    guard compiled.count == 2, let diff = GraphDiff(old: compiled[0], new: compiled[1]) else {
      return CommandResult(exitCode: 1, standardError: text)
    }
    let changes = diff.changes
    guard !changes.isEmpty else { return CommandResult(exitCode: 0) }
    let report = DiffReport(from: older.label, to: newer.label, changes: changes, olderRevision: rev)
    let output: String
    switch format {
    case .text: output = report.text
    case .json: output = report.json
    case .markdown: output = report.markdown
    }
    return CommandResult(exitCode: exitCode ? 2 : 0, standardOutput: output)
  }

  /// One side of the comparison: a file, its layers, and where it is read from.
  struct Side {
    var file: String
    var environments: [String]
    var revision: String?
    var input: GraphInputOptions

    var label: String {
      file + (revision.map { "@" + $0 } ?? "") + environments.map { " --env " + $0 }.joined()
    }

    /// The run of this side: its file and layers, read from the revision where there is one.
    var request: GraphRun.Request {
      let fileSystem: any GraphFileSystem = revision.map { GitRevisionFileSystem(revision: $0) } ?? LocalFileSystem()
      return input.request([file], environments: environments, fileSystem: fileSystem)
    }
  }

  func sides() -> (Side, Side) {
    let environments = input.environments
    if files.count == 2 {
      return (
        Side(file: files[0], environments: environments, input: input),
        Side(file: files[1], environments: environments, input: input)
      )
    }
    if let rev {
      return (
        Side(file: files[0], environments: environments, revision: rev, input: input),
        Side(file: files[0], environments: environments, input: input)
      )
    }
    if environments.count == 1 {
      return (
        Side(file: files[0], environments: [], input: input),
        Side(file: files[0], environments: environments, input: input)
      )
    }
    return (
      Side(file: files[0], environments: [environments[0]], input: input),
      Side(file: files[0], environments: [environments[1]], input: input)
    )
  }
}

/// The changes `dicfg diff` found, written as text, JSON or Markdown: the same bytes for the same
/// graphs.
struct DiffReport {
  let from: String
  let to: String
  let changes: [GraphChange]
  /// The revision the older side was read at, named beside its files' locations.
  let olderRevision: String?

  private func place(_ change: GraphChange) -> String {
    let location = change.location
    let file = location.file + (change.inOlderFiles ? olderRevision.map { "@" + $0 } ?? "" : "")
    return "\(file):\(location.line):\(location.column)"
  }

  private var tally: String {
    let counts = [GraphChange.Kind.added, .removed, .changed].compactMap { kind -> String? in
      let count = changes.count { $0.kind == kind }
      return count == 0 ? nil : "\(count) \(kind.rawValue)"
    }
    return "\(changes.count) change\(changes.count == 1 ? "" : "s") (\(counts.joined(separator: ", ")))"
  }

  var text: String {
    var lines = ["\(from) → \(to): \(tally)"]
    for change in changes {
      lines.append("\(place(change)): [\(change.layer)] \(change.subjectName) \(change.summary)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  var json: String {
    struct Document: Encodable {
      var from: String
      var to: String
      var changes: [GraphChange]
    }
    var shown = changes
    if let olderRevision {
      for index in shown.indices where shown[index].inOlderFiles { shown[index].location.file += "@" + olderRevision }
    }
    return (try? DeterministicJSON.text(Document(from: from, to: to, changes: shown))) ?? "{}\n"
  }

  var markdown: String {
    var lines = [
      "### dicfg diff: \(code(from)) → \(code(to))", "", "\(tally).", "", "| | Change | Where | Layer |",
      "|---|---|---|---|",
    ]
    for change in changes {
      let mark =
        switch change.kind {
        case .added: "➕"
        case .removed: "➖"
        case .changed: "✏️"
        }
      let owner = change.container.map { $0 == ResolutionPlan.Container.defaultName ? "" : $0 + "." } ?? ""
      let name = change.subject == .parameter ? "$" + change.id : change.id
      var what = "\(change.subject.rawValue) \(code(owner + name))"
      switch change.kind {
      case .added: what += " added" + (change.new.map { ": " + code($0) } ?? "")
      case .removed: what += " removed" + (change.old.map { " (was " + code($0) + ")" } ?? "")
      case .changed:
        what +=
          " " + code(change.field ?? "") + ": " + (change.old.map(code) ?? "(none)") + " → "
          + (change.new.map(code) ?? "(none)")
      }
      lines.append("| \(mark) | \(cell(what)) | \(code(place(change))) | \(cell(change.layer)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as inline code, with enough backticks around it to hold any it contains.
  private func code(_ text: String) -> String {
    var fence = "`"
    while text.contains(fence) { fence += "`" }
    let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
    return fence + padded + fence
  }

  /// `text` safe in a table cell: a `|` escaped, a line break as a space.
  private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
