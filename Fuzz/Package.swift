// swift-tools-version:6.0
// libFuzzer targets for dicfg's loader and compiler, and for its Swift declaration reader. Built only by Scripts/fuzz.sh, with
// `-sanitize=fuzzer,address`, so the main package's users never build it.
import PackageDescription

let package = Package(
  name: "DICfgFuzz",
  dependencies: [.package(name: "dicfg", path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "DICfgFuzzer",
      dependencies: [
        "FuzzDriver",
        .product(name: "DICfgLoader", package: "dicfg"),
        .product(name: "DICfgCompiler", package: "dicfg"),
      ]
    ),
    .executableTarget(
      name: "DICfgSwiftReaderFuzzer",
      dependencies: [
        "FuzzDriver",
        .product(name: "DICfgSwiftReader", package: "dicfg"),
        .product(name: "DICfgCore", package: "dicfg"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
