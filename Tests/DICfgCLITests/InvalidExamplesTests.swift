import DICfgCLI
import DICfgCore
import DICfgTestSupport
import Foundation
import Testing

private let invalidFolder = repositoryRoot + "/config-examples/invalid"

/// Each broken example: a file, or a folder whose graph files are validated together.
private func invalidExamples() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: invalidFolder)) ?? []
  return names.filter { !$0.hasSuffix(".txt") && !$0.hasSuffix(".md") }.sorted()
}

private func validate(example name: String) throws -> CommandResult {
  let path = invalidFolder + "/" + name
  var isFolder: ObjCBool = false
  _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
  let contents = isFolder.boolValue ? try FileManager.default.contentsOfDirectory(atPath: path).sorted() : []
  let files = isFolder.boolValue ? contents.filter { $0.hasSuffix(".yaml") }.map { path + "/" + $0 } : [path]
  // A folder with Swift files is checked against them, as the build plugin checks a target.
  let swift = contents.contains { $0.hasSuffix(".swift") } ? ["--swift", path] : []
  let command = try #require(
    try DICfgCommand.parseAsRoot(["validate", "--color", "never"] + swift + files) as? ValidateCommand)
  var result = command.execute()
  result.standardError = result.standardError.replacingOccurrences(of: repositoryRoot + "/", with: "")
  return result
}

@Suite struct InvalidExamplesTests {
  @Test(arguments: invalidExamples())
  func printsTheRecordedDiagnostics(name: String) throws {
    let result = try validate(example: name)
    let base = name.split(separator: ".").first.map(String.init) ?? name
    #expect(result.standardOutput.isEmpty)
    let expectsError = result.standardError.contains(": error: ")
    #expect(result.exitCode == (expectsError ? 1 : 0))
    let mismatch = goldenMismatch(result.standardError, golden: "\(invalidFolder)/\(base).expected.txt")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func everyCodeHasABrokenExample() throws {
    let recorded = try FileManager.default.contentsOfDirectory(atPath: invalidFolder)
      .filter { $0.hasSuffix(".expected.txt") }
      .map { try String(contentsOfFile: invalidFolder + "/" + $0, encoding: .utf8) }
      .joined()
    // io-error needs a file that is not there, internal-error a bug, unknown-environment an
    // '--env' option, and the runtime codes Swift factories: all are covered by their own tests.
    // needs-full-runtime needs `--runtime typed`: GenerateCommandTests shows it.
    // inaccessible-declaration needs two modules' folders under `Sources/`: ModuleBoundaryTests and the
    // plugin fixture's InternalAcrossModules show it.
    let exempt = Set<DiagnosticCode>(
      [.ioError, .internalError, .unknownEnvironment, .inaccessibleDeclaration, .needsFullRuntime]
        + DiagnosticCode.runtimeCodes)
    for code in DiagnosticCode.allCodes where !exempt.contains(code) {
      #expect(recorded.contains("[#\(code)]"), "no example in config-examples/invalid shows \(code)")
    }
  }
}
