import DICfgCLI
import DICfgLanguageServer
import DICfgTestSupport
import Foundation
import Testing

/// `dicfg lsp` reads the Swift of a graph file in a package's module as `dicfg validate --package`
/// does: the module's build's view, with the package's other modules and other packages' products.
@Suite struct LanguageServerPackageTests {
  /// The diagnostics the server `dicfg lsp` serves publishes for `file` when it is opened, as
  /// `line:column: message [code]` (1-based, as validate prints them).
  private func published(_ file: String, server: LanguageServer) throws -> [String] {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let uri = URL(fileURLWithPath: file).absoluteString
    let messages = server.handle(
      JSONValue.object([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]],
      ]).jsonData())
    let mine = messages.first { $0["params"]?["uri"]?.string == uri }
    return (mine?["params"]?["diagnostics"]?.array ?? []).map { diagnostic in
      let start = diagnostic["range"]?["start"]
      let line = start?["line"]?.integer ?? -1
      let character = start?["character"]?.integer ?? -1
      let message = diagnostic["message"]?.string?.split(separator: "\n").first.map(String.init) ?? ""
      return "\(line + 1):\(character + 1): \(message) [\(diagnostic["code"]?.string ?? "")]"
    }
  }

  private func server() -> LanguageServer {
    let packages = PackageDescriptions()
    return LanguageServer(target: { LanguageServerCommand.target(for: $0, paths: [], packages: packages) })
  }

  // A module depending on dicfg's typed runtime: the editor shows what its typed container cannot
  // build where the build and `validate --package` say it; a module on the full runtime shows nothing.
  @Test(arguments: ["DICfgTypedRuntime", "DICfgRuntime"])
  func aModuleOnTheTypedRuntimeIsShownWhatItsContainerCannotBuild(product: String) throws {
    let root = try runtimeProductPackage(dependingOn: product)
    defer { try? FileManager.default.removeItem(at: root) }
    let shown = try published(root.path + "/App/Sources/App/dicfg.yaml", server: server())
    #expect(
      shown
        == (product == "DICfgTypedRuntime"
          ? [
            "3:3: 'session' is built through dicfg's link, which 'DICfgTypedRuntime' does not have: its typed "
              + "accessor cannot build it because 'Session.init' is failable; depend on dicfg's product "
              + "'DICfgRuntime' instead of 'DICfgTypedRuntime' [needs-full-runtime]"
          ] : []))
  }

  // A fragment of module Feature naming a type of module Strings, which Feature does not depend
  // on: the editor says what the module's build and `validate --package` say, at the same place;
  // the app's module, which depends on Strings, is clean; another package's product the module
  // depends on is read, so its misspelt static gets did-you-mean.
  @Test func aModulesGraphFileIsCheckedAsItsBuildSeesIt() throws {
    let root = try temporaryFolder(
      [
        "Shop/Package.swift": """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(
          name: "Shop", dependencies: [.package(path: "../ScannerSDK")],
          targets: [
            .target(name: "Strings"), .target(name: "Feature"),
            .executableTarget(
              name: "App",
              dependencies: ["Feature", "Strings", .product(name: "ScannerSDK", package: "ScannerSDK")]),
          ])
        """,
        "Shop/Sources/Strings/Strings.swift": "public enum AppStrings { public static let notAvailable = \"n/a\" }\n",
        "Shop/Sources/Feature/Banner.swift": "public final class Banner { public init(text: String) {} }\n",
        "Shop/Sources/Feature/dicfg.yaml":
          "dicfg: 1\nservices:\n  banner: { type: Banner, init: { text: { swift: AppStrings.notAvailable } } }\n",
        "Shop/Sources/App/main.swift": "import ScannerSDK\nprint(ScannerKit.foreground)\n",
        "Shop/Sources/App/dicfg.yaml": """
        dicfg: 1
        services:
          banner: { type: Banner, init: { text: { swift: AppStrings.notAvailable } } }
          scanner: { type: Scanning, factory: ScannerKit.foregrund }

        """,
      ].merging(scannerSDKPackage) { own, _ in own })
    defer { try? FileManager.default.removeItem(at: root) }
    let shop = root.path + "/Shop"
    let server = server()
    #expect(
      try published(shop + "/Sources/Feature/dicfg.yaml", server: server) == [
        "3:50: cannot find 'AppStrings' in the scope of module 'Feature': it is declared in module 'Strings', which "
          + "module 'Feature' does not depend on; add \"Strings\" to the dependencies of target 'Feature' in "
          + "Package.swift [inaccessible-declaration]"
      ])
    #expect(
      try published(shop + "/Sources/App/dicfg.yaml", server: server) == [
        "4:39: 'scanner' is built by 'ScannerKit.foregrund', which 'ScannerKit' does not declare; did you mean "
          + "'ScannerKit.foreground'? [initializer-mismatch]"
      ])
    // The same as `validate --package` says of each file.
    let feature = try runCommand([
      "validate", shop + "/Sources/Feature/dicfg.yaml", "--package", shop, "--color", "never",
    ])
    #expect(feature.standardError.hasPrefix(shop + "/Sources/Feature/dicfg.yaml:3:50: error: cannot find 'AppStrings'"))
    let app = try runCommand(["validate", shop + "/Sources/App/dicfg.yaml", "--package", shop, "--color", "never"])
    #expect(app.standardError.hasPrefix(shop + "/Sources/App/dicfg.yaml:4:39: error: 'scanner' is built by"))
  }

  // A graph file outside any package is read with the Swift beside it, as before.
  @Test func aGraphFileOutsideAPackageReadsTheSwiftBesideIt() throws {
    let root = try temporaryFolder([
      "Banner.swift": "final class Banner { init(text: String) {} }\n",
      "dicfg.yaml": "dicfg: 1\nservices:\n  banner: { type: Banner, init: { txt: { value: hi } } }\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(
      try published(root.path + "/dicfg.yaml", server: server()) == [
        "3:35: 'Banner' has no initializer taking 'txt' with the other arguments of 'banner'; did you mean 'text'? "
          + "[initializer-mismatch]"
      ])
  }
}
