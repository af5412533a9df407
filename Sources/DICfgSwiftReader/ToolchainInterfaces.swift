import DICfgCore
public import DICfgSwiftModel
import Foundation

/// The declarations of the modules a target imports that are not its package's source (the SDK's
/// Foundation and Dispatch, the toolchain's modules), as the toolchain states them: each module's
/// symbol graph, from `swift-symbolgraph-extract`, written as Swift declarations
/// (``SymbolGraphInterface``) into a cache kept per toolchain and target, so a module is extracted
/// once and an edit reads a file. A module the toolchain cannot load (UIKit on Linux, another
/// package's module before it is built) is named with the toolchain's reason, never passed over.
public struct ToolchainInterfaces: Sendable {
  /// `swift-symbolgraph-extract`.
  public var extractor: String
  /// The target triple the modules are read for (`x86_64-unknown-linux-gnu`).
  public var target: String
  /// The SDK path, where the platform has one (macOS).
  public var sdk: String?
  /// Where the written declarations are kept, a folder per toolchain and target.
  public var cacheDirectory: String
  /// Why there is no toolchain to ask, where there is none: every module is then unread for it.
  public var absence: String?

  /// Modules never read: the standard library and the C modules beneath Foundation, whose types a
  /// graph file's checks take as given.
  static let skipped: Set<String> = [
    "Swift", "SwiftGlibc", "Glibc", "Darwin", "Musl", "Android", "WinSDK", "ucrt", "SwiftShims", "CoreFoundation",
    "CDispatch", "SwiftOnoneSupport", "Observation", "Synchronization", "Distributed", "RegexBuilder",
  ]

  public init(extractor: String, target: String, sdk: String?, cacheDirectory: String) {
    self.extractor = extractor
    self.target = target
    self.sdk = sdk
    self.cacheDirectory = cacheDirectory
  }

  /// No toolchain, for `reason`: the modules asked for are named unread, with it.
  public static func absent(_ reason: String) -> ToolchainInterfaces {
    var interfaces = ToolchainInterfaces(extractor: "", target: "", sdk: nil, cacheDirectory: "")
    interfaces.absence = reason
    return interfaces
  }

