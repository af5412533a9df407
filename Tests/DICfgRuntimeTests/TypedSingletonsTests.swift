@_spi(Generated) import DICfgTypedRuntime
import Foundation
import Testing

/// The typed runtime's storage, as a generated container over DICfgTypedRuntime uses it: each scope's
/// instance built once however many threads or tasks ask, kept as its scope says.
@Suite struct TypedSingletonsTests {
  final class Service: Sendable {
    let inner: Service?
    init(inner: Service? = nil) { self.inner = inner }
  }

  /// How many times a build ran, across threads.
  final class Count: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var total: Int { lock.withLock { value } }
  }

  struct Failure: Error {}

  @Test func aSingletonIsBuiltOnceAcrossThreadsAndReadBackTheSame() {
    let storage = TypedSingletons(serviceCount: 2)
    let builds = Count()
    let seen = Count()
    let first = storage.singleton(1, as: Service.self) {
      builds.add()
      return Service()
    }
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      let service = storage.singleton(1, as: Service.self) {
        builds.add()
        return Service()
      }
      if service === first { seen.add() }
    }
    #expect(builds.total == 1)
    #expect(seen.total == 64)
  }

  /// What generated code reads through: the slots beside the storage, the same instances.
  @Test func theSlotsReadWhatTheStorageKeeps() {
    let storage = TypedSingletons(serviceCount: 2)
    let slots = TypedSlots(storage)
    let builds = Count()
    let first = slots.singleton(1, as: Service.self) {
      builds.add()
      return Service()
    }
    #expect(slots.singleton(1, as: Service.self) { Service() } === first)
    #expect(storage.singleton(1, as: Service.self) { Service() } === first)
    #expect(slots.singleton(0, as: [Int].self) { [1] } == [1])
    #expect(builds.total == 1)
  }

  @Test func racingFirstBuildsBuildOnce() {
    let storage = TypedSingletons(serviceCount: 1)
    let builds = Count()
    let objects = Locked()
    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      let service = storage.singleton(0, as: Service.self) {
        builds.add()
        Thread.sleep(forTimeInterval: 0.001)
        return Service()
      }
      objects.insert(ObjectIdentifier(service))
    }
    #expect(builds.total == 1)
    #expect(objects.count == 1)
  }

  @Test func aBuildTakesTheSingletonsItNeedsOnItsThread() {
    let storage = TypedSingletons(serviceCount: 2)
    let outer = storage.singleton(0, as: Service.self) {
      Service(inner: storage.singleton(1, as: Service.self) { Service() })
    }
    #expect(outer.inner === storage.singleton(1, as: Service.self) { Service() })
    #expect(outer === storage.singleton(0, as: Service.self) { Service() })
  }

  @Test func aValueSingletonIsKeptAsBuilt() {
    let storage = TypedSingletons(serviceCount: 1)
    let builds = Count()
    for _ in 0..<3 {
      let value = storage.singleton(0, as: [String].self) {
        builds.add()
        return ["https://example.com"]
      }
      #expect(value == ["https://example.com"])
    }
    #expect(builds.total == 1)
  }

  @Test func aBuildThatThrowsKeepsNothing() throws {
    let storage = TypedSingletons(serviceCount: 1)
    #expect(throws: Failure.self) { try storage.singleton(0, as: Service.self) { throw Failure() } }
    let built = storage.singleton(0, as: Service.self) { Service() }
    #expect(built === storage.singleton(0, as: Service.self) { Service() })
  }

  @Test func aWeakServiceLivesWhileHeld() {
    let storage = TypedSingletons(serviceCount: 1)
    let builds = Count()
    let build = {
      builds.add()
      return Service()
    }
    var held: Service? = storage.weak(0, as: Service.self, build: build)
    #expect(storage.weak(0, as: Service.self, build: build) === held)
    #expect(builds.total == 1)
    held = nil
    let next = storage.weak(0, as: Service.self, build: build)
    #expect(builds.total == 2)
    #expect(storage.weak(0, as: Service.self, build: build) === next)
    #expect(builds.total == 2)
  }

  @Test func aCachedServiceIsKeptUntilTheReset() {
    let storage = TypedSingletons(serviceCount: 1)
    let first = storage.cached(0, as: Service.self) { Service() }
    #expect(storage.cached(0, as: Service.self) { Service() } === first)
    storage.resetCached()
    let second = storage.cached(0, as: Service.self) { Service() }
    #expect(second !== first)
    #expect(storage.cached(0, as: Service.self) { Service() } === second)
  }

  @Test func aCustomScopeIsResetApartFromCachedAndFromAnotherScope() {
    let storage = TypedSingletons(serviceCount: 3)
    let cached = storage.cached(0, as: Service.self) { Service() }
    let session = storage.cached(1, scope: 1, as: Service.self) { Service() }
    let request = storage.cached(2, scope: 2, as: Service.self) { Service() }
    storage.reset(scope: 1)
    #expect(storage.cached(1, scope: 1, as: Service.self) { Service() } !== session)
    #expect(storage.cached(0, as: Service.self) { Service() } === cached)
    #expect(storage.cached(2, scope: 2, as: Service.self) { Service() } === request)
    storage.resetCached()
    #expect(storage.cached(0, as: Service.self) { Service() } !== cached)
    #expect(storage.cached(2, scope: 2, as: Service.self) { Service() } === request)
  }

  @Test func anAwaitedSingletonIsBuiltOnceForRacingTasksAndAgainAfterAFailure() async throws {
    let storage = TypedSingletons(serviceCount: 2)
    let builds = Count()
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 {
        group.addTask {
          ObjectIdentifier(
            try await storage.awaitedSingleton(0, as: Service.self) {
              builds.add()
              try await Task.sleep(nanoseconds: 2_000_000)
              return Service()
            })
        }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(builds.total == 1)
    #expect(identities.count == 1)
    await #expect(throws: Failure.self) {
      _ = try await storage.awaitedSingleton(1, as: Service.self) { throw Failure() }
    }
    let built = try await storage.awaitedSingleton(1, as: Service.self) { Service() }
    #expect(try await storage.awaitedSingleton(1, as: Service.self) { Service() } === built)
  }

  @Test func aMainActorBuildRunsOnTheMainActor() async throws {
    let storage = TypedSingletons(serviceCount: 1)
    let onMain = try await storage.awaitedSingleton(0, as: Bool.self) { @MainActor in
      MainActor.assertIsolated()
      return true
    }
    #expect(onMain)
  }
}

/// A set of identities filled from several threads.
private final class Locked: @unchecked Sendable {
  private let lock = NSLock()
  private var identities = Set<ObjectIdentifier>()
  func insert(_ identity: ObjectIdentifier) { lock.withLock { _ = identities.insert(identity) } }
  var count: Int { lock.withLock { identities.count } }
}
