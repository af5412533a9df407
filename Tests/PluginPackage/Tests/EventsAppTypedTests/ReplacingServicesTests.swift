// A test of the events app over the typed runtime replacing services on its typed container: its
// mocks live here, in the test target, and each test makes its own container, so the tests run in
// parallel.
import DICfgTypedRuntime
import Foundation
import NetworkKit
import Testing

@testable import EventsAppTyped

final class StubClient: HTTPClient {
  let baseURL = "https://stub.example.com"
  func get(_ path: String) -> String { "stub" + path }
}

final class FakeStore: DataStore {
  let owner = "fake"
}

/// What a test's containers reported, across the threads their builds ran on.
final class Reports: @unchecked Sendable {
  // `reports` is guarded by `lock`.
  private let lock = NSLock()
  private var reports: [String] = []

  func add(_ report: String) { lock.withLock { reports.append(report) } }
  var all: [String] { lock.withLock { reports } }
}

/// The window each test's container shows its screens in, which the container holds weakly.
private let window = AppWindow(title: "Test")

@Suite struct ReplacingServicesTests {
  // 'client' is built by a factory function (`factory: NetworkModule.makeClient`).
  @MainActor @Test func aReplacedServiceReachesEveryServiceTakingIt() async throws {
    let stub = StubClient()
    var replacements = RootContainer.Replacements()
    replacements.replace(client: { stub })
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    #expect(container.client === stub)
    #expect(container.addEvent.addEventWireframe.client === stub)
    #expect(try await container.catalog.source == "stub/events", "the catalog singleton is built from the stand-in")
    #expect(try await container.eventsList.details(id: 1).catalog.source == "stub/events")
    #expect(try RootContainer(externals: .init(window: window)).client !== stub, "another container has no stand-ins")
  }

  // The opener takes the details' provider as a function of the event's id: each call builds the
  // details with that id, from the stand-ins of the test's container.
  @MainActor @Test func aProviderPassedAsAFunctionBuildsWithItsArgumentFromTheStandIns() async throws {
    let fake = FakeStore()
    var replacements = RootContainer.Replacements()
    replacements.replace(DataStore.self, factory: { fake })
    replacements.replace(client: { StubClient() })
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    let opener = container.eventsList.opener
    let first = try await opener.open(4)
    let second = try await opener.open(5)
    #expect(first.id == 4 && second.id == 5 && first !== second)
    #expect(first.store === fake && first.catalog.source == "stub/events")
    #expect(first.catalog === second.catalog, "the catalog singleton is built once")
  }

  @MainActor @Test func aStandInForAProtocolReachesEveryServiceTakingThatProtocol() throws {
    let fake = FakeStore()
    var replacements = RootContainer.Replacements()
    replacements.replace(DataStore.self, factory: { fake })
    replacements.replace(client: { StubClient() })  // live: a test's container has a stand-in for it
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    let list = container.eventsList.eventsListWireframe
    #expect(list.dataStore === fake)
    #expect(list.addEvent.dataStore === fake)
    #expect(container.addEvent.addEventWireframe.dataStore === fake)
    #expect(container.dataStore.owner == "ada", "the service's own accessor still builds its own type")
  }

  @MainActor @Test func aServiceOfACollaboratingContainerIsReplacedThroughTheFirst() throws {
    let wireframe = EventsListWireframe(
      dataStore: FakeStore(), addEvent: AddEventWireframe(dataStore: FakeStore(), client: StubClient()))
    var replacements = RootContainer.Replacements()
    replacements.eventsList.replace(eventsListWireframe: { wireframe })
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    #expect(container.eventsList.eventsListWireframe === wireframe)
    #expect(container.home.events === wireframe, "the root's screen takes the stand-in")
    #expect(container.eventsList.eventsListWireframe === wireframe, "kept as the singleton it replaces")
  }

