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
//
// It holds the typed runtime too, so an app on it alone depends on this package alone:
//
//     dependencies: [.product(name: "DICfgTypedRuntime", package: "dicfg-generator")]
//
// It holds no command plugin: SwiftPM compiles every plugin of a package an app depends on before
// each build, so the `generate-registry` command over this bundle is the package beside this one,
// `Distribution/dicfg-generate-registry` (decision 179).
import PackageDescription

let package = Package(
  name: "dicfg-generator",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .plugin(name: "DICfgGenerator", targets: ["DICfgGenerator"]),
    // The runtime of a typed container alone (dicfg's, linked here): an app whose accessors build
    // every service depends on this package alone, and its build loads no other package of dicfg's.
    // An app on dicfg's `DICfgRuntime` takes only the plugin from here (the two packages' targets of
    // this name must not both be built).
    .library(name: "DICfgTypedRuntime", targets: ["DICfgTypedRuntime"]),
  ],
  targets: [
    .binaryTarget(name: "DICfgGenerateTool", path: "dicfg-generate.artifactbundle"),
    .target(name: "CDICfgAtomics"),
    .target(name: "DICfgTypedRuntime", dependencies: ["CDICfgAtomics"]),
    .plugin(name: "DICfgGenerator", capability: .buildTool(), dependencies: ["DICfgGenerateTool"]),
  ]
)
