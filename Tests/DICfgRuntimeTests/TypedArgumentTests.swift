import DICfg
import DICfgTestSupport
import Foundation
import Testing

@Suite struct TypedArgumentTests {
  /// A factory of two arguments (a fixed-arity overload) and one of seven (the variadic one).
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(Engine.init(power:name:))
    try registry.register(Seven.init(a:b:c:d:e:f:g:), labels: ["a", "b", "c", "d", "e", "f", "g"])
    return registry
  }

  @Test func fixedArityAndVariadicFactoriesReceiveTheirArgumentsInOrder() throws {
    let container = try link(
      """
      dicfg: 1
      services:
        engine: { type: Engine, init: { power: { value: 3 }, name: { value: v8 } } }
        seven: { type: Seven, init: { a: { value: 1 }, b: { value: 2 }, c: { value: 3 }, d: { value: 4 }, e: { value: 5 }, f: { value: 6 }, g: { value: 7 } } }
      """, registry: try registry())
    let engine = try container.resolve("engine", as: Engine.self)
    #expect(engine.power == 3.0)
    #expect(engine.name == "v8")
    #expect(try container.resolve("seven", as: Seven.self).values == [1, 2, 3, 4, 5, 6, 7])
  }

  @Test func aLiteralOfTheWrongTypeIsFoundAtLinkAtItsArgument() throws {
    let error = #expect(throws: LinkError.self) {
      try link(
        """
        dicfg: 1
        parameters:
          label: fast
        services:
          engine: { type: Engine, init: { power: $label, name: { value: v8 } } }
          seven: { type: Seven, init: { a: { value: 1 }, b: $label, c: { value: 3 }, d: { value: 4 }, e: { value: 5 }, f: { value: 6 }, g: { value: 7 } } }
        """, registry: try registry())
    }
    #expect(summaries(error?.diagnostics ?? []) == ["type-mismatch@5:35", "type-mismatch@6:50"])
  }

  @Test func aValueOfTheWrongTypeNamesTheArgumentTheServiceAndItsLocation() throws {
    // An environment variable's text is known only when the container is created: the resolve
    // finds the mismatch.
    let container = try link(
      """
      dicfg: 1
      parameters:
        label: ${DICFG_TEST_LABEL:-fast}
      services:
        engine: { type: Engine, init: { power: $label, name: { value: v8 } } }
        seven: { type: Seven, init: { a: { value: 1 }, b: $label, c: { value: 3 }, d: { value: 4 }, e: { value: 5 }, f: { value: 6 }, g: { value: 7 } } }
      """, registry: try registry())
    let engine = #expect(throws: ResolutionError.self) { try container.resolve("engine", as: Engine.self) }
    #expect(engine?.code == .typeMismatch)
    #expect(
      engine?.description
        == "cannot resolve 'engine': argument 1 of 'Engine' is a 'String', but the factory takes 'Double'; "
        + "fix the graph file's value or the registered type [#type-mismatch] (app.yaml:5:3)")
    let seven = #expect(throws: ResolutionError.self) { try container.resolve("seven", as: Seven.self) }
    #expect(seven?.code == .typeMismatch)
    #expect(
      seven?.description
        == "cannot resolve 'seven': argument 2 of 'Seven' is a 'String', but the factory takes 'Int'; "
        + "fix the graph file's value or the registered type [#type-mismatch] (app.yaml:6:3)")
  }
}
