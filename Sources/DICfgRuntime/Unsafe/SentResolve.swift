/// The state of a resolve's engine, handed to the main actor or to the task of a shared build, and
/// handed back with the instance built.
///
/// `@unchecked Sendable`. Invariants: the resolve that sends it awaits the call or the build it
/// sends it to, and adopts what comes back only then, so one thread at a time uses the state; the
/// graph-scoped instances in it belong to that resolve alone until it returns (a build that other
/// tasks await hands them only the shared instance).
struct SentResolve: @unchecked Sendable {
  let engine: Resolve
  /// The instance built, on the way back.
  let instance: Instance

  init(_ engine: Resolve, instance: Instance = .absent) {
    self.engine = engine
    self.instance = instance
  }
}
