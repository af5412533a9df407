/// A resolved value handed from the task that resolved it to the one awaiting it.
///
/// `@unchecked Sendable`. Invariants: immutable; the value is an instance the container built
/// for the caller, which receives it as a synchronous resolve would return it.
struct SentValue: @unchecked Sendable {
  let value: Any

  init(_ value: Any) { self.value = value }
}
