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

extension ServicePlaces {
  /// A field as the merged layers set it, in the file of the layer that set it last.
  public struct Field: Sendable {
    /// Its key (`scope`, `init`), or its label inside `init:`, `properties:` or `arguments:`.
    public var key: String
    /// Its value as written, on one line (`{ value: 30 }`).
    public var value: String
    /// Where its key is written.
    public var location: SourceLocation
    /// Where its value is written.
    public var valueLocation: SourceLocation
    /// Each label's field, for `init:`, `properties:` and `arguments:` written as a mapping; nil
    /// for any other field.
    public var labels: [Field]?
  }

  /// The keys whose labels are fields of their own.
  static let labelledKeys: Set<String> = ["init", "properties", "arguments"]

  /// Each field of the service as set, in the order written: what `dicfg explain`, the atlas and
  /// the editor's hover show with the layer that set it.
  public var fields: [Field] {
    (entry?.value.mapping ?? []).map { field in
      Field(
        key: field.key.text, value: field.value.flowText(), location: field.key.location,
        valueLocation: field.value.location,
        labels: Self.labelledKeys.contains(field.key.text)
          ? field.value.mapping?.map { label in
            Field(
              key: label.key.text, value: label.value.flowText(), location: label.key.location,
              valueLocation: label.value.location, labels: nil)
          } : nil)
    }
  }
}

extension CompileResult {
  /// Where the service `id` of the container `container` writes its fields in this compile's
  /// merged layers; `service` is its own location, used where a field is not written.
  public func places(ofService id: String, inContainer container: String, at service: SourceLocation) -> ServicePlaces {
    ServicePlaces(entry: mergedServices[container]?[id], service: service)
  }
}
