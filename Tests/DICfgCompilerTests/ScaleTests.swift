import DICfgCompiler
import DICfgCore
import Foundation
import Testing

/// Written once by the worker thread, read only after its semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// Runs `body` on a thread with a 512 KiB stack.
private func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) throws -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = 512 << 10
  thread.start()
  #expect(done.wait(timeout: .now() + 300) == .success, "the compile on a small stack did not finish")
  return try #require(box.value)
}

@Suite struct ScaleTests {
  @Test func twoHundredThousandServiceChainCompilesOnASmallStack() throws {
    var text = "dicfg: 1\nservices:\n"
    text.reserveCapacity(10 << 20)
    for index in 0..<200_000 { text += "  s\(index): { type: S, init: { next: s\(index + 1) } }\n" }
    text += "  s200000: { type: S }\n"
    let source = text
    let result = try onSmallStack {
      GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": source])).compile(CompileRequest(file: "app.yaml"))
    }
    #expect(result.diagnostics.isEmpty)
    #expect(result.plan?.containers[0].services.count == 200_001)
  }

  @Test func thousandServiceCycleIsRejectedWithItsPathOnASmallStack() throws {
    var text = "dicfg: 1\nservices:\n"
    for index in 0..<1_000 { text += "  s\(index): { type: S, init: { next: s\((index + 1) % 1_000) } }\n" }
    let source = text
    let result = try onSmallStack {
      GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": source])).compile(CompileRequest(file: "app.yaml"))
    }
    #expect(result.diagnostics.map(\.code) == [.dependencyCycle])
    #expect(result.diagnostics.first?.notes.count == 1_000)
    #expect(result.diagnostics.first?.location.line == 3)
  }
}
