/// The values an awaited resolve built for a factory that runs on the main actor, handed to it
/// for the call.
///
/// `@unchecked Sendable`. Invariants: immutable; the task that built the values awaits the call
/// and does not touch them meanwhile, so the main actor is their only user while it runs.
struct SentInstances: @unchecked Sendable {
  let values: [Instance]

  init(_ values: [Instance]) { self.values = values }
}
