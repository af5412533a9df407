import DICfgCore

extension ResolutionPlan.Literal {
  /// The literal as a Swift value: `Int`, `Double`, `Bool`, `String`, `nil`, arrays and
  /// dictionaries of them.
  var value: Any {
    switch self {
    case .null: Optional<Any>.none as Any
    case .bool(let value): value
    case .int(let value): value
    case .double(let value): value
    case .string(let value): value
    case .list(let items): items.map(\.value)
    case .map(let entries): Dictionary(entries.map { ($0.key, $0.value.value) }, uniquingKeysWith: { $1 })
    }
  }
}
