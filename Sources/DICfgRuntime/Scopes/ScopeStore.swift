/// Where one service's instances are kept, as the link hands it to the engine: nowhere (`unique`),
/// in the top-level resolve (`graph`), or in a shared scope's storage.
///
/// Data only: it says what is kept and keeps what it is given, and never builds anything. The
/// engine (``Resolve``) asks it and builds what it does not keep. An enum over the storage types,
/// so asking it is a switch the compiler sees through rather than a dynamic call through an
/// existential. The shared scopes' storage is held unretained, so reading one touches no reference
/// count: the link keeps each of them.
enum ScopeStore: Sendable {
  case unique
  case graph
  case singleton(Unretained<SingletonScope>)
  case weak(Unretained<WeakScope>)
  case cached(Unretained<CachedScope>)

  /// The instance a shared scope keeps for `service`, read without a lock; nil for a scope that
  /// keeps none across resolves.
  @inline(__always)
  func kept(_ service: Int) -> Instance? {
    switch self {
    case .unique, .graph: nil
    case .singleton(let scope): scope.object.kept(service)
    case .weak(let scope): scope.object.kept(service)
    case .cached(let scope): scope.object.kept(service)
    }
  }

  /// Keeps `instance` for `service` in a shared scope. Called with the builds' lock held.
  func keep(_ instance: Instance, of service: Int) {
    switch self {
    case .unique, .graph: break
    case .singleton(let scope): scope.object.keep(instance, of: service)
    case .weak(let scope): scope.object.keep(instance, of: service)
    case .cached(let scope): scope.object.keep(instance, of: service)
    }
  }

  /// Whether the scope keeps instances across resolves, so they are built once through the link's
  /// ``SharedBuilds``.
  var isShared: Bool {
    switch self {
    case .unique, .graph: false
    case .singleton, .weak, .cached: true
    }
  }
}
