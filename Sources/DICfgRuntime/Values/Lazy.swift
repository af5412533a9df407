/// A value resolved once, on first use: what `{ lazy: name }` injects.
///
/// Thread-safe, and no lock is held while the service resolves: every caller gets the same value.
/// Two threads making the first call at once may both resolve the service; the first value kept is
/// the one every call returns (the service's own scope still builds a singleton once). A lazy value
/// read while its own service is being built through it is `dependency-cycle`.
public final class Lazy<Value>: Sendable {
  private let lazy: AnyLazy
  private let resolved = Locked<Value?>(nil)

  init(_ lazy: AnyLazy) {
    self.lazy = lazy
  }

  /// A lazy value that builds the service with `build` on first use: what a generated typed
  /// container passes for `{ lazy: name }` where its accessor builds the service. `build` returns nil
  /// once the container is gone, and the first use is then the error `released-container`, naming
  /// `container`.
  public convenience init(container: String, building build: @escaping @Sendable () throws -> Value?) {
    self.init(
      AnyLazy { _ in
        guard let value = try build() else { throw ResolutionError.releasedContainer(container) }
        return value
      })
  }

  /// The value, resolved on the first call.
  public func get() throws -> Value {
    try value(onMainActor: false)
  }

  /// The value, resolved on the first call, from main-actor code: a main-actor service is built
  /// right there (as `container.mainActor.resolve` does).
  @MainActor
  public func onMainActor() throws -> Value {
    try value(onMainActor: true)
  }

  private func value(onMainActor: Bool) throws -> Value {
    if let value = resolved.withLock({ $0 }) { return value }
    let value = try ValueConversion.convert(try lazy.resolve(onMainActor), to: Value.self, what: "the lazy value")
    return resolved.withLock { kept in
      if let kept { return kept }
      kept = value
      return value
    }
  }
}

/// The untyped closure behind a ``Lazy``: resolves, told whether the caller is on the main actor.
struct AnyLazy: Sendable {
  let resolve: @Sendable (_ onMainActor: Bool) throws -> Any
}

/// A type the runtime can build from an ``AnyLazy``.
protocol LazyConvertible {
  init(_ lazy: AnyLazy)
}

extension Lazy: LazyConvertible {}
