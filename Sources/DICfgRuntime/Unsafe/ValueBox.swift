/// A value that is not a class instance, boxed so the resolve path passes it as one reference.
///
/// `@unchecked Sendable`. Invariants: immutable after `init`; the value is shared between threads
/// as the graph file's scope intends (a singleton's value is read by every thread that resolves it).
@usableFromInline
final class ValueBox: @unchecked Sendable {
  @usableFromInline let stored: Any
  /// The items, for a list; `value` is then built from them when asked for.
  @usableFromInline let list: [Instance]?

  @usableFromInline
  init(_ value: Any) {
    self.stored = value
    self.list = nil
  }

  init(list: [Instance]) {
    self.stored = ()
    self.list = list
  }

  /// The value; a list's items as `[Any]`.
  @usableFromInline
  var value: Any { list.map { items in items.map(\.any) as Any } ?? stored }
}
