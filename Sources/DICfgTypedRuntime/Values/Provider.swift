/// A closure that builds a service on each call: what `{ provider: name }` injects, where the
/// generated container's accessor builds the service.
///
/// ```swift
/// final class Router {
///   let makeDetails: Provider<EventDetails>
///   init(makeDetails: Provider<EventDetails>) { self.makeDetails = makeDetails }
///   func show(_ id: Int) throws { present(try makeDetails(["id": id])) }
/// }
/// ```
///
/// The API is `DICfgRuntime`'s `Provider`, so a type written against one builds against the other.
public struct Provider<Value>: Sendable {
  private let container: String
  private let build: @Sendable ([String: any Sendable]) throws -> Value?

  /// A provider whose calls build the service with `build`: what a generated typed container passes
  /// for `{ provider: name }` where the service takes no run-time arguments. `build` returns nil once
  /// the container is gone, and a call is then the error `released-container`, naming `container`.
  public init(container: String, building build: @escaping @Sendable () throws -> Value?) {
    self.init(container: container, buildingWith: { _ in try build() })
  }

  /// A provider whose calls build the service with `build`, given each call's run-time arguments by
  /// name: what a generated typed container passes where the service takes them.
  public init(
    container: String, buildingWith build: @escaping @Sendable ([String: any Sendable]) throws -> Value?
  ) {
    self.container = container
    self.build = build
  }

  /// A new instance (or the scoped one), with no run-time arguments.
  public func callAsFunction() throws -> Value {
    try callAsFunction([:])
  }

  /// A new instance (or the scoped one), with run-time arguments by the names the graph file's
  /// `arguments:` declares.
  public func callAsFunction(_ arguments: [String: any Sendable]) throws -> Value {
    try value(arguments)
  }

  /// The same from async code.
  public func callAsFunction(_ arguments: [String: any Sendable] = [:]) async throws -> Value {
    try value(arguments)
  }

  /// The same from main-actor code.
  @MainActor
  public func onMainActor(_ arguments: [String: any Sendable] = [:]) throws -> Value {
    try value(arguments)
  }

  private func value(_ arguments: [String: any Sendable]) throws -> Value {
    guard let value = try build(arguments) else { throw ProviderError.releasedContainer(container) }
    return value
  }
}

extension Provider {
  /// The error `released-container`, naming `container`: what a generated container's provider
  /// passed as a function (`(Int) throws -> Details` for `{ provider: name }`) throws when called
  /// once the container is gone.
  public static func releasedContainerError(_ container: String) -> any Error {
    ProviderError.releasedContainer(container)
  }
}

/// Why a provider or a lazy value of a generated container could not give its service.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }

  /// The container that built the provider or lazy value is gone.
  public static func releasedContainer(_ container: String) -> ProviderError {
    ProviderError(
      "container '\(container)' was released: every reference the app held is gone, so the providers and lazy "
        + "values it gave its services can no longer build; keep the container alive while its objects use it "
        + "[#released-container]")
  }

  /// A provider of a service that takes run-time arguments, called with others.
  ///
  /// - Parameters:
  ///   - service: The service's id.
  ///   - takes: Its arguments as the graph file declares them (`id: Int`).
  ///   - given: The names of the arguments the call passed.
  @_optimize(none)  // cold (an error's text): optimizing it costs every app's build more than it saves
  public static func arguments(service: String, takes: [String], given: [String]) -> ProviderError {
    ProviderError(
      "the provider of '\(service)' takes \(takes.joined(separator: ", ")), each of its type; it was called with "
        + (given.isEmpty ? "none" : inOrder(given).map { "'\($0)'" }.joined(separator: ", ")) + " [#missing-argument]")
  }

  /// A call's few argument names in order, so the message is the same whatever order the call's
  /// dictionary gives them: by insertion, as `sorted()` would specialize the standard library's sort
  /// into every app's build of this runtime for one error message.
  private static func inOrder(_ names: [String]) -> [String] {
    var ordered: [String] = []
    for name in names {
      let position = ordered.firstIndex { name < $0 } ?? ordered.count
      ordered.insert(name, at: position)
    }
    return ordered
  }
}
