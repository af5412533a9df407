// Benchmarks dicfg against hand-written construction and Swinject (resolution), and against raw
// libyaml (loading). Prints Markdown tables; ratios are against the hand-written (or raw) run in
// the same process.
//
//   DICfgBenchmarks [--quick] [--files DIR]          resolution, link and loading tables
//   DICfgBenchmarks --memory STAGE FILE               one stage once, then peak memory in KiB
//     (STAGE: none, raw, loader or validate; each reads FILE itself, once)
import CLibYAMLRaw
import DICfg
import DICfgLoader
import DICfgRuntime
import Foundation
import Swinject

#if DEBUG
  // An unoptimized build runs Yams (and dicfg) several times slower; its figures are not these
  // benchmarks' figures.
  FileHandle.standardError.write(Data("build with -c release (Benchmarks/run.sh does) to measure\n".utf8))
  exit(2)
#endif

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
/// `--only resolution|threads|link|loading` runs one section.
let only = value(after: "--only")
func runs(_ section: String) -> Bool { only == nil || only == section }
let effort = quick ? Effort(iterations: 2_000, rounds: 3) : Effort(iterations: 200_000, rounds: 9)

func value(after flag: String) -> String? {
  guard let index = arguments.firstIndex(of: flag), arguments.index(after: index) < arguments.endIndex else {
    return nil
  }
  return arguments[arguments.index(after: index)]
}

// MARK: Loading stages

/// libyaml's event loop alone: the floor for any libyaml-based loader.
func rawEventCount(_ bytes: [UInt8]) -> Int {
  let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
  defer { parser.deallocate() }
  yaml_parser_initialize(parser)
  defer { yaml_parser_delete(parser) }
  return bytes.withUnsafeBufferPointer { buffer in
    yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
    var event = yaml_event_t()
    var count = 0
    while yaml_parser_parse(parser, &event) == 1 {
      let done = event.type == YAML_STREAM_END_EVENT
      yaml_event_delete(&event)
      count += 1
      if done { break }
    }
    return count
  }
}

/// The file's bytes, read once into an array of its size.
func readBytes(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { return [] }
  defer { fclose(file) }
  fseek(file, 0, SEEK_END)
  let size = ftell(file)
  fseek(file, 0, SEEK_SET)
  return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = fread(buffer.baseAddress, 1, size, file)
  }
}

let benchmarkLimits = LoaderLimits(maxFileSize: 1 << 30)

/// One stage on the file at `path`, reading it as a user's run would: raw libyaml on its bytes,
/// the loader and `validate` (the whole compile) from the path.
func runStage(_ stage: String, _ path: String) {
  switch stage {
  case "raw": blackHole(rawEventCount(readBytes(path)))
  case "loader": blackHole(ConfigLoader(limits: benchmarkLimits).load(path: path))
  case "validate":
    let compiler = GraphCompiler(loader: ConfigLoader(limits: benchmarkLimits))
    blackHole(compiler.compile(CompileRequest(file: path, environmentVariables: [:])))
  default: break
  }
}

if let stage = value(after: "--memory"), let file = arguments.last {
  runStage(stage, file)
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  print(usage.ru_maxrss)
  exit(0)
}

// MARK: Resolution

let dicfg = try dicfgContainer()
if let id = value(after: "--profile") {
  // One scenario, many times, for counting instructions (valgrind --tool=callgrind at two
  // iteration counts: the difference over the difference in iterations is the cost of one).
  let count = value(after: "--iterations").flatMap { Int($0) } ?? 300_000
  let body = try profiled(id, in: dicfg)
  for _ in 0..<count { try body() }
  exit(0)
}

