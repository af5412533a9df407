// The command plugin, for teams that commit generated code:
//
//     swift package --allow-writing-to-package-directory generate-registry --target App
//
// writes `Registry+GraphFile.swift` beside the graph file of each named target (every target
// holding a `dicfg.yaml` when none is named), from the same files and options as the build-tool
// plugin. In Xcode it runs from the project's context menu, for the targets chosen there.
import Foundation
import PackagePlugin

@main
struct GenerateRegistryCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = try context.package.targets(named: names.isEmpty ? context.package.targets.map(\.name) : names)
    let tool = try context.tool(named: "dicfg-generate").url
    for case let target as SourceModuleTarget in targets {
      let setup: GeneratorSetup
      do {
        setup = try GeneratorSetup(target: target, package: context.package)
      } catch  where names.isEmpty {
        continue
      }
      let output = try setup.writeRegistration(targetName: target.name, tool: tool, root: context.package.directoryURL)
      print("wrote \(output.path)")
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // Xcode projects: the targets chosen in the dialog (every one holding a graph file when none is).
  extension GenerateRegistryCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let names = extractor.extractOption(named: "target")
      let tool = try context.tool(named: "dicfg-generate").url
      for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
        let setup: GeneratorSetup
        do {
          let dependencies = target.moduleDependencies
          setup = try GeneratorSetup(
            targetName: target.displayName, directory: nil, files: target.inputFiles.map(\.url),
            dependencyFiles: dependencies.flatMap { $0.target.inputFiles.map(\.url) },
            dependencyModules: dependencies.map(\.module))
        } catch  where names.isEmpty {
          continue
        }
        let output = try setup.writeRegistration(
          targetName: target.displayName, tool: tool, root: context.xcodeProject.directoryURL)
        print("wrote \(output.path)")
      }
    }
  }
#endif
