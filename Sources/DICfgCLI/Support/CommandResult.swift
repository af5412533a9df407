import ArgumentParser

/// What a command printed and its exit status, so commands run the same in-process (tests) and
/// from the `dicfg` executable.
public struct CommandResult: Sendable, Equatable {
  /// The exit status: 0 success, 1 findings, 64 usage error.
  public var exitCode: Int32
  /// Text for standard output.
  public var standardOutput: String
  /// Text for standard error.
  public var standardError: String

  /// Creates a result.
  public init(exitCode: Int32, standardOutput: String = "", standardError: String = "") {
    self.exitCode = exitCode
    self.standardOutput = standardOutput
    self.standardError = standardError
  }
}

/// A command whose work is a pure `execute`, run the same in-process (tests) and from the binary.
protocol ExecutableCommand {
  /// Does the work and returns what to print.
  ///
  /// - Parameter colorTerminal: Whether standard error is a terminal that shows colour.
  func execute(colorTerminal: Bool) -> CommandResult
}

extension ExecutableCommand {
  /// Runs `execute` for the process: prints its output and exits with its status.
  func runInProcess() throws {
    let result = execute(colorTerminal: Terminal.standardErrorShowsColor)
    Terminal.emit(result)
    if result.exitCode != 0 { throw ExitCode(result.exitCode) }
  }
}
