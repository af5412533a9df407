import DICfgTestSupport
import Foundation

/// A package whose one executable module, App, depends on the product `product` of a package beside
/// it, with a graph file naming a class whose initializer is failable: on dicfg's typed runtime
/// alone (`DICfgTypedRuntime`) its container cannot build that service; on the full runtime it can.
/// The folder holding both packages; the caller removes it.
func runtimeProductPackage(dependingOn product: String) throws -> URL {
  try temporaryFolder([
    "App/Package.swift": """
    // swift-tools-version:6.1
    import PackageDescription
    let package = Package(
      name: "App", dependencies: [.package(path: "../Runtime")],
      targets: [.executableTarget(name: "App", dependencies: [.product(name: "\(product)", package: "Runtime")])])
    """,
    "App/Sources/App/main.swift": "final class Session { init?(id: Int) { nil } }\nprint(1)\n",
    "App/Sources/App/dicfg.yaml": "dicfg: 1\nservices:\n  session: { type: Session, init: { id: { value: 1 } } }\n",
    "Runtime/Package.swift": """
    // swift-tools-version:6.1
    import PackageDescription
    let package = Package(
      name: "Runtime", products: [.library(name: "\(product)", targets: ["Runtime"])],
      targets: [.target(name: "Runtime")])
    """,
    "Runtime/Sources/Runtime/Runtime.swift": "public enum Runtime {}\n",
  ])
}
