import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct InstanceKindTests {
  @Test func protocolTypedFactoriesAndValueTypesKeepTheirIdentityAndValue() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, typeName: "MemoryStore")
    try registry.register(Settings.init(retries:))
    try registry.register(Sync.init(first:second:settings:), labels: ["first", "second", "settings"])
    let container = try link(
      """
      dicfg: 1
      services:
        store: { type: MemoryStore }
        settings: { type: Settings, init: { retries: { value: 3 } } }
        sync: { type: Sync, scope: unique, init: { first: store, second: store, settings: settings } }
        otherSync: { type: Sync, scope: unique, init: { first: store, second: store, settings: settings } }
      """, registry: registry)
    let sync = try container.resolve("sync", as: Sync.self)
    #expect(sync.first === sync.second)
    #expect(sync.first is MemoryStore)
    #expect(sync.settings.retries == 3)
    let other = try container.resolve("otherSync", as: Sync.self)
    #expect(other.first !== sync.first)
    #expect(try container.resolve("store", as: (any Store).self) is MemoryStore)
    #expect(try container.resolve("settings", as: Settings.self).retries == 3)
  }
}