  /// The toolchain ``located(environment:)`` finds, or its absence with why.
  public static func locatedOrAbsent(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ToolchainInterfaces {
    let found = located(environment: environment)
    return found.interfaces ?? .absent(found.reason ?? "no toolchain")
  }

  /// The toolchain `swiftc` on `PATH` (or `DICFG_SWIFTC`) belongs to, its target as
  /// `swiftc -print-target-info` says, and a cache under `DICFG_CACHE`, `XDG_CACHE_HOME/dicfg` or
  /// `~/.cache/dicfg`; nil, with why, where there is no toolchain to ask.
  public static func located(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (interfaces: ToolchainInterfaces?, reason: String?) {
    let cache =
      environment["DICFG_CACHE"]
      ?? environment["XDG_CACHE_HOME"].map { $0 + "/dicfg" }
      ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/dicfg"
    guard let swiftc = environment["DICFG_SWIFTC"] ?? executable(named: "swiftc", path: environment["PATH"]) else {
      return (nil, "no 'swiftc' on PATH")
    }
    let folder = (swiftc as NSString).deletingLastPathComponent
    let extractor = folder + "/swift-symbolgraph-extract"
    guard FileManager.default.isExecutableFile(atPath: extractor) else {
      return (nil, "no 'swift-symbolgraph-extract' beside '\(swiftc)'")
    }
    guard let info = targetInfo(swiftc: swiftc, cache: cache) else {
      return (nil, "'\(swiftc) -print-target-info' did not say the target")
    }
    return (ToolchainInterfaces(extractor: extractor, target: info.triple, sdk: info.sdk, cacheDirectory: cache), nil)
  }

  /// What was read of the modules asked for: the files of declarations written for them (the
  /// modules they re-export too), and the modules the toolchain could not load, each with its reason.
  public struct Read: Sendable, Equatable {
    public var files: [String] = []
    public var unread: [String: String] = [:]

    public init(files: [String] = [], unread: [String: String] = [:]) {
      self.files = files
      self.unread = unread
    }
  }

  /// The declarations of `modules`, each read from the cache or extracted into it.
  public func interfaces(of modules: [String]) -> Read {
    var read = Read()
    var pending = modules.filter { !Self.skipped.contains($0) && !$0.hasPrefix("_") }.sorted()
    if let absence {
      for module in pending { read.unread[module] = absence }
      return read
    }
    var seen = Set(pending)
    let folder = cacheDirectory + "/interfaces-" + key
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    while !pending.isEmpty {
      let module = pending.removeFirst()
      let file = folder + "/" + module + ".swift"
      let failure = folder + "/" + module + ".unread"
      if let reason = try? String(contentsOfFile: failure, encoding: .utf8) {
        read.unread[module] = reason
        continue
      }
      if !FileManager.default.fileExists(atPath: file) {
        switch extract(module) {
        case .success(let text):
          write(text, to: file)
        case .failure(let failed):
          // A module the toolchain cannot load stays so for this toolchain; another failure (a crash,
          // a full disk) is asked again next time.
          if failed.reason.contains("Couldn't load module") { write(failed.reason, to: failure) }
          read.unread[module] = failed.reason
          continue
        }
      }
      read.files.append(file)
      // What the module extends of another is that module's, which it re-exports
      // (Foundation's `JSONDecoder` is FoundationEssentials').
      for other in Self.extendedModules(inInterface: file) where seen.insert(other).inserted {
        if !Self.skipped.contains(other), !other.hasPrefix("_") { pending.append(other) }
      }
    }
    return read
  }

  /// The modules whose types the interface at `path` extends, from its first line.
  static func extendedModules(inInterface path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8), let first = text.split(separator: "\n").first,
      let range = first.range(of: "extends: ")
    else { return [] }
    return first[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Whether `type` is declared in FoundationNetworking, as the toolchain states it: a module that
  /// exists where Foundation does not declare networking (Linux).
  public static func isNetworking(_ type: SwiftType) -> Bool {
    type.location.file.hasSuffix("/FoundationNetworking.swift")
  }

  /// The cache's key: the extractor (its path, size and date), the target and the form
  /// ``SymbolGraphInterface`` writes, as letters.
  var key: String {
    let attributes = try? FileManager.default.attributesOfItem(atPath: extractor)
    let size = (attributes?[.size] as? NSNumber)?.stringValue ?? ""
    let date = (attributes?[.modificationDate] as? Date).map { String(Int($0.timeIntervalSince1970)) } ?? ""
    return target + "-" + Self.hash([extractor, size, date, target, sdk ?? "", SymbolGraphInterface.form])
  }

  /// FNV-1a of `parts` joined, in hexadecimal: a cache file's name.
  private static func hash(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "|").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
    return String(hash, radix: 16)
  }

  private func write(_ text: String, to path: String) {
    // Written whole, then moved in: a reader never sees half a file.
    let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
    _ = try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.moveItem(atPath: temporary, toPath: path)
  }

  /// The module's declarations, as Swift, with a first line naming the modules it extends; or the
  /// toolchain's reason it could not load the module.
  private func extract(_ module: String) -> Result<String, ExtractionFailure> {
    let output = NSTemporaryDirectory() + "dicfg-symbols-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    var arguments = [
      "-module-name", module, "-target", target, "-output-dir", output, "-minimum-access-level", "public",
      "-skip-synthesized-members",
    ]
    if let sdk { arguments += ["-sdk", sdk] }
    let (status, message) = Self.run(extractor, arguments)
    guard status == 0 else {
      let first = message.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
      return .failure(ExtractionFailure(reason: first))
    }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter {
      $0.hasSuffix(".symbols.json")
    }.sorted()
    var texts: [String] = []
    var extended: [String] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: output + "/" + file),
        let text = SymbolGraphInterface.swift(fromSymbolGraph: data)
      else { continue }
      texts.append(text)
      let name = file.dropLast(".symbols.json".count)
      if let at = name.firstIndex(of: "@") { extended.append(String(name[name.index(after: at)...])) }
    }
    guard !texts.isEmpty else { return .failure(ExtractionFailure(reason: "its symbol graph was empty")) }
    return .success("// extends: " + extended.joined(separator: ", ") + "\n" + texts.joined(separator: "\n"))
  }

  struct ExtractionFailure: Error {
    var reason: String
  }

  private static func run(_ executable: String, _ arguments: [String]) -> (Int32, String) {
    let ran = ChildProcess(executable, arguments).run()
    return (ran.status, String(decoding: ran.errors, as: UTF8.self))
  }

  private static func executable(named name: String, path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":") {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// `swiftc -print-target-info`'s triple and SDK, kept in the cache by the compiler's path, size and
  /// date, so a run asks the compiler once per toolchain.
  private static func targetInfo(swiftc: String, cache: String) -> (triple: String, sdk: String?)? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: swiftc)
    let size = (attributes?[.size] as? NSNumber)?.stringValue ?? ""
    let date = (attributes?[.modificationDate] as? Date).map { String(Int($0.timeIntervalSince1970)) } ?? ""
    let kept = cache + "/target-" + hash([swiftc, size, date])
    if let text = try? String(contentsOfFile: kept, encoding: .utf8) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.count >= 2, !lines[0].isEmpty { return (lines[0], lines[1].isEmpty ? nil : lines[1]) }
    }
    guard let info = askedTargetInfo(swiftc: swiftc) else { return nil }
    try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    try? (info.triple + "\n" + (info.sdk ?? "") + "\n").write(toFile: kept, atomically: true, encoding: .utf8)
    return info
  }

  private static func askedTargetInfo(swiftc: String) -> (triple: String, sdk: String?)? {
    let ran = ChildProcess(swiftc, ["-print-target-info"]).run()
    guard ran.status == 0,
      let json = try? JSONSerialization.jsonObject(with: ran.output) as? [String: Any],
      let target = json["target"] as? [String: Any], let triple = target["triple"] as? String
    else { return nil }
    let paths = json["paths"] as? [String: Any]
    return (triple, paths?["sdkPath"] as? String)
  }
}
