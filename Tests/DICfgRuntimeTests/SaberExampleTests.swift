import DICfg
@_spi(Generated) import DICfgRuntime
import Testing

// Saber's externals.

final class CoolEventTracker: Sendable {}
final class AwesomeLogger: Sendable {}
final class Baz: Sendable {}
final class CoolEventTrackers: Sendable {}
final class MyService: Sendable {
  let analyticsKey: String
  let filePath: String
  init(analyticsKey: String, filePath: String) {
    self.analyticsKey = analyticsKey
    self.filePath = filePath
  }
}
final class Tracker: Sendable {
  let events: CoolEventTracker
  let logger: AwesomeLogger?
  let baz: Baz
  init(events: CoolEventTracker, logger: AwesomeLogger?, baz: Baz) {
    self.events = events
    self.logger = logger
    self.baz = baz
  }
}

func saberRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(MyService.init(analyticsKey:filePath:), labels: ["analyticsKey", "filePath"])
  try registry.register(Tracker.init(events:logger:baz:))
  return registry
}

@Suite struct SaberExampleTests {
  @Test func twoStringExternalsAreToldApartById() throws {
    let container = try exampleContainer(
      "saber-externals", registry: try saberRegistry(),
      externals: [
        "coolEventTracker": CoolEventTracker(), "baz": Baz(), "analyticsKey": "abc123", "filePath": "/path/to/file",
      ])
    let service = try container.resolve(MyService.self)
    #expect(service.analyticsKey == "abc123")
    #expect(service.filePath == "/path/to/file")
  }

  @Test func externalsMayBeBoundByTypeAndIdWins() throws {
    let tracker = CoolEventTracker()
    let baz = Baz()
    var externals: Externals = ["analyticsKey": "k", "filePath": "p"]
    externals.bind(tracker)
    externals.bind(baz)
    externals.bind(Baz())
    externals["baz"] = baz
    let container = try exampleContainer("saber-externals", registry: try saberRegistry(), externals: externals)
    let resolved = try container.resolve(Tracker.self)
    #expect(resolved.events === tracker)
    #expect(resolved.baz === baz, "a value supplied by id wins over one bound to its type")
  }

  @Test func anExternalSuppliedAsNonSendableReachesTheServicesAsItself() throws {
    let tracker = CoolEventTracker()
    let externals: Externals = [
      "coolEventTracker": NonSendableExternal(tracker), "awesomeLogger": NonSendableExternal<AwesomeLogger?>(nil),
      "baz": Baz(), "analyticsKey": "k", "filePath": "p",
    ]
    let container = try exampleContainer("saber-externals", registry: try saberRegistry(), externals: externals)
    let resolved = try container.resolve(Tracker.self)
    #expect(resolved.events === tracker)
    #expect(resolved.logger == nil, "an optional external supplied as nil is nil")
  }

