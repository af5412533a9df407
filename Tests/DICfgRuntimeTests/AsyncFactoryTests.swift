import DICfg
import DICfgTestSupport
import Foundation
import Synchronization
import Testing

final class AsyncDatabase: Sendable {
  let path: String
  init(path: String, opened: Counter) async throws {
    try await Task.sleep(nanoseconds: 2_000_000)
    opened.increment()
    self.path = path
  }
}
final class UserRepository: Sendable {
  let database: AsyncDatabase
  init(database: AsyncDatabase) { self.database = database }
}
final class RepositoryPair: Sendable {
  let first: UserRepository
  let second: UserRepository
  init(first: UserRepository, second: UserRepository) {
    self.first = first
    self.second = second
  }
}
final class DatabaseUser: Sendable {
  let makeDatabase: Provider<AsyncDatabase>
  init(makeDatabase: Provider<AsyncDatabase>) { self.makeDatabase = makeDatabase }
}
struct DatabaseUnavailable: Error, CustomStringConvertible {
  var description: String { "the disk is not mounted" }
}

/// A registry whose database opens asynchronously, counting its openings.
private func registry(opened: Counter, failures: Attempts? = nil) throws -> Registry {
  var registry = Registry()
  try registry.register(
    { @Sendable (path: String) async throws -> AsyncDatabase in
      if let failures, failures.failuresLeft > 0 {
        failures.failuresLeft -= 1
        throw DatabaseUnavailable()
      }
      return try await AsyncDatabase(path: path, opened: opened)
    }, typeName: "AsyncDatabase", labels: ["path"])
  try registry.register(UserRepository.init(database:))
  try registry.register(RepositoryPair.init(first:second:), labels: ["first", "second"])
  try registry.register(DatabaseUser.init(makeDatabase:))
  return registry
}

private let graphScoped = """
  dicfg: 1
  services:
    database: { type: AsyncDatabase, init: { path: { value: /var/app.db } } }
    repository: { type: UserRepository, init: { database: database } }
    pair: { type: RepositoryPair, init: { first: repository, second: repository } }
    user: { type: DatabaseUser, init: { makeDatabase: { provider: database } } }
  """

@Suite struct AsyncFactoryTests {
  @Test func anAwaitedResolveBuildsAGraphWithAnAsyncFactoryOneGraphInstanceAcrossItsAwaits() async throws {
    let opened = Counter()
    let container = try link(graphScoped, registry: try registry(opened: opened))
    let pair = try await container.resolve("pair", as: RepositoryPair.self)
    #expect(pair.first === pair.second)
    let other = try await container.resolve("pair", as: RepositoryPair.self)
    #expect(other.first.database !== pair.first.database)
    #expect(pair.first.database.path == "/var/app.db")
    #expect(opened.count == 2)
  }

