import DICfgCompiler
import DICfgCore
import DICfgGeneration
import DICfgPlanning
import DICfgSwiftReader
import DICfgTestSupport
import Foundation
import Testing

/// How the registration is laid out in Swift for a large graph: in functions of bounded size, each
/// holding the factories it calls, so the compiler's checks of a function stay small.
@Suite struct RegistryRenderingTests {
  /// A graph of `count` services over seven types; each service after the first takes the one
  /// before it, so most services check a factory that an earlier service registered.
  private func largeGraph(_ count: Int) -> MarkedFiles {
    var text = "dicfg: 1\nservices:\n  s0: { type: Root }\n"
    for index in 1..<count {
      text += "  s\(index): { type: T\(index % 7), init: { previous: s\(index - 1) }, scope: unique }\n"
    }
    text += "  settings: { type: Settings, properties: { level: { value: 3 } } }\n"
    return MarkedFiles(["app.yaml": text])
  }

  private func render(_ files: MarkedFiles) throws -> String {
    let plan = try #require(compile(files).plan)
    let generator = RegistryGenerator(sources: ["app.yaml"])
    return generator.render(generator.translate([RegistryGenerator.Variant(environment: nil, plan: plan)]))
  }

  /// The functions of the registration: each one's name and its statements (the lines that are
  /// not `#sourceLocation` directives).
  private func registrationFunctions(in text: String) -> [(name: String, statements: [String])] {
    var functions: [(name: String, statements: [String])] = []
    var current: (name: String, statements: [String])?
    for line in joinedStatements(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("static func fromGraphFile()") || trimmed.hasPrefix("private static func dicfgRegisterPart")
      {
        current = (String(trimmed.prefix { $0 != "(" }), [])
      } else if line == "  }", let function = current {
        functions.append(function)
        current = nil
      } else if current != nil, !trimmed.hasPrefix("#sourceLocation") {
        current?.statements.append(trimmed)
      }
    }
    return functions
  }

  @Test func aLargeRegistrationIsSplitIntoFunctionsThatEachDeclareTheFactoriesTheyCheck() throws {
    let functions = registrationFunctions(in: try render(largeGraph(400)))
    let entry = try #require(functions.first)
    #expect(entry.name == "static func fromGraphFile")
    let parts = functions.dropFirst()
    #expect(parts.count >= 4)
    #expect(entry.statements.filter { $0.hasPrefix("try dicfgRegisterPart") }.count == parts.count)
    for part in parts {
      #expect(part.statements.count <= RegistryGenerator.statementsPerFunction, "\(part.name)")
      let declared = Set(part.statements.compactMap { $0.firstMatch(of: /^let (factory\d+) =/)?.1 }.map(String.init))
      let called = Set(
        part.statements.compactMap { $0.firstMatch(of: /dicfgCheck\d+Of\d+\((factory\d+),/)?.1 }.map(String.init))
      #expect(called.isSubset(of: declared), "\(part.name) checks \(called.subtracting(declared).sorted())")
    }
    // Every service's check is written once, and every type registered once, across the parts.
    let statements = parts.flatMap(\.statements)
    #expect(statements.count { $0.contains("dicfgCheck1Of1(") } == 399)
    #expect(statements.count { $0.hasPrefix("try registry.register(") } == 7)
    #expect(statements.last == "try registry.property(\"level\", of: Settings.self, \\.level, typeName: \"Settings\")")
  }

  /// Linux's Foundation leaves `URLSession` and its kin to FoundationNetworking: a graph that names
  /// one, as a type or in a Swift value, gets it imported where it exists, and a graph that names
  /// none does not link it. Which types those are, the toolchain says (its FoundationNetworking,
  /// where the platform has one).
  @Test func foundationNetworkingIsImportedWhereItExistsOnlyWhereTheGraphNamesItsTypes() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["DICFG_CACHE"] = FileManager.default.temporaryDirectory.path + "/dicfg-tests-cache"
    let toolchain = try #require(ToolchainInterfaces.located(environment: environment).interfaces)
    let read = toolchain.interfaces(of: ["Foundation", "FoundationNetworking"])
    // Apple's Foundation declares them itself: nothing to import there.
    let hasNetworking = read.unread["FoundationNetworking"] == nil
    let swift = SwiftDeclarationReader().read(paths: read.files)
    func render(_ yaml: String) throws -> String {
      let plan = try #require(compile(MarkedFiles(["app.yaml": yaml])).plan)
      var generator = RegistryGenerator(sources: ["app.yaml"])
      generator.typedContainers = TypedContainerGenerator(graphFile: "app.yaml", swift: swift)
      return generator.render(generator.translate([RegistryGenerator.Variant(environment: nil, plan: plan)]))
    }
    let networking = try render(
      "dicfg: 1\nservices:\n  sync: { type: NoteSync, init: { session: { swift: URLSession.shared } } }\n")
    #expect(
      networking.contains(
        "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n")
        == hasNetworking)
    let request = try render("dicfg: 1\nservices:\n  request: { type: URLRequest }\n")
    #expect(request.contains("import FoundationNetworking\n") == hasNetworking)
    let none = try render("dicfg: 1\nservices:\n  sync: { type: JSONDecoder }\n")
    #expect(!none.contains("FoundationNetworking"))
  }

  @Test func aSmallRegistrationIsOneFunction() throws {
    let functions = registrationFunctions(in: try render(largeGraph(20)))
    #expect(functions.map(\.name) == ["static func fromGraphFile"])
  }
}
