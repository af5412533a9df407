public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgImport
import DICfgSwiftModel
import DICfgSwiftReader
import Foundation

/// `dicfg import`: reads an app's Swinject, Resolver or Factory registrations and writes the graph
/// file, its environment layers and the factory functions the closures' code needs.
public struct ImportCommand: ParsableCommand, ExecutableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write a graph file from an app's Swinject, Resolver or Factory registrations.",
    discussion: """
      Reads the Swift files and folders given (a file's registrations are read by the library it \
      imports) and writes, into --output: dicfg.yaml; dicfg.ENV.yaml for each environment the code \
      registers apart (a mock container, a Factory context such as onTest, an #if DEBUG block); and \
      DICfgImported.swift, the factory functions that carry the code of closures the graph file \
      cannot say; and access.patch, where the graph builds a service with an initializer or static \
      member private to the file that registers it: a patch that makes those internal, which \
      'git apply' applies. A file there that holds something else is replaced only with --force. \
      The report lists every registration with its file and line and how it was imported, and the \
      written graph's findings, checked against the Swift as the patch leaves it. Exits 0 when the \
      files were written, 1 when one cannot be, 64 on a usage error.

      Examples:
        dicfg import Sources --output Sources/App
        dicfg import Sources/App/Assemblies --output Sources/App --report json > import.json
        dicfg import Sources --output Sources/App --fragments
      """
  )

  public enum ReportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
  }

  @Argument(help: "The Swift files or folders whose registrations to read.")
  public var paths: [String]

  @Option(help: "The folder to write dicfg.yaml, its layers and DICfgImported.swift into.")
  public var output: String

  @Option(
    name: .customLong("swift"),
    help: ArgumentHelp(
      "More of the app's Swift files or folders, read for their declarations only.",
      discussion: "The types, initializers and methods they declare type what the registrations leave to Swift "
        + "(a generic 'resolve()', a run-time argument), and the written graph is checked against them."))
  public var swiftPaths: [String] = []

  @Option(help: "The report's format: text or json, on standard output.")
  public var report: ReportFormat = .text

  @Flag(help: "Replace files of --output that hold something else (a graph file written by hand).")
  public var force = false

  @Flag(
    help: ArgumentHelp(
      "Write a fragment per module into the module's folder ('Sources/NAME/dicfg.yaml'), and into --output the graph that imports them.",
      discussion: "Each fragment requires what its services take from other modules, and is checked in its "
        + "module's build once the module applies the build plugin."))
  public var fragments = false

  public init() {}

  public func run() throws {
    try runInProcess()
  }

  public func execute(colorTerminal: Bool = false) -> CommandResult {
    let files: [(path: String, text: String)]
    let declarationFiles: [(path: String, text: String)]
    let unreadable: [String]
    switch (Self.read(paths), Self.read(swiftPaths)) {
    case (.failure(let error), _), (_, .failure(let error)):
      return CommandResult(exitCode: 1, standardError: "error: \(error.message)\n")
    case (.success(let read), .success(let declarations)):
      (files, declarationFiles, unreadable) = (read.files, declarations.files, read.unreadable)
    }
    let imported = RegistrationImport(
      files: files, module: SwiftDeclarations.module(ofPath: output + "/dicfg.yaml"),
      declarationFiles: declarationFiles, unreadable: unreadable, targets: Self.xcodeTargets(of: files.map(\.path)))
    let parts =
      fragments
      ? imported.fragments(output: output, relativePath: Self.relativePath)
      : [
        RegistrationImport.Fragment(
          module: nil, folder: output, graphFile: imported.graphFile, layers: imported.layers,
          functions: imported.functions)
      ]
    var written: [(path: String, text: String)] = []
    // The declarations private to their files the graph builds with: a patch that makes them internal.
    // Its paths are from the folder it applies in: this one where the files it changes are in it.
    let patchPath = URL(fileURLWithPath: output).appendingPathComponent("access.patch").path
    let directory = Self.folderHolding(imported.widenings.map(\.location.file))
    let (patch, unpatched) = imported.accessPatch { Self.relativePath(from: directory, to: $0) }
    if let patch { written.append((patchPath, patch)) }
    for part in parts {
      let folder = URL(fileURLWithPath: part.folder)
      written.append((folder.appendingPathComponent("dicfg.yaml").path, part.graphFile))
      written += part.layers.map { (folder.appendingPathComponent("dicfg.\($0.environment).yaml").path, $0.text) }
      if let functions = part.functions {
        written.append((folder.appendingPathComponent("DICfgImported.swift").path, functions))
      }
    }
    if let error = write(written) { return CommandResult(exitCode: 1, standardError: error) }
    let findings = validating(
      parts, of: imported, written: written,
      patched: patch == nil
        ? nil
        : imported.widenings.filter { widening in
          !unpatched.contains { $0.location == widening.location }
        })
    let report = ImportReport(
      imported, findings: findings,
      accessPatch: patch.map { _ in
        (
          Self.relativePath(from: directory, to: patchPath),
          directory == FileManager.default.currentDirectoryPath ? nil : directory
        )
      }, unpatched: unpatched)
    return CommandResult(exitCode: 0, standardOutput: self.report == .json ? report.json : report.text)
  }

  /// The findings of the written files: each part's graph through the run `dicfg validate --all-envs
  /// --swift` makes, against the Swift the import read (as it reads once the `patched` widenings are
  /// applied, where a patch was written) and the factory functions written.
  private func validating(
    _ parts: [RegistrationImport.Fragment], of imported: RegistrationImport, written: [(path: String, text: String)],
    patched: [AccessWidening]?
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for part in parts {
      let root = URL(fileURLWithPath: part.folder).appendingPathComponent("dicfg.yaml").path
      // A module's fragment is checked through the graph that imports it.
      if fragments, part.module != nil { continue }
      var request = GraphRun.Request(files: [root], allEnvironments: true)
      var swift = patched.map { imported.declarations.widening($0) } ?? imported.declarations
      swift.functions +=
        SwiftDeclarationReader().read(
          files: written.filter { $0.path.hasSuffix("/DICfgImported.swift") }
        ).functions
      request.swift = swift
      request.environmentVariables = [:]
      findings += GraphRun(request).findings
    }
    return findings
  }

  /// Writes each file, or the error: a file that exists and holds something else is replaced only
  /// with `--force`, so a graph file the app already has is not overwritten unless asked.
  private func write(_ written: [(path: String, text: String)]) -> String? {
    for (path, text) in written where !force {
      if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing != text {
        return "error: '\(path)' exists and holds something else; pass --force to replace it, or write "
          + "into another folder with --output\n"
      }
    }
    do {
      for (path, text) in written {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
      }
    } catch {
      return "error: cannot write into '\(output)': \(error.localizedDescription)\n"
    }
    return nil
  }

  /// The target folder of each of `paths` whose target is not the `Sources/Module` folder of a
  /// package: an Xcode target, the folder beside the project (`App/` beside `App.xcodeproj`) holding
  /// it, where no Swift package holds it first; or a package's `Sources` itself where Swift files sit
  /// directly in it (a target whose `path:` is `Sources`). A target's files are one module however deep
  /// they sit (`App/Sources/Layer/…`), which the `Sources/Module` rule would split.
  static func xcodeTargets(of paths: [String]) -> [String: String] {
    var listings: [String: [String]] = [:]
    func holds(_ folder: String, _ test: (String) -> Bool) -> Bool {
      let key = folder.isEmpty ? "." : folder
      let names = listings[key] ?? (try? FileManager.default.contentsOfDirectory(atPath: key)) ?? []
      listings[key] = names
      return names.contains(where: test)
    }
    var targets: [String: String] = [:]
    for path in paths {
      var folder = (path as NSString).deletingLastPathComponent
      while !folder.isEmpty, folder != "/", folder != "." {
        let parent = (folder as NSString).deletingLastPathComponent
        if holds(folder, { $0 == "Package.swift" }) {
          let sources = (folder as NSString).appendingPathComponent("Sources")
          if path.hasPrefix(sources + "/"), holds(sources, { $0.hasSuffix(".swift") }) { targets[path] = sources }
          break
        }
        if holds(parent, { $0.hasSuffix(".xcodeproj") }) {
          targets[path] = folder
          break
        }
        folder = parent
      }
    }
    return targets
  }

  struct ReadError: Error {
    var message: String
  }

  /// The Swift files at `paths` (files, or folders read through), with their text, and those that
  /// cannot be read as UTF-8 (as Swift cannot), which the report names.
  static func read(
    _ paths: [String]
  ) -> Result<(files: [(path: String, text: String)], unreadable: [String]), ReadError> {
    let (found, missing) = SwiftDeclarationReader.swiftFiles(at: paths)
    if let path = missing.first { return .failure(ReadError(message: "no Swift file or folder at '\(path)'")) }
    var files: [(path: String, text: String)] = []
    var unreadable: [String] = []
    for file in found {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        unreadable.append(file)
        continue
      }
      files.append((file, text))
    }
    return .success((files, unreadable))
  }

  /// The current folder where it holds every path of `paths`, else the deepest folder that does.
  static func folderHolding(_ paths: [String]) -> String {
    let current = FileManager.default.currentDirectoryPath
    let components = paths.map {
      URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().pathComponents
    }
    let here = URL(fileURLWithPath: current).standardizedFileURL.pathComponents
    if components.allSatisfy({ $0.starts(with: here) }) { return current }
    var common = components.first ?? here
    for folder in components.dropFirst() {
      common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
    }
    return common.count <= 1 ? "/" : "/" + common.dropFirst().joined(separator: "/")
  }

  /// A path from the folder `folder` to `file`, through their common folder.
  static func relativePath(from folder: String, to file: String) -> String {
    let from = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    let to = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
    var common = 0
    while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
    return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
  }

}
