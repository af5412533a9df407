// The build-tool plugin: generates the Swift registration of the graph file a target holds, on
// every build where the file, a layer or an import changed.
//
// A target that applies it holds its graph file at its root as `dicfg.yaml` (or `dicfg.yml`,
// `dicfg.json`), with environment layers beside it (`dicfg.production.yaml`), or names its files in
// `dicfg-generator-config.json`:
//
//     { "files": ["config/app.yaml"], "access": "public", "imports": ["ShopKit"] }
import Foundation
import PackagePlugin

@main
struct DICfgGeneratorPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let setup = try GeneratorSetup(target: target, package: context.package)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("Registry+GraphFile.swift")
    return [
      .buildCommand(
        displayName: "Generating the dicfg registration of \(target.name) from \(setup.fileNames)",
        executable: try context.tool(named: "dicfg").url,
        arguments: setup.arguments(output: output),
        inputFiles: setup.inputs,
        outputFiles: [output])
    ]
  }
}
