// The types of Dip's collaborating containers, as the Concurrency article declares them.
import Foundation

public protocol DataStore: AnyObject, Sendable {}
public final class CoreDataStore: DataStore {
  public init() {}
}

@MainActor final class EventsListWireframe {
  var addEventWireframe: AddEventWireframe?
  let dataStore: any DataStore
  init(dataStore: any DataStore) { self.dataStore = dataStore }
}
@MainActor final class AddEventWireframe {
  var eventsListWireframe: EventsListWireframe?
  var dataStore: (any DataStore)?
}

/// A store whose initializer awaits, as the Concurrency article's `OrderStore`.
final class OrderStore: Sendable {
  let path: String
  init(path: String) async throws {
    await Task.yield()
    self.path = path
  }
}

/// Settings fetched by an `async` function, built by a closure registered by label.
final class RemoteSettings: Sendable {
  let source: String
  private init(source: String) { self.source = source }
  static func fetch(from url: String) async throws -> RemoteSettings {
    await Task.yield()
    return RemoteSettings(source: url)
  }
}
