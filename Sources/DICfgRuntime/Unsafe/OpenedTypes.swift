/// What the link checks read of a metatype known only at run time, through the standard
/// library's underscored entry points (`_openExistential`, `_getSuperclass`), which have no public
/// spelling: a type's metatype name, its superclasses, and whether a value converts to it.
///
/// Invariants: each is called with a metatype the registry recorded; none keeps or casts a value.
/// None is inlined into an app's module.
enum OpenedTypes {
  /// The name Swift prints for `type`'s own metatype: `P.Protocol` for a protocol, `T.Type` else.
  static func metatypeName(of type: Any.Type) -> String {
    func name<T>(_: T.Type) -> String { TypeName.full(T.Type.self) }
    return _openExistential(type, do: name)
  }

  /// The superclasses of `type`, nearest first.
  static func superclasses(of type: AnyClass) -> [AnyClass] {
    var superclasses: [AnyClass] = []
    var superclass: AnyClass? = _getSuperclass(type)
    while let next = superclass {
      superclasses.append(next)
      superclass = _getSuperclass(next)
    }
    return superclasses
  }
}

extension ValueConversion {
  /// Whether the resolve can pass `value` where a `type` is expected.
  static func fits(_ value: Any, _ type: Any.Type) -> Bool {
    // A value of exactly the type taken, the usual case, needs no cast.
    if ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(type) { return true }
    func fits<T>(_: T.Type) -> Bool { converted(value, to: T.self) != nil }
    return _openExistential(type, do: fits)
  }
}
