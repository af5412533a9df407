/// Synchronous resolves for code isolated to the main actor, which may build main-actor services.
///
/// ```swift
/// @MainActor func showLogin() throws {
///   let viewModel = try container.mainActor.resolve("loginViewModel", as: LoginViewModel.self)
/// }
/// ```
///
/// The plain synchronous `resolve` builds main-actor services on the main thread, and reports
/// `requires-main-actor` elsewhere, since it cannot tell that its caller is on the main actor when
/// the main actor runs on another thread (after `dispatchMain()` on Linux). Code that is not on
/// the main actor resolves them with `try await container.resolve(…)`, which hops to it.
@MainActor
public struct MainActorResolver: Sendable {
  let container: Container

  /// Resolves the service with `id` (looked up here, then in collaborators).
  public func resolve<T>(_ id: String, as type: T.Type = T.self, arguments: [String: any Sendable] = [:]) throws -> T {
    let (instance, target) = try container.resolveInstance(id, known: nil, arguments: arguments, onMainActor: true)
    return try container.cast(instance, to: T.self, target: target)
  }

  /// Resolves the one service bound to `T` (its `type` or `as:` names it).
  public func resolve<T>(_ type: T.Type = T.self, arguments: [String: any Sendable] = [:]) throws -> T {
    let (instance, target) = try container.resolveInstance(boundTo: T.self, arguments: arguments, onMainActor: true)
    return try container.cast(instance, to: T.self, target: target)
  }
}

extension Container {
  /// Synchronous resolves for `@MainActor` code: main-actor services are built right there.
  public var mainActor: MainActorResolver { MainActorResolver(container: self) }
}
