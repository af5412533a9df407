/// The loader's bounds on hostile or runaway input.
///
/// The defaults are far above any real graph file (a 100,000-service file is about 10 MB, its
/// nesting under 10 levels) and low enough that a malicious file is rejected quickly, in
/// bounded memory. Raise one when a legitimate file hits it; the diagnostic names the limit.
///
/// ```swift
/// var limits = LoaderLimits()
/// limits.maxFileSize = 512 << 20
/// let file = ConfigLoader(limits: limits).load(path: "huge.yaml")
/// ```
public struct LoaderLimits: Sendable, Hashable, Codable {
  /// The largest file, in bytes, checked before parsing. Default 64 MiB.
  public var maxFileSize: Int
  /// The deepest nesting of sequences and mappings, counted as the input streams and after
  /// alias expansion. Default 256.
  public var maxDepth: Int
  /// The most nodes in the tree after aliases and merge keys are expanded. Default 10,000,000.
  public var maxNodes: Int
  /// The longest scalar, in bytes. Default 1 MiB.
  public var maxScalarLength: Int

  /// Creates limits; each argument defaults to the documented default.
  public init(
    maxFileSize: Int = 64 << 20, maxDepth: Int = 256, maxNodes: Int = 10_000_000,
    maxScalarLength: Int = 1 << 20
  ) {
    self.maxFileSize = maxFileSize
    self.maxDepth = maxDepth
    self.maxNodes = maxNodes
    self.maxScalarLength = maxScalarLength
  }
}
