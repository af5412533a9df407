import DICfg
import DICfgTestSupport
import Testing

enum Payments {
  final class Gateway: Sendable {
    let name = "payments"
    init() {}
  }
}
enum Shipping {
  final class Gateway: Sendable {
    let name = "shipping"
    init() {}
  }
}
final class AppConfig: Sendable {
  let environment: String
  let baseURL: String
  init(environment: String, baseURL: String) {
    self.environment = environment
    self.baseURL = baseURL
  }
  init(baseURL: String) {
    self.environment = "development"
    self.baseURL = baseURL
  }
}
final class Dashboard: @unchecked Sendable {
  var title = ""
  init() {}
}

@Suite struct RegistrationTests {
  @Test func aFactoryTakingTwoArgumentsOfOneTypeByPositionIsALinkErrorWithTheFix() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        config:
          type: AppConfig
          init: { 1️⃣baseURL: { value: "https://staging.example.com" }, environment: { value: staging } }
      """
    ])
    var registry = Registry()
    try registry.register(AppConfig.init(environment:baseURL:))
    let error = #expect(throws: LinkError.self) { try link(files.texts["app.yaml"] ?? "", registry: registry) }
    #expect(error?.diagnostics.count == 1)
    let diagnostic = try #require(error?.diagnostics.first)
    #expect(
      DiagnosticFacts(diagnostic)
        == DiagnosticFacts(
          .unlabeledArguments, at: files["app.yaml", "1️⃣"],
          "the factory registered for 'AppConfig' takes two or more arguments of type 'String' by position, so "
            + "'init:' of 'config' ('baseURL', 'environment') could give them in the wrong order unnoticed; register "
            + "it with the initializer's labels in its order ('labels:'), or generate the registration with "
            + "'dicfg generate'"))
  }

  @Test func withLabelsTheSameFactoryIsCheckedAgainstInitInOrder() throws {
    var registry = Registry()
    try registry.register(AppConfig.init(environment:baseURL:), labels: ["environment", "baseURL"])
    let error = #expect(throws: LinkError.self) {
      try link(
        """
        dicfg: 1
        services:
          config: { type: AppConfig, init: { baseURL: { value: b }, environment: { value: e } } }
        """, registry: registry)
    }
    #expect(error?.diagnostics.map(\.code) == [.factoryMismatch])
    #expect(
      error?.diagnostics.first?.message
        == "the factory registered for 'AppConfig' takes 'environment', 'baseURL' in that order, but 'config' gives "
        + "'baseURL', 'environment' in 'init:'")
  }

  @Test func oneTypeHasAFactoryPerInitializerAndEachServiceUsesTheOneItsLabelsName() throws {
    var registry = Registry()
    try registry.register(AppConfig.init(environment:baseURL:), labels: ["environment", "baseURL"])
    try registry.register(AppConfig.init(baseURL:), labels: ["baseURL"])
    let container = try link(
      """
      dicfg: 1
      services:
        staging: { type: AppConfig, init: { environment: { value: staging }, baseURL: { value: "https://s" } } }
        local: { type: AppConfig, init: { baseURL: { value: "http://localhost" } } }
      """, registry: registry)
    let staging = try container.resolve("staging", as: AppConfig.self)
    let local = try container.resolve("local", as: AppConfig.self)
    #expect(staging.environment == "staging" && staging.baseURL == "https://s")
    #expect(local.environment == "development" && local.baseURL == "http://localhost")
    #expect(registry.names == ["AppConfig"])
  }

  @Test func nestedTypesAreRegisteredUnderTheirNamespaceAndFoundWithOrWithoutTheModule() throws {
    var registry = Registry()
    try registry.register(Payments.Gateway.init)
    try registry.register(Shipping.Gateway.init)
    #expect(registry.names == ["Payments.Gateway", "Shipping.Gateway"])
    let container = try link(
      """
      dicfg: 1
      services:
        payments: { type: Payments.Gateway, scope: singleton }
        shipping: { type: DICfgRuntimeTests.Shipping.Gateway }
      """, registry: registry)
    #expect(try container.resolve("payments", as: Payments.Gateway.self).name == "payments")
    #expect(try container.resolve("shipping", as: Shipping.Gateway.self).name == "shipping")
    let byType = try container.resolve(Payments.Gateway.self)
    #expect(byType === (try container.resolve("payments", as: Payments.Gateway.self)))
  }

  @Test func aPropertyMayBeRegisteredBeforeItsTypesFactory() throws {
    var registry = Registry()
    try registry.property("title", of: Dashboard.self, \.title)
    try registry.register(Dashboard.init)
    let container = try link(
      """
      dicfg: 1
      services:
        dashboard: { type: Dashboard, properties: { title: { value: Sales } } }
      """, registry: registry)
    #expect(try container.resolve("dashboard", as: Dashboard.self).title == "Sales")
  }
}
