public import ArgumentParser
import DICfgLanguageServer
import Foundation

/// `dicfg lsp`: the language server, over standard input and output.
public struct LanguageServerCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Serve editors over the Language Server Protocol (standard input and output).",
    discussion: """
      Diagnostics as you type (the same as 'dicfg validate', over the file's imports and \
      environment layers), completion of keys, service ids, scopes and parameters, go to \
      definition, references, hover with the layer that set each field, symbols and rename. \
      An editor starts it; see the DocC article 'Editing Graph Files'.
      """)

  public init() {}

  public func run() throws {
    var reader = MessageReader(FileHandle.standardInput)
    let server = LanguageServer()
    let code = server.run(input: &reader) { data in FileHandle.standardOutput.write(data) }
    throw ExitCode(code)
  }
}
