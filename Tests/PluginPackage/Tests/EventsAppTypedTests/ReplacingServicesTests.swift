// A test of the events app over the typed runtime replacing services on its typed container: its
// mocks live here, in the test target, and each test makes its own container, so the tests run in
// parallel.
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

@Suite struct ReplacingServicesTests {
  // 'client' is built by a factory function (`factory: NetworkModule.makeClient`).
  @MainActor @Test func aReplacedServiceReachesEveryServiceTakingIt() async throws {
    let stub = StubClient()
    var replacements = RootContainer.Replacements()
    replacements.replace(client: { stub })
    let container = RootContainer(replacing: replacements)
    #expect(container.client === stub)
    #expect(container.addEvent.addEventWireframe.client === stub)
    #expect(try await container.catalog.source == "stub/events", "the catalog singleton is built from the stand-in")
    #expect(try await container.eventsList.details(id: 1).catalog.source == "stub/events")
    #expect(RootContainer().client !== stub, "another container has no stand-ins")
  }

  @MainActor @Test func aStandInForAProtocolReachesEveryServiceTakingThatProtocol() {
    let fake = FakeStore()
    var replacements = RootContainer.Replacements()
    replacements.replace(DataStore.self, factory: { fake })
    let container = RootContainer(replacing: replacements)
    let list = container.eventsList.eventsListWireframe
    #expect(list.dataStore === fake)
    #expect(list.addEvent.dataStore === fake)
    #expect(container.addEvent.addEventWireframe.dataStore === fake)
    #expect(container.dataStore.owner == "ada", "the service's own accessor still builds its own type")
  }

  @MainActor @Test func aServiceOfACollaboratingContainerIsReplacedThroughTheFirst() {
    let wireframe = EventsListWireframe(
      dataStore: FakeStore(), addEvent: AddEventWireframe(dataStore: FakeStore(), client: StubClient()))
    var replacements = RootContainer.Replacements()
    replacements.eventsList.replace(eventsListWireframe: { wireframe })
    let container = RootContainer(replacing: replacements)
    #expect(container.eventsList.eventsListWireframe === wireframe)
    #expect(container.home.events === wireframe, "the root's screen takes the stand-in")
    #expect(container.eventsList.eventsListWireframe === wireframe, "kept as the singleton it replaces")
  }

  @MainActor @Test func aUniqueScopedStandInIsMadeAtEachReference() {
    var replacements = RootContainer.Replacements()
    replacements.addEvent.replace(addEventWireframe: {
      AddEventWireframe(dataStore: FakeStore(), client: StubClient())
    })
    let container = RootContainer(replacing: replacements)
    let first = container.addEvent.addEventWireframe
    #expect(first !== container.addEvent.addEventWireframe)
    #expect(first.client is StubClient && first.dataStore is FakeStore)
    #expect(container.eventsList.eventsListWireframe.addEvent.client is StubClient)
  }

  // The app's preview container (its own stand-ins, in its debug build) shows the preview server and store.
  @MainActor @Test func thePreviewContainerHasTheAppsStandIns() {
    let container = previewContainer()
    #expect(container.client is PreviewClient)
    #expect(container.eventsList.eventsListWireframe.dataStore is PreviewStore)
    #expect(container.eventsList.eventsListWireframe.addEvent.client is PreviewClient)
    #expect(container.addEvent.addEventWireframe === container.addEvent.addEventWireframe, "one preview screen")
  }
}
