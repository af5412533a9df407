public import DICfgCore

extension CoreSchema.Value {
  /// Whether a value of this type may carry the standard tag `tag`.
  public func fits(_ tag: ConfigNode.StandardTag) -> Bool {
    switch (self, tag) {
    case (_, .str): true
    case (.null, .null), (.bool, .bool), (.int, .int), (.bigInt, .int): true
    case (.int, .float), (.bigInt, .float), (.double, .float): true
    default: false
    }
  }
}

extension CoreSchema {
  /// A scalar's typed value: plain scalars by the core schema, quoted ones always strings,
  /// tagged ones by their tag.
  public static func value(of scalar: ConfigNode.Scalar) -> Value {
    switch scalar.tag {
    case .str?: return .string(scalar.text)
    case nil where scalar.style.isQuoted: return .string(scalar.text)
    default: return value(ofPlain: scalar.text)
    }
  }
}
