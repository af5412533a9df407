/// The store of one service's scope, as the link hands it to the resolve path: an enum over the
/// scope types, so asking it is a switch the compiler sees through rather than a dynamic call
/// through an existential (which cost a graph-scope build about a tenth of its instructions).
/// The shared scopes' stores are held unretained, so reading one touches no reference count: the
/// link keeps each of them.
enum ScopeStore: Sendable {
  case unique(UniqueScope)
  case graph(GraphScope)
  case singleton(Unretained<SingletonScope>)
  case weak(Unretained<WeakScope>)
  case cached(Unretained<CachedScope>)

  /// The instance of `service` its scope keeps for `resolve`, or one `resolve` builds now.
  @inline(__always)
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance {
    switch self {
    case .unique(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .graph(let scope): try scope.instance(of: service, arguments: arguments, in: &resolve)
    case .singleton(let scope): try scope.object.instance(of: service, arguments: arguments, in: &resolve)
    case .weak(let scope): try scope.object.instance(of: service, arguments: arguments, in: &resolve)
    case .cached(let scope): try scope.object.instance(of: service, arguments: arguments, in: &resolve)
    }
  }

  /// The instance a shared scope keeps for `service`, read without a lock; nil for a scope that
  /// keeps none across resolves (a top-level resolve of a kept instance needs no resolve state).
  @inline(__always)
  func kept(_ service: Int) -> Instance? {
    switch self {
    case .unique, .graph: nil
    case .singleton(let scope): scope.object.kept(service)
    case .weak(let scope): scope.object.kept(service)
    case .cached(let scope): scope.object.kept(service)
    }
  }
}
