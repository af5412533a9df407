import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ListTests {
  @Test func listsConvertElementByElementToTheParameterType() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, typeName: "MemoryStore")
    try registry.register(Fleet.init(stores:anything:))
    try registry.register(Int.self, typeName: "Untyped") { arguments in
      let items: [Any] = try arguments("items")
      return items.count
    }
    let container = try link(
      """
      dicfg: 1
      services:
        a: { type: MemoryStore, scope: singleton }
        b: { type: MemoryStore, scope: singleton }
        fleet: { type: Fleet, init: { stores: [a, b, a], anything: [a, { value: 3 }, { value: x }] } }
        wrong: { type: Fleet, init: { stores: [a, { value: 3 }], anything: [] } }
        untyped: { type: Untyped, init: { items: [a, b] } }
      """, registry: registry)
    let fleet = try container.resolve("fleet", as: Fleet.self)
    #expect(fleet.stores.count == 3)
    #expect(fleet.stores[0] === fleet.stores[2])
    #expect(fleet.stores[0] !== fleet.stores[1])
    #expect(fleet.stores[0] === (try container.resolve("a", as: (any Store).self)))
    #expect(fleet.anything.count == 3)
    #expect(fleet.anything[1] as? Int == 3)
    #expect(fleet.anything[2] as? String == "x")
    #expect(try container.resolve("untyped", as: Int.self) == 2)
    let wrong = #expect(throws: ResolutionError.self) { try container.resolve("wrong", as: Fleet.self) }
    #expect(wrong?.code == .typeMismatch)
    #expect(wrong?.message.hasPrefix("argument 1 of 'Fleet' is a 'Array<Any>'") == true)
  }
}
