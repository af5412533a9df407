import DICfg
import Foundation
import Testing

/// Runs `body` on `count` threads released together; false when they do not all finish before
/// `timeout` seconds (a hang fails the test instead of blocking it).
func runOnThreads(_ count: Int, timeout: Double = 60, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      start.wait()
      body(index)
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  return group.wait(timeout: .now() + timeout) == .success
}

/// Collects values from many threads.
final class Collected<Value>: @unchecked Sendable {
  // `values` is guarded by `lock`.
  private let lock = NSLock()
  private var values: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  var all: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}

final class Counted: @unchecked Sendable {
  let name: String
  var partner: Counted?
  init(name: String) { self.name = name }
}

struct Counters: Sendable {
  let counters: [String: Counter]

  init(_ names: [String]) {
    counters = Dictionary(uniqueKeysWithValues: names.map { ($0, Counter()) })
  }

  func registry() throws -> Registry {
    var registry = Registry()
    for (name, counter) in counters {
      try registry.register(Counted.self, typeName: name) { arguments in
        counter.increment()
        return Counted(name: name)
      }
      try registry.property("partner", of: Counted.self, typeName: name) { (instance: Counted, partner: Counted?) in
        instance.partner = partner
      }
    }
    return registry
  }

  func count(_ name: String) -> Int { counters[name]?.count ?? -1 }
}

@Suite struct ConcurrencyTests {
  private let mixedGraph = """
    dicfg: 1
    scopes: { session: {} }
    services:
      config: { type: Config, scope: singleton }
      store: { type: Store, scope: singleton, properties: { partner: config } }
      session: { type: Session, scope: session, properties: { partner: store } }
      weakCache: { type: WeakCache, scope: weak, properties: { partner: store } }
      request: { type: Request, properties: { partner: session } }
      token: { type: Token, scope: unique, properties: { partner: weakCache } }
    """

