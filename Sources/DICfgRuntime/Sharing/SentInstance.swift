/// An instance handed from the task that built it to the tasks awaiting it.
///
/// `@unchecked Sendable`. Invariants: immutable; the instance is a shared-scope instance, shared
/// between threads and tasks as its scope intends once built.
@usableFromInline
struct SentInstance: @unchecked Sendable {
  @usableFromInline let instance: Instance

  @usableFromInline
  init(instance: Instance) { self.instance = instance }
}
