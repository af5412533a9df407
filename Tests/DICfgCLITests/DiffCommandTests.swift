import DICfgCLI
import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Foundation
import Testing

@Suite struct DiffCommandTests {
  let base = "Tests/DICfgCLITests/Fixtures/diff/app.yaml"

  @Test func whatAnEnvironmentChangesEachAtItsLineAndLayer() throws {
    let result = try runCommand(["diff", base, "--env", "test"])
    #expect(result.exitCode == 0)
    #expect(result.standardError.isEmpty)
    expectGolden(result.standardOutput, "diff-test.txt")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    // The removal is at the layer's `analytics: null`, the swap at its `type:`.
    #expect(
      lines.contains(
        "\(base.replacingOccurrences(of: "app.yaml", with: "app.test.yaml")):12:3: [test] service 'analytics' removed (was ConsoleAnalytics)"
      ))
    #expect(
      lines.contains {
        $0.hasSuffix("[test] service 'http' type: URLSessionHTTPClient → StubHTTPClient")
          && $0.contains("app.test.yaml:8:5:")
      })
  }

  @Test func twoEnvironmentsNameTheLayerOfEitherSide() throws {
    let result = try runCommand(["diff", base, "--env", "test", "--env", "production"])
    #expect(result.exitCode == 0)
    expectGolden(result.standardOutput, "diff-test-production.txt")
    // The scope the test layer sets and production does not is the test layer's doing.
    #expect(result.standardOutput.contains("app.test.yaml:14:5: [test] service 'store' scope: graph → singleton"))
    #expect(result.standardOutput.contains("app.production.yaml:4:5: [production] service 'store' eager: false → true"))
  }

  @Test func twoVersionsOfAFileInEachFormat() throws {
    let newer = "Tests/DICfgCLITests/Fixtures/diff/new/app.yaml"
    let text = try runCommand(["diff", base, newer])
    expectGolden(text.standardOutput, "diff-versions.txt")
    let markdown = try runCommand(["diff", base, newer, "--format", "markdown"])
    expectGolden(markdown.standardOutput, "diff-versions.md")
    let json = try runCommand(["diff", base, newer, "--format", "json"])
    expectGolden(json.standardOutput, "diff-versions.json")
    struct Document: Decodable {
      var from: String
      var to: String
      var changes: [GraphChange]
    }
    let document = try JSONDecoder().decode(Document.self, from: Data(json.standardOutput.utf8))
    #expect(document.changes.count == 7)
    let pageSize = try #require(document.changes.first { $0.field == "init.pageSize" })
    #expect(pageSize.location.line == 24)
    #expect(pageSize.new == "20" && pageSize.old == nil && pageSize.layer == "base")
    // The same graphs give the same bytes.
    #expect(try runCommand(["diff", base, newer, "--format", "json"]).standardOutput == json.standardOutput)
    #expect(try runCommand(["diff", base, newer, "--exit-code"]).exitCode == 2)
  }

  @Test func identicalGraphsPrintNothing() throws {
    for arguments in [[base, base], [base, "--env", "test", "--env", "test"], [base, base, "--env", "production"]] {
      let result = try runCommand(["diff"] + arguments + ["--exit-code"])
      #expect(result.exitCode == 0)
      #expect(result.standardOutput.isEmpty && result.standardError.isEmpty)
    }
  }

  @Test func aGitRevisionOfTheSameFile() throws {
    let folder = try temporaryFolder([
      "app.yaml": "dicfg: 1\nservices:\n  api: { type: Api, scope: singleton }\n  log: { type: Log }\n",
      "app.test.yaml": "dicfg: 1\nservices:\n  api: { type: StubApi }\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    func git(_ arguments: String...) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "git \(arguments)")
    }
    try git("init", "-q")
    try git("add", ".")
    try git("commit", "-q", "-m", "first")
    let path = folder.appendingPathComponent("app.yaml").path
    try "dicfg: 1\nservices:\n  api: { type: Api, scope: graph }\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try runCommand(["diff", path, "--rev", "HEAD"])
    #expect(result.exitCode == 0, "\(result.standardError)")
    #expect(
      result.standardOutput == """
        \(path)@HEAD → \(path): 2 changes (1 removed, 1 changed)
        \(path):3:21: [base] service 'api' scope: singleton → graph
        \(path)@HEAD:4:3: [base] service 'log' removed (was Log)

        """)
    let json = try runCommand(["diff", path, "--rev", "HEAD", "--format", "json"]).standardOutput
    #expect(json.contains("\"file\" : \"\(path)@HEAD\""), "\(json)")
    #expect(json.contains("\"inOlderFiles\" : true"))
    // The revision's environment layer is read from the revision too.
    let layered = try runCommand(["diff", path, "--rev", "HEAD", "--env", "test"])
    #expect(layered.standardOutput.contains("service 'log' removed"))
    #expect(!layered.standardOutput.contains("type:"))
    let missing = try runCommand(["diff", path, "--rev", "no-such-revision"])
    #expect(missing.exitCode == 1)
    #expect(missing.standardError.contains("not in git revision 'no-such-revision'"))
  }

  @Test func aBrokenGraphShowsItsErrorsAndNothingElse() throws {
    let result = try runCommand(["diff", "config-examples/invalid/unknown-reference.yaml", "--env", "test"])
    #expect(result.exitCode == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("error:"))
  }

  @Test(arguments: [
    ([String](), "Name an environment (--env NAME), a second file, or a revision (--rev REV) to compare with."),
    (["--env", "a", "--env", "b", "--env", "c"], "Name one environment to compare with its base, or two"),
    (["other.yaml", "--rev", "HEAD"], "Compare two files, or one file with a revision, not both."),
  ])
  func usageMistakesSayWhatToWrite(arguments: [String], message: String) throws {
    #expect(throws: (any Error).self) { try runCommand(["diff", base] + arguments) }
    do {
      _ = try DICfgCommand.parseAsRoot(["diff", base] + arguments)
    } catch {
      #expect(DICfgCommand.message(for: error).contains(message))
    }
  }
}