  @Test func sixteenThreadsBuildEachSingletonOnce() throws {
    let counters = Counters(["Config", "Store", "Session", "WeakCache", "Request", "Token"])
    let container = try link(mixedGraph, registry: try counters.registry())
    let stores = Collected<ObjectIdentifier>()
    let failures = Collected<String>()
    let finished = runOnThreads(16) { index in
      for round in 0..<200 {
        do {
          let id = ["config", "store", "session", "weakCache", "request", "token"][(index + round) % 6]
          let instance = try container.resolve(id, as: Counted.self)
          if id == "store" { stores.append(ObjectIdentifier(instance)) }
          if id == "request", instance.partner?.partner == nil { failures.append("request without its store") }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(finished, "threads did not finish: a deadlock")
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    #expect(counters.count("Config") == 1)
    #expect(counters.count("Store") == 1)
    #expect(counters.count("Session") == 1)
    #expect(Set(stores.all).count == 1)
    #expect(counters.count("Request") >= 16 * 200 / 6)
  }

  @Test func hundredThreadsRaceToTheFirstResolveOfOneSingleton() throws {
    for _ in 0..<20 {
      let counters = Counters(["Config"])
      let container = try link(
        "dicfg: 1\nservices:\n  config: { type: Config, scope: singleton }\n", registry: try counters.registry())
      let seen = Collected<ObjectIdentifier>()
      let finished = runOnThreads(100) { _ in
        if let instance = try? container.resolve("config", as: Counted.self) { seen.append(ObjectIdentifier(instance)) }
      }
      #expect(finished)
      #expect(counters.count("Config") == 1)
      #expect(seen.all.count == 100)
      #expect(Set(seen.all).count == 1)
    }
  }

  @Test func oneHandleSharedByManyThreadsGivesEveryThreadTheOneSingleton() throws {
    for _ in 0..<20 {
      let counters = Counters(["Config"])
      let container = try link(
        "dicfg: 1\nservices:\n  config: { type: Config, scope: singleton }\n", registry: try counters.registry())
      let handle = try container.handle("config", as: Counted.self)
      let seen = Collected<ObjectIdentifier>()
      let finished = runOnThreads(32) { _ in
        for _ in 0..<50 {
          if let instance = try? handle.resolve() { seen.append(ObjectIdentifier(instance)) }
        }
      }
      #expect(finished)
      #expect(counters.count("Config") == 1)
      #expect(seen.all.count == 32 * 50)
      #expect(Set(seen.all).count == 1)
      #expect(try handle.resolve() === container.resolve("config", as: Counted.self))
    }
  }

  @Test func aWeakServiceReleasedAndRebuiltUnderManyThreadsIsOneInstanceWhileHeld() throws {
    let counters = Counters(["Config"])
    let container = try link(
      "dicfg: 1\nservices:\n  config: { type: Config, scope: weak }\n", registry: try counters.registry())
    let mismatches = Collected<Int>()
    let finished = runOnThreads(16) { _ in
      for round in 0..<300 {
        guard let held = try? container.resolve("config", as: Counted.self) else { continue }
        if let again = try? container.resolve("config", as: Counted.self), again !== held { mismatches.append(round) }
      }
    }
    #expect(finished)
    #expect(mismatches.all.isEmpty)
    #expect(counters.count("Config") >= 1)
  }

  /// Empty mappings and lists load as the shared empty array; under the thread sanitizer (CI)
  /// this fails if building one writes to shared storage.
  @Test func graphFilesWithEmptyCollectionsLoadOnManyThreadsAtOnce() throws {
    let counters = Counters(["Config"])
    let registry = try counters.registry()
    let failures = Collected<String>()
    let finished = runOnThreads(8) { _ in
      for _ in 0..<50 {
        do {
          let container = try link(
            "dicfg: 1\nparameters: {}\nservices:\n  config: { type: Config, tags: [], init: {} }\n",
            registry: registry)
          _ = try container.resolve("config", as: Counted.self)
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(finished)
    #expect(failures.all.isEmpty)
  }

  @Test func singletonsPointingAtEachOtherThroughPropertiesDoNotDeadlock() throws {
    for _ in 0..<30 {
      let counters = Counters(["Left", "Right"])
      let container = try link(
        """
        dicfg: 1
        services:
          left: { type: Left, scope: singleton, properties: { partner: right } }
          right: { type: Right, scope: singleton, properties: { partner: left } }
        """, registry: try counters.registry())
      let failures = Collected<String>()
      let finished = runOnThreads(8) { index in
        do {
          let instance = try container.resolve(index % 2 == 0 ? "left" : "right", as: Counted.self)
          if instance.partner == nil { failures.append("no partner") }
        } catch {
          failures.append("\(error)")
        }
      }
      #expect(finished, "deadlock")
      #expect(failures.all.isEmpty, "\(failures.all)")
      #expect(counters.count("Left") == 1)
      #expect(counters.count("Right") == 1)
      let left = try container.resolve("left", as: Counted.self)
      #expect(left.partner?.partner === left)
    }
  }

  @Test func resetRacingWithResolvesAlwaysGivesWholeInstances() throws {
    let counters = Counters(["Config", "Session"])
    let container = try link(
      """
      dicfg: 1
      scopes: { session: {} }
      services:
        config: { type: Config, scope: singleton }
        session: { type: Session, scope: session, properties: { partner: config } }
      """, registry: try counters.registry())
    let failures = Collected<String>()
    let finished = runOnThreads(8) { index in
      for _ in 0..<300 {
        do {
          if index == 0 {
            try container.reset(scope: "session")
          } else if try container.resolve("session", as: Counted.self).partner == nil {
            failures.append("a session without its config")
          }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(finished)
    #expect(failures.all.isEmpty)
    #expect(counters.count("Config") == 1)
  }

  @Test func throwingSingletonRacingWithOthersLeavesNothingHalfBuilt() throws {
    for _ in 0..<20 {
      let attempts = Counter()
      let builds = Counter()
      var registry = Registry()
      try registry.register(Counted.self, typeName: "Config") { _ in
        attempts.increment()
        // The first few attempts fail, whichever threads make them.
        if attempts.count <= 3 { throw FlakyError() }
        builds.increment()
        return Counted(name: "config")
      }
      try registry.register(Counted.self, typeName: "Store") { arguments in
        let store = Counted(name: "store")
        store.partner = try arguments("config")
        return store
      }
      let container = try link(
        """
        dicfg: 1
        services:
          config: { type: Config, scope: singleton }
          store: { type: Store, init: { config: config } }
        """, registry: registry)
      let configs = Collected<ObjectIdentifier>()
      let unexpected = Collected<String>()
      let finished = runOnThreads(12) { _ in
        for _ in 0..<5 {
          do {
            let store = try container.resolve("store", as: Counted.self)
            guard let config = store.partner else { return unexpected.append("a store without its config") }
            configs.append(ObjectIdentifier(config))
          } catch let error as ResolutionError where error.code == .factoryFailed {
            continue
          } catch {
            unexpected.append("\(error)")
          }
        }
      }
      #expect(finished)
      #expect(unexpected.all.isEmpty, "\(unexpected.all)")
      #expect(builds.count == 1, "built once after the failures")
      #expect(Set(configs.all).count == 1)
      #expect(try container.resolve("config", as: Counted.self).name == "config")
    }
  }

  @Test func slowSingletonDoesNotBlockAnUnrelatedOne() throws {
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    var registry = Registry()
    try registry.register(Counted.self, typeName: "Slow") { _ in
      started.signal()
      _ = release.wait(timeout: .now() + 30)
      return Counted(name: "slow")
    }
    try registry.register(Counted.self, typeName: "Fast") { _ in Counted(name: "fast") }
    let container = try link(
      "dicfg: 1\nservices:\n  slow: { type: Slow, scope: singleton }\n  fast: { type: Fast, scope: singleton }\n",
      registry: registry)
    let slowThread = Thread { _ = try? container.resolve("slow", as: Counted.self) }
    slowThread.start()
    #expect(started.wait(timeout: .now() + 30) == .success)
    let fastDone = runOnThreads(1, timeout: 10) { _ in _ = try? container.resolve("fast", as: Counted.self) }
    release.signal()
    #expect(fastDone, "resolving an unrelated singleton waited for the slow one")
  }
}