  @Test func aSynchronousResolveOfAGraphThatNeedsAnAwaitSaysSoWithTheFix() throws {
    let files = MarkedFiles(["app.yaml": graphScoped.replacingOccurrences(of: "  repository:", with: "  1️⃣repository:")])
    let container = try link(files.texts["app.yaml"] ?? "", registry: try registry(opened: Counter()))
    let error = #expect(throws: ResolutionError.self) { try container.resolve("repository", as: UserRepository.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.location?.line == files["app.yaml", "1️⃣"].line)
    #expect(
      error?.message
        == "'repository' is built by an async factory or depends on one through 'init:' or a property, so it "
        + "cannot be resolved synchronously; resolve it with 'try await container.resolve(…)' (in top-level code, "
        + "where Swift picks the synchronous resolve, 'try await container.awaiting.resolve(…)'), or inject it "
        + "into a synchronous service as '{ provider: repository }' and await the provider")
  }

  @Test func aProviderOfAnAsyncServiceIsResolvedSynchronouslyAndAwaitedWhenCalled() async throws {
    let opened = Counter()
    let container = try link(graphScoped, registry: try registry(opened: opened))
    let user = try await container.resolve("user", as: DatabaseUser.self)
    #expect(opened.count == 0)
    let database = try await user.makeDatabase()
    #expect(database.path == "/var/app.db" && opened.count == 1)
    #expect(synchronousCallFails(user.makeDatabase) == .requiresAwait)
  }

  @Test func aHundredTasksAwaitingOneAsyncSingletonGetTheOneInstanceBuiltOnce() async throws {
    let opened = Counter()
    let container = try link(
      graphScoped.replacingOccurrences(of: "type: AsyncDatabase,", with: "type: AsyncDatabase, scope: singleton,"),
      registry: try registry(opened: opened))
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<100 {
        group.addTask { ObjectIdentifier(try await container.resolve("repository", as: UserRepository.self).database) }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(opened.count == 1)
  }

  @Test func aThrowingAsyncSingletonKeepsNothingAndTheNextResolveBuildsAgain() async throws {
    let opened = Counter()
    let container = try link(
      graphScoped.replacingOccurrences(of: "type: AsyncDatabase,", with: "type: AsyncDatabase, scope: singleton,"),
      registry: try registry(opened: opened, failures: Attempts(failures: 1)))
    let error = await #expect(throws: ResolutionError.self) {
      try await container.resolve("repository", as: UserRepository.self)
    }
    #expect(error?.code == .factoryFailed)
    #expect(error?.message == "the factory of 'database' threw: the disk is not mounted")
    let first = try await container.resolve("database", as: AsyncDatabase.self)
    let second = try await container.resolve("database", as: AsyncDatabase.self)
    #expect(first === second)
    #expect(opened.count == 1)
  }

  @Test func aCancelledWaiterNeitherCancelsNorSpoilsTheBuildForTheOthers() async throws {
    let opened = Counter()
    let sawCancellation = Counter()
    let gate = Gate()
    var registry = Registry()
    try registry.register(
      { @Sendable () async throws -> AsyncDatabase in
        await gate.wait()
        if Task.isCancelled { sawCancellation.increment() }
        return try await AsyncDatabase(path: "/gated.db", opened: opened)
      }, typeName: "AsyncDatabase", labels: [])
    let container = try link(
      """
      dicfg: 1
      services:
        database: { type: AsyncDatabase, scope: singleton }
      """, registry: registry)
    let cancelled = Task { try await container.resolve("database", as: AsyncDatabase.self) }
    await gate.waitForWaiter()
    cancelled.cancel()
    let other = Task { try await container.resolve("database", as: AsyncDatabase.self) }
    await gate.open()
    let database = try await other.value
    #expect(database.path == "/gated.db")
    #expect(try await cancelled.value === database)
    #expect(sawCancellation.count == 0)
    #expect(opened.count == 1)
  }

  @Test func anEagerAsyncSingletonNeedsTheAsyncCreationOfTheContainer() async throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        1️⃣database: { type: AsyncDatabase, scope: singleton, eager: true, init: { path: { value: /e.db } } }
      """
    ])
    let opened = Counter()
    let eagerPlan = try compiledPlan(files.texts["app.yaml"] ?? "")
    let error = #expect(throws: LinkError.self) {
      try Container(plan: eagerPlan, registry: try registry(opened: opened))
    }
    #expect(error?.diagnostics.map(\.code) == [.requiresAwait])
    #expect(error?.diagnostics.first?.location == files["app.yaml", "1️⃣"])
    let container = try await Container.create(plan: eagerPlan, registry: try registry(opened: opened))
    #expect(opened.count == 1)
    #expect(try await container.resolve("database", as: AsyncDatabase.self).path == "/e.db")
    #expect(opened.count == 1)
  }

  @Test func aContainerCreatedFromAGraphFileAwaitsItsEagerAsyncSingletons() async throws {
    let files = InMemoryFileSystem([
      "app.yaml": """
      dicfg: 1
      parameters:
        databasePath: /base.db
      externals:
        region: { type: String }
      services:
        database: { type: AsyncDatabase, scope: singleton, eager: true, init: { path: $databasePath } }
        repository: { type: UserRepository, init: { database: database } }
      """,
      "app.production.yaml": """
      dicfg: 1
      parameters:
        databasePath: /production.db
      """,
      "override.yaml": """
      dicfg: 1
      services:
        archive: { type: AsyncDatabase, scope: singleton, eager: true, init: { path: { value: /archive.db } } }
      """,
    ])
    let opened = Counter()
    let stub = UserRepository(database: try await AsyncDatabase(path: "/stub.db", opened: Counter()))
    var replacements = Replacements()
    replacements.replace("repository", with: stub)
    let warnings = Mutex<[DiagnosticCode]>([])
    let container = try await Container.create(
      graphFile: "app.yaml", environments: ["production"], overrides: ["override.yaml"],
      registry: try registry(opened: opened), externals: ["region": "eu"], replacing: replacements,
      compiler: GraphCompiler(fileSystem: files),
      warning: { diagnostic in warnings.withLock { $0.append(diagnostic.code) } })
    // Both eager singletons were built while the container was created, each once.
    #expect(opened.count == 2)
    #expect(try await container.resolve("database", as: AsyncDatabase.self).path == "/production.db")
    #expect(try await container.resolve("archive", as: AsyncDatabase.self).path == "/archive.db")
    #expect(try await container.resolve("repository", as: UserRepository.self) === stub)
    #expect(opened.count == 2)
    #expect(warnings.withLock { $0 } == [.unusedExternal])

    // The synchronous creation refuses it, at the eager service, before building anything.
    let refused = Counter()
    let error = #expect(throws: LinkError.self) {
      try Container(
        graphFile: "app.yaml", registry: try registry(opened: refused), externals: ["region": "eu"],
        compiler: GraphCompiler(fileSystem: files), warning: { _ in })
    }
    #expect(error?.diagnostics.map(\.code) == [.requiresAwait])
    #expect(error?.diagnostics.first?.message.contains("Container.create(graphFile:registry:…)") == true)
    #expect(refused.count == 0)

    // A graph file with an error throws its diagnostics and builds nothing.
    let broken = InMemoryFileSystem([
      "app.yaml": "dicfg: 1\nservices:\n  database: { type: AsyncDatabase, scope: singlton }\n"
    ])
    let diagnostics = await #expect(throws: DiagnosticsError.self) {
      try await Container.create(
        graphFile: "app.yaml", registry: try registry(opened: refused), compiler: GraphCompiler(fileSystem: broken))
    }
    #expect(diagnostics?.diagnostics.map(\.code) == [.unknownScope])
    #expect(diagnostics?.diagnostics.first?.location.line == 3)
  }

  @Test func anAsyncSingletonWhoseFactoryAwaitsItselfIsACycleNotAHang() async throws {
    var registry = Registry()
    try registry.register(
      { @Sendable (container: Container) async throws -> AsyncDatabase in
        _ = try await container.resolve("database", as: AsyncDatabase.self)
        return try await AsyncDatabase(path: "/never", opened: Counter())
      }, typeName: "AsyncDatabase", labels: ["container"])
    let container = try link(
      """
      dicfg: 1
      services:
        database: { type: AsyncDatabase, scope: singleton, init: { container: $container } }
      """, registry: registry)
    let error = await #expect(throws: ResolutionError.self) {
      try await container.resolve("database", as: AsyncDatabase.self)
    }
    #expect(error?.code == .dependencyCycle)
  }

  @Test func anAsyncSingletonWhoseFactoryAwaitsTheSameServiceOfAnotherContainerIsNoCycle() async throws {
    let graph = """
      dicfg: 1
      services:
        database: { type: AsyncDatabase, scope: singleton, init: { path: { value: /db } } }
      """
    let opened = Counter()
    let other = try link(graph, registry: try registry(opened: opened))
    var registry = Registry()
    try registry.register(
      { @Sendable (path: String) async throws -> AsyncDatabase in
        // The same service of another link: built there, not a request for the one building here.
        let theirs = try await other.resolve("database", as: AsyncDatabase.self)
        return try await AsyncDatabase(path: theirs.path + path, opened: opened)
      }, typeName: "AsyncDatabase", labels: ["path"])
    let container = try link(graph, registry: registry)
    let database = try await container.resolve("database", as: AsyncDatabase.self)
    #expect(database.path == "/db/db")
    #expect(try await other.resolve("database", as: AsyncDatabase.self) !== database)
    #expect(opened.count == 2)
  }
}

/// The code of the error a synchronous call of `provider` throws.
private func synchronousCallFails(_ provider: Provider<AsyncDatabase>) -> DiagnosticCode? {
  do {
    _ = try provider([:])
    return nil
  } catch {
    return (error as? ResolutionError)?.code
  }
}

/// Holds tasks until it is opened.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var arrivals: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    for arrival in arrivals { arrival.resume() }
    arrivals = []
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Returns once a task waits at the gate.
  func waitForWaiter() async {
    if !waiters.isEmpty { return }
    await withCheckedContinuation { arrivals.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

final class RemoteSettings: Sendable {
  let session: UserRepository
  let url: String
  init(session: UserRepository, url: String) {
    self.session = session
    self.url = url
  }
}
final class SettingsScreen: Sendable {
  let settings: RemoteSettings
  let session: UserRepository
  init(settings: RemoteSettings, session: UserRepository) {
    self.settings = settings
    self.session = session
  }
}

@Suite struct AsyncClosureByLabelTests {
  private let graph = """
    dicfg: 1
    services:
      database: { type: AsyncDatabase, scope: singleton, init: { path: { value: /tmp/app.db } } }
      session: { type: UserRepository, init: { database: database } }
      settings: { type: RemoteSettings, init: { session: session, url: { value: "https://example.com/settings" } } }
      screen: { type: SettingsScreen, init: { settings: settings, session: session } }
    """

  private func registry(opened: Counter) throws -> Registry {
    var registry = Registry()
    try registry.register(
      { @Sendable (path: String) async throws -> AsyncDatabase in try await AsyncDatabase(path: path, opened: opened) },
      typeName: "AsyncDatabase", labels: ["path"])
    try registry.register(UserRepository.init(database:))
    // An async closure asking for its arguments by label, awaiting before it builds.
    try registry.register(RemoteSettings.self) { arguments in
      try await Task.sleep(nanoseconds: 1_000_000)
      return RemoteSettings(session: try arguments("session"), url: try arguments("url"))
    }
    try registry.register(SettingsScreen.init(settings:session:))
    return registry
  }

  @Test func anAsyncClosureByLabelSharesTheGraphInstancesAcrossItsAwaits() async throws {
    let opened = Counter()
    let container = try link(graph, registry: try registry(opened: opened))
    let screen = try await container.resolve("screen", as: SettingsScreen.self)
    #expect(screen.settings.session === screen.session, "one graph-scoped session across the await")
    #expect(screen.settings.url == "https://example.com/settings")
    let again = try await container.resolve("screen", as: SettingsScreen.self)
    #expect(again.session !== screen.session && again.session.database === screen.session.database)
    #expect(opened.count == 1)
  }

  @Test func aSynchronousResolveOfItIsRefusedBeforeAnythingIsBuilt() throws {
    let opened = Counter()
    let container = try link(graph, registry: try registry(opened: opened))
    let error = #expect(throws: ResolutionError.self) { try container.resolve("screen", as: SettingsScreen.self) }
    #expect(error?.code == .requiresAwait)
    #expect(opened.count == 0)
  }
}
