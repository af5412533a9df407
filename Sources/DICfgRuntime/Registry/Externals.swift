import DICfgCore

/// The instances a host app supplies for the externals a plan declares (Saber's externals): by id,
/// by container and id, or by type.
///
/// ```swift
/// var externals: Externals = ["analyticsKey": "abc123"]
/// externals.bind(appDelegate)                        // externals declared `type: AppDelegate`
/// externals.bind(ConsoleLogger(), as: (any Logger).self)   // externals declared `type: Logger`
/// let container = try Container(plan: plan, registry: registry, externals: externals)
/// ```
///
/// An external takes the value supplied under `"container.id"`, else under its id, else the value
/// bound to its declared type (the type's name without or with its module). A value supplied under
/// an id or bound to a type that no external declares is a link error, `unknown-external`.
public struct Externals: Sendable, ExpressibleByDictionaryLiteral {
  struct Binding: Sendable {
    /// The names the graph file may give the type: `TypeName.candidates`, normalized.
    var names: [String]
    var value: any Sendable
  }

  /// Values by id (`"logger"`) or container and id (`"eventsList.logger"`).
  public var byID: [String: any Sendable]
  /// Values by type, in the order bound.
  var byType: [Binding] = []

  /// Externals supplied by id.
  public init(_ byID: [String: any Sendable] = [:]) {
    self.byID = byID
  }

  public init(dictionaryLiteral elements: (String, any Sendable)...) {
    self.init(Dictionary(elements) { _, last in last })
  }

  /// The value supplied under `id`.
  public subscript(id: String) -> (any Sendable)? {
    get { byID[id] }
    set { byID[id] = newValue }
  }

  /// Supplies `value` for every external declared with type `type` (`T` by default) that is not
  /// supplied by id. Binding a type again replaces its value.
  public mutating func bind<T: Sendable>(_ value: T, as type: T.Type = T.self) {
    let names = TypeName.candidates(T.self).map(SwiftTypeName.normalized)
    byType.removeAll { $0.names == names }
    byType.append(Binding(names: names, value: value))
  }

  /// The binding for an external declared with type `typeName`, and its position.
  func bound(toType typeName: String) -> (index: Int, value: any Sendable)? {
    let name = SwiftTypeName.normalized(typeName)
    guard let index = byType.firstIndex(where: { $0.names.contains(name) }) else { return nil }
    return (index, byType[index].value)
  }

}
