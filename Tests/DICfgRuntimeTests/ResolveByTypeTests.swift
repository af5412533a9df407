import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ResolveByTypeTests {
  @Test func manyTypesEachKeepTheirOwnServiceAsTheLinkLearnsThem() throws {
    var registry = Registry()
    try registry.register(TypeA.init)
    try registry.register(TypeB.init)
    try registry.register(TypeC.init)
    try registry.register(TypeD.init)
    try registry.register(TypeE.init)
    try registry.register(TypeF.init)
    try registry.register(TypeG.init)
    try registry.register(TypeH.init)
    try registry.register(TypeI.init)
    try registry.register(TypeJ.init)
    var text = "dicfg: 1\nservices:\n"
    for name in "ABCDEFGHIJ" { text += "  service\(name): { type: Type\(name), scope: singleton }\n" }
    let container = try link(text, registry: registry)
    for _ in 0..<2 {
      #expect(try container.resolve(TypeA.self) === container.resolve("serviceA", as: TypeA.self))
      #expect(try container.resolve(TypeB.self) === container.resolve("serviceB", as: TypeB.self))
      #expect(try container.resolve(TypeC.self) === container.resolve("serviceC", as: TypeC.self))
      #expect(try container.resolve(TypeD.self) === container.resolve("serviceD", as: TypeD.self))
      #expect(try container.resolve(TypeE.self) === container.resolve("serviceE", as: TypeE.self))
      #expect(try container.resolve(TypeF.self) === container.resolve("serviceF", as: TypeF.self))
      #expect(try container.resolve(TypeG.self) === container.resolve("serviceG", as: TypeG.self))
      #expect(try container.resolve(TypeH.self) === container.resolve("serviceH", as: TypeH.self))
      #expect(try container.resolve(TypeI.self) === container.resolve("serviceI", as: TypeI.self))
      #expect(try container.resolve(TypeJ.self) === container.resolve("serviceJ", as: TypeJ.self))
    }
    let missing = #expect(throws: ResolutionError.self) { try container.resolve(Flaky.self) }
    #expect(missing?.code == .unknownService)
  }

  @Test func eachContainerFindsItsOwnServiceForATypeEveryTime() throws {
    var registry = Registry()
    try registry.register({ () -> any Store in MemoryStore() }, typeName: "MemoryStore")
    try registry.register(Flaky.init)
    let main = try link(
      """
      dicfg: 1
      containers:
        main:
          collaborators: [shared]
          services:
            local: { type: MemoryStore, as: [Store], scope: singleton }
        shared:
          services:
            common: { type: MemoryStore, as: [Store], scope: singleton }
            first: { type: Flaky, scope: singleton }
            second: { type: Flaky, scope: singleton }
      """, registry: registry)
    let shared = try #require(main.container(named: "shared"))
    for _ in 0..<3 {
      #expect(try main.resolve((any Store).self) === main.resolve("local", as: (any Store).self))
      #expect(try shared.resolve((any Store).self) === shared.resolve("common", as: (any Store).self))
      let ambiguous = #expect(throws: ResolutionError.self) { try shared.resolve(Flaky.self) }
      #expect(ambiguous?.code == .ambiguousReference)
    }
    let seen = Collected<ObjectIdentifier>()
    #expect(
      runOnThreads(8) { _ in
        for _ in 0..<100 { if let store = try? main.resolve((any Store).self) { seen.append(ObjectIdentifier(store)) } }
      })
    #expect(seen.all.count == 800)
    #expect(Set(seen.all) == [ObjectIdentifier(try main.resolve("local", as: (any Store).self))])
  }
}
