import DICfgCompiler
import DICfgLoader
import DICfgTestSupport
import Foundation
import Testing

private let repositoryRoot = RepositoryFiles.root

/// The invalid examples whose mistake is one the schema can see too.
private let schemaLevelInvalidExamples = [
  "unknown-key.yaml", "invalid-value.yaml", "unsupported-version.yaml", "ambiguous-scope.yaml",
]

/// Whether Python's `jsonschema` can be imported; CI installs it, so there it always runs.
private let hasJSONSchema: Bool = {
  if ProcessInfo.processInfo.environment["CI"] != nil { return true }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", "import jsonschema"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}()

@Suite struct SchemaTests {
  @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema (pip install jsonschema); .ci/run installs it"))
  func schemaAcceptsEveryValidExampleAndRejectsSchemaLevelMistakes() throws {
    let examples = repositoryRoot + "/config-examples"
    var cases: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: examples)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".yaml") || relative.hasSuffix(".json"), !relative.hasPrefix("invalid/") else {
        continue
      }
      cases.append(try schemaCase(examples + "/" + relative, name: relative, valid: true))
    }
    for name in schemaLevelInvalidExamples {
      cases.append(try schemaCase(examples + "/invalid/" + name, name: "invalid/" + name, valid: false))
    }
    #expect(cases.count > 10)
    let casesFile = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-schema-\(UUID()).json")
    try Data(("[" + cases.joined(separator: ",") + "]").utf8).write(to: casesFile)
    defer { try? FileManager.default.removeItem(at: casesFile) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repositoryRoot + "/Scripts/check_schema.py", repositoryRoot + "/schema/dicfg.schema.json",
      casesFile.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)(needs python3 with jsonschema: pip install jsonschema)")
    #expect(text.hasSuffix("\(cases.count) passed, 0 failed\n"), "\(text)")
  }

  private func schemaCase(_ path: String, name: String, valid: Bool) throws -> String {
    let file = ConfigLoader().load(path: path)
    let root = try #require(file.root, "\(name) does not load: \(file.diagnostics)")
    let quotedName = ConfigNode(.scalar(.init(name, style: .doubleQuoted)), at: root.location).jsonText()
    return "{\"name\":\(quotedName),\"valid\":\(valid),\"document\":\(root.jsonText())}"
  }
}
