import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// A declaration of another module (a folder under `Sources/`) that the code generated beside the
/// graph file cannot reach: one `inaccessible-declaration` error at the graph file's line, naming
/// the declaration, its module and the fix.
@Suite struct ModuleBoundaryTests {
  static let swift = MarkedFiles([
    "Sources/Analytics/Analytics.swift": """
    public protocol ErrorReporter {}
    1️⃣final class ErrorReporterImpl: ErrorReporter {
      init() {}
    }
    public final class Tracker {
      2️⃣init(key: String) {}
    }
    3️⃣public struct Settings {
      public var verbose: Bool
    }
    public final class Uploader: ErrorReporter {
      public init() {}
      4️⃣static func make() -> Uploader { Uploader() }
      public static func makePublic() -> Uploader { Uploader() }
    }
    package final class Queue {
      package init() {}
    }
    5️⃣func makeTracker() -> Tracker { Tracker(key: "") }
    open class Controller {
      public init() {}
    }
    """,
    "Sources/App/App.swift": """
    final class Screen {
      init(reporter: ErrorReporter) {}
    }
    final class SettingsController: Controller {}
    """,
  ])

  private func compile(_ services: String) -> (CompileResult, MarkedFiles) {
    let files = MarkedFiles(["Sources/App/dicfg.yaml": "dicfg: 1\nservices:\n" + services])
    let declarations = SwiftDeclarationReader().read(files: Self.swift.texts.map { ($0.key, $0.value) })
    let result = GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "Sources/App/dicfg.yaml", environmentVariables: [:], swift: declarations))
    return (result, files)
  }

  // The target's own types are reached, whatever module declares the initializer they inherit.
  @Test func whatAnotherModuleMakesPublicOrPackageAndTheTargetsOwnTypesAreReached() {
    let (result, _) = compile(
      """
        uploader: { type: Uploader, factory: Uploader.makePublic }
        queue: { type: Queue }
        screen: { type: Screen, init: { reporter: uploader2 } }
        uploader2: { type: Uploader, as: [ErrorReporter] }
        settings: { type: SettingsController }
      """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  @Test func anInternalTypeOfAnotherModuleIsOneErrorAtItsType() {
    let (result, files) = compile("  reporter: { type: 1️⃣ErrorReporterImpl, as: [ErrorReporter] }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'reporter' is of type 'ErrorReporterImpl', which is internal in module 'Analytics', so the code generated "
            + "for module 'App' cannot name it; make 'ErrorReporterImpl' public in Analytics, or build 'reporter' "
            + "with a public factory of Analytics and bind it by a public protocol")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/Analytics/Analytics.swift", "1️⃣"])
  }

  @Test func anInternalInitializerOfAPublicTypeIsOneErrorAtItsArguments() {
    let (result, files) = compile("  tracker: { type: Tracker, init: { 1️⃣key: { value: k } } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'tracker' is built with 'Tracker.init(key:)', which is internal in module 'Analytics', so the code "
            + "generated for module 'App' cannot call it; make it public in Analytics")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/Analytics/Analytics.swift", "2️⃣"])
  }

  @Test func aMemberwiseInitializerIsNeverPublicAndTheMessageSaysSo() {
    let (result, files) = compile("  settings: { type: Settings, init: { 1️⃣verbose: { value: true } } }\n")
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'settings' is built with 'Settings.init(verbose:)', which is internal in module 'Analytics', so the code "
            + "generated for module 'App' cannot call it; Swift writes it internal: declare a public initializer in "
            + "Analytics")
      ])
    #expect(result.diagnostics.first?.notes.first?.location == Self.swift["Sources/Analytics/Analytics.swift", "3️⃣"])
  }

  @Test func anInternalFactoryOfAnotherModuleIsOneErrorAtTheFactory() {
    let (result, files) = compile(
      """
        uploader: { type: Uploader, factory: 1️⃣Uploader.make }
        tracker: { type: Tracker, factory: 2️⃣makeTracker }
      """)
    #expect(
      result.diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/App/dicfg.yaml", "1️⃣"],
          "'uploader' is built with 'Uploader.make()', which is internal in module 'Analytics', so the code "
            + "generated for module 'App' cannot call it; make it public in Analytics"),
        DiagnosticFacts(
          .inaccessibleDeclaration, at: files["Sources/App/dicfg.yaml", "2️⃣"],
          "'tracker' is built with 'makeTracker()', which is internal in module 'Analytics', so the code "
            + "generated for module 'App' cannot call it; make it public in Analytics"),
      ])
    #expect(
      result.diagnostics.map { $0.notes.first?.location } == [
        Self.swift["Sources/Analytics/Analytics.swift", "4️⃣"], Self.swift["Sources/Analytics/Analytics.swift", "5️⃣"],
      ])
  }

  @Test(arguments: [
    ("Sources/App/Types.swift", "App"), ("/work/pkg/Sources/Feature/Sub/File.swift", "Feature"),
    ("Tests/Fixture/File.swift", nil), ("Sources/File.swift", nil), ("dicfg.yaml", nil),
  ])
  func aFilesModuleIsItsFolderUnderSources(path: String, module: String?) {
    #expect(SwiftDeclarations.module(ofPath: path) == module)
  }
}
