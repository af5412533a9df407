import DICfgCore

/// A value form compiled for the resolve path: services by global number, literals converted once,
/// optional wrappers dropped (a cast to `T?` accepts a `T`).
enum ValueSource: Sendable {
  case service(Int)
  case external(container: Int, index: Int)
  case parameter(Int)
  case argument(String)
  case container
  case constant(Constant)
  case provider(Int)
  case lazy(Int)
  case tagged([Int])
  case array([ValueSource])
  /// An optional reference nothing provides.
  case none

  /// Compiles a plan value; `global` turns a service reference into its global number, and
  /// `swift` gives a Swift value's constant (nil where the registry has none: the link reports it).
  init(
    _ value: ResolutionPlan.Value, global: (ResolutionPlan.ServiceReference) -> Int,
    swift: (String) -> Constant? = { _ in nil }
  ) {
    switch value {
    case .service(let reference): self = .service(global(reference))
    case .external(let container, let index): self = .external(container: container, index: index)
    case .parameter(let index): self = .parameter(index)
    case .argument(let name): self = .argument(name)
    case .container: self = .container
    case .literal(let literal): self = .constant(Constant(literal.value))
    case .provider(let reference): self = .provider(global(reference))
    case .lazy(let reference): self = .lazy(global(reference))
    case .tagged(_, let references): self = .tagged(references.map(global))
    case .array(let values): self = .array(values.map { ValueSource($0, global: global, swift: swift) })
    case .optional(let wrapped?): self = ValueSource(wrapped, global: global, swift: swift)
    case .swift(let expression): self = swift(expression).map { .constant($0) } ?? .none
    case .optional(nil): self = .none
    }
  }
}
