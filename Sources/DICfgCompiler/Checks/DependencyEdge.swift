import DICfgCore

/// A use of one service by another, for the graph checks.
struct DependencyEdge {
  enum Kind: Equatable {
    case initializer, property, provider, lazy

    /// Whether the dependency is built while its holder is built (and so can form a cycle that
    /// never ends, or be held captive).
    var isImmediate: Bool { self == .initializer || self == .property }
  }

  /// Global service numbers (see `GraphResolver`).
  var from: Int
  var to: Int
  var kind: Kind
  /// The label of the argument or property.
  var label: String
  var location: SourceLocation

  /// `argument 'x'` or `property 'x'`.
  var position: String {
    switch kind {
    case .initializer: "argument '\(label)'"
    case .property: "property '\(label)'"
    case .provider: "provider '\(label)'"
    case .lazy: "lazy '\(label)'"
    }
  }
}
