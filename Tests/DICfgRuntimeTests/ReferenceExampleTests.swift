import DICfg
import Testing

// The reference example: every key and value form.

final class OpenClient: @unchecked Sendable {
  let baseURL: String
  let apiKey: String
  let timeout: Int
  let session: String?
  let retries: Int
  init(baseURL: String, apiKey: String, timeout: Int, session: String?, retries: Int) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.timeout = timeout
    self.session = session
    self.retries = retries
  }
}
final class ReportView: @unchecked Sendable {
  weak var delegate: ReportController?
}
final class ReportController: @unchecked Sendable {
  let view: ReportView
  let client: OpenClient
  let assembly: Container
  init(view: ReportView, client: OpenClient, assembly: Container) {
    self.view = view
    self.client = client
    self.assembly = assembly
  }
}
struct User: Sendable { var name: String }
final class Photos: Sendable {}
final class Details: Sendable {
  let user: User
  let photos: Photos
  init(user: User, photos: Photos) {
    self.user = user
    self.photos = photos
  }
}
final class AnalyticsService: Sendable {}
protocol ReferencePlugin: Sendable {}
final class AnalyticsPlugin: ReferencePlugin {
  let key: String
  init(key: String) { self.key = key }
}
final class CrashPlugin: ReferencePlugin {}
final class Router: @unchecked Sendable {
  let makeDetails: Provider<Details>
  let analytics: Lazy<AnalyticsService>
  let plugins: [any ReferencePlugin]
  let files: [Any]
  init(makeDetails: Provider<Details>, analytics: Lazy<AnalyticsService>, plugins: [any ReferencePlugin], files: [Any])
  {
    self.makeDetails = makeDetails
    self.analytics = analytics
    self.plugins = plugins
    self.files = files
  }
}
struct Grail: Quest {}
final class Session: Sendable {}

@Suite struct ReferenceExampleTests {
  private func registry(clients: Counter) throws -> Registry {
    var registry = Registry()
    try registry.register(
      { (baseURL: String, apiKey: String, timeout: Int, session: String?, retries: Int) -> OpenClient in
        clients.increment()
        return OpenClient(baseURL: baseURL, apiKey: apiKey, timeout: timeout, session: session, retries: retries)
      }, typeName: "OpenWeatherClient", labels: ["baseURL", "apiKey", "timeout", "session", "retries"])
    try registry.register(ReportView.init, typeName: "WeatherReportView")
    try registry.property("delegate", of: ReportView.self, \.delegate, typeName: "WeatherReportView")
    try registry.register(ReportController.init(view:client:assembly:), typeName: "WeatherReportViewController")
    try registry.register(Photos.init, typeName: "PhotoService")
    try registry.register(Details.init(user:photos:), typeName: "UserDetailsController")
    try registry.register(AnalyticsService.init)
    try registry.register(AnalyticsPlugin.init(key:))
    try registry.register(CrashPlugin.init)
    try registry.register(Router.init(makeDetails:analytics:plugins:files:))
    try registry.register(Grail.init, typeName: "HolyGrailQuest")
    try registry.register(Session.init, typeName: "UserSession")
    return registry
  }

  @Test func everyValueFormArrives() throws {
    let clients = Counter()
    let logger = AwesomeLogger()
    let container = try exampleContainer(
      "reference", registry: try registry(clients: clients),
      externals: ["analyticsKey": "key-1", "filePath": "/tmp/app.log", "logger": logger])
    #expect(clients.count == 1, "eager: built with the container")
    let controller = try container.resolve("weatherReportController", as: ReportController.self)
    #expect(controller.view.delegate === controller)
    #expect(controller.client.baseURL == "https://api.example.com")
    #expect(controller.client.apiKey == "demo-key")
    #expect(controller.client.timeout == 30)
    #expect(controller.client.session == nil)
    #expect(controller.client.retries == 3)

    let router = try container.resolve(Router.self)
    let details = try router.makeDetails(["user": User(name: "Fiona")])
    #expect(details.user.name == "Fiona")
    #expect(try router.analytics.get() === router.analytics.get())
    #expect(router.plugins.count == 2)
    #expect((router.plugins.first as? AnalyticsPlugin)?.key == "key-1")
    #expect(router.files.first as? String == "/tmp/app.log")
    #expect((router.files.last as? AwesomeLogger) === logger)
    #expect(try container.resolve("damselQuest", as: (any Quest).self) is Grail)

    let session = try container.resolve("userSession", as: Session.self)
    #expect(try container.resolve("userSession", as: Session.self) === session)
    try container.reset(scope: "session")
    #expect(try container.resolve("userSession", as: Session.self) !== session)
    #expect(clients.count == 1)
  }
}
