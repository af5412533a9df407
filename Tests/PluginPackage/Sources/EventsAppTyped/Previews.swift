// What the app's SwiftUI previews are built from: the graph's container with stand-ins for the server
// and the store, in debug builds only, so a release build names none of them.
#if DEBUG
  import NetworkKit

  final class PreviewClient: HTTPClient {
    let baseURL = "https://preview.example.com"
    func get(_ path: String) -> String { "preview" + path }
  }

  final class PreviewStore: DataStore {
    let owner = "preview"
  }

  /// The window previews show screens in, which the container holds weakly.
  let previewWindow = AppWindow(title: "Preview")

  /// The container a preview of the events screens shows.
  @MainActor func previewContainer() throws -> RootContainer {
    let fake = PreviewStore()
    let previewScreen = AddEventWireframe(dataStore: fake, client: PreviewClient())
    var replacements = RootContainer.Replacements()
    replacements.replace(client: { PreviewClient() })  // the service 'client', everywhere
    replacements.replace(DataStore.self, factory: { fake })  // every service taking a DataStore
    replacements.addEvent.replace(addEventWireframe: { previewScreen })  // another container's service
    let externals = RootContainer.Externals(window: previewWindow)
    let container = try RootContainer(environment: .base, externals: externals, replacing: replacements)
    return container
  }
#endif
