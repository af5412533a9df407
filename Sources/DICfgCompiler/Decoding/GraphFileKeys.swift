/// The keys each place of a graph file accepts: what the decoders check a file against, and what an
/// editor offers there.
public enum GraphFileKeys {
  /// The keys of a container: the top level of a single-container file, or one under `containers:`.
  public static let container = [
    "services", "externals", "requires", "scopes", "defaultScope", "collaborators",
  ]
  /// The keys at the top level of a graph file.
  public static let topLevel = ["dicfg", "imports", "parameters", "condition", "containers"] + container
  /// The keys of a service.
  public static let service = [
    "type", "factory", "as", "scope", "isolation", "eager", "live", "init", "properties", "arguments", "alias",
    "tags",
  ]
  /// The keys of a `factory:` written as a mapping: a factory object and its method or property.
  public static let factoryObject = ["receiver", "method", "property"]
  /// The keys of a requirement: what a module's fragment needs from the graph that imports it.
  public static let requirement = ["type"]
  /// The keys of an external.
  public static let external = ["type", "retain", "optional"]
  /// The keys of a value written as a mapping: a literal, a provider, a lazy value, a tagged list or
  /// a Swift value.
  public static let valueForm = ["value", "provider", "lazy", "tagged", "swift"]
}
