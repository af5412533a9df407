// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "dicfg",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "DICfgCore", targets: ["DICfgCore"]),
    .library(name: "DICfgReporting", targets: ["DICfgReporting"]),
    .library(name: "DICfgLoader", targets: ["DICfgLoader"]),
    .library(name: "DICfgCompiler", targets: ["DICfgCompiler"]),
    .library(name: "DICfgSwiftReader", targets: ["DICfgSwiftReader"]),
    .library(name: "DICfgSwiftModel", targets: ["DICfgSwiftModel"]),
    .library(name: "DICfgRuntime", targets: ["DICfgRuntime"]),
    .library(name: "DICfg", targets: ["DICfg"]),
    .library(name: "DICfgCLI", targets: ["DICfgCLI"]),
    .library(name: "DICfgLanguageServer", targets: ["DICfgLanguageServer"]),
    .executable(name: "dicfg", targets: ["dicfg"]),
    .plugin(name: "DICfgGenerator", targets: ["DICfgGeneratorPlugin"]),
    .plugin(name: "GenerateRegistry", targets: ["GenerateRegistryCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(name: "DICfgCore"),
    .target(name: "DICfgReporting", dependencies: ["DICfgCore"]),
    .target(name: "DICfgLoader", dependencies: ["CYAML", "DICfgCore"]),
    // What the tools know of a target's Swift declarations: no runtime links it.
    .target(name: "DICfgSwiftModel", dependencies: ["DICfgCore"]),
    .target(name: "DICfgCompiler", dependencies: ["DICfgLoader", "DICfgCore", "DICfgSwiftModel"]),
    .target(
      name: "DICfgRuntime",
      dependencies: ["DICfgCore", .product(name: "Atomics", package: "swift-atomics")]
    ),
    // The runtime of a generated typed container alone, which apps take from the `dicfg-generator`
    // package (Distribution/dicfg-generator, whose sources link to these): a product here too would
    // make an app that takes the plugin there and `DICfgRuntime` here declare its targets twice.
    .target(name: "CDICfgAtomics"),
    .target(name: "DICfgTypedRuntime", dependencies: ["CDICfgAtomics"]),
    .target(
      name: "DICfgSwiftReader",
      dependencies: ["DICfgCore", "DICfgSwiftModel"]
    ),
    // What a typed container builds of a plan, decided as values (no Swift written): the generator
    // renders it, and `validate` and the editor ask it what the typed runtime cannot build.
    .target(
      name: "DICfgPlanning",
      dependencies: ["DICfgCore", "DICfgSwiftModel", "DICfgLoader", "DICfgCompiler", "DICfgSwiftReader"]),
    .target(
      name: "DICfgGeneration",
      dependencies: [
        "DICfgCore", "DICfgSwiftModel", "DICfgReporting", "DICfgLoader", "DICfgCompiler", "DICfgSwiftReader",
        "DICfgPlanning",
      ]),
    // `dicfg import`: registrations of Swinject, Resolver and Factory read into a graph file.
    .target(name: "DICfgImport", dependencies: ["DICfgCore", "DICfgSwiftModel", "DICfgCompiler", "DICfgSwiftReader"]),
    // The build plugins' tool: the generator alone, without the command line's dependencies.
    .executableTarget(name: "dicfg-generate", dependencies: ["DICfgGeneration"]),
    .target(
      name: "DICfgLanguageServer",
      dependencies: ["DICfgCompiler", "DICfgPlanning", "DICfgLoader", "DICfgCore", "DICfgSwiftModel"]),
    .target(name: "DICfg", dependencies: ["DICfgCore", "DICfgLoader", "DICfgCompiler", "DICfgRuntime"]),
    .target(
      name: "DICfgCLI",
      dependencies: [
        "DICfgCore",
        "DICfgSwiftModel",
        "DICfgReporting",
        "DICfgLoader",
        "DICfgCompiler",
        "DICfgRuntime",
        "DICfgSwiftReader",
        "DICfgPlanning",
        "DICfgGeneration",
        "DICfgLanguageServer",
        "DICfgImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "dicfg", dependencies: ["DICfgCLI"]),
    .plugin(name: "DICfgGeneratorPlugin", capability: .buildTool(), dependencies: ["dicfg-generate"]),
    .plugin(
      name: "GenerateRegistryCommand",
      capability: .command(
        intent: .custom(verb: "generate-registry", description: "Write the dicfg registration into the sources"),
        permissions: [.writeToPackageDirectory(reason: "writes Registry+GraphFile.swift into the target's sources")]),
      dependencies: ["dicfg-generate"]),
    .target(name: "DICfgTestSupport", dependencies: ["DICfgCore", "DICfgLoader", "DICfgCompiler"]),
    .testTarget(name: "DICfgCoreTests", dependencies: ["DICfgCore", "DICfgReporting", "DICfgTestSupport"]),
    .testTarget(name: "DICfgLoaderTests", dependencies: ["DICfgLoader", "DICfgCore", "DICfgTestSupport"]),
    .testTarget(
      name: "DICfgCompilerTests",
      dependencies: [
        "DICfgCompiler", "DICfgPlanning", "DICfgLoader", "DICfgCore", "DICfgSwiftModel", "DICfgSwiftReader",
        "DICfgTestSupport",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "DICfgSwiftReaderTests",
      dependencies: ["DICfgSwiftReader", "DICfgSwiftModel", "DICfgCompiler", "DICfgCore", "DICfgTestSupport"]
    ),
    .testTarget(
      name: "DICfgRuntimeTests",
      dependencies: ["DICfg", "DICfgRuntime", "DICfgTypedRuntime", "DICfgSwiftModel", "DICfgTestSupport"]),
    .testTarget(
      name: "DICfgCLITests",
      dependencies: [
        "DICfg", "DICfgCLI", "DICfgCore", "DICfgGeneration", "DICfgPlanning", "DICfgLanguageServer", "DICfgReporting",
        "DICfgTestSupport",
      ],
      exclude: ["Fixtures", "Golden"]
    ),
    // The generator on its own: graphs drawn over the plan's shapes, their generated files type-checked.
    .testTarget(
      name: "DICfgGenerationTests",
      dependencies: [
        "DICfgGeneration", "DICfgPlanning", "DICfgCompiler", "DICfgCore", "DICfgSwiftModel", "DICfgSwiftReader",
        "DICfgTypedRuntime", "DICfgTestSupport",
      ]),
    .testTarget(
      name: "DICfgImportTests",
      dependencies: [
        "DICfgImport", "DICfgCLI", "DICfgPlanning", "DICfgCompiler", "DICfgSwiftReader", "DICfgCore",
      ]),
    .testTarget(
      name: "DICfgLanguageServerTests",
      dependencies: [
        "DICfgLanguageServer", "DICfgCompiler", "DICfgPlanning", "DICfgLoader", "DICfgCore", "DICfgSwiftModel",
        "DICfgTestSupport",
      ]),
    .testTarget(name: "DICfgPluginTests"),
  ],
  swiftLanguageModes: [.v6]
)

// DICFG_SANITIZED_TESTS=1 (CI's address and thread sanitizer runs): only the tests of the code that
// handles unsafe pointers, C calls, threads and child processes (the loader over libyaml, the
// runtimes' slots, locks and weak externals, the Swift reader's process helper), so a sanitized build
// compiles those modules and their tests, not the command line, the language server or the import.
if Context.environment["DICFG_SANITIZED_TESTS"] == "1" {
  let sanitized: Set<String> = ["DICfgCoreTests", "DICfgLoaderTests", "DICfgRuntimeTests", "DICfgSwiftReaderTests"]
  package.targets.removeAll { $0.type == .test && !sanitized.contains($0.name) }
}
