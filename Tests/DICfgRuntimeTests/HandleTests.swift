import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct HandleTests {
  /// A value singleton, a class-bound protocol singleton, a class singleton and a unique service.
  private func linkHandleServices() throws -> Container {
    var registry = Registry()
    try registry.register(Settings.init(retries:))
    try registry.register({ () -> any Store in MemoryStore() }, typeName: "MemoryStore")
    try registry.register(Flaky.init)
    return try link(
      """
      dicfg: 1
      services:
        settings: { type: Settings, scope: singleton, init: { retries: { value: 4 } } }
        store: { type: MemoryStore, scope: singleton }
        shared: { type: Flaky, scope: singleton }
        flaky: { type: Flaky, scope: unique }
      """, registry: registry)
  }

  @Test func handlesOfValueAndClassSingletonsKeepTheirInstance() throws {
    let container = try linkHandleServices()
    let settings = try container.handle("settings", as: Settings.self)
    #expect(try settings.resolve().retries == 4)
    #expect(try settings.resolve().retries == 4)
    let store = try container.handle("store", as: (any Store).self)
    #expect(try store.resolve() === store.resolve())
    #expect(try store.withInstance { ObjectIdentifier($0) } == ObjectIdentifier(try store.resolve()))
    let anyObject = try container.handle("store", as: AnyObject.self)
    #expect(try anyObject.withInstance { $0 === (try store.resolve()) })
    #expect(try store.resolve() === container.resolve("store", as: (any Store).self))
    let flaky = try container.handle("flaky", as: Flaky.self)
    #expect(try flaky.resolve() !== flaky.resolve())
  }

  @Test func withInstanceLendsTheSingletonOrResolvesWhatIsNotOne() throws {
    let container = try linkHandleServices()
    let shared = try container.handle("shared", as: Flaky.self)
    let first = try shared.withInstance { ObjectIdentifier($0) }
    #expect(first == ObjectIdentifier(try container.resolve("shared", as: Flaky.self)))
    #expect(try shared.withInstance { ObjectIdentifier($0) } == first)
    let fresh = try container.handle("flaky", as: Flaky.self)
    let lent = try fresh.withInstance { $0 }
    #expect(try lent !== fresh.resolve())
    #expect(try container.handle("settings", as: Settings.self).withInstance(\.retries) == 4)
    struct Refused: Error {}
    #expect(throws: Refused.self) { try shared.withInstance { _ in throw Refused() } }
  }
}
