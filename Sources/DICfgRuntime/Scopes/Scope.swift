/// Where one scope keeps its instances, and the one way a resolve gets an instance of a service:
/// the one its scope keeps, or one built now.
///
/// One type per scope kind: ``UniqueScope`` keeps nothing, ``GraphScope`` keeps instances for one
/// top-level resolve, ``SingletonScope``, ``WeakScope`` and ``CachedScope`` (`cached` and each
/// custom scope) keep them across resolves and threads through ``SharedBuilds``. The link gives
/// every service its scope's store (a ``ScopeStore``); a resolve asks it and never looks at the
/// scope's kind.
protocol Scope: Sendable {
  /// The instance of `service` this scope keeps for `resolve`, or one `resolve` builds now.
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance
}
