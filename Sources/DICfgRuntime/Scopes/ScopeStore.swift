/// Where one service's scope keeps its instances, as the link hands it to the resolve: an enum
/// over the scope kinds, so reading it is a switch the compiler sees through rather than a
/// dynamic call through an existential.
///
/// Storage only: what is kept, keep, reset, build once. It never builds and never calls back into
/// a resolve; ``Resolve`` asks it and builds what it does not keep. `unique` keeps nothing,
/// `graph` keeps instances in the resolve (``GraphInstances``), and the shared scopes keep theirs
/// across resolves and threads, in stores held unretained (the link keeps each of them), so
/// reading one touches no reference count.
enum ScopeStore: Sendable {
  case unique
  case graph
  case singleton(Unretained<SingletonScope>)
  case weak(Unretained<WeakScope>)
  case cached(Unretained<CachedScope>)

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