  @MainActor @Test func aUniqueScopedStandInIsMadeAtEachReference() throws {
    var replacements = RootContainer.Replacements()
    replacements.addEvent.replace(addEventWireframe: {
      AddEventWireframe(dataStore: FakeStore(), client: StubClient())
    })
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    let first = container.addEvent.addEventWireframe
    #expect(first !== container.addEvent.addEventWireframe)
    #expect(first.client is StubClient && first.dataStore is FakeStore)
    #expect(container.eventsList.eventsListWireframe.addEvent.client is StubClient)
  }

  // The client is live (it talks to the network): a test's container that builds it without a stand-in
  // reports the client's line in the graph file and the paths through the graph that build it.
  @MainActor @Test func aLiveServiceBuiltWithoutAStandInIsReportedWithItsPaths() throws {
    let reports = Reports()
    var replacements = RootContainer.Replacements()
    replacements.replace(DataStore.self, factory: { FakeStore() })
    replacements.onMistake = { reports.add($0) }
    let container = try RootContainer(externals: .init(window: window), replacing: replacements)
    _ = container.eventsList.eventsListWireframe
    let report = try #require(reports.all.first)
    #expect(
      report.hasPrefix("dicfg.yaml:24:7: error: 'client' is live ('live: true'), and this container was"),
      "\(report)")
    #expect(report.contains("give it one (replacements.replace(client: { … }))"), "\(report)")
    #expect(report.contains("eventsList.eventsListWireframe → addEvent.addEventWireframe → client"), "\(report)")
    var stubbed = replacements
    stubbed.replace(client: { StubClient() })
    _ = try RootContainer(externals: .init(window: window), replacing: stubbed).eventsList.eventsListWireframe
    #expect(reports.all.count == 1, "a stand-in for it: nothing more reported")
    _ = try RootContainer(externals: .init(window: window)).eventsList.eventsListWireframe
    #expect(reports.all.count == 1, "the app's own container builds the real client")
  }

  // Unless the test records it, the report stops the test's process, before the real client is built.
  @Test func aLiveServiceBuiltWithoutAStandInStopsTheProcessWithItsReport() async throws {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let window = AppWindow(title: "Test")
        var replacements = RootContainer.Replacements()
        replacements.replace(DataStore.self, factory: { FakeStore() })
        let container = try? RootContainer(externals: .init(window: window), replacing: replacements)
        _ = container?.eventsList.eventsListWireframe
        withExtendedLifetime(window) {}
      }
    }
    let standardError = String(decoding: try #require(exit).standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("dicfg.yaml:24:7: error: 'client' is live ('live: true')"), "\(standardError)")
  }

  // A stand-in for a type is of no use once every service taking it has a stand-in of its own: the
  // container created with them says so when it is created, naming those services.
  @MainActor @Test func aStandInNoBuildCanUseIsReported() async throws {
    let app = try RootContainer(externals: .init(window: window))
    let list = app.eventsList.eventsListWireframe
    let details = try await app.eventsList.details(id: 1)
    let screen = app.addEvent.addEventWireframe
    let reports = Reports()
    var replacements = RootContainer.Replacements()
    replacements.onMistake = { reports.add($0) }
    replacements.replace(client: { StubClient() })
    replacements.replace(DataStore.self, factory: { FakeStore() })
    replacements.eventsList.replace(eventsListWireframe: { list })
    replacements.eventsList.replace(details: { details })
    let stillUsed = try RootContainer(externals: .init(window: window), replacing: replacements)
    #expect(reports.all.isEmpty, "the add-event screen still takes the DataStore stand-in")
    #expect(stillUsed.addEvent.addEventWireframe.dataStore is FakeStore)
    replacements.addEvent.replace(addEventWireframe: { screen })
    _ = try RootContainer(externals: .init(window: window), replacing: replacements)
    #expect(
      reports.all == [
        "the stand-in for 'DataStore' (replace(DataStore.self, factory:)) is never used: every service taking it "
          + "('eventsList.details', 'eventsList.eventsListWireframe', 'addEvent.addEventWireframe') has a stand-in "
          + "of its own in this container; remove the one for 'DataStore', or those services' stand-ins"
      ])
  }

  // The app's preview container (its own stand-ins, in its debug build) shows the preview server and store.
  @MainActor @Test func thePreviewContainerHasTheAppsStandIns() throws {
    let container = try previewContainer()
    #expect(container.client is PreviewClient)
    #expect(container.eventsList.eventsListWireframe.dataStore is PreviewStore)
    #expect(container.eventsList.eventsListWireframe.addEvent.client is PreviewClient)
    #expect(container.addEvent.addEventWireframe === container.addEvent.addEventWireframe, "one preview screen")
  }
}

