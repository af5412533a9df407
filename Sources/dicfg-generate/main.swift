// The build plugins' tool: `dicfg generate` without the rest of the command-line tool, so an app
// that applies the plugin builds only the compiler and the Swift reader for it. Takes the same
// options as `dicfg generate` (see `dicfg generate --help`).
import DICfgGeneration
import Foundation

do {
  let outcome = try RegistryGeneration.parse(arguments: Array(CommandLine.arguments.dropFirst())).run()
  FileHandle.standardError.write(Data(outcome.standardError.utf8))
  exit(outcome.exitCode)
} catch {
  FileHandle.standardError.write(
    Data("dicfg-generate: \(error); the options are those of 'dicfg generate --help'\n".utf8))
  exit(64)
}
