public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgLanguageServer
import DICfgPlanning
import DICfgSwiftModel
import DICfgSwiftReader
import Foundation

/// `dicfg lsp`: the language server, over standard input and output.
public struct LanguageServerCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Serve editors over the Language Server Protocol (standard input and output).",
    discussion: """
      Diagnostics as you type (the same as 'dicfg validate', over the file's imports and \
      environment layers), completion of keys, service ids, scopes, parameters, Swift types and \
      initializer labels, go to definition, references, hover with the layer that set each field, \
      symbols and rename; the commands 'dicfg.openAtlas' and 'dicfg.showDiff' open the file's atlas \
      and what an environment changes. An editor starts it; see the DocC article 'Editing Graph Files'.

      The Swift a graph file wires is read as its module's build sees it where the graph file \
      lies in a target's folder of a Swift package (the module's Swift, that of the modules and \
      other packages' products it depends on, and what they import from the toolchain, as \
      'dicfg validate --package' reads it); else from the folder that holds the graph file, or \
      from the '--swift' paths.
      """)

  @Option(
    name: .customLong("swift"),
    help: ArgumentHelp(
      "A Swift file or folder the graph files wire (repeatable); by default, the graph file's own folder.",
      valueName: "path"))
  var swiftPaths: [String] = []

  public init() {}

  public func run() throws {
    var reader = MessageReader(FileHandle.standardInput)
    let paths = swiftPaths
    let packages = PackageDescriptions()
    let server = LanguageServer(
      target: { graphFile in Self.target(for: graphFile, paths: paths, packages: packages) },
      views: Self.views(swift: swiftPaths))
    let code = server.run(input: &reader) { data in FileHandle.standardOutput.write(data) }
    throw ExitCode(code)
  }

  /// The atlas and the diff the editor's commands open, as `dicfg graph --format html` and
  /// `dicfg diff --format markdown` write them.
  public static func views(swift: [String]) -> EditorViews {
    let swiftArguments = swift.flatMap { ["--swift", $0] }
    return EditorViews(
      atlas: { graphFile in
        guard let command = try? GraphCommand.parse([graphFile, "--format", "html"] + swiftArguments) else {
          return nil
        }
        let result = command.execute()
        return result.exitCode == 0 ? result.standardOutput : nil
      },
      diff: { graphFile, environment in
        guard let command = try? DiffCommand.parse([graphFile, "--env", environment, "--format", "markdown"]) else {
          return nil
        }
        let result = command.execute()
        return result.exitCode == 0 ? result.standardOutput : nil
      })
  }

  /// What the build of the target `graphFile` wires sees: the declarations of `paths` where some
  /// are given; else, where the graph file lies in a module's folder of a Swift package (the
  /// nearest `Package.swift` above it), what that module's build sees, as `validate --package`
  /// reads it; else the Swift files in the graph file's folder. Nil where there are none.
  public static func target(for graphFile: String, paths: [String], packages: PackageDescriptions) -> TargetSwift? {
    guard paths.isEmpty, let root = PackageDescriptions.root(above: graphFile),
      let package = packages.description(of: root), let modules = package.modules
    else { return swift(for: graphFile, paths: paths).map { TargetSwift(declarations: $0) } }
    var request = GraphRun.Request(files: [graphFile])
    guard modules.read(asBuildOf: graphFile, sources: nil, into: &request, productFolders: { _ in package.products() })
    else { return swift(for: graphFile, paths: paths).map { TargetSwift(declarations: $0) } }
    // The runtime the build plugin picks from the products the module depends on.
    let products = modules.module(holding: URL(fileURLWithPath: graphFile).standardizedFileURL.path)?.products ?? []
    return TargetSwift(
      declarations: request.swift, undependedTypes: request.undependedTypes, unreadModules: request.unreadModules,
      runtime: GeneratedRuntime.ofTarget(dependingOn: products))
  }

  /// The declarations of `paths`, or of the Swift files in the graph file's folder, with what they
  /// import as the toolchain states it; nil when there are none.
  public static func swift(for graphFile: String, paths: [String]) -> SwiftDeclarations? {
    let toolchain = ToolchainInterfaces.locatedOrAbsent()
    if !paths.isEmpty { return SwiftDeclarationReader().read(paths: paths, toolchain: toolchain).declarations }
    let folder = (graphFile as NSString).deletingLastPathComponent
    let own = SwiftDeclarationReader().read(paths: [folder.isEmpty ? "." : folder])
    guard !own.types.isEmpty else { return nil }
    return SwiftDeclarationReader().read(paths: [folder.isEmpty ? "." : folder], toolchain: toolchain).declarations
  }
}