/// The body of one scenario, by name: a service id (resolved by id with its Swift type),
/// `handle:ID` (by handle), `held:ID` (by id while an instance is held, for the weak scope),
/// `generated:ID` (the typed container's accessor) or `hand:ID` (the hand-written construction).
func profiled(_ name: String, in container: DICfgRuntime.Container) throws -> () throws -> Void {
  let hand = HandWritten()
  if name.hasPrefix("generated:") {
    let generated = try MainContainer(variables: [:])
    switch name.dropFirst("generated:".count) {
    case "singleton": return { blackHole(generated.singleton) }
    case "uniqueLeaf": return { blackHole(generated.uniqueLeaf) }
    case "diamond": return { blackHole(generated.diamond) }
    case "c49": return { blackHole(generated.c49) }
    case "hundred": return { blackHole(generated.hundred) }
    default: throw DiagnosticsError([])
    }
  }
  func typed<T>(_ id: String, _ type: T.Type) throws -> () throws -> Void {
    if name.hasPrefix("handle:") {
      let handle = try container.handle(id, as: T.self)
      return { blackHole(try handle.resolve()) }
    }
    return { blackHole(try container.resolve(id, as: T.self)) }
  }
  // The count in the name is the one `generate_startup.py` wrote, which instructions.sh divides by.
  if name == "startup:\(startupCount)" || name == "swinject:startup:\(startupCount)" {
    return try startup(swinject: name.hasPrefix("swinject:"))
  }
  let id = String(name.split(separator: ":").last ?? "")
  switch (name.hasPrefix("hand:"), id) {
  case (true, "singleton"): return { blackHole(hand.singleton) }
  case (true, "uniqueLeaf"): return { blackHole(Leaf()) }
  case (true, "diamond"): return { blackHole(hand.diamond()) }
  case (true, "c49"): return { blackHole(hand.chain()) }
  case (true, "wide"): return { blackHole(hand.wide()) }
  case (true, "hundred"): return { blackHole(Hundred.handWritten()) }
  case (false, "weakLeaf") where name.hasPrefix("held:"):
    let held = try container.resolve(id, as: Leaf.self)
    return { withExtendedLifetime(held) { blackHole(try? container.resolve(id, as: Leaf.self)) } }
  case (false, "singleton"), (false, "uniqueLeaf"), (false, "weakLeaf"): return try typed(id, Leaf.self)
  case (false, "diamond"): return try typed(id, Four.self)
  case (false, "c49"): return try typed(id, One.self)
  case (false, "wide"): return try typed(id, Root.self)
  case (false, "hundred"): return try typed(id, Hundred.self)
  case (false, "details"):
    return { blackHole(try container.resolve(id, as: Details.self, arguments: ["user": "fiona"])) }
  case (false, "link"):
    // Linking a chain of 1,000 services.
    var text = "dicfg: 1\nservices:\n  s0: { type: Leaf }\n"
    for index in 1..<1_000 { text += "  s\(index): { type: One, init: { a: s\(index - 1) } }\n" }
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(["link.yaml": text])).compile(
      CompileRequest(file: "link.yaml"))
    guard let plan = result.plan else { throw DiagnosticsError(result.diagnostics) }
    let registry = try benchmarkRegistry()
    return { blackHole(try DICfgRuntime.Container(plan: plan, registry: registry, environment: [:])) }
  default: throw DiagnosticsError([])
  }
}

/// Start-up: registering the `startupCount` types of `Startup.swift` and linking them to their graph (a chain),
/// as an app does once at launch; or registering them in Swinject. The plan is compiled beforehand,
/// as the build plugin embeds it.
func startup(swinject: Bool) throws -> () throws -> Void {
  if swinject {
    return { blackHole(Swinject.Container().withStartupRegistrations()) }
  }
  var text = "dicfg: 1\nservices:\n  s0: { type: Startup0 }\n"
  for index in 1..<startupCount {
    text += "  s\(index): { type: Startup\(index), init: { dependency: s\(index - 1) } }\n"
  }
  let result = GraphCompiler(fileSystem: InMemoryFileSystem(["startup.yaml": text])).compile(
    CompileRequest(file: "startup.yaml"))
  guard let plan = result.plan else { throw DiagnosticsError(result.diagnostics) }
  return {
    // As generated registration does: room for every registration.
    var registry = Registry(capacity: startupCount)
    try registerStartup(into: &registry)
    blackHole(try DICfgRuntime.Container(plan: plan, registry: registry, environment: [:]))
  }
}

