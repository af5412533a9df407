public import DICfgCompiler
public import DICfgSwiftReader

extension GraphRun.Request {
  /// Reads the target's Swift files or folders `sources` once for the run, with the declarations
  /// `toolchain` gives of the modules they import (nil reads the sources alone), and records the
  /// modules it could not read. Empty `sources` leave the Swift checks to the Swift compiler.
  public mutating func readSwift(_ sources: [String], toolchain: ToolchainInterfaces?) {
    guard !sources.isEmpty else { return }
    let read = SwiftDeclarationReader().read(paths: sources, toolchain: toolchain)
    swift = read.declarations
    unreadModules.merge(read.unread) { first, _ in first }
  }
}
