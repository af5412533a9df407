import DICfg
import DICfgTestSupport
import Testing

private final class Disk: Sendable {}
private final class Cache: Sendable {
  init(disk: Disk) {}
}
private final class Feed: Sendable {
  init(cache: Cache) {}
}
private final class Clock: Sendable {
  init(zone: String) {}
}
private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}

@Suite struct VerifyTests {
  @Test func verifyReportsEachRootCauseOnceWithTheServicesItAlsoFails() throws {
    var registry = Registry()
    try registry.register({ () throws -> Disk in throw DiskFull() }, typeName: "Disk")
    try registry.register(Cache.init(disk:))
    try registry.register(Feed.init(cache:))
    try registry.register({ (_: String) throws -> Clock in throw DiskFull() }, typeName: "Clock", labels: ["zone"])
    let files = MarkedFiles([
      "app.yaml": """
      dicfg: 1
      services:
        feed: { type: Feed, init: { cache: cache } }
        cache: { type: Cache, init: { disk: disk } }
        1️⃣disk: { type: Disk }
        2️⃣clock: { type: Clock, init: { zone: { value: UTC } } }
      """
    ])
    let container = try link(files.texts["app.yaml"] ?? "", registry: registry)
    let error = #expect(throws: VerificationError.self) { try container.verify() }
    #expect(error?.failures.map(\.path) == [["disk"], ["clock"]])
    #expect(error?.failures.map(\.location) == [files["app.yaml", "1️⃣"], files["app.yaml", "2️⃣"]])
    #expect(error?.alsoFailing == [["feed", "cache"], []])
    #expect(
      error?.description
        == "cannot resolve 'disk': the factory of 'disk' threw: the disk is full [#factory-failed] (app.yaml:5:3); "
        + "it also fails 'feed', 'cache'\n"
        + "cannot resolve 'clock': the factory of 'clock' threw: the disk is full [#factory-failed] (app.yaml:6:3)")
  }
}