extension Swinject.Container {
  func withStartupRegistrations() -> Swinject.Container {
    registerStartup(into: self)
    return self
  }
}

let swinject = swinjectContainer()
let hand = HandWritten()
/// The typed container the build plugin generates from `dicfg.yaml`.
let generated = try MainContainer(variables: [:])
let singletonHandle = try dicfg.handle("singleton", as: Leaf.self)
let diamondHandle = try dicfg.handle("diamond", as: Four.self)
let uniqueLeafHandle = try dicfg.handle("uniqueLeaf", as: Leaf.self)
_ = try dicfg.resolve("singleton", as: Leaf.self)
_ = swinject.resolve(Leaf.self, name: "singleton")

struct Row {
  var scenario: String
  var hand: Double
  var swinject: Double
  var dicfg: [(String, Double)]
}

var rows: [Row?] = []
func scenario(
  _ name: String, iterations: Int, hand: () -> Void, swinject: () -> Void, dicfg: [(String, () throws -> Void)]
)
  throws -> Row?
{
  guard runs("resolution") else { return nil }
  let handTime = nanosecondsPerCall(iterations: iterations, rounds: effort.rounds, hand)
  let swinjectTime = nanosecondsPerCall(iterations: max(1, iterations / 20), rounds: effort.rounds, swinject)
  var dicfgTimes: [(String, Double)] = []
  for (label, body) in dicfg {
    dicfgTimes.append((label, try nanosecondsPerCall(iterations: iterations, rounds: effort.rounds, body)))
  }
  return Row(scenario: name, hand: handTime, swinject: swinjectTime, dicfg: dicfgTimes)
}

rows.append(
  try scenario(
    "resolve a built singleton", iterations: effort.iterations * 10,
    hand: { blackHole(hand.singleton) },
    swinject: { blackHole(swinject.resolve(Leaf.self, name: "singleton")) },
    dicfg: [
      ("by id", { blackHole(try dicfg.resolve("singleton", as: Leaf.self)) }),
      ("by handle", { blackHole(try singletonHandle.resolve()) }),
      ("by type", { blackHole(try dicfg.resolve(AppConfig.self)) }),
      ("generated", { blackHole(generated.singleton) }),
    ]))
rows.append(
  try scenario(
    "resolve a unique leaf object", iterations: effort.iterations,
    hand: { blackHole(Leaf()) },
    swinject: { blackHole(swinject.resolve(Leaf.self, name: "uniqueLeaf")) },
    dicfg: [
      ("by id", { blackHole(try dicfg.resolve("uniqueLeaf", as: Leaf.self)) }),
      ("by handle", { blackHole(try uniqueLeafHandle.resolve()) }),
      ("generated", { blackHole(generated.uniqueLeaf) }),
    ]))
rows.append(
  try scenario(
    "graph scope, 10-node diamond (shared node)", iterations: effort.scaled(10),
    hand: { blackHole(hand.diamond()) },
    swinject: { blackHole(swinject.resolve(Four.self, name: "diamond")) },
    dicfg: [
      ("by id", { blackHole(try dicfg.resolve("diamond", as: Four.self)) }),
      ("by handle", { blackHole(try diamondHandle.resolve()) }),
      ("generated", { blackHole(generated.diamond) }),
    ]))
rows.append(
  try scenario(
    "graph scope, chain of 50", iterations: effort.scaled(50),
    hand: { blackHole(hand.chain()) },
    swinject: { blackHole(swinject.resolve(One.self, name: "c49")) },
    dicfg: [
      ("by id", { blackHole(try dicfg.resolve("c49", as: One.self)) }),
      ("generated", { blackHole(generated.c49) }),
    ]))
rows.append(
  try scenario(
    "root with 100 direct dependencies", iterations: effort.scaled(100),
    hand: { blackHole(hand.wide()) },
    swinject: { blackHole(swinject.resolve(Root.self, name: "wide")) },
    dicfg: [("by id", { blackHole(try dicfg.resolve("wide", as: Root.self)) })]))
