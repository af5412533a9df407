/// A value fixed at link time: a literal, a parameter, an external the app supplied strongly.
///
/// `@unchecked Sendable`. Invariants: immutable after `init`; literals and parameters are numbers,
/// strings, booleans and collections of them, and an external is shared between threads as the
/// host app intends when it hands it to the container.
final class Constant: @unchecked Sendable {
  let value: Instance

  init(_ value: Any) { self.value = Instance(value) }

  init(instance: Instance) { self.value = instance }
}
