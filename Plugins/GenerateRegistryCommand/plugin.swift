// The command plugin, for teams that commit generated code:
//
//     swift package --allow-writing-to-package-directory generate-registry --target App
//
// writes `Registry+GraphFile.swift` into each named target's sources (every target holding a
// `dicfg.yaml` when none is named), from the same files and options as the build-tool plugin.
import Foundation
import PackagePlugin

@main
struct GenerateRegistryCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = try context.package.targets(named: names.isEmpty ? context.package.targets.map(\.name) : names)
    let tool = try context.tool(named: "dicfg").url
    for case let target as SourceModuleTarget in targets {
      let setup: GeneratorSetup
      do {
        setup = try GeneratorSetup(target: target, package: context.package)
      } catch  where names.isEmpty {
        continue
      }
      let output = target.directoryURL.appendingPathComponent("Registry+GraphFile.swift")
      // Run from the package's folder with paths relative to it, so the committed file (its
      // `#sourceLocation` lines among them) is the same on every machine.
      let root = context.package.directoryURL.standardizedFileURL.path + "/"
      let process = Process()
      process.executableURL = tool
      process.currentDirectoryURL = context.package.directoryURL
      process.arguments = setup.arguments(output: output, packageDirectory: context.package.directoryURL).map {
        $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0
      }
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw GeneratorSetupError("generating the registration of '\(target.name)' failed; the errors are above")
      }
      print("wrote \(output.path)")
    }
  }
}
