/// The error of a generated container asked, by name, for an environment its graph file has no
/// layer for.
public struct UnknownEnvironmentError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name asked for.
  public var environment: String
  /// The environments there are: `base`, and one for each layer beside the graph file.
  public var known: [String]
  /// The graph file's name (`dicfg.yaml`), whose layers name the environments.
  public var graphFile: String

  /// - Parameter known: The environments there are; nil for the base.
  public init(_ environment: String, known: [String?], graphFile: String) {
    self.environment = environment
    self.known = known.map { $0 ?? "base" }
    self.graphFile = graphFile
  }

  @_optimize(none)  // cold (an error's text): optimizing it costs every app's build more than it saves
  public var description: String {
    // `dicfg.yaml` is the stem `dicfg` and the extension `yaml`; a name without a dot, its own stem.
    let dot = graphFile.lastIndex(of: ".")
    let stem = dot.map { String(graphFile[..<$0]) } ?? ""
    let fileExtension = dot.map { String(graphFile[graphFile.index(after: $0)...]) } ?? "yaml"
    return "no environment '\(environment)'. The environments are "
      + known.map { "'\($0)'" }.joined(separator: ", ") + ", one for each layer beside '\(graphFile)'; "
      + "to add '\(environment)', add the layer '\(stem.isEmpty ? graphFile : stem).\(environment).\(fileExtension)' "
      + "beside it"
  }
}
