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
    // A registration committed from the command plugin would be a second definition of everything
    // this one writes (or, under the same name, SwiftPM's "multiple producers").
    if let file = setup.generatedFiles(of: target).first {
      throw GeneratorSetupError(
        "target '\(target.name)' holds '\(file.lastPathComponent)', written by `dicfg generate` or the "
          + "generate-registry command, and also applies the DICfgGenerator build plugin, which generates the "
          + "same registration on every build; delete '\(file.path)' to let the plugin generate it, or remove "
          + "the plugin from the target in Package.swift to keep committing it")
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("Registry+GraphFile.swift")
    return [
      .buildCommand(
        displayName: "Generating the dicfg registration of \(target.name) from \(setup.fileNames)",
        executable: try context.tool(named: "dicfg").url,
        arguments: setup.arguments(output: output, packageDirectory: context.package.directoryURL),
        inputFiles: setup.inputs,
        outputFiles: [output])
    ]
  }
}
