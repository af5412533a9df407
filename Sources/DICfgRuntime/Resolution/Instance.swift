/// A value on the resolve path: one reference, so a copy is one retain and a class instance is
/// cast with a class check. Anything else sits in a ``ValueBox``, created once per value (literals
/// and parameters at link time, a struct factory's result when it is built).
@usableFromInline
enum Instance {
  case object(AnyObject)
  case value(ValueBox)

  /// Wraps a value from outside the resolve path (an external, a parameter, a literal).
  init(_ value: Any) {
    if type(of: value) is AnyObject.Type {
      self = .object(value as AnyObject)
    } else {
      self = .value(ValueBox(value))
    }
  }

  /// A value boxed as it is: a collection, a provider, a closure.
  static func boxed(_ value: Any) -> Instance { .value(ValueBox(value)) }

  /// An absent optional.
  static var absent: Instance { .value(ValueBox(Optional<Any>.none as Any)) }

  /// A typed factory's result: a reference when `T` is a class (or a class existential without
  /// witness tables, which is laid out as one reference).
  @inlinable
  static func wrapping<T>(_ value: T) -> Instance {
    if T.self is AnyObject.Type, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      return .object(unsafeBitCast(value, to: AnyObject.self))
    }
    return .value(ValueBox(value))
  }

  /// The value as `Any`, for the public API and untyped factories.
  @usableFromInline
  var any: Any {
    switch self {
    case .object(let object): object
    case .value(let box): box.value
    }
  }

  /// The value as a reference, for a weak scope (the link checks it is a class).
  var object: AnyObject {
    switch self {
    case .object(let object): object
    case .value(let box): box.value as AnyObject
    }
  }

  /// The value as a `T`, without conversions.
  @inlinable
  func cast<T>(to type: T.Type) -> T? {
    switch self {
    case .object(let object): object as? T
    case .value(let box): box.value as? T
    }
  }
}

/// A value that is not a class instance, boxed so the resolve path passes it as one reference.
/// `@unchecked Sendable`: immutable; the value is shared as the graph file's scope intends.
@usableFromInline
final class ValueBox: @unchecked Sendable {
  @usableFromInline let value: Any

  @usableFromInline
  init(_ value: Any) { self.value = value }
}
