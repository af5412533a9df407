import DICfgCore
import Foundation
import Testing

/// A plan's service is a value: its fields live behind one shared reference, which copies share
/// and a change replaces.
@Suite struct PlanServiceTests {
  private let location = SourceLocation(file: "app.yaml", line: 3, column: 3, offset: 20)

  private func service(isolation: ResolutionPlan.Isolation = .nonisolated) -> ResolutionPlan.Service {
    ResolutionPlan.Service(
      id: "client", type: "Client", bindings: ["API"], scope: .singleton, eager: false, arguments: [],
      initializer: [
        ResolutionPlan.Argument(label: "retries", value: .literal(.int(3)), location: location)
      ],
      properties: [], tags: ["network"], location: location, isolation: isolation)
  }

  @Test func changingACopyLeavesTheOriginalAsItWas() {
    let original = service()
    var copy = original
    #expect(copy == original)
    copy.type = "StubClient"
    copy.initializer = []
    copy.isolation = .mainActor
    #expect(original.type == "Client")
    #expect(original.initializer.map(\.label) == ["retries"])
    #expect(original.isolation == .nonisolated)
    #expect(copy.type == "StubClient" && copy.initializer.isEmpty && copy.isolation == .mainActor)
    #expect(copy != original)
  }

  @Test func equalFieldsAreEqualAndHashAlikeWhateverTheirStorage() {
    let one = service()
    let other = service()
    #expect(one == other)
    #expect(Set([one, other]).count == 1)
    var changedBack = one
    changedBack.scope = .unique
    changedBack.scope = .singleton
    #expect(changedBack == one)
    #expect(changedBack.hashValue == one.hashValue)
  }

  @Test func theEncodedServiceHasItsKeysAndOmitsANonisolatedIsolation() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let plain = try #require(String(data: try encoder.encode(service()), encoding: .utf8))
    #expect(!plain.contains("isolation"))
    #expect(plain.hasPrefix(#"{"arguments":[],"bindings":["API"],"eager":false,"id":"client","initializer":["#))
    let isolated = try encoder.encode(service(isolation: .mainActor))
    #expect(String(data: isolated, encoding: .utf8)?.contains(#""isolation":"MainActor""#) == true)
    #expect(try JSONDecoder().decode(ResolutionPlan.Service.self, from: isolated) == service(isolation: .mainActor))
  }
}

/// A literal's Swift spelling follows the one rule of what fits and how the resolve converts it.
@Suite struct LiteralSwiftExpressionTests {
  @Test func aLiteralIsWrittenAsTheResolvePassesIt() {
    #expect(ResolutionPlan.Literal.int(3).swiftExpression(as: "Int") == "3")
    #expect(ResolutionPlan.Literal.int(3).swiftExpression(as: "Double") == "3")
    #expect(ResolutionPlan.Literal.int(1 << 25).swiftExpression(as: "Float") == "Float(33554432 as Int)")
    #expect(ResolutionPlan.Literal.double(0.1).swiftExpression(as: "Float") == "Float(0.1 as Double)")
    #expect(ResolutionPlan.Literal.double(0.25).swiftExpression(as: "Double?") == "0.25")
    #expect(ResolutionPlan.Literal.double(-.infinity).swiftExpression(as: "Double") == "-Double.infinity")
    #expect(ResolutionPlan.Literal.string("a\"b").swiftExpression(as: "String") == #""a\"b""#)
  }

  @Test func whatDoesNotFitOrIsNotAConvertedScalarHasNoExpression() {
    for (literal, type) in [
      (ResolutionPlan.Literal.double(0.5), "Int"), (.int(1), "Int64"), (.string("1"), "Int"), (.bool(true), "String"),
      (.int(1), "Decimal"), (.null, "Int?"),
    ] {
      // A type the resolve does not convert to is for other checks to judge (`fits` is true).
      #expect(literal.fits(type) == ["Int64", "Decimal", "Int?"].contains(type), "\(literal) \(type)")
      #expect(literal.swiftExpression(as: type) == nil, "\(literal) as \(type)")
    }
  }
}
