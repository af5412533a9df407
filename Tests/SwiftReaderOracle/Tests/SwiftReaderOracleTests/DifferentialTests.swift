import DICfgCompiler
import DICfgCore
@_spi(DeclarationReads) import DICfgSwiftReader
import Foundation
@_spi(DeclarationReads) import SyntaxDeclarationReader
import Testing

/// dicfg's Swift reader against swift-syntax's parse of the same file: every Swift file of the
/// repository (sources, tests, examples, snippets, benchmarks, the plugin fixtures) and the hard
/// cases in `HardCases/`. For each file the two must agree on whether it parses and, where it
/// does, on every type, initializer, property and location read from it.
@Suite struct DifferentialTests {
  static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The repository's Swift files, relative to its root; build folders and hidden ones left out.
  static let corpus: [String] = {
    var found: [String] = []
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: root.path) else { return [] }
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        walker.skipDescendants()
        continue
      }
      if relative.hasSuffix(".swift") { found.append(relative) }
    }
    return found.sorted()
  }()

  static let hardCases = corpus.filter { $0.hasPrefix("Tests/SwiftReaderOracle/HardCases/") }

  /// Public Swift code read where it lies: every `.swift` file under the folders
  /// `DICFG_READER_CORPUS` lists (separated by `:`), by absolute path; none when it is unset. Each
  /// shape where the readers disagree becomes a hard case.
  static let publicCorpus: [String] = {
    let folders = (ProcessInfo.processInfo.environment["DICFG_READER_CORPUS"] ?? "").split(separator: ":")
    var found: [String] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: String(folder)) else { continue }
      while let relative = walker.nextObject() as? String {
        if (relative as NSString).lastPathComponent.hasPrefix(".") {
          walker.skipDescendants()
          continue
        }
        if relative.hasSuffix(".swift") { found.append(String(folder) + "/" + relative) }
      }
    }
    return found.sorted()
  }()

  @Test func theCorpusHoldsTheRepositoryAndTheHardCases() {
    #expect(Self.corpus.count > 250)
    #expect(Self.corpus.contains("Sources/DICfgSwiftReader/SwiftTokenizer.swift"))
    #expect(Self.corpus.contains { $0.hasPrefix("Tests/PluginPackage/Sources/Shop/") })
    #expect(Self.corpus.contains { $0.hasPrefix("Examples/") })
    #expect(Self.hardCases.count >= 10)
  }

  @Test(arguments: corpus + publicCorpus) func bothReadersReadTheFileAlike(_ path: String) throws {
    let text: String
    if path.hasPrefix("/") {
      // A public file that is not UTF-8 is no Swift either reader reads.
      guard let read = try? String(contentsOf: URL(filePath: path), encoding: .utf8) else { return }
      text = read
    } else {
      text = try String(contentsOf: Self.root.appending(path: path), encoding: .utf8)
    }
    let mine = SwiftDeclarationReader.scan(path: path, text: text)
    let oracle = SyntaxDeclarationReader.scan(path: path, text: text)
    #expect(
      (mine.firstError == nil) == (oracle.firstError == nil),
      "parses: \(mine.firstError.map { "not at \($0)" } ?? "yes") beside swift-syntax's \(oracle.firstError.map { "not at \($0)" } ?? "yes")"
    )
    guard oracle.firstError == nil else { return }
    #expect(mine.functions == oracle.functions, "free functions")
    #expect(mine.types.map(\.name) == oracle.types.map(\.name))
    for (read, expected) in zip(mine.types, oracle.types) where read != expected {
      Issue.record(
        "\(expected.name) differs:\n  read:     \(Self.describe(read))\n  expected: \(Self.describe(expected))")
    }
  }

  @Test func theMergedDeclarationsOfTheHardCasesAgree() throws {
    let files = try Self.hardCases.map { path in
      (path, try String(contentsOf: Self.root.appending(path: path), encoding: .utf8))
    }
    let mine = SwiftDeclarationReader().read(files: files)
    let oracle = SyntaxDeclarationReader.read(files: files)
    #expect(mine.types.map(\.name) == oracle.types.map(\.name))
    for (read, expected) in zip(mine.types, oracle.types) where read != expected {
      Issue.record("\(expected.name) differs once merged:\n  read:     \(read)\n  expected: \(expected)")
    }
    #expect(mine.unreadable == oracle.unreadable)
  }

  private static func describe(_ type: ReadType) -> String {
    var parts = [
      "\(type.access.keyword) \(type.kind) at \(type.location)", "inherits \(type.inherited)",
      "complete \(type.complete)", "generics \(type.genericParameters)",
    ]
    if let actor = type.globalActor { parts.append("@\(actor)") }
    if let condition = type.condition { parts.append("#if \(condition)") }
    if !type.cases.isEmpty { parts.append("cases \(type.cases)") }
    for (kind, function) in type.functions.map({ ("static", $0) }) + type.methods.map({ ("method", $0) }) {
      parts.append(
        "\(function.access.keyword) \(kind) \(function.signature) -> \(function.returnType ?? "()") \(function.parameters.map { "\($0.type ?? "_")\($0.defaultValue.map { " = " + $0 } ?? "")" }) "
          + "throws \(function.isThrowing) async \(function.isAsync) actor \(function.globalActor ?? "-") "
          + "\(function.availability.map { "\($0)" } ?? "available") at \(function.location)")
    }
    for initializer in type.initializers {
      parts.append(
        "\(initializer.signature)<\(initializer.genericParameters.joined(separator: ","))> \(initializer.parameters.map { "\($0.type ?? "_")\($0.defaultValue.map { " = " + $0 } ?? "")" }) "
          + "throws \(initializer.isThrowing) async \(initializer.isAsync) failable \(initializer.isFailable) "
          + "actor \(initializer.globalActor ?? "-") \(initializer.access.keyword) "
          + "\(initializer.availability.map { "\($0)" } ?? "available") at \(initializer.location)")
    }
    for (kind, property) in type.properties.map({ ("var", $0) }) + type.staticProperties.map({ ("static var", $0) }) {
      parts.append(
        "\(property.access.keyword) \(kind) \(property.name): \(property.type ?? "_") settable \(property.isSettable) "
          + "at \(property.location)")
    }
    for stored in type.stored {
      parts.append(
        "stored \(stored.name): \(stored.type ?? "_") default \(stored.hasDefault) let \(stored.isLet) "
          + "private \(stored.isPrivate) lazy \(stored.isLazy) wrapped \(stored.wrapper ?? "\(stored.isWrapped)")")
    }
    return parts.joined(separator: "\n    ")
  }
}
