/// The awaited resolves under a name of their own.
///
/// Inside an `async` function, `try await container.resolve(…)` is the awaited resolve. Top-level
/// code (a `main.swift`) is not an `async` function even where it awaits, and there Swift picks
/// the synchronous `resolve`, which throws `requires-await` for a service an async factory builds.
/// `container.awaiting` has only awaited resolves, so Swift cannot pick another:
///
/// ```swift
/// let orders = try await container.awaiting.resolve("orders", as: OrderStore.self)
/// ```
public struct AwaitingResolver: Sendable {
  let container: Container

  /// Resolves the service with `id` (looked up in the container, then in collaborators), awaiting
  /// the async factories its graph needs and hopping to the main actor for main-actor ones.
  public func resolve<T>(_ id: String, as type: T.Type = T.self, arguments: [String: any Sendable] = [:])
    async throws -> T
  {
    try await container.resolve(id, as: type, arguments: arguments)
  }

  /// Resolves the one service bound to `T` (its `type` or `as:` names it), awaiting as
  /// ``resolve(_:as:arguments:)`` does.
  public func resolve<T>(_ type: T.Type = T.self, arguments: [String: any Sendable] = [:]) async throws -> T {
    try await container.resolve(type, arguments: arguments)
  }
}

extension Container {
  /// Awaited resolves that Swift picks in top-level code as well: see ``AwaitingResolver``.
  public var awaiting: AwaitingResolver { AwaitingResolver(container: self) }
}
