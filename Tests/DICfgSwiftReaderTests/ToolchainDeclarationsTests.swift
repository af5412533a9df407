import DICfgCore
@_spi(DeclarationReads) import DICfgSwiftReader
import Foundation
import Testing

/// What a target imports that is not its package's source is read from the toolchain's account of
/// it: symbol graphs written as Swift declarations the reader reads, cached per toolchain, and the
/// modules the toolchain cannot load named with why.
@Suite struct ToolchainDeclarationsTests {
  /// The tests' own cache of the toolchain's declarations.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DICFG_CACHE"] = FileManager.default.temporaryDirectory.path + "/dicfg-tests-cache"
    return environment
  }

  /// A symbol graph as `swift-symbolgraph-extract` writes one, cut to the parts read.
  static let symbolGraph = """
    {"metadata": {}, "module": {"name": "Kit"},
     "symbols": [
      {"kind": {"identifier": "swift.class"}, "identifier": {"precise": "s:Queue"}, "pathComponents": ["Queue"],
       "declarationFragments": [{"kind": "keyword", "spelling": "class"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "Queue"}]},
      {"kind": {"identifier": "swift.type.method"}, "identifier": {"precise": "s:Queue.global"},
       "pathComponents": ["Queue", "global(qos:)"],
       "declarationFragments": [{"kind": "keyword", "spelling": "class"}, {"kind": "text", "spelling": " "},
         {"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "global"}, {"kind": "text", "spelling": "("},
         {"kind": "externalParam", "spelling": "qos"}, {"kind": "text", "spelling": ": "},
         {"kind": "typeIdentifier", "spelling": "QoS"}, {"kind": "text", "spelling": " = .default) -> "},
         {"kind": "typeIdentifier", "spelling": "Queue"}]},
      {"kind": {"identifier": "swift.type.property"}, "identifier": {"precise": "s:Queue.main"},
       "pathComponents": ["Queue", "main"],
       "declarationFragments": [{"kind": "keyword", "spelling": "class"}, {"kind": "text", "spelling": " "},
         {"kind": "keyword", "spelling": "var"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "main"}, {"kind": "text", "spelling": ": "},
         {"kind": "typeIdentifier", "spelling": "Queue"}, {"kind": "text", "spelling": " { get }"}]},
      {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:Queue.old"},
       "pathComponents": ["Queue", "old()"],
       "declarationFragments": [{"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "old"}, {"kind": "text", "spelling": "()"}],
       "availability": [{"domain": "*", "isUnconditionallyDeprecated": true}]},
      {"kind": {"identifier": "swift.enum"}, "identifier": {"precise": "s:QoS"}, "pathComponents": ["QoS"],
       "declarationFragments": [{"kind": "keyword", "spelling": "enum"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "QoS"}, {"kind": "text", "spelling": " : "},
         {"kind": "typeIdentifier", "spelling": "Sendable"}]},
      {"kind": {"identifier": "swift.enum.case"}, "identifier": {"precise": "s:QoS.default"},
       "pathComponents": ["QoS", "default"],
       "declarationFragments": [{"kind": "keyword", "spelling": "case"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "`default`"}]},
      {"kind": {"identifier": "swift.enum.case"}, "identifier": {"precise": "s:QoS.utility"},
       "pathComponents": ["QoS", "utility"],
       "declarationFragments": [{"kind": "keyword", "spelling": "case"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "utility"}]},
      {"kind": {"identifier": "swift.property"}, "identifier": {"precise": "s:Other.extra"},
       "pathComponents": ["Other", "extra"],
       "declarationFragments": [{"kind": "keyword", "spelling": "var"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "extra"}, {"kind": "text", "spelling": ": "},
         {"kind": "typeIdentifier", "spelling": "Int"}, {"kind": "text", "spelling": " { get }"}]},
      {"kind": {"identifier": "swift.class"}, "identifier": {"precise": "s:_Hidden"}, "pathComponents": ["_Hidden"],
       "declarationFragments": [{"kind": "keyword", "spelling": "class"}, {"kind": "text", "spelling": " "},
         {"kind": "identifier", "spelling": "_Hidden"}]}
     ],
     "relationships": [
      {"kind": "conformsTo", "source": "s:Queue", "target": "s:s8SendableP", "targetFallback": "Swift.Sendable"},
      {"kind": "inheritsFrom", "source": "s:Queue", "target": "s:Base", "targetFallback": "Kit.Base"},
      {"kind": "memberOf", "source": "s:Queue.global", "target": "s:Queue"}
     ]}
    """

  @Test func aSymbolGraphIsWrittenAsSwiftTheReaderReads() throws {
    let text = try #require(SymbolGraphInterface.swift(fromSymbolGraph: Data(Self.symbolGraph.utf8)))
    // The superclass first, the enum's own list of what it conforms to left to the relationships.
    #expect(text.contains("public class Queue: Base, Sendable {\n"), "\(text)")
    #expect(text.contains("  public class func global(qos: QoS = .default) -> Queue\n"), "\(text)")
    #expect(text.contains("  @available(*, deprecated) public func old()\n"), "\(text)")
    #expect(text.contains("public enum QoS {\n  case default\n  case utility\n}\n"), "\(text)")
    #expect(text.contains("extension Other {\n  public var extra: Int { get }\n}\n"), "\(text)")
    #expect(!text.contains("_Hidden"), "an underscored name is the module's own")
    let declarations = SwiftDeclarationReader().read(files: [("Kit.swift", text)])
    #expect(declarations.unreadable.isEmpty)
    let queue = try #require(declarations.type(named: "Queue"))
    #expect(queue.inherited == ["Base", "Sendable"])
    #expect(queue.functions.map(\.name) == ["global"])
    #expect(queue.functions.first?.parameters.first?.hasDefault == true)
    #expect(queue.staticProperties.map(\.name) == ["main"])
    #expect(queue.methods.first?.availability?.kind == .deprecated)
    #expect(declarations.type(named: "QoS")?.cases == ["default", "utility"])
    #expect(SymbolGraphInterface.swift(fromSymbolGraph: Data("not a graph".utf8)) == nil)
  }

  @Test func aModuleTheToolchainCannotLoadIsNamedWithItsReason() throws {
    let toolchain = try #require(ToolchainInterfaces.located(environment: Self.environment).interfaces)
    let read = toolchain.interfaces(of: ["Dispatch", "NoSuchModuleForDICfgTests"])
    let dispatch = try #require(read.files.first { $0.hasSuffix("/Dispatch.swift") })
    #expect(read.unread["NoSuchModuleForDICfgTests"]?.contains("NoSuchModuleForDICfgTests") == true, "\(read)")
    let declarations = SwiftDeclarationReader().read(paths: [dispatch])
    #expect(declarations.unreadable.isEmpty, "the written declarations read as Swift")
    let global = try #require(
      declarations.type(named: "DispatchQueue")?.functions.first {
        $0.name == "global" && $0.parameters.first?.label == "qos"
      })
    #expect(global.parameters.allSatisfy { $0.hasDefault })
    // Read again, from the cache: the same files, not written again.
    let written = try FileManager.default.attributesOfItem(atPath: dispatch)[.modificationDate] as? Date
    #expect(toolchain.interfaces(of: ["Dispatch", "NoSuchModuleForDICfgTests"]) == read)
    let again = try FileManager.default.attributesOfItem(atPath: dispatch)[.modificationDate] as? Date
    #expect(again == written)
  }

  @Test func withoutAToolchainEveryModuleIsUnreadWithWhy() {
    let located = ToolchainInterfaces.located(environment: ["PATH": "/no/such/folder", "HOME": "/tmp"])
    #expect(located.interfaces == nil)
    #expect(located.reason == "no 'swiftc' on PATH")
    let absent = ToolchainInterfaces.locatedOrAbsent(environment: ["PATH": "/no/such/folder", "HOME": "/tmp"])
    #expect(
      absent.interfaces(of: ["Foundation", "Swift"]) == .init(files: [], unread: ["Foundation": "no 'swiftc' on PATH"]))
  }

  @Test func theFilesOwnTypesHideTheToolchainsAndExtendThem() throws {
    let toolchain = ToolchainInterfaces.located(environment: Self.environment).interfaces
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-imports-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("Sources/App/App.swift")
    try """
    @preconcurrency import Dispatch
    import struct Foundation.URL
    import NoSuchModuleForDICfgTests
    // import NotAnImport
    final class Scanner { init() {} }
    extension DispatchQueue { static let scanning = DispatchQueue(label: "scan") }
    """.write(to: file, atomically: true, encoding: .utf8)
    // A file `dicfg generate` wrote is not the app's Swift, nor what it imports.
    try "// Generated by `dicfg generate` from app.yaml.\nimport GeneratedOnlyModule\nfinal class Generated {}\n".write(
      to: folder.appendingPathComponent("Sources/App/Registry+GraphFile.swift"), atomically: true, encoding: .utf8)
    let read = SwiftDeclarationReader().read(
      paths: [folder.appendingPathComponent("Sources").path], toolchain: toolchain)
    #expect(read.unread.keys.sorted() == ["NoSuchModuleForDICfgTests"])
    #expect(read.declarations.type(named: "Generated") == nil)
    let queue = try #require(read.declarations.type(named: "DispatchQueue"))
    #expect(queue.kind == .class && queue.isForeign)
    #expect(queue.staticProperties.contains { $0.name == "scanning" }, "the file's extension adds to it")
    #expect(read.declarations.type(named: "URL") != nil)
    #expect(read.declarations.type(named: "Scanner")?.isForeign == false)
  }

  /// A class inheriting a class or protocol the toolchain states `@MainActor` is main-actor, as Swift
  /// infers; one the toolchain states without a global actor is not, whatever its name.
  @Test func aGlobalActorIsInheritedFromWhatTheToolchainStates() {
    let foreign = SwiftDeclarationReader().read(files: [
      ("Kit.swift", "@MainActor open class Screen {}\npublic protocol Plain {}\nopen class UIViewController {}\n")
    ])
    let declarations = SwiftDeclarationReader.collect(
      [
        SwiftDeclarationReader.scan(
          path: "App.swift",
          text: "final class Home: Screen {}\nfinal class Other: Plain {}\nfinal class Legacy: UIViewController {}\n")
      ], foreign: foreign)
    #expect(declarations.type(named: "Home")?.globalActor == "MainActor")
    #expect(declarations.type(named: "Other")?.globalActor == nil)
    #expect(declarations.type(named: "Legacy")?.globalActor == nil)
  }

  @Test func importsAreReadInEveryForm() {
    let modules = SwiftImports.imports(
      path: "App.swift",
      text: """
        @preconcurrency import Dispatch
        public import Kit
        import struct Foundation.URL
        import Kit
        @_exported import Combine
        let text = "import NotAModule"
        /* import NotAModuleEither */
        """
    ).map(\.module)
    #expect(modules == ["Dispatch", "Kit", "Foundation", "Combine"])
    let exported = SwiftImports.imports(
      path: "App.swift", text: "@preconcurrency import Dispatch\n@_exported import Kit\n")
    #expect(exported.map(\.isExported) == [false, true])
  }

  /// What the target sees of the toolchain: the modules its own files import, and those any file
  /// re-exports; a module only a dependency's files import is not read, nor named unread.
  @Test func onlyWhatTheTargetsFilesImportOrAnyFileReExportsIsRead() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dicfg-sees-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (path, text) in [
      ("Sources/App/App.swift", "import Foundation\nimport Kit\n"),
      ("Sources/Kit/Kit.swift", "import Atomics\n@_exported import Dispatch\npublic struct Gauge {}\n"),
    ] {
      let url = URL(fileURLWithPath: folder + "/" + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let toolchain = ToolchainInterfaces.absent("no toolchain here")
    let seen = SwiftDeclarationReader().read(
      paths: [folder + "/Sources"], toolchain: toolchain, sees: { $0.hasPrefix(folder + "/Sources/App/") })
    #expect(Set(seen.unread.keys) == ["Foundation", "Dispatch"])
    #expect(seen.declarations.type(named: "Gauge") != nil)
    let everything = SwiftDeclarationReader().read(paths: [folder + "/Sources"], toolchain: toolchain)
    #expect(Set(everything.unread.keys) == ["Foundation", "Dispatch", "Atomics"])
  }

  @Test func anEnumsCasesAreRead() {
    let declarations = SwiftDeclarationReader().read(files: [
      (
        "Version.swift",
        """
        enum Version: String {
          case v4 = "v4"
          case v6, `default`
          case custom(String), other(label: Int)
          static let latest = Version.v6
          func describe() -> String { switch self { case .v4: "4" default: "?" } }
        }
        """
      )
    ])
    #expect(declarations.type(named: "Version")?.cases == ["v4", "v6", "default", "custom", "other"])
  }
}
