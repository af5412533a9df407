// swift-tools-version:6.0
// Benchmarks of dicfg side by side with hand-written code, Swinject and Yams. A separate package,
// so dicfg's users never build these dependencies. Run: Benchmarks/run.sh
import PackageDescription

let package = Package(
  name: "DICfgBenchmarks",
  dependencies: [
    .package(name: "dicfg", path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
  ],
  targets: [
    .systemLibrary(name: "CLibYAMLRaw", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
    .executableTarget(
      name: "DICfgBenchmarks",
      dependencies: [
        "CLibYAMLRaw",
        .product(name: "DICfg", package: "dicfg"),
        .product(name: "DICfgLoader", package: "dicfg"),
        .product(name: "DICfgRuntime", package: "dicfg"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      plugins: [.plugin(name: "DICfgGenerator", package: "dicfg")]
    ),
    // Yams carries its own copy of libyaml, so it runs in its own executable.
    .executableTarget(name: "YamsBenchmarks", dependencies: [.product(name: "Yams", package: "Yams")]),
  ],
  swiftLanguageModes: [.v6]
)
