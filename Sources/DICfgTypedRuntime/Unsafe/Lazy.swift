import CDICfgAtomics

/// A value built once, on first use: what `{ lazy: name }` injects, where the generated container's
/// accessor builds the service. The API is `DICfgRuntime`'s `Lazy`.
///
/// No lock is held while the service builds: two threads making the first call at once may both
/// build it; the first value kept is the one every call returns (the service's own scope still
/// builds a singleton once).
///
/// `@unchecked Sendable`. Invariants: `kept` is read and written under `mutex` only; once set it is
/// never changed; the value is shared between threads as the service's scope intends.
public final class Lazy<Value>: @unchecked Sendable {
  private let container: String
  private let build: @Sendable () throws -> Value?
  private let mutex = dicfg_lock_create()
  private var kept: Value?

  /// A lazy value that builds the service with `build` on first use. `build` returns nil once the
  /// container is gone, and the first use is then the error `released-container`, naming `container`.
  public init(container: String, building build: @escaping @Sendable () throws -> Value?) {
    self.container = container
    self.build = build
  }

  deinit { dicfg_lock_destroy(mutex) }

  /// The value, built on the first call.
  public func get() throws -> Value {
    if let value = read() { return value }
    guard let value = try build() else { throw ProviderError.releasedContainer(container) }
    return keep(value)
  }

  /// The same from main-actor code.
  @MainActor
  public func onMainActor() throws -> Value {
    try get()
  }

  private func read() -> Value? {
    dicfg_lock_lock(mutex)
    defer { dicfg_lock_unlock(mutex) }
    return kept
  }

  private func keep(_ value: Value) -> Value {
    dicfg_lock_lock(mutex)
    defer { dicfg_lock_unlock(mutex) }
    if let kept { return kept }
    kept = value
    return value
  }
}
