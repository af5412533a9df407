import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgPlanning
import DICfgSwiftModel
import Foundation

/// The files the editor has open, over the disk: the compiler reads an open file's unsaved text.
struct OverlayFileSystem: GraphFileSystem {
  var open: [String: String]
  let disk = LocalFileSystem()

  func load(_ path: String, with loader: ConfigLoader) -> LoadedFile {
    guard let text = open[path] else { return disk.load(path, with: loader) }
    return loader.load(bytes: Array(text.utf8), path: path)
  }

  func fileExists(_ path: String) -> Bool { open[path] != nil || disk.fileExists(path) }

  func text(_ path: String) -> String? { open[path] ?? disk.text(path) }

  func fileNames(in folder: String) -> [String] {
    var names = Set(disk.fileNames(in: folder))
    for path in open.keys where Paths.directory(of: path) == folder {
      names.insert(String(path.split(separator: "/").last ?? ""))
    }
    return names.sorted()
  }
}

/// What the build of the Swift target a graph file wires sees.
public struct TargetSwift: Sendable {
  /// The declarations the target's build sees: its own, those of the modules and products it
  /// depends on, and what they import from the toolchain.
  public var declarations: SwiftDeclarations?
  /// The types of the package's modules the target does not depend on, by name: the module that
  /// declares each. A graph naming one is an error naming the dependency to add.
  public var undependedTypes: [String: String]
  /// The modules the target imports whose declarations were not read, with why.
  public var unreadModules: [String: String]
  /// The runtime the build plugin writes the target's typed container over, by the products it
  /// depends on: over `DICfgTypedRuntime`, what its typed accessors cannot build is an error the
  /// editor shows where the build reports it.
  public var runtime: GeneratedRuntime

  public init(
    declarations: SwiftDeclarations?, undependedTypes: [String: String] = [:], unreadModules: [String: String] = [:],
    runtime: GeneratedRuntime = .full
  ) {
    self.declarations = declarations
    self.undependedTypes = undependedTypes
    self.unreadModules = unreadModules
    self.runtime = runtime
  }
}

/// What one compile of a graph file saw: its diagnostics (over its environment layers too), its
/// files and their symbols, and the merged services with the layer that set each field.
struct Analysis: Sendable {
  var root: String
  var diagnostics: [Diagnostic]
  var files: [String: LoadedFile]
  var symbols: GraphSymbols
  var merged: [String: [String: ConfigNode.Entry]]
  /// The merged services with each environment's layer applied, by environment.
  var mergedByEnvironment: [(environment: String, services: [String: [String: ConfigNode.Entry]])] = []
  /// The declarations of the Swift target beside the graph file, where the server has them.
  var swift: SwiftDeclarations?
  /// The compiled plan of the file alone, when it compiles: what the compiler decided (isolation).
  var plan: ResolutionPlan?
}

/// Where a file stands among graph files: the file to compile for it (the layers beside that file
/// are the compiler's, `Paths.environments`).
package enum Roots {
  /// The file to compile for `path`: the base of a `BASE.ENV.yaml` layer, a file in the same folder
  /// that imports it, or itself.
  package static func root(of path: String, in fileSystem: some GraphFileSystem, loader: ConfigLoader) -> String {
    // A layer's base is the one `dicfg validate` gives it: `a.b.prod.yaml` is the `prod` layer
    // of `a.b.yaml`, compiled with the layers beside that file.
    if let layer = Paths.environmentLayer(of: path), layer.base != path, fileSystem.fileExists(layer.base) {
      return layer.base
    }
    let folder = Paths.directory(of: path)
    let name = String(path.split(separator: "/").last ?? "")
    for sibling in fileSystem.fileNames(in: folder) where sibling != name && Self.isGraphFile(sibling) {
      let candidate = (folder.isEmpty ? "" : folder + "/") + sibling
      let file = fileSystem.load(candidate, with: loader)
      let imports = file.root?.mapping?[key: "imports"]?.sequence ?? []
      if imports.contains(where: { Paths.resolve($0.text, from: candidate) == path }) { return candidate }
    }
    return path
  }

  package static func isGraphFile(_ name: String) -> Bool {
    name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json")
  }
}

extension Analysis {
  /// Compiles `root` alone and with each environment layer beside it.
  static func compile(_ root: String, fileSystem: OverlayFileSystem, target: TargetSwift?) -> Analysis {
    let swift = target?.declarations
    // What `dicfg validate --all-envs` compiles, and its findings, through the one run.
    var request = GraphRun.Request(files: [root])
    // The root is a base, whatever its name says (`a.b.yaml` beside `a.yaml`).
    request.targets = CompileTargets.everyEnvironment(of: root, fileSystem: fileSystem)
    request.swift = swift
    request.undependedTypes = target?.undependedTypes ?? [:]
    request.unreadModules = target?.unreadModules ?? [:]
    request.fileSystem = fileSystem
    let run = GraphRun(request)
    // Over the typed runtime alone, what its typed accessors cannot build, as the build reports it.
    let typedFindings =
      target?.runtime == .typed && swift != nil ? TypedRuntimeCheck.findings(of: run, files: [root]) : []
    let results = run.results
    let base = results[0].result
    var files = base.files
    var mergedByEnvironment: [(String, [String: [String: ConfigNode.Entry]])] = []
    for (target, layered) in results.dropFirst() {
      files.merge(layered.files) { first, _ in first }
      mergedByEnvironment.append((target.added ?? "", layered.mergedServices))
    }
    // The names as the compiler read each file: the base's files first, then each layer's.
    let symbols = GraphSymbols(merging: results.map(\.result))
    return Analysis(
      root: root, diagnostics: run.findings + typedFindings, files: files, symbols: symbols,
      merged: base.mergedServices, mergedByEnvironment: mergedByEnvironment, swift: swift, plan: base.plan)
  }
}
