import DICfg
import Testing

@MainActor final class BadgeView {
  /// Main-actor state the initializer touches, which only code on the main actor may.
  static var built = 0
  init() { Self.built += 1 }
}

@Suite struct MainActorFactoryTests {
  @Test func aMainActorInitializerWrappedInAnAsyncClosureIsBuiltByAnAwaitedResolve() async throws {
    var registry = Registry()
    try registry.register({ @Sendable () async -> BadgeView in await BadgeView() }, name: "BadgeView", labels: [])
    let container = try link(
      """
      dicfg: 1
      services:
        badge: { type: BadgeView }
      """, registry: registry)
    let before = await MainActor.run { BadgeView.built }
    let badge = try await container.resolve("badge", as: BadgeView.self)
    let second = try await container.resolve("badge", as: BadgeView.self)
    #expect(badge !== second)
    #expect(await MainActor.run { BadgeView.built } == before + 2)
  }
}
