// The README's snippets over the collaborating containers' graph.
import DICfgRuntime

/// README, "Using it from Swift": the typed container.
@MainActor public func readmeTypedContainer() throws -> Bool {
  let app = try RootContainer()  // generated from the graph file
  let wireframe = try app.eventsList.eventsListWireframe  // no id, no type to repeat
  return wireframe.addEventWireframe?.eventsListWireframe === wireframe
}

/// README, "Using it from Swift": the dynamic container underneath.
@MainActor public func readmeDynamicContainer() throws -> Bool {
  let container = try Container(
    plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile(), container: "eventsList")
  let wireframe = try container.mainActor.resolve(EventsListWireframe.self)
  return wireframe.addEventWireframe?.eventsListWireframe === wireframe
}

/// DICfgRuntime's landing page.
@MainActor public func runtimeOverview() throws -> Bool {
  // Generated from the graph file by dicfg's build-tool plugin: the factories and the compiled plans.
  let eventsList = try Container(
    plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile(), container: "eventsList")
  let wireframe = try eventsList.mainActor.resolve(EventsListWireframe.self)  // a @MainActor type
  assert(wireframe.addEventWireframe?.eventsListWireframe === wireframe)
  return wireframe.addEventWireframe?.eventsListWireframe === wireframe
}
