import DICfg
@_spi(Generated) import DICfgRuntime
import Foundation
import Testing

/// The link a generated container makes when first needed, and the singleton storage its
/// accessors share with it.
@Suite struct DeferredLinkTests {
  private final class Leaf: Sendable {}
  private final class Branch: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
  }

  private let text = """
    dicfg: 1
    services:
      leaf: { type: Leaf, scope: singleton }
      branch: { type: Branch, scope: singleton, init: { leaf: leaf } }
    """

  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(Leaf.init, typeName: "Leaf", labels: [])
    try registry.register(Branch.init(leaf:), typeName: "Branch", labels: ["leaf"])
    return registry
  }

  /// A deferred link of `text`, counting the links it makes.
  private func deferred(failing: Bool = false, links: Counter) throws -> DeferredLink {
    let plan = try compiledPlan(text)
    let registry = try registry()
    return DeferredLink(serviceCount: 2) { storage in
      links.increment()
      if failing { throw FlakyError() }
      return try Container(
        plan: plan, registry: registry, environment: [:], replacing: Replacements(), sharing: storage)
    }
  }

  @Test func singletonsBuiltInTheStorageNeedNoLinkAndTheLinkResolvesThem() throws {
    let links = Counter()
    let link = try deferred(links: links)
    let leaf = link.storage.slots.singleton(0) { Leaf() }
    let branch = link.storage.slots.singleton(1) { Branch(leaf: link.storage.slots.singleton(0) { Leaf() }) }
    #expect(branch.leaf === leaf)
    #expect(link.storage.slots.singleton(1) { Branch(leaf: Leaf()) } === branch, "built once, then read")
    #expect(links.count == 0, "nothing needed the link")
    #expect(try link.container().resolve("branch", as: Branch.self) === branch)
    #expect(try link.resolve(0, as: Leaf.self) === leaf, "by number, the same singleton")
    _ = try link.container()
    #expect(links.count == 1, "linked once")
  }

  @Test func whatTheLinkBuildsFirstTheStorageReads() throws {
    let link = try deferred(links: Counter())
    let branch = try link.resolve(1, as: Branch.self)
    #expect(link.storage.slots.singleton(0) { Leaf() } === branch.leaf)
    #expect(link.storage.slots.singleton(1) { Branch(leaf: Leaf()) } === branch)
  }

  @Test func aBuildThatThrowsKeepsNothingAndTheNextBuildsAgain() throws {
    let link = try deferred(links: Counter())
    #expect(throws: FlakyError.self) { try link.storage.slots.singleton(0, as: Leaf.self) { throw FlakyError() } }
    let leaf = link.storage.slots.singleton(0) { Leaf() }
    #expect(link.storage.slots.singleton(0) { Leaf() } === leaf)
  }

  @Test func aLinkThatFailsThrowsItsErrorAndIsTriedAgain() throws {
    let links = Counter()
    let link = try deferred(failing: true, links: links)
    #expect(throws: FlakyError.self) { try link.container() }
    #expect(throws: FlakyError.self) { try link.resolve(0, as: Leaf.self) }
    #expect(links.count == 2)
  }

  @Test func threadsRacingForOneSingletonBuildItOnce() async throws {
    for _ in 0..<50 {
      let link = try deferred(links: Counter())
      let builds = Counter()
      let leaves = await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<8 {
          group.addTask {
            ObjectIdentifier(
              link.storage.slots.singleton(0) {
                builds.increment()
                return Leaf()
              })
          }
        }
        return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
      }
      #expect(leaves.count == 1 && builds.count == 1)
    }
  }

  // MARK: Singletons whose builds await

  /// A link whose leaf is built by an `async` factory, counting its builds.
  private func awaitedLink(builds: Counter) throws -> DeferredLink {
    let plan = try compiledPlan(text)
    var registry = Registry()
    try registry.register(
      { () async -> Leaf in
        builds.increment()
        return Leaf()
      }, typeName: "Leaf", labels: [])
    try registry.register(Branch.init(leaf:), typeName: "Branch", labels: ["leaf"])
    let linked = registry
    return DeferredLink(serviceCount: 2) { storage in
      try Container(plan: plan, registry: linked, environment: [:], replacing: Replacements(), sharing: storage)
    }
  }

  @Test func tasksRacingForASingletonWhoseBuildAwaitsBuildItOnce() async throws {
    for _ in 0..<20 {
      let builds = Counter()
      let link = try awaitedLink(builds: Counter())
      let leaves = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 0..<8 {
          group.addTask {
            ObjectIdentifier(
              try await link.storage.slots.awaitedSingleton(0, as: Leaf.self) {
                builds.increment()
                await Task.yield()
                return Leaf()
              })
          }
        }
        return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
      }
      #expect(leaves.count == 1 && builds.count == 1)
    }
  }

  @Test func anAwaitedBuildThatThrowsKeepsNothingAndTheNextBuildsAgain() async throws {
    let link = try awaitedLink(builds: Counter())
    await #expect(throws: FlakyError.self) {
      try await link.storage.slots.awaitedSingleton(0, as: Leaf.self) { throw FlakyError() }
    }
    let leaf = try await link.storage.slots.awaitedSingleton(0) { Leaf() }
    #expect(try await link.storage.slots.awaitedSingleton(0) { Leaf() } === leaf)
  }

  @Test func theAccessorsAwaitedBuildAndTheLinksAreOneBuild() async throws {
    let factoryBuilds = Counter()
    let link = try awaitedLink(builds: factoryBuilds)
    let leaf = try await link.storage.slots.awaitedSingleton(0) { Leaf() }
    #expect(try await link.container().resolve("leaf", as: Leaf.self) === leaf, "the link reads the accessor's")
    #expect(factoryBuilds.count == 0)
    // And the other way: what the link builds first, the accessor reads.
    let other = try awaitedLink(builds: factoryBuilds)
    let linked = try await other.container().resolve("leaf", as: Leaf.self)
    #expect(try await other.storage.slots.awaitedSingleton(0) { Leaf() } === linked)
    #expect(factoryBuilds.count == 1)
  }
}
