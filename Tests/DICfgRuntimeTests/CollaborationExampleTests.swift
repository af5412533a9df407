import DICfg
import Testing

// Dip's collaborating containers.

protocol DataStore: AnyObject, Sendable {}
final class CoreDataStore: DataStore {}

// Wireframes drive screens, so a Swift 6 app makes them main-actor types.
@MainActor final class AddEventWireframe {
  var eventsListWireframe: EventsListWireframe?
  var dataStore: (any DataStore)?
  init() {}
}

@MainActor final class EventsListWireframe {
  var addEventWireframe: AddEventWireframe?
  let dataStore: any DataStore
  init(dataStore: any DataStore) { self.dataStore = dataStore }
}

func collaborationRegistry() throws -> Registry {
  var registry = Registry()
  try registry.register(CoreDataStore.init)
  try registry.register(mainActor: EventsListWireframe.init(dataStore:), labels: ["dataStore"])
  try registry.property("addEventWireframe", of: EventsListWireframe.self, mainActor: { $0.addEventWireframe = $1 })
  try registry.register(mainActor: AddEventWireframe.init)
  try registry.property("eventsListWireframe", of: AddEventWireframe.self, mainActor: { $0.eventsListWireframe = $1 })
  try registry.property("dataStore", of: AddEventWireframe.self, mainActor: { $0.dataStore = $1 })
  return registry
}

@Suite struct CollaborationExampleTests {
  @MainActor @Test func wireframesFindEachOtherAcrossContainersAndShareOneDataStore() throws {
    let eventsList = try exampleContainer(
      "dip-collaboration", registry: try collaborationRegistry(), container: "eventsList")
    let wireframe = try eventsList.mainActor.resolve(EventsListWireframe.self)
    // Dip's example wires the two wireframes with strong references both ways; break the cycle
    // when the test is done, as an app would when the screens go away.
    defer { wireframe.addEventWireframe = nil }
    let addEvent = try #require(wireframe.addEventWireframe)
    #expect(addEvent.eventsListWireframe === wireframe)
    #expect(addEvent.dataStore === wireframe.dataStore)

    let root = try #require(eventsList.container(named: "root"))
    #expect(try root.resolve(DataStore.self) === wireframe.dataStore, "one singleton across containers")
    let next = try eventsList.mainActor.resolve(EventsListWireframe.self)
    defer { next.addEventWireframe = nil }
    #expect(next !== wireframe, "graph scope: new wireframes on the next resolve")
    #expect(next.dataStore === wireframe.dataStore)
  }

  @MainActor @Test func theOtherContainerResolvesItsSideOfTheCycle() throws {
    let addEvent = try exampleContainer(
      "dip-collaboration", registry: try collaborationRegistry(), container: "addEvent")
    let wireframe = try addEvent.mainActor.resolve("addEventWireframe", as: AddEventWireframe.self)
    defer { wireframe.eventsListWireframe = nil }
    #expect(wireframe.eventsListWireframe?.addEventWireframe === wireframe)
  }

  @Test func anAwaitedResolveBuildsTheWireframesOnTheMainActor() async throws {
    let eventsList = try exampleContainer(
      "dip-collaboration", registry: try collaborationRegistry(), container: "eventsList")
    let wireframe = try await eventsList.resolve(EventsListWireframe.self)
    let linked = await MainActor.run {
      defer { wireframe.addEventWireframe = nil }
      return wireframe.addEventWireframe?.eventsListWireframe === wireframe
    }
    #expect(linked)
  }

  @Test func resolvingAServiceOfAContainerThatDoesNotSeeItFails() throws {
    let root = try exampleContainer("dip-collaboration", registry: try collaborationRegistry(), container: "root")
    let error = #expect(throws: ResolutionError.self) { try root.resolve(EventsListWireframe.self) }
    #expect(error?.code == .unknownService)
    #expect(error?.message.hasPrefix("no service of container 'root' is bound to type 'EventsListWireframe'") == true)
  }

  @Test func aContainerNameTheGraphFileDoesNotHaveIsAnUnknownContainer() throws {
    let error = #expect(throws: ResolutionError.self) {
      try exampleContainer("dip-collaboration", registry: try collaborationRegistry(), container: "eventList")
    }
    #expect(error?.code == .unknownContainer)
    #expect(error?.message == "the plan has no container 'eventList'; did you mean 'eventsList'?")
    #expect(error?.location?.line == 9, "at the container it most likely meant")
    #expect(error?.location?.file.hasSuffix("dip-collaboration/app.yaml") == true)
    let unlike = #expect(throws: ResolutionError.self) {
      try exampleContainer("dip-collaboration", registry: try collaborationRegistry(), container: "payments")
    }
    #expect(
      unlike?.message == "the plan has no container 'payments'; its containers are 'root', 'eventsList', 'addEvent'")
  }
}
