// Resolves across the collaborating containers and prints what a user would check: one store and one
// client shared by every story, a new add-event screen at each reference, the catalog and the feed
// loaded once, an event's details by id, and the dev layer's server; then the sync engine's one
// session, an editor given its title, and (over the typed runtime) the router in the app's window and
// the details an opener gives for an id.

let window = AppWindow(title: "Events")
let container = try RootContainer(externals: .init(window: window))
let list = container.eventsList.eventsListWireframe
let adding = container.addEvent.addEventWireframe
print(
  "owner \(list.dataStore.owner), one store: \(list.dataStore === container.dataStore && adding.dataStore === container.dataStore), "
    + "one client: \(adding.client === container.client), new add-event screen: \(adding !== list.addEvent), "
    + "home shows the list: \(container.home.events === list)")
let details = try await container.eventsList.details(id: 7)
let catalog = try await container.catalog
print("details \(details.id) from \(details.catalog.source), one catalog: \(details.catalog === catalog)")
let feed = try await container.eventsList.feed
print("feed of \(feed.catalog.source), one feed: \(try await container.eventsList.feed === feed)")
let dev = try RootContainer(environment: .dev, externals: .init(window: window))
print("dev client: \(dev.client.baseURL), dev store: \(dev.eventsList.eventsListWireframe.dataStore === dev.dataStore)")
let sync = container.sync
let editor = container.eventsList.editor(title: "Launch")
print(
  "one sync session: \(sync.uploader.session === sync.downloader.session), one sync: \(container.sync === sync), "
    + "editor \(editor.title)")
let router = try container.router
print("router in \(router.window.title), with its container: \(router.container === container)")
let opened = try await container.eventsList.opener.open(9)
print("opener gives details \(opened.id), one catalog: \(opened.catalog === catalog)")
try await RootContainer.buildEveryEnvironment(externals: .init(window: window))
print("every environment builds: \(RootContainer.Environment.allCases.map(\.rawValue))")
