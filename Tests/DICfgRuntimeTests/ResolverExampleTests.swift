import DICfg
import Testing

// Resolver's scopes.

protocol XYZFetching: AnyObject {}
protocol XYZUpdating: AnyObject {}
final class XYZCombinedService: XYZFetching, XYZUpdating, @unchecked Sendable {}
final class XYZService: @unchecked Sendable {}
final class XYZViewModel: @unchecked Sendable {
  let fetcher: any XYZFetching
  let updater: any XYZUpdating
  let service: XYZService
  init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {
    self.fetcher = fetcher
    self.updater = updater
    self.service = service
  }
}
final class XYZApplicationService: Sendable {}
final class MyViewModel: Sendable {}
final class UserManager: Sendable {}

func resolverRegistry(counter: Counter? = nil) throws -> Registry {
  var registry = Registry()
  try registry.register(XYZViewModel.init(fetcher:updater:service:))
  try registry.register(XYZCombinedService.init)
  try registry.register(XYZService.init)
  try registry.register { () -> XYZApplicationService in
    counter?.increment()
    return XYZApplicationService()
  }
  try registry.register(MyViewModel.init)
  try registry.register(UserManager.init)
  return registry
}

@Suite struct ResolverExampleTests {
  @Test func graphScopeSharesOneInstanceWithinAResolveOnly() throws {
    let container = try exampleContainer("resolver-scopes", registry: try resolverRegistry())
    let viewModel = try container.resolve(XYZViewModel.self)
    #expect(viewModel.fetcher === viewModel.updater)
    let other = try container.resolve(XYZViewModel.self)
    #expect(other.fetcher !== viewModel.fetcher)
    #expect(other.service !== viewModel.service, "unique")
  }

  @Test func applicationScopeBuildsOnce() throws {
    let counter = Counter()
    let container = try exampleContainer("resolver-scopes", registry: try resolverRegistry(counter: counter))
    let first = try container.resolve(XYZApplicationService.self)
    let second = try container.resolve(XYZApplicationService.self)
    #expect(first === second)
    #expect(counter.count == 1)
  }

  @Test func resettingSessionRebuildsSessionObjectsOnly() throws {
    let container = try exampleContainer("resolver-scopes", registry: try resolverRegistry())
    let manager = try container.resolve(UserManager.self)
    let cached = try container.resolve(MyViewModel.self)
    let application = try container.resolve(XYZApplicationService.self)
    #expect(try container.resolve(UserManager.self) === manager)
    try container.reset(scope: "session")
    #expect(try container.resolve(UserManager.self) !== manager)
    #expect(try container.resolve(MyViewModel.self) === cached)
    #expect(try container.resolve(XYZApplicationService.self) === application)
    try container.reset(scope: "cached")
    #expect(try container.resolve(MyViewModel.self) !== cached)
    #expect(try container.resolve(XYZApplicationService.self) === application)
  }

  @Test func resettingAScopeThatCannotResetFails() throws {
    let container = try exampleContainer("resolver-scopes", registry: try resolverRegistry())
    let error = #expect(throws: ResolutionError.self) { try container.reset(scope: "sesion") }
    #expect(error?.code == .notResettable)
    #expect(
      error?.message
        == "'sesion' is not a resettable scope; reset 'cached' or a scope declared under 'scopes:'; did you mean 'session'?"
    )
    let singleton = #expect(throws: ResolutionError.self) { try container.reset(scope: "singleton") }
    #expect(singleton?.code == .notResettable)
  }
}
