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
      // A number type no literal reaches does not fit; null fits an optional.
      #expect(literal.fits(type) == (type == "Int?"), "\(literal) \(type)")
      #expect(literal.swiftExpression(as: type) == nil, "\(literal) as \(type)")
    }
  }
}

/// The walks over a plan that the planner, the generator, `explain` and the graph renderer share.
@Suite struct PlanWalkTests {
  private func reference(_ service: Int) -> ResolutionPlan.ServiceReference {
    ResolutionPlan.ServiceReference(container: 0, service: service)
  }

  @Test func aValueNamesItsServicesAndExternalsInFileOrderWithHowItGivesThem() {
    let value = ResolutionPlan.Value.array([
      .service(reference(2)), .optional(.provider(reference(1))), .external(container: 0, index: 0),
      .tagged(tag: "plugin", services: [reference(3), reference(4)]), .literal(.int(1)), .lazy(reference(5)),
    ])
    #expect(
      value.named == [
        .service(reference(2), .passed), .service(reference(1), .deferred), .external(container: 0, index: 0),
        .service(reference(3), .tagged), .service(reference(4), .tagged), .service(reference(5), .deferred),
      ])
    #expect(value.builtServices == [reference(2), reference(3), reference(4)])
  }

  @Test func aResolveReachesWhatItsInitializersAndPropertiesTakeButNotWhatAProviderDefers() {
    var builder = ResolutionPlan.Builder(files: ["app.yaml"])
    let at = (0, 1, 1, 0)
    builder.container("main", at: at)
    builder.service("root", "Root", .graph, at: at)
    builder.initializer("child", .service(reference(1)), at: at)
    builder.property("extra", .service(reference(2)), at: at)
    builder.service("child", "Child", .graph, at: at)
    builder.initializer("make", .provider(reference(3)), at: at)
    builder.service("property", "Property", .graph, at: at)
    builder.service("deferred", "Deferred", .graph, at: at)
    let plan = builder.plan
    #expect(plan.reached(from: reference(0)) == [reference(0), reference(1), reference(2)])
    #expect(ScopeKind.graph.isPerResolve && ScopeKind.unique.isPerResolve && !ScopeKind.singleton.isPerResolve)
  }
}
