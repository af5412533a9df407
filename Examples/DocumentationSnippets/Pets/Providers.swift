// The Concurrency article's providers and lazy values.
import DICfg
import ExampleSupport
import Synchronization

public struct User: Sendable {
  let name: String
}
public final class UserDetails: Sendable {
  let user: User
  init(user: User) { self.user = user }
}
public final class Analytics: Sendable {
  let events = Mutex<[String]>([])
  init() {}
  func track(_ event: String) { events.withLock { $0.append(event) } }
}

final class Router: Sendable {
  let makeDetails: Provider<UserDetails>
  let analytics: Lazy<Analytics>
  init(makeDetails: Provider<UserDetails>, analytics: Lazy<Analytics>) {
    self.makeDetails = makeDetails
    self.analytics = analytics
  }

  // Anywhere: synchronous calls build nonisolated services; awaited ones build any.
  func details(for user: User) throws -> UserDetails { try makeDetails(["user": user]) }
  func awaitedDetails(for user: User) async throws -> UserDetails { try await makeDetails(["user": user]) }
  func track(_ event: String) throws { try analytics.get().track(event) }

  // Main-actor code builds main-actor services right there, synchronously.
  @MainActor func show(_ user: User) throws -> UserDetails { try makeDetails.onMainActor(["user": user]) }
  @MainActor func trackOnMainActor(_ event: String) throws { try analytics.onMainActor().track(event) }
}

/// The router's calls, off and on the main actor: the details' users, and the events of the one
/// analytics instance.
@MainActor public func providersAndLazyValues() async throws -> [String] {
  var registry = Registry()
  try registry.register(UserDetails.init(user:))
  try registry.register(Analytics.init)
  try registry.register(Router.init(makeDetails:analytics:), labels: ["makeDetails", "analytics"])
  let path = try temporaryFile(
    """
    dicfg: 1
    services:
      details: { type: UserDetails, arguments: { user: User }, init: { user: $user } }
      analytics: { type: Analytics, scope: singleton }
      router: { type: Router, init: { makeDetails: { provider: details }, analytics: { lazy: analytics } } }
    """)
  let container = try Container(graphFile: path, registry: registry)
  let router = try await container.resolve("router", as: Router.self)
  try router.track("opened")
  try router.trackOnMainActor("shown")
  let names = [
    try router.details(for: User(name: "Fiona")).user.name,
    try await router.awaitedDetails(for: User(name: "Bruce")).user.name,
    try router.show(User(name: "Ann")).user.name,
  ]
  let events = try router.analytics.get().events.withLock { $0 }
  withExtendedLifetime(container) {}
  return names + events
}
