/// An instance handed from the task that built it to the tasks awaiting it, or from the main
/// actor that built it to the resolve awaiting it.
///
/// `@unchecked Sendable`. Invariants: immutable; the instance is a shared-scope instance, shared
/// between threads and tasks as its scope intends once built, or one the receiving resolve alone
/// holds (the main actor keeps no reference to it after the call).
@usableFromInline
struct SentInstance: @unchecked Sendable {
  @usableFromInline let instance: Instance

  @usableFromInline
  init(instance: Instance) { self.instance = instance }
}
