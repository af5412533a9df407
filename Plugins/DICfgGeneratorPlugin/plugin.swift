// The build-tool plugin: generates the Swift registration of the graph file a target holds, on
// every build where the file, a layer, an import, the configuration or a Swift file it is checked
// against changed.
//
// A target that applies it holds its graph file at its root as `dicfg.yaml` (or `dicfg.yml`,
// `dicfg.json`), with environment layers beside it (`dicfg.production.yaml`), or names its files in
// `dicfg-generator-config.json`:
//
//     { "files": ["config/app.yaml"], "access": "public", "imports": ["ShopKit"] }
//
// In an Xcode project, the graph file (or the configuration) is one of the app target's files.
import Foundation
import PackagePlugin

@main
struct DICfgGeneratorPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let setup = try GeneratorSetup(target: target, package: context.package)
    return [
      try setup.buildCommand(
        targetName: target.name, ownFiles: target.sourceFiles.map(\.url),
        tool: try context.tool(named: "dicfg-generate").url,
        workDirectory: context.pluginWorkDirectoryURL, sourceRoot: context.package.directoryURL,
        swiftc: try? context.tool(named: "swiftc").url)
    ]
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  // Xcode app targets: the same set-up, from the target's files, the frameworks and libraries of the
  // project it depends on, and the project's folder.
  extension DICfgGeneratorPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let files = target.inputFiles.map(\.url)
      let dependencies = target.moduleDependencies
      let setup = try GeneratorSetup(
        targetName: target.displayName, directory: nil, files: files,
        dependencyFiles: dependencies.flatMap { $0.target.inputFiles.map(\.url) },
        dependencyModules: dependencies.map(\.module))
      return [
        try setup.buildCommand(
          targetName: target.displayName, ownFiles: files, tool: try context.tool(named: "dicfg-generate").url,
          workDirectory: context.pluginWorkDirectoryURL, sourceRoot: context.xcodeProject.directoryURL,
          swiftc: try? context.tool(named: "swiftc").url)
      ]
    }
  }
#endif
