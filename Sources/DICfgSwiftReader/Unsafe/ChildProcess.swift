import Dispatch
import Foundation

/// A program run to its end, its standard output and standard error read together: a child that
/// fills one pipe while the other is read to its end would otherwise block, and so would its
/// parent. The one way dicfg's tools run git, `swift package`, `swiftc` and the symbol-graph
/// extractor.
package struct ChildProcess: Sendable {
  /// How the program ended: its exit status (-1 where it could not be started), and what it wrote.
  package struct Outcome: Sendable {
    package var status: Int32
    package var output: Data
    package var errors: Data

    /// Standard error as text, without the whitespace around it.
    package var errorText: String {
      String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  package var executable: String
  package var arguments: [String]

  package init(_ executable: String, _ arguments: [String]) {
    self.executable = executable
    self.arguments = arguments
  }

  /// Runs the program and waits for it; where it cannot be started, status -1 and the reason as its
  /// standard error.
  package func run() -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return Outcome(status: -1, output: Data(), errors: Data("\(error)".utf8))
    }
    // Standard error is read on another thread while this one reads standard output.
    let errorsRead = ReadOnce()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errorsRead.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    let written = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, output: written, errors: errorsRead.value)
  }
}

/// The bytes one thread reads and another takes once it has waited for the first.
///
/// `@unchecked Sendable`. Invariants: `set` is called once, on the reading thread, and `value` is read
/// only after the `DispatchGroup` that thread's work belongs to has been waited for, which orders the
/// write before the read; the lock keeps that so should either be called otherwise.
private final class ReadOnce: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ read: Data) {
    lock.lock()
    data = read
    lock.unlock()
  }

  var value: Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}
