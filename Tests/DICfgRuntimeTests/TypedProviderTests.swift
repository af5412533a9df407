@_spi(Generated) import DICfgTypedRuntime
import Testing

/// The typed runtime's providers and lazy values, as a generated container over it passes them: each
/// call builds through the accessor's closure; once the container is gone, a call says so.
@Suite struct TypedProviderTests {
  final class Feed: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
  }

  /// A container as generated code captures it: weakly.
  final class Owner: Sendable {
    func feed(id: Int) -> Feed { Feed(id: id) }
  }

  @Test func aProviderBuildsOnEachCallWithItsArguments() throws {
    let owner = Owner()
    let provider = Provider<Feed>(container: "main") { [weak owner] arguments in
      guard arguments.count == 1, let id = arguments["id"] as? Int else {
        throw ProviderError.arguments(service: "feed", takes: ["id: Int"], given: Array(arguments.keys))
      }
      return owner?.feed(id: id)
    }
    let first = try provider(["id": 7])
    let second = try provider(["id": 7])
    #expect(first.id == 7 && first !== second)
    #expect(throws: ProviderError.arguments(service: "feed", takes: ["id: Int"], given: ["name"])) {
      try provider(["name": "x"])
    }
    #expect(
      ProviderError.arguments(service: "feed", takes: ["id: Int"], given: ["name"]).description
        == "the provider of 'feed' takes id: Int, each of its type; it was called with 'name' [#missing-argument]")
    // The names a call gave, in order whatever order its dictionary holds them in.
    #expect(
      ProviderError.arguments(service: "feed", takes: ["id: Int"], given: ["name", "after", "id2", "b"]).description
        == "the provider of 'feed' takes id: Int, each of its type; it was called with 'after', 'b', 'id2', 'name' "
        + "[#missing-argument]")
  }

  /// A generated container asked by name for an environment its graph file has no layer for names
  /// the layer to add, beside the graph file, whatever dots its name holds.
  @Test func anUnknownEnvironmentNamesTheLayerToAdd() {
    let error = UnknownEnvironmentError("tset", known: [nil, "test"], graphFile: "dicfg.yaml")
    #expect(
      error.description
        == "no environment 'tset'. The environments are 'base', 'test', one for each layer beside 'dicfg.yaml'; to add "
        + "'tset', add the layer 'dicfg.tset.yaml' beside it")
    #expect(
      UnknownEnvironmentError("qa", known: [nil], graphFile: "app.graph.json").description.hasSuffix(
        "add the layer 'app.graph.qa.json' beside it"))
  }

  @Test func aProviderOfAReleasedContainerSaysSo() {
    var owner: Owner? = Owner()
    let provider = Provider<Feed>(container: "main") { [weak owner] in owner?.feed(id: 1) }
    #expect((try? provider())?.id == 1)
    owner = nil
    #expect(throws: ProviderError.releasedContainer("main")) { try provider() }
  }

  @Test func aLazyValueIsBuiltOnFirstUseAndKept() throws {
    let owner = Owner()
    let builds = TypedSingletonsTests.Count()
    let lazy = Lazy<Feed>(container: "main") { [weak owner] in
      builds.add()
      return owner?.feed(id: 3)
    }
    #expect(builds.total == 0)
    let first = try lazy.get()
    #expect(try lazy.get() === first)
    #expect(builds.total == 1)
  }

  @Test func aLazyValueOfAReleasedContainerSaysSo() {
    var owner: Owner? = Owner()
    let lazy = Lazy<Feed>(container: "main") { [weak owner] in owner?.feed(id: 1) }
    owner = nil
    #expect(throws: ProviderError.releasedContainer("main")) { try lazy.get() }
  }
}
