import Foundation
import Testing

@testable import DICfgSwiftReader

/// The one way the tools run a program: both of its streams read together, so a child that fills
/// standard error before it writes its output ends, as one that writes little does.
@Suite struct ChildProcessTests {
  @Test func aChildFillingStandardErrorFirstIsReadToItsEnd() {
    let script = "head -c 300000 /dev/zero >&2; printf done"
    let ran = ChildProcess("/bin/sh", ["-c", script]).run()
    #expect(ran.status == 0)
    #expect(String(decoding: ran.output, as: UTF8.self) == "done")
    #expect(ran.errors.count == 300_000)
  }

  @Test func aProgramThatCannotStartSaysWhy() {
    let ran = ChildProcess("/nonexistent/program", []).run()
    #expect(ran.status == -1)
    #expect(!ran.errorText.isEmpty)
  }
}
