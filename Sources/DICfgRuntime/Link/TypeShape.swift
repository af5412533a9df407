import DICfgCore

/// What the link checks can tell of a Swift type without an instance: a class with its
/// superclasses, or a struct or enum that is not generic. Protocols, generic types (collections,
/// providers, lazy values), functions, tuples and metatypes have no shape: whether an instance fits
/// one is left to the resolve, so the checks never reject a program that would run.
public struct TypeShape: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case value
    case `class`
  }

  public var kind: Kind
  /// The type's full name (`ShopKit.Cache`), then for a class its superclasses', nearest first.
  public var names: [String]

  public init(kind: Kind, names: [String]) {
    self.kind = kind
    self.names = names
  }

  /// The shape of `type`; nil when it has none. An `Optional` parameter accepts what its wrapped
  /// type accepts, so with `unwrappingOptional` the wrapped type's shape stands for it.
  package init?(_ type: Any.Type, unwrappingOptional: Bool) {
    if let optional = type as? any OptionalType.Type {
      guard unwrappingOptional else { return nil }
      self.init(optional.wrappedType, unwrappingOptional: true)
      return
    }
    let name = Self.name(of: type)
    // A protocol's metatype is printed `P.Protocol`, a concrete type's `T.Type`; a shape is a named,
    // non-generic type's (not a tuple, a function, a collection or a metatype).
    guard !OpenedTypes.metatypeName(of: type).hasSuffix(".Protocol"), case .named(let path) = SwiftTypeExpression(name),
      path.allSatisfy(\.arguments.isEmpty), path.last?.name != "Type", name != "Swift.AnyHashable"
    else { return nil }
    guard let anyClass = type as? AnyClass else {
      self.init(kind: .value, names: [name])
      return
    }
    self.init(kind: .class, names: [name] + OpenedTypes.superclasses(of: anyClass).map(Self.name(of:)))
  }

  /// Whether an instance built as `built` may be passed where this type is expected: false only
  /// when it cannot be (two unrelated classes, two different value types that no conversion joins).
  package func accepts(_ built: TypeShape) -> Bool {
    guard let name = names.first, let builtName = built.names.first, name != builtName else { return true }
    switch (kind, built.kind) {
    case (.value, .value): return NumberWidening.widens(builtName, to: name, qualified: true)
    // A subclass is passed as is; a superclass may hold an instance of this class.
    case (.class, .class): return built.names.contains(name) || names.contains(builtName)
    // Bridged types (`String` and `NSString`) convert across the two kinds.
    case (.value, .class), (.class, .value): return true
    }
  }

  /// The name a message shows: without the module (`Cache`, `Int`).
  var displayName: String {
    guard let name = names.first, let dot = name.firstIndex(of: ".") else { return names.first ?? "" }
    return String(name[name.index(after: dot)...])
  }

  /// The full name, without the run-time address Swift prints for a private type's context, so a
  /// manifest written by one run reads the same in the next.
  private static func name(of type: Any.Type) -> String {
    var name = TypeName.full(type)
    while let start = name.range(of: "(unknown context at "), let end = name[start.upperBound...].range(of: ").") {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return name
  }
}

/// `Optional`, whatever it wraps.
private protocol OptionalType {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }
}
