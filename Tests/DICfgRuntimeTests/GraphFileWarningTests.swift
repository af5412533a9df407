import DICfg
import DICfgTestSupport
import Testing

private final class UserSession: Sendable {}
private final class ImageCache: Sendable {
  init(session: UserSession) {}
}

@Suite struct GraphFileWarningTests {
  @Test func theGraphFilesWarningsReachTheApp() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        session: { type: UserSession, scope: cached }
        cache: { type: ImageCache, scope: singleton, init: { session: 1️⃣session } }
      """
    ])
    var registry = Registry()
    try registry.register(UserSession.init)
    try registry.register(ImageCache.init(session:))
    var warnings: [Diagnostic] = []
    let container = try Container(
      graphFile: "app.yaml", registry: registry,
      compiler: GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)), warning: { warnings.append($0) })
    #expect(warnings.map(\.code) == [.captiveDependency])
    #expect(warnings.first?.location == files["app.yaml", "1️⃣"])
    _ = try container.resolve("cache", as: ImageCache.self)
  }
}