// The shapes an app's graph has that the typed container builds in its accessors: a window held
// weakly and the container itself, a singleton whose halves share one graph-scoped session, a
// formatter of the first container taken by a story's editor, whose title a run-time argument sets
// through a property, and a custom scope kept in two containers until the root resets it.
@Suite struct TypedShapesTests {
  @Test func aWeakExternalIsTheAppsWhileItKeepsIt() throws {
    var shown: AppWindow? = AppWindow(title: "Shown")
    let container = try RootContainer(externals: .init(window: shown!))
    #expect(try container.router.window === shown)
    #expect(try container.router.container === container, "'$container' is the typed container itself")
    shown = nil
    #expect(throws: ExternalReleasedError(external: "window")) { try container.router }
  }

  @Test func aSingletonsHalvesShareOneSessionOfItsOwnBuild() throws {
    let container = try RootContainer(externals: .init(window: window))
    let sync = container.sync
    #expect(sync.uploader.session === sync.downloader.session)
    #expect(container.sync === sync)
    #expect(container.uploader.session !== sync.uploader.session, "another build's session is its own")
  }

  @Test func signingOutResetsTheSessionScopeInEveryContainer() throws {
    let container = try RootContainer(externals: .init(window: window))
    let attendee = container.attendee
    let tickets = container.eventsList.tickets
    #expect(container.attendee === attendee && container.eventsList.tickets === tickets)
    #expect(tickets.attendee === attendee)
    container.resetSession()
    let next = container.attendee
    #expect(next !== attendee && container.eventsList.tickets !== tickets)
    #expect(container.eventsList.tickets.attendee === next && container.attendee === next)
    #expect(try RootContainer(externals: .init(window: window)).attendee !== next, "each container its own session")
  }

  @MainActor @Test func aRunTimeArgumentSetThroughAPropertyAndAFormatterOfTheFirstContainer() throws {
    let container = try RootContainer(externals: .init(window: window))
    let editor = container.eventsList.editor(title: "Launch")
    #expect(editor.title == "Launch")
    #expect(container.eventsList.editor(title: "Party").formatter !== editor.formatter, "one formatter per build")
  }
}

// The events server is a parameter read from the environment (`${EVENTS_HOST:-…}`) when the container
// is created: from the variables a test gives, or the process's; the dev layer sets it as a literal.
@Suite struct EnvironmentParameterTests {
  @Test func theServerIsReadFromTheVariablesWhenTheContainerIsCreated() throws {
    let staging = try RootContainer(
      externals: .init(window: window), variables: ["EVENTS_HOST": "staging.events.example.com"])
    #expect(staging.client.baseURL == "https://staging.events.example.com")
    #expect(
      try RootContainer(externals: .init(window: window), variables: [:]).client.baseURL == "https://events.example.com"
    )
    let dev = try RootContainer(
      environment: .dev, externals: .init(window: window), variables: ["EVENTS_HOST": "staging.events.example.com"])
    #expect(dev.client.baseURL == "https://dev.events.example.com", "the dev layer's literal")
    let every = try RootContainer.everyEnvironment(
      externals: .init(window: window), variables: ["EVENTS_HOST": "x.example"])
    #expect(every.map { $0.container.client.baseURL } == ["https://x.example", "https://dev.events.example.com"])
  }
}
