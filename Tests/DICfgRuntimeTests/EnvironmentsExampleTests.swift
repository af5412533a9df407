import DICfg
import Testing

@Suite struct EnvironmentsExampleTests {
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(URLSessionHTTPClient.init(baseURL:token:), labels: ["baseURL", "token"])
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
