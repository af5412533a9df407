// swift-tools-version:6.1
// A third-party SDK the modular fixture depends on: shared instances its apps reach through static members.
import PackageDescription

let package = Package(
  name: "ScannerSDK",
  products: [.library(name: "ScannerSDK", targets: ["ScannerSDK"])],
  targets: [.target(name: "ScannerSDK")]
)
