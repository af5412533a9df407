import DICfg
import DICfgTestSupport
import Foundation
import Testing

enum Gear: Sendable, Equatable {
  case low, high
}

final class Gearbox: Sendable {
  let gear: Gear
  let label: String
  init(gear: Gear, label: String) {
    self.gear = gear
    self.label = label
  }
}

final class GearDisplay: @unchecked Sendable {
  var gear: Gear = .low
  var ratio: Double = 1
}

/// Swift values and property literals reach the link: a value is made once when the container is
/// created, and one the registry cannot give, or a literal a property cannot take, is a link error
/// at its line, before anything is built.
@Suite struct SwiftValueLinkTests {
  private func registry() throws -> Registry {
    var registry = Registry()
    try registry.register(Gearbox.init(gear:label:), labels: ["gear", "label"])
    try registry.register(GearDisplay.init)
    try registry.property("gear", of: GearDisplay.self, \.gear)
    try registry.property("ratio", of: GearDisplay.self, \.ratio)
    return registry
  }

  @Test func aRegisteredSwiftValueReachesTheArgumentAndThePropertyOfItsType() throws {
    var registry = try registry()
    registry.swiftValue(".high") { Gear.high }
    registry.swiftValue(".high") { "not a gear" }
    let container = try link(
      """
      dicfg: 1
      services:
        gearbox: { type: Gearbox, init: { gear: { swift: .high }, label: { swift: .high } } }
        display: { type: GearDisplay, properties: { gear: { swift: .high } } }
      """, registry: registry)
    let gearbox = try container.resolve(Gearbox.self)
    #expect(gearbox.gear == .high && gearbox.label == "not a gear", "each for the type taken there")
    #expect(try container.resolve(GearDisplay.self).gear == .high)
  }

  @Test func aSwiftValueTheRegistryLacksIsALinkErrorAtTheValue() throws {
    var registry = try registry()
    registry.swiftValue(".high") { "a string" }
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        gearbox: { type: Gearbox, init: { 1️⃣gear: { swift: .high }, label: { value: x } } }
        display: { type: GearDisplay, properties: { 2️⃣gear: { swift: .low } } }
      """
    ])
    let error = #expect(throws: LinkError.self) { try link(files.texts["app.yaml"] ?? "", registry: registry) }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .unregisteredValue, at: files["app.yaml", "1️⃣"],
          "'gear' of 'gearbox' is the Swift value '.high', which the registry holds for no value of type 'Gear' "
            + "there; it holds it for 'String'; generate the registration from the graph file (the build plugin "
            + "does), or register it with 'registry.swiftValue(\".high\") { … }'"),
        DiagnosticFacts(
          .unregisteredValue, at: files["app.yaml", "2️⃣"],
          "'gear' of 'display' is the Swift value '.low', which the registry holds for no value of type 'Gear' "
            + "there; generate the registration from the graph file (the build plugin does), or register it with "
            + "'registry.swiftValue(\".low\") { … }'"),
      ])
  }

  @Test func aLiteralAPropertyCannotTakeIsALinkErrorAtTheValue() throws {
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        display: { type: GearDisplay, properties: { 1️⃣gear: { value: high }, ratio: { value: 2 } } }
      """
    ])
    let error = #expect(throws: LinkError.self) { try link(files.texts["app.yaml"] ?? "", registry: try registry()) }
    #expect(
      error?.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .typeMismatch, at: files["app.yaml", "1️⃣"],
          "property 'gear' of 'display' is the string 'high', but the setter registered for 'GearDisplay' takes "
            + "'Gear'; write a value of that type")
      ])
  }
}
