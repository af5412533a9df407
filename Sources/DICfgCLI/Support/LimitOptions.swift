public import ArgumentParser
import DICfgLoader

/// The loader's limits, for the rare legitimate file that exceeds a default.
public struct LimitOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The largest file to read, in bytes (default 64 MiB).", valueName: "bytes"))
  public var maxFileSize: Int?

  @Option(help: ArgumentHelp("The deepest nesting of lists and mappings (default 256).", valueName: "levels"))
  public var maxDepth: Int?

  @Option(help: ArgumentHelp("The most nodes after alias expansion (default 10,000,000).", valueName: "nodes"))
  public var maxNodes: Int?

  @Option(help: ArgumentHelp("The longest scalar, in bytes (default 1 MiB).", valueName: "bytes"))
  public var maxScalarLength: Int?

  public init() {}

  /// The loader limits: the defaults with these options applied.
  var limits: LoaderLimits {
    var limits = LoaderLimits()
    if let maxFileSize { limits.maxFileSize = maxFileSize }
    if let maxDepth { limits.maxDepth = maxDepth }
    if let maxNodes { limits.maxNodes = maxNodes }
    if let maxScalarLength { limits.maxScalarLength = maxScalarLength }
    return limits
  }
}
