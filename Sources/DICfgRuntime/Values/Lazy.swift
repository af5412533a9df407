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
    try state.withLock { state in
      switch state {
      case .resolved(let value):
        return value
      case .pending(let lazy):
        let value = try ValueConversion.convert(try lazy.resolve(), to: Value.self, what: "the lazy value")
        state = .resolved(value)
        return value
      }
    }
  }
}

/// The untyped closure behind a ``Lazy``.
struct AnyLazy: Sendable {
  let resolve: @Sendable () throws -> Any
}

/// A type the runtime can build from an ``AnyLazy``.
protocol LazyConvertible {
  init(_ lazy: AnyLazy)
}

extension Lazy: LazyConvertible {}
