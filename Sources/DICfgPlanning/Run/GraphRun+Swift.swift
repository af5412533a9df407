public import DICfgCompiler
public import DICfgSwiftReader
import Foundation

extension GraphRun.Request {
  /// Reads the target's Swift files or folders `sources` once for the run, with the declarations
  /// `toolchain` gives of the modules they import (nil reads the sources alone), and records the
  /// modules it could not read. Empty `sources` leave the Swift checks to the Swift compiler.
  ///
  /// Where the first graph file lies in a module's folder (`Sources/App/dicfg.yaml`) and some of
  /// the sources do too, only what those import, and what any source re-exports, is read from the
  /// toolchain: a module the target's dependencies import alone is nothing its graph can name.
  public mutating func readSwift(_ sources: [String], toolchain: ToolchainInterfaces?) {
    guard !sources.isEmpty else { return }
    let folder = files.first.flatMap { Self.moduleFolder(of: $0) }.flatMap { folder in
      sources.contains { source in
        let source = URL(fileURLWithPath: source).standardizedFileURL.path
        return source == folder || Self.isInside(source, folder) || Self.isInside(folder, source)
      } ? folder : nil
    }
    let sees = folder.map { folder in { (path: String) in Self.isInside(path, folder) } }
    // The generated file imports Foundation itself.
    let read = SwiftDeclarationReader().read(
      paths: sources, toolchain: toolchain, sees: sees, seenModules: ["Foundation"])
    swift = read.declarations
    unreadModules.merge(read.unread) { first, _ in first }
  }

  /// The folder of the module whose folder holds `file` (`…/Sources/App` of
  /// `…/Sources/App/Graph/dicfg.yaml`), nil where its path says no module.
  static func moduleFolder(of file: String) -> String? {
    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
    var parts = absolute.split(separator: "/", omittingEmptySubsequences: false)
    guard let sources = parts.lastIndex(of: "Sources"), sources + 2 < parts.count else { return nil }
    parts.removeSubrange((sources + 2)...)
    return parts.joined(separator: "/")
  }

  static func isInside(_ path: String, _ folder: String) -> Bool {
    URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(folder + "/")
  }

  /// Notes the types `modules` declare (each a module and its Swift files or folders) that the
  /// Swift read does not: a graph naming one is an error saying which module declares it and that
  /// the graph's module does not depend on it. Only names are read: an extension, a nested type and
  /// a name the read Swift declares too are none.
  public mutating func noteUndepended(_ modules: [(module: String, paths: [String])]) {
    let seen = Set((swift?.types ?? []).map(\.name))
    for (module, paths) in modules {
      for type in SwiftDeclarationReader().read(paths: paths).types
      where type.kind != .extension && !seen.contains(type.name) && !type.name.contains(".")
        && undependedTypes[type.name] == nil
      {
        undependedTypes[type.name] = module
      }
    }
  }
}
