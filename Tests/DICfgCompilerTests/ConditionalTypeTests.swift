import DICfgCompiler
import DICfgCore
import DICfgSwiftReader
import DICfgTestSupport
import Testing

/// A type declared only inside `#if DEBUG` (a preview's or a test's stand-in) is named only where
/// the layers' conditions set `DEBUG`: elsewhere a release build could not compile the generated
/// code, and every build says so at the graph file's line.
@Suite struct ConditionalTypeTests {
  private static let swift = """
    protocol NotesStore: AnyObject {}
    final class DiskNotesStore: NotesStore {}
    final class NotesModel { init(store: any NotesStore) {} }
    #if DEBUG
      final class SampleNotesStore: NotesStore {}
      enum SampleData { static func store() -> DiskNotesStore { DiskNotesStore() } }
    #endif
    #if DEBUG
      final class Clock {}
    #else
      final class Clock {}
    #endif
    #if !DEBUG
      final class ReleaseOnly: NotesStore {}
    #endif
    #if DEBUG || PREVIEW
      final class EitherStore: NotesStore {}
    #endif
    #if os(iOS)
      final class PhoneStore: NotesStore {}
    #endif
    #if PREVIEW
      final class PreviewStore: NotesStore {}
    #elseif DEBUG
      #if canImport(UIKit)
        final class DebugPhoneStore: NotesStore {}
      #endif
    #endif
    """

  private func compile(_ files: MarkedFiles, environments: [String] = []) -> CompileResult {
    let declarations = SwiftDeclarationReader().read(files: [("Notes.swift", Self.swift)])
    return GraphCompiler(fileSystem: InMemoryFileSystem(files.texts)).compile(
      CompileRequest(file: "app.yaml", environments: environments, environmentVariables: [:], swift: declarations))
  }

  private func base(_ store: String) -> String {
    "dicfg: 1\nservices:\n  store: { type: \(store), as: [NotesStore] }\n  notes: { type: NotesModel, init: { store: store } }\n"
  }

  @Test func aDebugOnlyTypeInTheBaseIsOneErrorAtItsTypeWithANoteAtItsDeclaration() {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nservices:\n  store: { type: 1️⃣SampleNotesStore, as: [NotesStore] }\n"
        + "  notes: { type: NotesModel, init: { store: store } }\n"
    ])
    let diagnostics = compile(files).diagnostics
    #expect(
      diagnostics.map(DiagnosticFacts.init) == [
        DiagnosticFacts(
          .conditionalType, at: files["app.yaml", "1️⃣"],
          "'store' names 'SampleNotesStore', which is declared only where 'DEBUG' is set, but the files 'store' is "
            + "built from apply in builds without 'DEBUG' (a release build), whose generated code could not name it; "
            + "declare 'store' in an environment layer whose file says 'condition: DEBUG' (a test or preview layer), "
            + "or declare 'SampleNotesStore' outside '#if'")
      ])
    #expect(diagnostics.first?.notes.map(\.message) == ["'SampleNotesStore' is declared here, inside '#if DEBUG'"])
    #expect(diagnostics.first?.notes.first?.location?.line == 5)
  }

  @Test func aLayerLimitedToDebugBuildsNamesItsStandInsAndOneLimitedToAnotherFlagDoesNot() {
    let files = MarkedFiles([
      "app.yaml": base("DiskNotesStore"),
      "app.preview.yaml": "dicfg: 1\ncondition: DEBUG\nservices:\n  store: { type: SampleNotesStore }\n",
      "app.staging.yaml": "dicfg: 1\ncondition: STAGING\nservices:\n  store: { type: 1️⃣SampleNotesStore }\n",
      "app.both.yaml": "dicfg: 1\ncondition: DEBUG && STAGING\nservices:\n  store: { type: SampleNotesStore }\n",
    ])
    #expect(compile(files).diagnostics.isEmpty)
    #expect(compile(files, environments: ["preview"]).diagnostics.isEmpty)
    #expect(compile(files, environments: ["both"]).diagnostics.isEmpty)
    let staging = compile(files, environments: ["staging"]).diagnostics
    #expect(staging.map(\.code) == [.conditionalType])
    #expect(staging.first?.location == files["app.staging.yaml", "1️⃣"])
  }

  /// Declared in every build, or under conditions no flag is required for, a type is left to the
  /// Swift compiler: `#if DEBUG … #else …`, `#if !DEBUG`, `#if DEBUG || PREVIEW`, `#if os(iOS)`.
  @Test(arguments: ["Clock", "ReleaseOnly", "EitherStore", "PhoneStore"])
  func aTypeNoFlagIsRequiredForPasses(_ type: String) {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  value: { type: \(type) }\n"])
    #expect(compile(files).diagnostics.filter { $0.code == .conditionalType }.isEmpty)
  }

  @Test func aTypeInsideAnElseifOrANestedIfNeedsEveryFlagOnItsWay() {
    let files = MarkedFiles(["app.yaml": "dicfg: 1\nservices:\n  store: { type: 1️⃣DebugPhoneStore }\n"])
    let diagnostics = compile(files).diagnostics
    #expect(diagnostics.map(\.code) == [.conditionalType])
    #expect(
      diagnostics.first?.notes.map(\.message) == [
        "'DebugPhoneStore' is declared here, inside '#if (!(PREVIEW) && DEBUG) && (canImport(UIKit))'"
      ])
  }

  @Test func aFactoryOfADebugOnlyTypeIsAnErrorAtTheFactory() {
    let files = MarkedFiles([
      "app.yaml": "dicfg: 1\nservices:\n  store: { type: DiskNotesStore, factory: 1️⃣SampleData.store }\n"
    ])
    #expect(
      compile(files).diagnostics.map { [$0.code.rawValue, "\($0.location == files["app.yaml", "1️⃣"])"] } == [
        ["conditional-type", "true"]
      ])
  }
}
