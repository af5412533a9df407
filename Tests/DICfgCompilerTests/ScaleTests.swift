import DICfgCompiler
import DICfgCore
import DICfgTestSupport
import Foundation
import Testing

@Suite struct ScaleTests {
  @Test func twoHundredThousandServiceChainCompilesOnASmallStack() throws {
    var text = "dicfg: 1\nservices:\n"
    text.reserveCapacity(10 << 20)
    for index in 0..<200_000 { text += "  s\(index): { type: S, init: { next: s\(index + 1) } }\n" }
    text += "  s200000: { type: S }\n"
    let source = text
    let result = try #require(
      onSmallStack {
        GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": source])).compile(CompileRequest(file: "app.yaml"))
      }, "the compile on a small stack did not finish")
    #expect(result.diagnostics.isEmpty)
    #expect(result.plan?.containers[0].services.count == 200_001)
  }

  @Test func thousandServiceCycleIsRejectedWithItsPathOnASmallStack() throws {
    var text = "dicfg: 1\nservices:\n"
    for index in 0..<1_000 { text += "  s\(index): { type: S, init: { next: s\((index + 1) % 1_000) } }\n" }
    let source = text
    let result = try #require(
      onSmallStack {
        GraphCompiler(fileSystem: InMemoryFileSystem(["app.yaml": source])).compile(CompileRequest(file: "app.yaml"))
      }, "the compile on a small stack did not finish")
    #expect(result.diagnostics.map(\.code) == [.dependencyCycle])
    #expect(result.diagnostics.first?.notes.count == 1_000)
    #expect(result.diagnostics.first?.location.line == 3)
  }
}
