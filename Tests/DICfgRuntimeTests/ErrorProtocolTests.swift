import DICfg
import DICfgTestSupport
import Testing

private final class Thermometer: Sendable {}

/// Everything creating a container and resolving throw, caught as one protocol.
private func findings(_ body: () throws -> Void) -> [Diagnostic] {
  do {
    try body()
    return []
  } catch let error as any DICfgError {
    return error.diagnostics
  } catch {
    Issue.record("not a DICfgError: \(error)")
    return []
  }
}

@Suite struct ErrorProtocolTests {
  @Test func oneCatchHandlesCompileLinkResolveAndVerifyErrors() throws {
    let files = MarkedFiles([
      "broken.yaml": "dicfg: 1\nservices:\n  a: { type: A, init: { b: 1️⃣missing } }\n",
      "app.yaml": "dicfg: 1\nservices:\n  2️⃣thermometer: { type: Thermometer }\n",
    ])
    let compiler = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts))
    let compile = findings { _ = try Container(graphFile: "broken.yaml", registry: Registry(), compiler: compiler) }
    #expect(compile.map(\.code) == [.unknownReference])
    #expect(compile.first?.location == files["broken.yaml", "1️⃣"])

    let link = findings { _ = try Container(graphFile: "app.yaml", registry: Registry(), compiler: compiler) }
    #expect(link.map(\.code) == [.unregisteredType])
    #expect(link.first?.location == files["app.yaml", "2️⃣"])

    var registry = Registry()
    try registry.register(
      { () throws -> Thermometer in throw RegistryError("no sensor attached") }, typeName: "Thermometer")
    let container = try Container(graphFile: "app.yaml", registry: registry, compiler: compiler)
    let resolve = findings { _ = try container.resolve("thermometer", as: Thermometer.self) }
    #expect(resolve.map(\.code) == [.factoryFailed])
    #expect(resolve.first?.location == files["app.yaml", "2️⃣"])
    #expect(
      resolve.first?.message == "cannot resolve 'thermometer': the factory of 'thermometer' threw: no sensor attached")

    let unknown = findings { _ = try container.resolve("thermometr", as: Thermometer.self) }
    #expect(unknown.map(\.code) == [.unknownService])

    let verify = findings { try container.verify() }
    #expect(verify.map(\.code) == [.factoryFailed])
  }
}
