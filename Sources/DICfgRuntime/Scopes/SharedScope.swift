/// The storage of a scope whose instances outlive the resolve that builds them: read without a
/// lock once kept, built exactly once across threads through the link's ``SharedBuilds``, which
/// calls ``keep(_:of:)`` when the build is over.
protocol SharedScope: AnyObject, Sendable {
  /// The instance kept for `service`, if any; read without a lock.
  func kept(_ service: Int) -> Instance?
  /// Keeps `instance` for `service`. Called with the builds' lock held.
  func keep(_ instance: Instance, of service: Int)
}
