/// A scope whose instances outlive the resolve that builds them: read without a lock once kept,
/// built exactly once across threads through the link's ``SharedBuilds``, and kept when the
/// resolve that built them ends (after its properties are injected).
protocol SharedScope: Scope, AnyObject {
  /// The link's coordination of shared builds.
  var builds: SharedBuilds { get }
  /// The instance kept for `service`, if any; read without a lock.
  func kept(_ service: Int) -> Instance?
  /// Keeps `instance` for `service`. Called with the builds' lock held.
  func keep(_ instance: Instance, of service: Int)
}

extension SharedScope {
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance {
    if let kept = kept(service) { return kept }
    return try builds.instance(of: service, in: self, arguments: arguments, resolve: &resolve)
  }
}
