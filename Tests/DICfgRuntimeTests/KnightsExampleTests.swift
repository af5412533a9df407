import DICfg
import Testing

// Pilgrim's knights and quests, and the environments example.

protocol Quest: Sendable {}
struct HolyGrailQuest: Quest {}
struct DamselInDistressQuest: Quest {}
final class Knight: Sendable {
  let quest: any Quest
  init(quest: any Quest) { self.quest = quest }
}

protocol HTTPClient: AnyObject, Sendable {}
final class URLSessionHTTPClient: HTTPClient {
  let baseURL: String
  let token: String
  init(baseURL: String, token: String) {
    self.baseURL = baseURL
    self.token = token
  }
}
final class StubHTTPClient: HTTPClient {}
protocol Analytics: AnyObject, Sendable {}
final class ConsoleAnalytics: Analytics {}
final class FirebaseAnalytics: Analytics {}
final class RemoteUserRepository: Sendable {
  let http: any HTTPClient
  init(http: any HTTPClient) { self.http = http }
}
final class LoginViewModel: Sendable {
  let users: RemoteUserRepository
  let analytics: (any Analytics)?
  init(users: RemoteUserRepository, analytics: (any Analytics)?) {
    self.users = users
    self.analytics = analytics
  }
}

@Suite struct KnightsExampleTests {
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(Knight.init(quest:))
    try registry.register(HolyGrailQuest.init)
    try registry.register(DamselInDistressQuest.init)
    return registry
  }

  @Test func typedAndKeyedBindingsResolveTheSameQuest() throws {
    let container = try exampleContainer("knights", registry: try registry())
    #expect(try container.resolve(Quest.self) is HolyGrailQuest)
    #expect(try container.resolve("damselQuest", as: (any Quest).self) is HolyGrailQuest)
    let knight = try container.resolve(Knight.self)
    #expect(knight.quest is DamselInDistressQuest)
    #expect(try container.resolve(Knight.self) === knight, "weakShared: the same while held")
  }
}
