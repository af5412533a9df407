// swift-tools-version:6.1
// The differential test of dicfg's Swift declaration reader: swift-syntax's parser reads the same
// files (every Swift file of the repository and the hard cases in HardCases/) and the two readings
// must agree. swift-syntax is a dependency of this package only, never of dicfg.
//   swift test --package-path Tests/SwiftReaderOracle
// ReaderTiming times both readers on 1,000 types (BENCHMARKS.md).
import PackageDescription

let package = Package(
  name: "SwiftReaderOracle",
  dependencies: [
    .package(name: "dicfg", path: "../.."),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    .target(
      name: "SyntaxDeclarationReader",
      dependencies: [
        .product(name: "DICfgSwiftReader", package: "dicfg"),
        .product(name: "DICfgCompiler", package: "dicfg"),
        .product(name: "DICfgCore", package: "dicfg"),
        .product(name: "DICfgSwiftModel", package: "dicfg"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .executableTarget(
      name: "ReaderTiming",
      dependencies: ["SyntaxDeclarationReader", .product(name: "DICfgSwiftReader", package: "dicfg")]),
    .testTarget(
      name: "SwiftReaderOracleTests",
      dependencies: [
        "SyntaxDeclarationReader",
        .product(name: "DICfgSwiftReader", package: "dicfg"),
        .product(name: "DICfgCompiler", package: "dicfg"),
        .product(name: "DICfgCore", package: "dicfg"),
        .product(name: "DICfgSwiftModel", package: "dicfg"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
