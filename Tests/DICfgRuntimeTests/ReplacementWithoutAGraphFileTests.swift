import DICfg
import Testing

private final class Sensor: Sendable {
  let reading: Int
  init(reading: Int) { self.reading = reading }
}
private final class SensorPanel: Sendable {
  let sensor: Sensor
  init(sensor: Sensor) { self.sensor = sensor }
}

@Suite struct ReplacementWithoutAGraphFileTests {
  @Test func aFactoryReplacementNeedsNeitherTheFactoryNorTheDependencies() throws {
    var registry = Registry()
    try registry.register(SensorPanel.init(sensor:))
    let built = Counter()
    var doubles = Replacements()
    doubles.replace("sensor") {
      built.increment()
      return Sensor(reading: 42)
    }
    let plan = try compiledPlan(
      """
      dicfg: 1
      services:
        sensor: { type: Sensor, init: { reading: { value: 1 }, bus: bus } }
        panel: { type: SensorPanel, init: { sensor: sensor } }
        bus: { type: Bus }
        gauge: { alias: sensor }
      """)
    // Neither 'Sensor' nor 'Bus' has a factory; replaced, 'sensor' needs none, but 'bus' is a
    // service of its own and does.
    let unregistered = #expect(throws: LinkError.self) { try Container(plan: plan, registry: registry) }
    #expect(unregistered?.diagnostics.map(\.code) == [.unregisteredType, .unregisteredType])
    var withBus = registry
    try withBus.register({ () -> Int in 0 }, typeName: "Bus")
    let container = try Container(plan: plan, registry: withBus, replacing: doubles)
    let first = try container.resolve("panel", as: SensorPanel.self)
    let second = try container.resolve("gauge", as: Sensor.self)
    #expect(first.sensor.reading == 42 && second.reading == 42)
    #expect(first.sensor !== second, "graph scope: the factory runs on each resolve")
    #expect(built.count == 2)
  }

}

private final class Alert: Sendable {
  let text: String
  init(text: String) { self.text = text }
}

@Suite struct ReplacingEveryWayOfBuildingTests {
  // A service is built by its type's initializer, a factory function, a factory object's method or
  // property, or a static property; replaced, each is built by the stand-in alone, so none of those
  // (nor the factory object) needs registering.
  @Test(arguments: [
    "{ type: Alert, init: { text: { value: real } } }",
    "{ type: Alert, factory: Alerts.make, init: { text: { value: real } } }",
    "{ type: Alert, factory: { receiver: alerts, method: make }, init: { text: { value: real } } }",
    "{ type: Alert, factory: { receiver: alerts, property: standard } }",
    "{ type: Alert, factory: Alerts.standard }",
  ])
  func aReplacedServiceIsBuiltByTheStandInWhateverBuildsIt(definition: String) throws {
    let plan = try compiledPlan(
      """
      dicfg: 1
      services:
        alerts: { type: Alerts }
        alert: \(definition)
        banner: { type: SensorPanel, scope: singleton, init: { sensor: sensor } }
        sensor: { type: Sensor, init: { reading: { value: 1 } } }
      """)
    var registry = Registry()
    try registry.register(SensorPanel.init(sensor:))
    try registry.register(Sensor.init(reading:))
    try registry.register({ () -> Int in 0 }, typeName: "Alerts")
    let stub = Alert(text: "stub")
    var doubles = Replacements()
    doubles.replace("alert", with: stub)
    let container = try Container(plan: plan, registry: registry, replacing: doubles)
    #expect(try container.resolve("alert", as: Alert.self) === stub)
    #expect(try container.resolve("banner", as: SensorPanel.self).sensor.reading == 1)
  }
}
