/// The store of one service's scope, as the link hands it to the resolve path: an enum over the
/// scope types, so asking it is a switch the compiler sees through rather than a dynamic call
/// through an existential (which cost a graph-scope build about a tenth of its instructions).
enum ScopeStore: Sendable {
  case unique(UniqueScope)
  case graph(GraphScope)
  case singleton(SingletonScope)
  case weak(WeakScope)
  case cached(CachedScope)

  /// The instance of `service` its scope keeps for `resolve`, or one `resolve` builds now.
  @inline(__always)
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance {
    switch self {
    case .unique(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .graph(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .singleton(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .weak(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .cached(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    }
  }

  /// The instance a shared scope keeps for `service`, read without a lock; nil for a scope that
  /// keeps none across resolves (a top-level resolve of a kept instance needs no resolve state).
  @inline(__always)
  func kept(_ service: Int) -> Instance? {
    switch self {
    case .unique, .graph: nil
    case .singleton(let scope): scope.kept(service)
    case .weak(let scope): scope.kept(service)
    case .cached(let scope): scope.kept(service)
    }
  }
}
