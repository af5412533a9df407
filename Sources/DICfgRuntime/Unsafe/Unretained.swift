/// A reference that does not retain its object, so copying it touches no reference count.
///
/// Invariants: an `Unretained` is made only for an object that something else keeps alive for
/// as long as the `Unretained` can be read — the link keeps every scope store strongly, and only
/// the link's ``ScopeStore`` values hold these. `Sendable` when the object is.
struct Unretained<Object: AnyObject & Sendable>: Sendable {
  unowned(unsafe) let object: Object

  init(_ object: Object) { self.object = object }
}
