import Foundation
import Testing

/// `Tests/PluginPackage`: a package applying the build-tool plugin.
private let fixturePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("PluginPackage").path

/// The `swift` executable running these tests, or the one on the path.
private let swiftExecutable: String = {
  let environment = ProcessInfo.processInfo.environment
  if let toolchain = environment["SWIFT_EXEC"].map({ URL(fileURLWithPath: $0).deletingLastPathComponent().path }),
    FileManager.default.isExecutableFile(atPath: toolchain + "/swift")
  {
    return toolchain + "/swift"
  }
  for folder in (environment["PATH"] ?? "").split(separator: ":")
  where FileManager.default.isExecutableFile(
    atPath: "\(folder)/swift")
  {
    return "\(folder)/swift"
  }
  return "/usr/bin/swift"
}()

/// Runs `swift ARGUMENTS` in the fixture package; its exit status and its output (both streams).
private func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: swiftExecutable)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: fixturePackage)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// One clean scratch folder for every build of the suite, removed when the process ends.
private let scratch: String = {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-plugin-\(UUID().uuidString)")
  atexit { try? FileManager.default.removeItem(atPath: scratch) }
  return folder.path
}()

/// The lines of a build's output that are compiler errors, with the fixture's path made relative.
private func errors(_ output: String) -> [String] {
  output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") && !$0.hasPrefix(" ") }
    .map { $0.replacingOccurrences(of: fixturePackage + "/", with: "") }
}

@Suite(.serialized) struct PluginBuildTests {
  @Test func aPackageApplyingThePluginBuildsAndResolvesWithNoGraphFileAtRunTime() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--product", "ShopApp"])
    #expect(build.status == 0, "\(build.output)")
    #expect(!build.output.contains("warning:"), "\(build.output)")
    let run = try swift(["run", "--scratch-path", scratch, "--skip-build", "ShopApp"])
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains(
        "base: client URLSessionClient, fee 0.25, retries 3, environment production, banner Welcome, one client: true"))
    #expect(
      run.output.contains(
        "test: client StubClient, fee 0.25, retries 3, environment production, banner Welcome, one client: true"))
  }

  @Test(arguments: [
    (
      "WrongLabel",
      "Sources/WrongLabel/dicfg.yaml:5:64: error: type 'Shipping.Gateway' has no member 'init(retires:)'"
    ),
    (
      "SwappedArguments",
      "Sources/SwappedArguments/dicfg.yaml:5:60: error: type 'AppConfig' has no member 'init(baseURL:environment:)'"
    ),
    (
      "WrongArgumentType",
      "Sources/WrongArgumentType/dicfg.yaml:9:9: error: argument type 'Shipping.Gateway' does not conform to expected "
        + "type 'HTTPClient'"
    ),
    (
      "StringForDouble",
      "Sources/StringForDouble/dicfg.yaml:8:9: error: cannot convert value of type 'String' to expected argument type "
        + "'Double'"
    ),
    ("UnknownType", "Sources/UnknownType/dicfg.yaml:3:46: error: cannot find 'Paymnts' in scope"),
  ])
  func aMistakeInTheGraphFileFailsTheBuildAtItsLine(target: String, firstError: String) throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", target])
    #expect(build.status != 0)
    #expect(errors(build.output).first == firstError, "\(build.output)")
  }

  @Test func aGraphFileErrorFailsTheBuildWithTheDiagnosticValidatePrints() throws {
    let build = try swift(["build", "--scratch-path", scratch, "--target", "BrokenGraph"])
    #expect(build.status != 0)
    #expect(
      errors(build.output).first
        == "Sources/BrokenGraph/dicfg.yaml:6:15: error: argument 'client' of 'payments' refers to 'httpClinet', which "
        + "nothing provides; define a service or external with that id, or bind the type with 'as' [#unknown-reference]",
      "\(build.output)")
  }
}
