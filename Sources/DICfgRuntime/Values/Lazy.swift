/// A value resolved once, on first use: what `{ lazy: name }` injects.
///
/// Thread-safe: concurrent first uses resolve once.
public final class Lazy<Value>: Sendable {
  private let state: Locked<State>

  private enum State {
    case pending(AnyLazy)
    case resolved(Value)
  }

  init(_ lazy: AnyLazy) {
    self.state = Locked(.pending(lazy))
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
    try state.withLock { state in
      switch state {
      case .resolved(let value):
        return value
      case .pending(let lazy):
        let value = try ValueConversion.convert(
          try lazy.resolve(onMainActor), to: Value.self, what: "the lazy value")
        state = .resolved(value)
        return value
      }
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