rows.append(
  try scenario(
    "root with 100 typed initializer parameters", iterations: effort.scaled(100),
    hand: { blackHole(Hundred.handWritten()) },
    swinject: { blackHole(swinject.resolve(Hundred.self, name: "hundred")) },
    dicfg: [
      ("by id", { blackHole(try dicfg.resolve("hundred", as: Hundred.self)) }),
      ("generated", { blackHole(generated.hundred) }),
    ]))
rows.append(
  try scenario(
    "run-time argument", iterations: effort.scaled(2),
    hand: { blackHole(hand.details(user: "fiona")) },
    swinject: { blackHole(swinject.resolve(Details.self, argument: "fiona")) },
    dicfg: [("by id", { blackHole(try dicfg.resolve("details", as: Details.self, arguments: ["user": "fiona"])) })]))
let heldWeak = try dicfg.resolve("weakLeaf", as: Leaf.self)
let heldSwinjectWeak = swinject.resolve(Leaf.self, name: "weakLeaf")
rows.append(
  try scenario(
    "weak scope, instance held", iterations: effort.iterations,
    hand: { blackHole(heldWeak) },
    swinject: { blackHole(swinject.resolve(Leaf.self, name: "weakLeaf")) },
    dicfg: [("by id", { blackHole(try dicfg.resolve("weakLeaf", as: Leaf.self)) })]))
blackHole(heldSwinjectWeak)

// MARK: Awaited resolution

/// Median nanoseconds per call of an async `body`, as ``nanosecondsPerCall`` times a synchronous one.
func awaitedNanosecondsPerCall(iterations: Int, rounds: Int, _ body: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  for _ in 0..<max(1, iterations / 10) { try await body() }
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = clock.now
    for _ in 0..<iterations { try await body() }
    let elapsed = clock.now - start
    samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
  }
  samples.sort()
  return samples[samples.count / 2] / Double(iterations)
}

/// Rows of the awaited resolves beside the synchronous ones, timed in a task while the main
/// thread waits (top-level code stays synchronous).
func awaitedRows(_ container: DICfgRuntime.Container) -> [(String, Double, Double)] {
  let done = DispatchSemaphore(value: 0)
  let result = Locked([(String, Double, Double)]())
  let iterations = effort.iterations
  let rounds = effort.rounds
  Task {
    let singletonSync = try nanosecondsPerCall(iterations: iterations * 10, rounds: rounds) {
      blackHole(try container.resolve("singleton", as: Leaf.self))
    }
    let singletonAwaited = try await awaitedNanosecondsPerCall(iterations: iterations * 10, rounds: rounds) {
      blackHole(try await container.resolve("singleton", as: Leaf.self))
    }
    let graphSync = try nanosecondsPerCall(iterations: iterations, rounds: rounds) {
      blackHole(try container.resolve("syncDiamond", as: Two.self))
    }
    let graphAwaited = try await awaitedNanosecondsPerCall(iterations: iterations, rounds: rounds) {
      blackHole(try await container.resolve("asyncDiamond", as: Two.self))
    }
    result.set([
      ("a built singleton (by id)", singletonSync, singletonAwaited),
      ("3-node graph, one factory async (by id)", graphSync, graphAwaited),
    ])
    done.signal()
  }
  done.wait()
  return result.value
}

/// A value set by one task and read by another after it signals.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func set(_ value: Value) { lock.withLock { stored = value } }
}

let awaited = runs("resolution") ? awaitedRows(dicfg) : []

// MARK: Threads

/// Wall nanoseconds per resolve when `threads` threads each resolve `count` times.
func threaded(_ threads: Int, count: Int, _ body: @escaping @Sendable () -> Void) -> Double {
  let group = DispatchGroup()
  let start = DispatchSemaphore(value: 0)
  for _ in 0..<threads {
    group.enter()
    Thread {
      start.wait()
      for _ in 0..<count { body() }
      group.leave()
    }.start()
  }
  let clock = ContinuousClock()
  let began = clock.now
  for _ in 0..<threads { start.signal() }
  group.wait()
  let elapsed = clock.now - began
  let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  return nanoseconds / Double(threads * count)
}

