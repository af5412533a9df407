import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct IDLookupTests {
  @Test func builtSingletonsResolveByIdHoweverTheIdIsSpelledAndFromWhicheverContainer() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    try registry.register(Lookup.init(container:))
    let main = try link(
      """
      dicfg: 1
      containers:
        main:
          collaborators: [other]
          services:
            short: { type: Flaky, scope: singleton }
            aServiceIdLongerThanFifteenBytes: { type: Flaky, scope: singleton }
            lookup: { type: Lookup, init: { container: $container } }
        other:
          services:
            remote: { type: Flaky, scope: singleton }
      """, registry: registry)
    let short = try main.resolve("short", as: Flaky.self)
    #expect(try main.resolve("short", as: Flaky.self) === short)
    #expect(try main.resolve(String(decoding: Array("short".utf8), as: UTF8.self), as: Flaky.self) === short)
    #expect(try main.resolve(["sh", "ort"].joined(), as: Flaky.self, arguments: [:]) === short)
    let long = try main.resolve("aServiceIdLongerThanFifteenBytes", as: Flaky.self)
    #expect(try main.resolve(String("aServiceIdLongerThanFifteenBytes".reversed().reversed()), as: Flaky.self) === long)
    let remote = try main.resolve("remote", as: Flaky.self)
    let other = try #require(main.container(named: "other"))
    #expect(try other.resolve("remote", as: Flaky.self) === remote)
    let observing = try main.resolve("lookup", as: Lookup.self).container
    #expect(try observing.resolve("short", as: Flaky.self) === short)
    let wrong = #expect(throws: ResolutionError.self) { try main.resolve("short", as: Lookup.self) }
    #expect(wrong?.message == "'short' is a 'Flaky', not a 'Lookup'")
  }

  @Test func everyIdOfALargeContainerResolvesToItsOwnServiceAndOthersAreUnknown() throws {
    var registry = Registry()
    try registry.register(Flaky.init)
    var text = "dicfg: 1\nservices:\n"
    for index in 0..<300 { text += "  s\(index): { type: Flaky, scope: singleton }\n" }
    let container = try link(text, registry: registry)
    var seen: [ObjectIdentifier: String] = [:]
    for index in 0..<300 {
      let instance = try container.resolve("s\(index)", as: Flaky.self)
      #expect(instance === (try container.resolve("s\(index)", as: Flaky.self)))
      #expect(seen.updateValue("s\(index)", forKey: ObjectIdentifier(instance)) == nil)
    }
    for missing in ["s300", "s", "", "S1", "s01"] {
      let error = #expect(throws: ResolutionError.self) { try container.resolve(missing, as: Flaky.self) }
      #expect(error?.code == .unknownService)
    }
  }
}
