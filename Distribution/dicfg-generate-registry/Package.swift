// swift-tools-version:6.1
// dicfg's command plugin running the prebuilt generator: `generate-registry` writes a target's
// generated registration into its sources, for teams that commit it. Its source is dicfg's
// (`Plugins/GenerateRegistryCommand`); its tool is the same SE-0305 artifact bundle as the
// `dicfg-generator` package's, under another target name (SwiftPM rejects two packages' targets of
// one name in an app's graph); the plugin finds it by its artifact, `dicfg-generate`.
//
// It is a package of its own because SwiftPM compiles every plugin of every package an app depends
// on before the app's build, a command too though no build runs it: held in `dicfg-generator`, it
// cost each clean build of an app about a tenth of its time (decision 179). A team that commits
// its generated code adds this package beside `dicfg-generator`:
//
//     .package(url: "https://github.com/OWNER/dicfg-generate-registry", exact: "1.0.0"),
//
// and runs `swift package --allow-writing-to-package-directory generate-registry --target App`.
//
// Here the bundle is the one `Scripts/generator-bundle.sh build` writes beside the dicfg-generator
// manifest; a release publishes this package with the bundle's URL and checksum in its place.
import PackageDescription

let package = Package(
  name: "dicfg-generate-registry",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .plugin(name: "GenerateRegistry", targets: ["GenerateRegistry"])
  ],
  targets: [
    .binaryTarget(name: "DICfgGenerateRegistryTool", path: "../dicfg-generator/dicfg-generate.artifactbundle"),
    .plugin(
      name: "GenerateRegistry",
      capability: .command(
        intent: .custom(verb: "generate-registry", description: "Write the dicfg registration into the sources"),
        permissions: [.writeToPackageDirectory(reason: "writes Registry+GraphFile.swift into the target's sources")]),
      dependencies: ["DICfgGenerateRegistryTool"]),
  ]
)