let threadCount = effort.iterations * 10
let threadSafeSwinject = UncheckedSendable(swinject.synchronize())
let sharedContainer = dicfg
let sharedHandle = singletonHandle
let handLock = NSLock()
let handSingleton = hand
var threadRows: [(String, Double, Double)] = []
for (label, body) in !runs("threads")
  ? []
  : [
    (
      "hand-written (mutex)",
      { @Sendable in
        handLock.lock(); blackHole(handSingleton.singleton); handLock.unlock()
      }
    ),
    // No lock, and the optimizer returns the stored reference without a retain.
    ("hand-written (no lock, borrowed)", { @Sendable in blackHole(handSingleton.singleton) }),
    // No lock, but a strong reference: one retain and one release of the shared object per call.
    ("hand-written (no lock, strong reference)", { @Sendable in blackHole(handSingleton.retainedSingleton()) }),
    ("Swinject", { @Sendable in blackHole(threadSafeSwinject.resolve(Leaf.self, name: "singleton")) }),
    ("dicfg by id", { @Sendable in blackHole(try? sharedContainer.resolve("singleton", as: Leaf.self)) }),
    ("dicfg by handle", { @Sendable in blackHole(try? sharedHandle.resolve()) }),
    ("dicfg by handle, borrowed (withInstance)", { @Sendable in try? sharedHandle.withInstance { blackHole($0) } }),
  ] as [(String, @Sendable () -> Void)]
{
  let count = label == "Swinject" ? max(1, threadCount / 20) : threadCount
  let one = (0..<effort.rounds).map { _ in threaded(1, count: count, body) }.sorted()[effort.rounds / 2]
  let two = (0..<effort.rounds).map { _ in threaded(2, count: count, body) }.sorted()[effort.rounds / 2]
  threadRows.append((label, one, two))
}

// MARK: Link

var linkRows: [(Int, Double, Double)] = []
for size in runs("link") ? [10, 1_000, 10_000] : [] {
  var text = "dicfg: 1\nservices:\n"
  for index in 0..<size {
    text += index == 0 ? "  s0: { type: Leaf }\n" : "  s\(index): { type: One, init: { a: s\(index - 1) } }\n"
  }
  let bytes = Array(text.utf8)
  let result = GraphCompiler(fileSystem: InMemoryFileSystem(["link.yaml": text])).compile(
    CompileRequest(file: "link.yaml"))
  guard let plan = result.plan else { fatalError("\(result.diagnostics)") }
  let registry = try benchmarkRegistry()
  let repeats = max(1, effort.iterations / (size * 20))
  let link = try nanosecondsPerCall(iterations: repeats, rounds: effort.rounds) {
    blackHole(try DICfgRuntime.Container(plan: plan, registry: registry, environment: [:]))
  }
  let load = nanosecondsPerCall(iterations: repeats, rounds: effort.rounds) {
    blackHole(ConfigLoader().load(bytes: bytes, path: "link.yaml"))
  }
  linkRows.append((size, link, load))
}

// MARK: Loading

/// Per size: the YAML file's size, raw libyaml on it, and the loader and `validate` on the YAML
/// file and on the same graph in JSON.
var loadRows:
  [(label: String, count: Int, size: Double, raw: Double, yaml: (Double, Double), json: (Double, Double)?)] =
    []
