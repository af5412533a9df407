public import ArgumentParser
import DICfgCompiler
import DICfgCore
import DICfgLoader
import DICfgSwiftReader
import Foundation

/// How every command reads its graph files: the layers on top of each file and the loader's
/// limits, and the one compile path that applies them.
public struct GraphInputOptions: ParsableArguments {
  @Option(name: .customLong("env"), help: "An environment whose layer files ('FILE.ENV.yaml') to apply; repeatable.")
  public var environments: [String] = []

  @Option(name: .customLong("override"), help: "An override file to apply after the environments; repeatable.")
  public var overrides: [String] = []

  @Option(
    name: .customLong("swift"),
    help: ArgumentHelp(
      "A Swift file, or a folder of them, of the target the graph file wires; repeatable.",
      discussion: "Types, 'init:' labels and order, values and properties are then checked against what the "
        + "Swift declares, each mistake one finding at the graph file's line."))
  public var swiftSources: [String] = []

  @OptionGroup(title: "Loader limits") public var limits: LimitOptions

  @Option(help: "Stop the text output after this many errors, saying how many more there are (0: no limit).")
  public var errorLimit = Self.defaultErrorLimit

  /// As compilers do (clang's default): enough to fix in one go, few enough to read.
  static let defaultErrorLimit = 20

  public init() {}

  /// The files read, from the local disk.
  var fileSystem: LocalFileSystem { LocalFileSystem() }

  /// What the `--swift` files declare, read once per command; nil without `--swift`.
  func swiftDeclarations() -> SwiftDeclarations? {
    swiftSources.isEmpty ? nil : SwiftDeclarationReader().read(paths: swiftSources)
  }

  /// Compiles `file` with the given environments (this group's by default) and the overrides,
  /// reading `${NAME}` parameters from the process environment, and checks it against `swift`; the
  /// files come from `fileSystem`, the local disk by default.
  func compile(
    _ file: String, environments: [String]? = nil, swift: SwiftDeclarations? = nil,
    fileSystem: (any GraphFileSystem)? = nil
  ) -> CompileResult {
    GraphCompiler(loader: ConfigLoader(limits: limits.limits), fileSystem: fileSystem ?? self.fileSystem).compile(
      CompileRequest(
        file: file, environments: environments ?? self.environments, overrides: overrides,
        environmentVariables: ProcessInfo.processInfo.environment, swift: swift))
  }
}
