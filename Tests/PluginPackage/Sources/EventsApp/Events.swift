import NetworkKit
import StorageKit

public protocol DataStore: AnyObject, Sendable {
  var owner: String { get }
}

final class EventStore: DataStore {
  let owner: String
  init(keyValues: any KeyValueStore) { owner = keyValues.value(for: "user") ?? "nobody" }
}

/// The events the server lists, loaded once.
final class Catalog: Sendable {
  let source: String
  private init(source: String) { self.source = source }
  static func load(client: any HTTPClient) async -> Catalog {
    await Task.yield()
    return Catalog(source: client.get("/events"))
  }
}

/// The events list's feed, loaded on the main actor.
@MainActor final class Feed {
  let catalog: Catalog
  private init(catalog: Catalog) { self.catalog = catalog }
  static func load(catalog: Catalog) async -> Feed {
    await Task.yield()
    return Feed(catalog: catalog)
  }
}

@MainActor final class AddEventWireframe {
  let dataStore: any DataStore
  let client: any HTTPClient
  init(dataStore: any DataStore, client: any HTTPClient) {
    self.dataStore = dataStore
    self.client = client
  }
}

@MainActor final class EventsListWireframe {
  let dataStore: any DataStore
  let addEvent: AddEventWireframe
  init(dataStore: any DataStore, addEvent: AddEventWireframe) {
    self.dataStore = dataStore
    self.addEvent = addEvent
  }
}

@MainActor final class Home {
  let events: EventsListWireframe
  init(events: EventsListWireframe) { self.events = events }
}

final class EventDetails: Sendable {
  let id: Int
  let store: any DataStore
  let catalog: Catalog
  init(id: Int, store: any DataStore, catalog: Catalog) {
    self.id = id
    self.store = store
    self.catalog = catalog
  }
}
