/// A value handed to a closure that `MainActor.assumeIsolated` runs at once on the calling
/// thread: the check Swift makes for a value entering the main actor's region, which this call
/// never leaves.
///
/// `@unchecked Sendable`. Invariants: used only for the duration of one synchronous call on the
/// thread that made it, so no other thread sees the value.
struct Unmoved<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}
