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

  /// Resolves, awaiting the async factories the service's graph needs (with run-time arguments, by
  /// the names the graph file's `arguments:` declares).
  public func callAsFunction(_ arguments: [String: any Sendable] = [:]) async throws -> Value {
    try ValueConversion.convert(
      try await base.resolveAwaiting(arguments).value, to: Value.self, what: "the provider's value")
  }

  /// Resolves synchronously from main-actor code, building main-actor services right there (as
  /// `container.mainActor.resolve` does), with run-time arguments by name.
  ///
  /// ```swift
  /// @MainActor func show(_ user: User) throws { present(try makeDetails.onMainActor(["user": user])) }
  /// ```
  @MainActor
  public func onMainActor(_ arguments: [String: any Sendable] = [:]) throws -> Value {
    try ValueConversion.convert(base.resolveOnMainActor(arguments), to: Value.self, what: "the provider's value")
  }
}

extension Provider {
  /// A provider whose calls build the service with `build`: what a generated typed container passes
  /// for `{ provider: name }` where its accessor builds the service (one without run-time
  /// arguments, which the calls then leave unused). `build` returns nil once the container is gone,
  /// and a call is then the error `released-container`, naming `container`.
  public init(container: String, building build: @escaping @Sendable () throws -> Value?) {
    self.init(container: container, buildingWith: { _ in try build() })
  }
}

extension Provider {
  /// A provider whose calls build the service with `build`, given each call's run-time arguments
  /// by name: what a generated typed container passes for `{ provider: name }` where its accessor
  /// builds a service that takes run-time arguments. `build` returns nil once the container is
  /// gone, and a call is then the error `released-container`, naming `container`.
  public init(
    container: String, buildingWith build: @escaping @Sendable ([String: any Sendable]) throws -> Value?
  ) {
    let resolve: @Sendable ([String: any Sendable]) throws -> Any = { arguments in
      guard let value = try build(arguments) else { throw ResolutionError.releasedContainer(container) }
      return value
    }
    self.init(
      AnyProvider(
        resolve: resolve, resolveOnMainActor: resolve,
        resolveAwaiting: { arguments in SentValue(try resolve(arguments)) }
      ))
  }
}

extension Provider {
  /// The error `released-container`, naming `container`: what a generated typed container's
  /// provider passed as a function (`(Int) throws -> Details` for `{ provider: name }`) throws when
  /// called once the container is gone.
  public static func releasedContainerError(_ container: String) -> any Error {
    ResolutionError.releasedContainer(container)
  }
}

/// The untyped closures behind a ``Provider``.
struct AnyProvider: Sendable {
  let resolve: @Sendable ([String: any Sendable]) throws -> Any
  /// Resolves with the caller known to be on the main actor.
  let resolveOnMainActor: @Sendable ([String: any Sendable]) throws -> Any
  let resolveAwaiting: @Sendable ([String: any Sendable]) async throws -> SentValue
}

/// A type the runtime can build from an ``AnyProvider``.
protocol ProviderConvertible {
  init(_ provider: AnyProvider)
}

extension Provider: ProviderConvertible {
  init(_ provider: AnyProvider) { self.base = provider }
}
