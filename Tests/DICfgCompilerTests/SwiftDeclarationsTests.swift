import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import Foundation
import Testing

/// Finding a type by the name a graph file gives, after the declarations change and after they
/// travel as JSON.
@Suite struct SwiftDeclarationsTests {
  private let location = SourceLocation(file: "Types.swift", line: 1, column: 1, offset: 0)

  private func type(_ name: String) -> SwiftType {
    SwiftType(name: name, kind: .class, location: location, initializers: [])
  }

  @Test func aTypeIsFoundByItsNameWithoutModuleOrGenericArguments() {
    let swift = SwiftDeclarations(types: [type("Payments.Gateway"), type("Box")])
    #expect(swift.type(named: "Payments.Gateway")?.name == "Payments.Gateway")
    #expect(swift.type(named: "Box<Int>")?.name == "Box")
    #expect(swift.type(named: "Shop.Box")?.name == "Box")
    #expect(swift.type(named: "Missing") == nil)
  }

  @Test func typesAddedLaterAndDecodedFromJSONAreFound() throws {
    var swift = SwiftDeclarations(types: [type("A")])
    swift.types.append(type("B"))
    #expect(swift.type(named: "B")?.name == "B")
    let decoded = try JSONDecoder().decode(SwiftDeclarations.self, from: try JSONEncoder().encode(swift))
    #expect(decoded.type(named: "A")?.name == "A")
    #expect(decoded.type(named: "B")?.name == "B")
    #expect(decoded == swift)
  }
}
