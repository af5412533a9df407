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

  /// A value boxed as it is: a provider, a closure.
  static func boxed(_ value: Any) -> Instance { .value(ValueBox(value)) }

  /// A list (`[a, b]` or `{ tagged: }`), converted to the parameter's array type element by element.
  static func list(_ items: [Instance]) -> Instance { .value(ValueBox(list: items)) }

  /// An absent optional.
  static var absent: Instance { .value(ValueBox(Optional<Any>.none as Any)) }

  /// A typed factory's result: a reference when `T` is a class (or a class existential without
  /// witness tables, which is laid out as one reference).
  @inlinable
  static func wrapping<T>(_ value: T) -> Instance {
    if T.self is AnyObject.Type, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
      return .object(ClassCast.reference(value))
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
    case .object(let object): return object as? T
    case .value(let box):
      if let list = box.list { return Self.cast(list, to: T.self) }
      return box.value as? T
    }
  }
}

extension Instance {
  /// A list as a `T`: an array type's elements are cast one by one, which costs a class check per
  /// class element where casting an `[Any]` would bridge every element.
  @usableFromInline
  static func cast<T>(_ items: [Instance], to type: T.Type) -> T? {
    if let arrayType = T.self as? any InstanceListConvertible.Type {
      return arrayType.init(instances: items) as? T
    }
    return items.map(\.any) as? T
  }
}

/// An array type a list converts to.
protocol InstanceListConvertible {
  init?(instances: [Instance])
}

extension Array: InstanceListConvertible {
  init?(instances: [Instance]) {
    var elements: [Element] = []
    elements.reserveCapacity(instances.count)
    for instance in instances {
      guard let element = instance.cast(to: Element.self) else { return nil }
      elements.append(element)
    }
    self = elements
  }
}
