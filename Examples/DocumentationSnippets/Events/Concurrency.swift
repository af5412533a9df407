// The Concurrency article's snippets, each on a registry of its own, as a registry written by hand.
import DICfg
import ExampleSupport

/// "Main-actor services": a main-actor initializer and a main-actor property, registered by hand.
@MainActor public func concurrencyMainActorByHand() throws -> Bool {
  var registry = Registry()
  try registry.register(CoreDataStore.init, typeName: "CoreDataStore")
  try registry.register(mainActor: AddEventWireframe.init, typeName: "AddEventWireframe")
  try registry.property("eventsListWireframe", of: AddEventWireframe.self, mainActor: { $0.eventsListWireframe = $1 })
  try registry.property("dataStore", of: AddEventWireframe.self, mainActor: { $0.dataStore = $1 })
  try registry.register(mainActor: EventsListWireframe.init(dataStore:), labels: ["dataStore"])
  try registry.property("addEventWireframe", of: EventsListWireframe.self, mainActor: { $0.addEventWireframe = $1 })

  let container = try Container(plan: try Registry.graphFilePlan(), registry: registry, container: "eventsList")
  let wireframe = try container.mainActor.resolve(EventsListWireframe.self)
  return closingTheCycle(of: wireframe)
}

/// "Async factories": an `async throws` initializer, resolved with `try await`.
public func concurrencyAsyncInitializer() async throws -> String {
  var registry = Registry()
  let path = try temporaryFile(
    """
    dicfg: 1
    services:
      orders: { type: OrderStore, scope: singleton, init: { path: { value: /var/orders.db } } }
    """)
  try registry.register(OrderStore.init(path:), labels: ["path"])  // init(path:) async throws
  let container = try Container(graphFile: path, registry: registry)
  let orders = try await container.resolve("orders", as: OrderStore.self)
  return orders.path
}

/// An `async` closure that asks for its arguments by label.
public func concurrencyAsyncClosureByLabel() async throws -> String {
  var registry = Registry()
  try registry.register(RemoteSettings.self) { arguments in
    try await RemoteSettings.fetch(from: try arguments("url", as: String.self))
  }
  let path = try temporaryFile(
    """
    dicfg: 1
    services:
      settings: { type: RemoteSettings, init: { url: { value: "https://settings.example.com" } } }
    """)
  let container = try Container(graphFile: path, registry: registry)
  return try await container.resolve("settings", as: RemoteSettings.self).source
}

enum SetupError: Error { case noContainer }

/// "Providers, lazy values and other containers": another container of the link, by name, awaited
/// from off the main actor.
public func concurrencyContainerNamed() async throws -> Bool {
  let root = try Container(plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile())
  guard let addEvent = root.container(named: "addEvent") else { throw SetupError.noContainer }
  let wireframe = try await addEvent.resolve(AddEventWireframe.self)  // hops to the main actor
  let dataStore = try await root.resolve("dataStore", as: CoreDataStore.self)
  let shared = await MainActor.run {
    defer { wireframe.eventsListWireframe?.addEventWireframe = nil }
    return wireframe.dataStore === dataStore
  }
  return shared && root.container(named: "addEvnt") == nil
}
