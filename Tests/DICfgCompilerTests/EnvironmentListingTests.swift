import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Testing

@Suite struct EnvironmentListingTests {
  @Test func environmentLayersBesideAFileAreFoundThroughTheFileSystem() {
    let files = InMemoryFileSystem([
      "config/app.yaml": "dicfg: 1\n", "config/app.production.yaml": "dicfg: 1\n",
      "config/app.test.yaml": "dicfg: 1\n", "config/other.staging.yaml": "dicfg: 1\n",
      "config/nested/app.dev.yaml": "dicfg: 1\n", "app.local.yaml": "dicfg: 1\n",
    ])
    #expect(Paths.environments(beside: "config/app.yaml", in: files) == ["production", "test"])
    #expect(Paths.environments(beside: "app.yaml", in: files) == ["local"])
    #expect(Paths.environments(beside: "config/other.yaml", in: files) == ["staging"])
  }
}
