// The README's snippets over the collaborating containers' graph.
import DICfgRuntime

/// README, "Using it from Swift": the typed container.
@MainActor public func readmeTypedContainer() throws -> Bool {
  let app = RootContainer()  // generated from the graph file
  let wireframe = try app.eventsList.eventsListWireframe  // no id, no type to repeat
  return closingTheCycle(of: wireframe)
}

/// README, "Using it from Swift": the dynamic container underneath.
@MainActor public func readmeDynamicContainer() throws -> Bool {
  let container = try Container(
    plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile(), container: "eventsList")
  let wireframe = try container.mainActor.resolve(EventsListWireframe.self)
  return closingTheCycle(of: wireframe)
}

/// DICfgRuntime's landing page.
@MainActor public func runtimeOverview() throws -> Bool {
  // Generated from the graph file by dicfg's build-tool plugin: the factories and the compiled plans.
  let eventsList = try Container(
    plan: try Registry.graphFilePlan(), registry: try Registry.fromGraphFile(), container: "eventsList")
  let wireframe = try eventsList.mainActor.resolve(EventsListWireframe.self)  // a @MainActor type
  assert(wireframe.addEventWireframe?.eventsListWireframe === wireframe)
  return closingTheCycle(of: wireframe)
}

/// Whether the two wireframes point at each other; then the cycle they make is broken, so that a
/// test leaves no objects behind.
@MainActor func closingTheCycle(of wireframe: EventsListWireframe) -> Bool {
  let closed = wireframe.addEventWireframe?.eventsListWireframe === wireframe
  wireframe.addEventWireframe = nil
  return closed
}
