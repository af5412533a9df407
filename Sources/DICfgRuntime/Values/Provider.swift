/// A closure that resolves a service on each call: what `{ provider: name }` injects.
///
/// ```swift
/// final class Router {
///   let makeDetails: Provider<UserDetailsController>
///   init(makeDetails: Provider<UserDetailsController>) { self.makeDetails = makeDetails }
///   func show(_ user: User) throws { present(try makeDetails(["user": user])) }
/// }
/// ```
public struct Provider<Value>: Sendable {
  let base: AnyProvider

  /// Resolves a new instance (or the scoped one) with no run-time arguments.
  public func callAsFunction() throws -> Value {
    try callAsFunction([:])
  }

  /// Resolves with run-time arguments, by the names the graph file's `arguments:` declares.
  public func callAsFunction(_ arguments: [String: any Sendable]) throws -> Value {
    try ValueConversion.convert(base.resolve(arguments), to: Value.self, what: "the provider's value")
  }
}

/// The untyped closure behind a ``Provider``.
struct AnyProvider: Sendable {
  let resolve: @Sendable ([String: any Sendable]) throws -> Any
}

/// A type the runtime can build from an ``AnyProvider``.
protocol ProviderConvertible {
  init(_ provider: AnyProvider)
}

extension Provider: ProviderConvertible {
  init(_ provider: AnyProvider) { self.base = provider }
}

/// A value resolved once, on first use: what `{ lazy: name }` injects.
///
/// Thread-safe: concurrent first uses resolve once.
public final class Lazy<Value>: @unchecked Sendable {
  // `state` is guarded by `lock`.
  private let lock = Lock()
  private var state: State

  private enum State {
    case pending(AnyLazy)
    case resolved(Value)
  }

  init(_ lazy: AnyLazy) {
    self.state = .pending(lazy)
  }

  /// The value, resolved on the first call.
  public func get() throws -> Value {
    try lock.withLock {
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
