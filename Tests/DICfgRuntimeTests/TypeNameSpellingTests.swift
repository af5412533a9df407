import DICfg
import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import Testing

final class Crate<Item> {
  init() {}
}
final class Shelf<Item, Label> {
  init() {}
}

/// A type a graph file names is found by one rule in the target's Swift (by the compiler) and among
/// the registered factories and bound types (by the runtime): however it is spelled, both find it
/// or neither does.
@Suite struct TypeNameSpellingTests {
  static let spellings = [
    "Shelf<String, Int>", "Shelf<String,Int>", "Shelf< Swift.String , Int >", "DICfgRuntimeTests.Shelf<String, Int>",
  ]

  @Test(arguments: spellings) func aGenericTypeIsFoundHoweverItIsSpelled(spelling: String) throws {
    var registry = Registry()
    try registry.register(Shelf<String, Int>.init)
    let container = try link(
      """
      dicfg: 1
      services:
        shelf: { type: "\(spelling)", scope: singleton }
      """, registry: registry)
    let shelf = try container.resolve("shelf", as: Shelf<String, Int>.self)
    #expect(try container.resolve(Shelf<String, Int>.self) === shelf)

    let location = SourceLocation(file: "Types.swift", line: 1, column: 1, offset: 0)
    let swift = SwiftDeclarations(types: [SwiftType(name: "Shelf", kind: .class, location: location, initializers: [])])
    #expect(swift.type(named: spelling)?.name == "Shelf")
  }

  @Test func sugarNamesTheTypeSwiftSpellsOut() throws {
    var registry = Registry()
    try registry.register { [Crate<Int>()] }
    let container = try link(
      """
      dicfg: 1
      services:
        crates: { type: "[Crate<Int>]", scope: singleton }
      """, registry: registry)
    let crates = try container.resolve("crates", as: [Crate<Int>].self)
    #expect(try container.resolve([Crate<Int>].self).first === crates.first)
  }

  @Test func anotherGenericArgumentIsAnotherType() throws {
    var registry = Registry()
    try registry.register(Crate<Int>.init)
    let error = #expect(throws: LinkError.self) {
      try link("dicfg: 1\nservices:\n  crate: { type: \"Crate<String>\" }\n", registry: registry)
    }
    #expect(error?.diagnostics.map(\.code) == [.unregisteredType])
  }
}
