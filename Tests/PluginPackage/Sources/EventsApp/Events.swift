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

/// The window screens are shown in, which the app owns.
final class AppWindow: Sendable {
  let title: String
  init(title: String) { self.title = title }
}

/// Shows screens in the window, building them from the container.
final class Router: Sendable {
  let window: AppWindow
  let container: RootContainer
  init(window: AppWindow, container: RootContainer) {
    self.window = window
    self.container = container
  }
}

final class SyncSession: Sendable {
  init() {}
}

final class Uploader: Sendable {
  let session: SyncSession
  init(session: SyncSession) { self.session = session }
}

final class Downloader: Sendable {
  let session: SyncSession
  init(session: SyncSession) { self.session = session }
}

final class SyncEngine: Sendable {
  let uploader: Uploader
  let downloader: Downloader
  init(uploader: Uploader, downloader: Downloader) {
    self.uploader = uploader
    self.downloader = downloader
  }
}

/// Opens an event's details by the id the user picks: the details' provider, as a function of it.
final class EventOpener: Sendable {
  let open: @Sendable (Int) async throws -> EventDetails
  init(open: @escaping @Sendable (_ id: Int) async throws -> EventDetails) { self.open = open }
}

final class EventDateFormatter: Sendable {
  init() {}
}

/// The signed-in attendee, kept for the session: signing out starts a new one.
final class Attendee: Sendable {
  init() {}
}

/// The attendee's tickets, kept with the attendee.
final class Tickets: Sendable {
  let attendee: Attendee
  init(attendee: Attendee) { self.attendee = attendee }
}

@MainActor final class EventEditor {
  let formatter: EventDateFormatter
  var title = ""
  init(formatter: EventDateFormatter) { self.formatter = formatter }
}
