import Foundation

/// Keeps a value alive and opaque to the optimizer: unoptimized, so no call that feeds it can be
/// removed as dead code.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Times `body`: one warm-up round, then `rounds` rounds of `iterations` calls; the median round's
/// nanoseconds per call.
func nanosecondsPerCall(iterations: Int, rounds: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  for _ in 0..<max(1, iterations / 10) { try body() }
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = clock.now - start
    samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
  }
  samples.sort()
  return samples[samples.count / 2] / Double(iterations)
}

/// How much work each benchmark does: `--quick` for a smoke run in CI.
struct Effort {
  var iterations: Int
  var rounds: Int

  func scaled(_ divisor: Int) -> Int { max(1, iterations / divisor) }
}

func format(_ nanoseconds: Double) -> String {
  if nanoseconds >= 1_000_000 { return String(format: "%.1f ms", nanoseconds / 1_000_000) }
  if nanoseconds >= 10_000 { return String(format: "%.0f ns", nanoseconds) }
  if nanoseconds >= 100 { return String(format: "%.0f ns", nanoseconds) }
  return String(format: "%.1f ns", nanoseconds)
}

func ratio(_ value: Double, to reference: Double) -> String {
  String(format: "%.1f×", value / reference)
}
