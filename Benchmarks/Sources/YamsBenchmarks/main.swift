// Yams' node composition on the generated graph files, the peer for dicfg's loader.
//   YamsBenchmarks DIR [--quick]
import Foundation
import Yams

#if DEBUG
  // An unoptimized build runs Yams (and dicfg) several times slower; its figures are not these
  // benchmarks' figures.
  FileHandle.standardError.write(Data("build with -c release (Benchmarks/run.sh does) to measure\n".utf8))
  exit(2)
#endif

let arguments = CommandLine.arguments.dropFirst()
let folder = arguments.first ?? "."
let quick = arguments.contains("--quick")
print("| services | MB | Yams compose | MB/s |")
print("|---|---|---|---|")
for count in [1_000, 10_000, 100_000] {
  guard let data = FileManager.default.contents(atPath: "\(folder)/graph-\(count).yaml") else { continue }
  let text = String(decoding: data, as: UTF8.self)
  let rounds = quick ? 1 : 3
  var samples: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    let start = clock.now
    let node = try Yams.compose(yaml: text)
    let elapsed = clock.now - start
    withExtendedLifetime(node) {}
    samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  let seconds = samples.sorted()[samples.count / 2]
  print(
    "| \(count) | \(String(format: "%.1f", Double(data.count) / 1e6)) | \(String(format: "%.1f ms", seconds * 1e3)) | "
      + "\(String(format: "%.1f", Double(data.count) / 1e6 / seconds)) |")
}
