// swift-tools-version:6.1
// dicfg's build plugins running a prebuilt generator: the same plugins as dicfg's own (their sources
// are dicfg's), whose tool `dicfg-generate` comes from an SE-0305 artifact bundle instead of a build
// from source, so an app's clean build compiles nothing of it.
//
// Here the bundle is the one `Scripts/generator-bundle.sh build` writes beside this manifest; a release
// publishes this package with the bundle's URL and checksum in its place
// (`Scripts/generator-bundle.sh release`, docs/prebuilt-generator.md). An app applies the plugin as it
// applies dicfg's, naming this package:
//
//     .plugin(name: "DICfgGenerator", package: "dicfg-generator")
import PackageDescription

let package = Package(
  name: "dicfg-generator",
  products: [
    .plugin(name: "DICfgGenerator", targets: ["DICfgGenerator"]),
    .plugin(name: "GenerateRegistry", targets: ["GenerateRegistry"]),
  ],
  targets: [
    .binaryTarget(name: "DICfgGenerateTool", path: "dicfg-generate.artifactbundle"),
    .plugin(name: "DICfgGenerator", capability: .buildTool(), dependencies: ["DICfgGenerateTool"]),
    .plugin(
      name: "GenerateRegistry",
      capability: .command(
        intent: .custom(verb: "generate-registry", description: "Write the dicfg registration into the sources"),
        permissions: [.writeToPackageDirectory(reason: "writes Registry+GraphFile.swift into the target's sources")]),
      dependencies: ["DICfgGenerateTool"]),
  ]
)
