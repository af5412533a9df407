/// Casts of class references that skip the Swift runtime's dynamic cast where the type is
/// already known: the resolve paths that an app's module inlines (resolving a built singleton by
/// id, type or handle, and passing an argument to a typed factory) use them, and the instruction
/// counts in BENCHMARKS.md are why (a dynamic cast is most of a built singleton's resolve).
@usableFromInline
enum ClassCast {
  /// `object` as a `T` when its class is exactly `T` (compared by metadata identity), where the
  /// reinterpretation is the identity; nil for any other object.
  @inlinable
  @inline(__always)
  static func ifExactly<T>(_ object: AnyObject, _ type: T.Type) -> T? {
    isExactly(object, T.self) ? unsafeBitCast(object, to: T.self) : nil
  }

  /// Whether `object`'s class is exactly `T`; when it is, ``unchecked(_:to:)`` may cast it. Code
  /// that is not specialized tests and casts in two steps: an `Optional` of an unknown `T` lives in
  /// a stack buffer and is copied through the type's value witnesses, once per value.
  @inlinable
  @inline(__always)
  static func isExactly<T>(_ object: AnyObject, _ type: T.Type) -> Bool {
    ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(T.self)
  }

  /// `object` as a `T`: without the dynamic cast when its class is exactly `T`, else through `as?`.
  @inlinable
  @inline(__always)
  static func exact<T>(_ object: AnyObject, to type: T.Type) -> T? {
    ifExactly(object, T.self) ?? object as? T
  }

  /// `object` as a `T`, with no check at all.
  ///
  /// Invariant, for the caller to establish before: `T` is a class type, laid out as one
  /// reference, and `object` is an instance of `T` or of a subclass (``ServiceHandle`` checks
  /// once, when it is created, that the registered factory returns exactly `T`).
  @inlinable
  @inline(__always)
  static func unchecked<T>(_ object: AnyObject, to type: T.Type) -> T {
    unsafeBitCast(object, to: T.self)
  }

  /// `value`, a class reference or a class existential without witness tables, as `AnyObject`.
  ///
  /// Invariant, for the caller to establish before: `T.self is AnyObject.Type` and `T` is the size
  /// of one reference.
  @inlinable
  @inline(__always)
  static func reference<T>(_ value: T) -> AnyObject {
    unsafeBitCast(value, to: AnyObject.self)
  }
}