if runs("loading"), let folder = value(after: "--files") {
  for (label, count) in [("1,000", 1_000), ("10,000", 10_000), ("100,000", 100_000)] {
    let path = "\(folder)/graph-\(count).yaml"
    let jsonPath = "\(folder)/graph-\(count).json"
    guard FileManager.default.fileExists(atPath: path) else { continue }
    let size = Double(readBytes(path).count)
    let rounds = quick ? 1 : (count >= 100_000 ? 3 : 5)
    let repeats = quick ? 1 : max(1, 20_000 / count)
    func time(_ stage: String, _ file: String) -> Double {
      nanosecondsPerCall(iterations: repeats, rounds: rounds) { runStage(stage, file) }
    }
    let raw = time("raw", path)
    let yaml = (time("loader", path), time("validate", path))
    let json =
      FileManager.default.fileExists(atPath: jsonPath) ? (time("loader", jsonPath), time("validate", jsonPath)) : nil
    loadRows.append((label, count, size, raw, yaml, json))
  }
}

// MARK: Report

if runs("resolution") {
  print("## Resolution (ns per resolve; ratios to hand-written, and Swinject's time over dicfg's)\n")
  print("| scenario | hand-written | Swinject | dicfg | dicfg / hand-written | Swinject / dicfg |")
  print("|---|---|---|---|---|---|")
}
for row in rows.compactMap({ $0 }) {
  for (label, time) in row.dicfg {
    print(
      "| \(row.scenario) (\(label)) | \(format(row.hand)) | \(format(row.swinject)) | \(format(time)) | "
        + "\(ratio(time, to: row.hand)) | \(ratio(row.swinject, to: time)) |")
  }
}
if !awaited.isEmpty {
  print("\n## Awaited resolution (ns per resolve; `try await container.resolve` beside the synchronous resolve)\n")
  print("| scenario | synchronous | awaited | awaited / synchronous |")
  print("|---|---|---|---|")
  print(
    "| \(awaited[0].0) | \(format(awaited[0].1)) | \(format(awaited[0].2)) | \(ratio(awaited[0].2, to: awaited[0].1)) |"
  )
  print(
    "| \(awaited[1].0) | \(format(awaited[1].1)) (all factories synchronous) | \(format(awaited[1].2)) | "
      + "\(ratio(awaited[1].2, to: awaited[1].1)) |")
}
if !threadRows.isEmpty {
  print("\n## Two threads resolving one singleton (wall ns per resolve)\n")
  print("| implementation | 1 thread | 2 threads | throughput, 2 threads / 1 |")
  print("|---|---|---|---|")
}
for (label, one, two) in threadRows {
  print("| \(label) | \(format(one)) | \(format(two)) | \(String(format: "%.2f×", one / two)) |")
}
if !linkRows.isEmpty {
  print("\n## Creating a container (link) vs loading its graph file\n")
  print("| services | link | load the file | link / load |")
  print("|---|---|---|---|")
}
for (size, link, load) in linkRows {
  print("| \(size) | \(format(link)) | \(format(load)) | \(ratio(link, to: load)) |")
}
if !loadRows.isEmpty {
  print("\n## Loading and validating generated graph files (each stage reads the file)\n")
  print(
    "| services | MB (YAML) | raw libyaml | loader | validate | loader / raw | validate / raw | loader, JSON | "
      + "validate, JSON | JSON / YAML (loader, validate) |")
  print("|---|---|---|---|---|---|---|---|---|---|")
  for row in loadRows {
    let json = row.json.map {
      "\(format($0.0)) | \(format($0.1)) | \(ratio($0.0, to: row.yaml.0)), \(ratio($0.1, to: row.yaml.1))"
    }
    print(
      "| \(row.label) | \(String(format: "%.1f", row.size / 1e6)) | \(format(row.raw)) | \(format(row.yaml.0)) | "
        + "\(format(row.yaml.1)) | \(ratio(row.yaml.0, to: row.raw)) | \(ratio(row.yaml.1, to: row.raw)) | "
        + (json ?? "– | – | –") + " |")
  }
  if loadRows.count == 3 {
    print(
      "\nGrowth from 10,000 to 100,000 services (10× the services): raw \(ratio(loadRows[2].raw, to: loadRows[1].raw)), "
        + "loader \(ratio(loadRows[2].yaml.0, to: loadRows[1].yaml.0)), validate "
        + "\(ratio(loadRows[2].yaml.1, to: loadRows[1].yaml.1)).")
  }
}