  @Test func aTypeTwoExternalsDeclareCannotBeBoundByType() throws {
    var externals: Externals = ["coolEventTracker": CoolEventTracker(), "baz": Baz()]
    externals.bind("one string for two externals")
    let error = #expect(throws: LinkError.self) {
      try exampleContainer("saber-externals", registry: try saberRegistry(), externals: externals)
    }
    let diagnostic = try #require(error?.diagnostics.first)
    #expect(error?.diagnostics.count == 1)
    #expect(diagnostic.code == .ambiguousReference)
    #expect(
      diagnostic.message
        == "a 'String' was bound by type in 'externals:', but externals 'analyticsKey' and 'filePath' all declare "
        + "type 'String'; supply each by id instead")
    #expect(diagnostic.location.line == 11)
    #expect(diagnostic.notes.map { $0.location?.line } == [10])
  }

  @Test func aTypeNoExternalDeclaresIsReportedAtTheClosestDeclaredType() throws {
    var externals: Externals = ["baz": Baz(), "analyticsKey": "k", "filePath": "p"]
    externals.bind(CoolEventTrackers())
    let error = #expect(throws: LinkError.self) {
      try exampleContainer("saber-externals", registry: try saberRegistry(), externals: externals)
    }
    let diagnostics = try #require(error?.diagnostics)
    #expect(diagnostics.map(\.code) == [.unknownExternal])
    #expect(diagnostics.first?.location.line == 7)
    #expect(
      diagnostics.first?.message
        == "a 'CoolEventTrackers' was bound by type in 'externals:', but no external declares type "
        + "'CoolEventTrackers'; did you mean 'CoolEventTracker', the type of external 'coolEventTracker' declared "
        + "here in container 'main'?")
  }

  @Test func weakExternalBecomesNilWhenTheAppDropsIt() throws {
    let tracker = CoolEventTracker()
    let baz = Baz()
    var logger: AwesomeLogger? = AwesomeLogger()
    let container = try exampleContainer(
      "saber-externals", registry: try saberRegistry(),
      externals: [
        "coolEventTracker": tracker, "awesomeLogger": logger as (any Sendable), "baz": baz, "analyticsKey": "k",
        "filePath": "p",
      ])
    do {
      let first = try container.resolve(Tracker.self)
      #expect(first.logger === logger)
      #expect(first.events === tracker, "strong externals are the app's instances")
      #expect(first.baz === baz)
    }
    logger = nil
    #expect(try container.resolve(Tracker.self).logger == nil, "the container held it weakly")
  }

  @Test func missingAndMisspeltExternalsAreLinkErrorsAtTheirDeclarations() throws {
    let error = #expect(throws: LinkError.self) {
      try exampleContainer(
        "saber-externals", registry: try saberRegistry(),
        externals: ["coolEventTracker": CoolEventTracker(), "analyticsKey": "k", "filePth": "p"])
    }
    let diagnostics = try #require(error?.diagnostics)
    // 'filePth' is 'filePath' misspelt: one finding, at the declaration it meant, not also a missing one.
    #expect(diagnostics.map(\.code) == [.missingExternal, .unknownExternal])
    #expect(diagnostics[0].location.line == 9)
    #expect(diagnostics[0].message.hasPrefix("external 'baz' (Baz) was not supplied"))
    #expect(diagnostics[1].location.line == 11)
    #expect(
      diagnostics[1].message
        == "external 'filePth' was supplied, but the graph file declares no such external; did you mean 'filePath', "
        + "declared here in container 'main'?")
  }

  @Test func unownedExternalMustBeAnObject() throws {
    let error = #expect(throws: LinkError.self) {
      try exampleContainer(
        "saber-externals", registry: try saberRegistry(),
        externals: [
          "coolEventTracker": CoolEventTracker(), "baz": "not an object", "analyticsKey": "k", "filePath": "p",
        ])
    }
    #expect(error?.diagnostics.map(\.code) == [.weakValueType])
    #expect(error?.diagnostics.first?.location.line == 9)
  }

  @Test func releasedUnownedExternalIsATypedErrorAtItsDeclaration() throws {
    var baz: Baz? = Baz()
    let container = try exampleContainer(
      "saber-externals", registry: try saberRegistry(),
      externals: [
        "coolEventTracker": CoolEventTracker(), "baz": baz as (any Sendable), "analyticsKey": "k", "filePath": "p",
      ])
    #expect(try container.resolve(Tracker.self).baz === baz)
    baz = nil
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Tracker.self) }
    #expect(error?.code == .releasedExternal)
    #expect(error?.path == ["tracker"])
    #expect(error?.location?.line == 9)
    #expect(
      error?.message
        == "unowned external 'baz' has been released by the host app; keep it alive while the container is used, or declare it 'optional: true'"
    )
  }

  @Test func unknownExternalIsReportedWithTheKeySupplied() throws {
    let error = #expect(throws: LinkError.self) {
      try exampleContainer(
        "saber-externals", registry: try saberRegistry(),
        externals: [
          "coolEventTracker": CoolEventTracker(), "baz": Baz(), "analyticsKey": "k", "filePath": "p", "extra": 1,
        ])
    }
    #expect(error?.diagnostics.map(\.code) == [.unknownExternal])
    #expect(
      error?.diagnostics.first?.message
        == "external 'extra' was supplied, but the graph file declares no such external; declare it under "
        + "'externals:', or stop supplying it")
    #expect(error?.diagnostics.first?.location.file.hasSuffix("saber-externals/app.yaml") == true)
  }
}
