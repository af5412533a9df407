public import DICfgCore
public import DICfgLoader

/// Where a service's fields are written once its environment's layers are merged: each field
/// keeps the file, line and column of the layer that set it last. `dicfg diff` names the line a
/// change is made on from it, and the generator places Swift's diagnostics of a field on it.
///
/// ```swift
/// let places = result.places(ofService: "store", inContainer: "main", at: service.location)
/// places.value(of: "type")          // where `type:` is given its value
/// places.value(of: "init", "path")  // where `init:` passes `path`
/// ```
public struct ServicePlaces: Sendable {
  /// The service's merged entry; nil where the compile has none (a plan read from JSON).
  let entry: ConfigNode.Entry?
  /// The service's own location: where a field that is not written is reported.
  public let service: SourceLocation

  public init(entry: ConfigNode.Entry?, service: SourceLocation) {
    self.entry = entry
    self.service = service
  }

  /// The entry of `key`, and of `label` inside its mapping when given.
  private func field(_ key: String, _ label: String?) -> ConfigNode.Entry? {
    guard let field = entry?.value.mapping?.last(where: { $0.key.text == key }) else { return nil }
    guard let label else { return field }
    return field.value.mapping?.last { $0.key.text == label }
  }

  /// Where `key` (and `label` inside it) is written as a key; nil where the service does not write it.
  public func written(_ key: String, _ label: String? = nil) -> SourceLocation? {
    field(key, label)?.key.location
  }

  /// Where `key` (and `label` inside it) is given its value; nil where the service does not write it.
  public func value(of key: String, _ label: String? = nil) -> SourceLocation? {
    field(key, label)?.value.location
  }

  /// Where a Swift value (`{ swift: .main }`) of `key` (and `label` inside it) is written: the
  /// expression itself, so a column within it is the expression's; else where the value is.
  public func swiftExpression(of key: String, _ label: String? = nil) -> SourceLocation? {
    guard let value = field(key, label)?.value else { return nil }
    return value.mapping?.last(where: { $0.key.text == "swift" })?.value.location ?? value.location
  }

  /// The location of `key` (and of `label` inside it), else `fallback`, else of the key that holds
  /// the label, else the service's.
  public func location(of key: String, _ label: String? = nil, fallback: SourceLocation? = nil) -> SourceLocation {
    if let label, let written = written(key, label) { return written }
    if label != nil, let fallback { return fallback }
    return written(key) ?? fallback ?? service
  }
}

extension CompileResult {
  /// Where the service `id` of the container `container` writes its fields in this compile's
  /// merged layers; `service` is its own location, used where a field is not written.
  public func places(ofService id: String, inContainer container: String, at service: SourceLocation) -> ServicePlaces {
    ServicePlaces(entry: mergedServices[container]?[id], service: service)
  }
}
