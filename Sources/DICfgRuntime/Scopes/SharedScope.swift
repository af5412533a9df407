/// The store of a scope whose instances outlive the resolve that builds them: ``SingletonScope``,
/// ``WeakScope``, and ``CachedScope`` (`cached` and each custom scope). An instance is read
/// without a lock once kept, built exactly once across threads (its build is claimed in the
/// link's ``SharedBuilds``), and kept when the resolve that built it ends, after its properties
/// are injected.
protocol SharedScope: Sendable, AnyObject {
  /// The link's coordination of shared builds.
  var builds: SharedBuilds { get }
  /// The instance kept for `service`, if any; read without a lock.
  func kept(_ service: Int) -> Instance?
  /// Keeps `instance` for `service`. Called with the builds' lock held.
  func keep(_ instance: Instance, of service: Int)
}
