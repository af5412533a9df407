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

  /// The run of `files` with these options: the `--env` layers, the overrides, the `--swift`
  /// sources, the loader's limits, `${NAME}` parameters read from the process environment, and the
  /// files from `fileSystem`, the local disk by default.
  func request(
    _ files: [String], environments: [String]? = nil, allEnvironments: Bool = false,
    fileSystem: (any GraphFileSystem)? = nil, readingSwift: Bool = true
  ) -> GraphRun.Request {
    var request = GraphRun.Request(
      files: files, environments: environments ?? self.environments, allEnvironments: allEnvironments)
    request.overrides = overrides
    // With what the Swift imports from the SDK and the toolchain, as the toolchain states it.
    if readingSwift, !swiftSources.isEmpty {
      request.readSwift(swiftSources, toolchain: ToolchainInterfaces.locatedOrAbsent())
    }
    request.limits = limits.limits
    request.fileSystem = fileSystem ?? self.fileSystem
    return request
  }
}
