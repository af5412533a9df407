/// The graph instances of an awaiting resolve, handed to the build of a shared-scope service it
/// needs (on the main actor, or in an ``AwaitedBuilds`` task) and handed back with what that build
/// added.
///
/// `@unchecked Sendable`. Invariants: immutable; the resolve that sends them awaits the build and
/// does not touch its own copy meanwhile, so the build is their only user while it runs, and the
/// instances are the ones that resolve shares with everything it builds.
struct SentGraphInstances: @unchecked Sendable {
  let graphInstances: GraphInstances

  init(_ graphInstances: GraphInstances) { self.graphInstances = graphInstances }

  /// What a build gives back: its instance and the graph instances it shared, with what it added.
  struct Built: @unchecked Sendable {
    let instance: Instance
    let graphInstances: GraphInstances
  }
}
