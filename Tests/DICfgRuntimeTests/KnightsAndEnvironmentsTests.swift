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

@Suite struct EnvironmentsExampleTests {
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(URLSessionHTTPClient.init(baseURL:token:))
    try registry.register(StubHTTPClient.init)
    try registry.register(ConsoleAnalytics.init)
    try registry.register(FirebaseAnalytics.init)
    try registry.register(RemoteUserRepository.init(http:))
    try registry.register(LoginViewModel.init(users:analytics:))
    return registry
  }

  @Test func baseUsesTheRealClientAndConsoleAnalytics() throws {
    let container = try exampleContainer("environments", registry: try registry(), environment: ["API_TOKEN": "t"])
    let model = try container.resolve(LoginViewModel.self)
    let client = try #require(model.users.http as? URLSessionHTTPClient)
    #expect(client.token == "t")
    #expect(client.baseURL == "https://staging.example.com/api")
    #expect(model.analytics is ConsoleAnalytics)
  }

  @Test func productionReplacesAnalyticsAndCachesTheRepository() throws {
    let container = try exampleContainer("environments", environments: ["production"], registry: try registry())
    let first = try container.resolve(LoginViewModel.self)
    #expect(first.analytics is FirebaseAnalytics)
    #expect((first.users.http as? URLSessionHTTPClient)?.baseURL == "https://api.example.com")
    #expect(try container.resolve(LoginViewModel.self).users === first.users, "cached")
  }

  @Test func testSwapsTheClientAndDeletesAnalytics() throws {
    let container = try exampleContainer("environments", environments: ["test"], registry: try registry())
    let model = try container.resolve(LoginViewModel.self)
    #expect(model.users.http is StubHTTPClient)
    #expect(model.analytics == nil, "an optional reference to a deleted service is nil")
    try container.verify()
  }
}
