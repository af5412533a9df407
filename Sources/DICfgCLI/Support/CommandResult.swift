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
