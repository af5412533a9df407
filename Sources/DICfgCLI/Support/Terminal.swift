#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams.
enum Terminal {
  /// Whether standard error is a terminal that shows colour: a TTY, `TERM` not `dumb`, and
  /// `NO_COLOR` unset.
  static var standardErrorShowsColor: Bool {
    guard isatty(STDERR_FILENO) == 1, getenv("NO_COLOR") == nil else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }

  /// Writes a command's output to the process's streams.
  static func emit(_ result: CommandResult) {
    writeAll(result.standardOutput, to: STDOUT_FILENO)
    writeAll(result.standardError, to: STDERR_FILENO)
  }

  private static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
