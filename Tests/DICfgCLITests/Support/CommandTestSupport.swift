import ArgumentParser
import DICfgCLI
import DICfgTestSupport
import Foundation
import Testing

/// The folder of the CLI tests, so fixtures and golden files are found wherever the package is cloned.
let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
/// The repository's root.
let repositoryRoot = RepositoryFiles.root

/// Runs a command in-process with paths given relative to the repository and shown that way.
func runCommand(_ arguments: [String]) throws -> CommandResult {
  let absolute = arguments.map {
    $0.hasPrefix("config-examples/") || $0.hasPrefix("Tests/") ? repositoryRoot + "/" + $0 : $0
  }
  let command = try DICfgCommand.parseAsRoot(absolute)
  var result: CommandResult
  switch command {
  case let command as ValidateCommand: result = command.execute()
  case let command as GraphCommand: result = command.execute()
  case let command as ExplainCommand: result = command.execute()
  case let command as CompileCommand: result = command.execute()
  case let command as SchemaCommand: result = command.execute()
  case let command as GenerateCommand: result = command.execute()
  case let command as DiffCommand: result = command.execute()
  default: throw ValidationError("no such command in the tests")
  }
  result.standardOutput = result.standardOutput.replacingOccurrences(of: repositoryRoot + "/", with: "")
  result.standardError = result.standardError.replacingOccurrences(of: repositoryRoot + "/", with: "")
  return result
}

/// Expects `text` to equal the golden file `Golden/NAME` (re-recorded with DICFG_RECORD_GOLDEN=1).
func expectGolden(_ text: String, _ name: String) {
  let mismatch = goldenMismatch(text, golden: "\(testsDirectory)/Golden/\(name)")
  #expect(mismatch == nil, "\(mismatch ?? "")")
}

/// Another package beside the one a test writes, whose product `ScannerSDK` declares the public
/// static `ScannerKit.foreground`: what a module's build reads of another package's product.
let scannerSDKPackage: [String: String] = [
  "ScannerSDK/Package.swift": """
  // swift-tools-version:6.1
  import PackageDescription
  let package = Package(
    name: "ScannerSDK", products: [.library(name: "ScannerSDK", targets: ["ScannerSDK"])],
    targets: [.target(name: "ScannerSDK")])
  """,
  "ScannerSDK/Sources/ScannerSDK/Scanner.swift": """
  public protocol Scanning: Sendable {}
  struct Camera: Scanning {}
  public enum ScannerKit { public static let foreground: any Scanning = Camera() }
  """,
]
