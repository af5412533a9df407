// swift-tools-version:6.1
// A package that applies dicfg's build-tool plugin, built by DICfgPluginTests: `Shop` and `ShopApp`
// build and run; `IsolationFromSwift` builds a main-actor type whose isolation only its Swift says;
// `SDKTypes` builds and runs services of Foundation's types; `NotesApp` (Swift 5 mode) and `NotesApp6`
// build and run an app-shaped composition root; `CaptiveSingleton` builds with the graph file's
// warning; each other target holds one mistake in its graph file or a layer, which must fail the build
// with one error at the graph file's line.
import PackageDescription

// With DICFG_GENERATOR_BUNDLE=1, every target applies the plugin of Distribution/dicfg-generator, which
// runs the prebuilt generator of its artifact bundle (`Scripts/generator-bundle.sh build`), instead of
// dicfg's own, which builds the generator from source.
let bundled = Context.environment["DICFG_GENERATOR_BUNDLE"] == "1"
let plugin: [Target.PluginUsage] = [.plugin(name: "DICfgGenerator", package: bundled ? "dicfg-generator" : "dicfg")]
let runtime: [Target.Dependency] = [.product(name: "DICfgRuntime", package: "dicfg")]
// The typed runtime alone, as an app whose accessors build every service takes it.
let typedRuntime: [Target.Dependency] = [.product(name: "DICfgTypedRuntime", package: "dicfg-generator")]

// A modular app, in Swift 5 mode and (ModularApp6) Swift 6 mode: six modules, five of them with a
// fragment of the graph that their own build checks and the app's graph imports, with requirements
// the app meets by id, by an alias (the app binds the type twice) or by type; internal implementations
// behind public protocols, built by module factories, factory objects and shared instances; a
// UIKit-style main-actor superclass; a third-party SDK's shared instance; a dev layer and a test layer.
// And the module-boundary mistakes, each of which must fail the build with one error at its line: a
// feature module's internal type named in another module's graph, a fragment not imported, a
// requirement nothing meets, a requirement a fragment not imported meets, an initializer
// internal to its module, a singleton holding a screen main-actor through its superclass, and two
// overloads of a third-party SDK's function the graph's labels do not choose between. And an SDK's
// deprecated overload the graph's labels call, which builds with dicfg's one warning.
let modular: [Target] = [
  .target(name: "AlertsKit", dependencies: runtime, plugins: plugin),
  .target(name: "NetworkKit", dependencies: runtime, plugins: plugin),
  .target(name: "StorageKit", dependencies: runtime, plugins: plugin),
  .target(name: "AnalyticsKit", dependencies: ["NetworkKit"] + runtime, plugins: plugin),
  .target(name: "ScreensKit"),
  .target(
    name: "ProfileFeature",
    dependencies: ["AlertsKit", "AnalyticsKit", "NetworkKit", "ScreensKit", "StorageKit"] + runtime,
    plugins: plugin),
  .executableTarget(
    name: "ModularApp",
    dependencies: [
      "AlertsKit", "AnalyticsKit", "NetworkKit", "ProfileFeature", "StorageKit",
      .product(name: "ScannerSDK", package: "ScannerSDK"),
    ] + runtime,
    swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
  // The same app in Swift 6 mode (its files are links to ModularApp's).
  .executableTarget(
    name: "ModularApp6",
    dependencies: [
      "AlertsKit", "AnalyticsKit", "NetworkKit", "ProfileFeature", "StorageKit",
      .product(name: "ScannerSDK", package: "ScannerSDK"),
    ] + runtime,
    plugins: plugin),
  // The same app wired by hand, for the benchmarks that set the generated container beside it.
  .executableTarget(
    name: "ModularAppByHand",
    dependencies: [
      "AlertsKit", "AnalyticsKit", "NetworkKit", "ProfileFeature", "StorageKit",
      .product(name: "ScannerSDK", package: "ScannerSDK"),
    ], swiftSettings: [.swiftLanguageMode(.v5)]),
  .target(name: "InternalAcrossModules", dependencies: ["AlertsKit"] + runtime, plugins: plugin),
  .target(name: "MissingFragment", dependencies: ["AlertsKit"] + runtime, plugins: plugin),
  .target(name: "UnmetRequirement", dependencies: ["AlertsKit"] + runtime, plugins: plugin),
  .target(name: "ForgottenImport", dependencies: ["AnalyticsKit", "NetworkKit"] + runtime, plugins: plugin),
  .target(name: "InternalInitializer", dependencies: ["StorageKit"] + runtime, plugins: plugin),
  .target(name: "MainActorScreenInSingleton", dependencies: ["ScreensKit"] + runtime, plugins: plugin),
  .target(
    name: "DeprecatedSDKFactory", dependencies: [.product(name: "ScannerSDK", package: "ScannerSDK")] + runtime,
    plugins: plugin),
  .target(
    name: "AmbiguousSDKFactory", dependencies: [.product(name: "ScannerSDK", package: "ScannerSDK")] + runtime,
    plugins: plugin),
  .target(
    name: "MisspeltSDKStatic", dependencies: [.product(name: "ScannerSDK", package: "ScannerSDK")] + runtime,
    plugins: plugin),
  .target(name: "LayerMisspeltArgument", dependencies: runtime, plugins: plugin),
  .target(name: "UndependedModule", dependencies: runtime, plugins: plugin),
]

// One app-shaped composition root in both language modes (NotesApp6's files are links to NotesApp's),
// and an app of collaborating containers over two modules in both modes (EventsApp6's files are
// links to EventsApp's).
let apps: [Target] = [
  .executableTarget(
    name: "NotesApp", dependencies: runtime, swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
  .executableTarget(name: "NotesApp6", dependencies: runtime, plugins: plugin),
  .executableTarget(
    name: "EventsApp", dependencies: ["NetworkKit", "StorageKit"] + runtime,
    swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
  .executableTarget(name: "EventsApp6", dependencies: ["NetworkKit", "StorageKit"] + runtime, plugins: plugin),
  // The same app over the typed runtime alone (`dicfg-generator`'s DICfgTypedRuntime), in Swift 6 and
  // (EventsAppTyped5) Swift 5 modes: its generated file holds the typed containers only, no
  // registration, plan or link.
  .executableTarget(
    name: "EventsAppTyped", dependencies: ["NetworkKit", "StorageKit"] + typedRuntime, plugins: plugin),
  .executableTarget(
    name: "EventsAppTyped5", dependencies: ["NetworkKit", "StorageKit"] + typedRuntime,
    swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
  // The app's tests: each replaces services on its own typed container with the mocks it declares.
  .testTarget(name: "EventsAppTypedTests", dependencies: ["EventsAppTyped", "NetworkKit"] + typedRuntime),
]

// A Swinject app of four modules (config-examples/import/swinject, linked) and, in its app target, the
// graph file and factory functions `dicfg import` writes from its assemblies: the app resolves every
// registration from Swinject's container and from the generated one and compares what each gives.
let swinject: [Target.Dependency] = [.product(name: "Swinject", package: "Swinject")]
let imported: [Target] = [
  .target(name: "Networking", dependencies: swinject, swiftSettings: [.swiftLanguageMode(.v5)]),
  .target(name: "Storage", dependencies: swinject, swiftSettings: [.swiftLanguageMode(.v5)]),
  .target(
    name: "Profile", dependencies: ["Networking", "Storage"] + swinject, swiftSettings: [.swiftLanguageMode(.v5)]),
  .executableTarget(
    name: "SwinjectShop", dependencies: ["Networking", "Storage", "Profile"] + swinject + runtime,
    swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
  // The same app moving one module at a time: Profile's registrations imported, the rest Swinject's.
  .executableTarget(
    name: "SwinjectShopMoving", dependencies: ["Networking", "Storage", "Profile"] + swinject + runtime,
    swiftSettings: [.swiftLanguageMode(.v5)], plugins: plugin),
]

// An app of twenty feature modules over a platform module (FeatureSuite): each feature checks its
// fragment in its own build, four take the feature before them, and the app's graph imports all
// twenty and builds them in its one container, over the typed runtime alone.
let features = [
  "Accounts",
  "Auth",
  "Billing",
  "Cart",
  "Catalog",
  "Chat",
  "Checkout",
  "Coupons",
  "Delivery",
  "Favorites",
  "Feed",
  "Inbox",
  "Loyalty",
  "Maps",
  "Orders",
  "Payments",
  "Reviews",
  "Search",
  "Settings",
  "Wallet",
]
let suite: [Target] = [
  .target(name: "Platform"),
  .target(name: "Accounts", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Auth", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Billing", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Cart", dependencies: ["Platform", "Billing"] + typedRuntime, plugins: plugin),
  .target(name: "Catalog", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Chat", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Checkout", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Coupons", dependencies: ["Platform", "Checkout"] + typedRuntime, plugins: plugin),
  .target(name: "Delivery", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Favorites", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Feed", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Inbox", dependencies: ["Platform", "Feed"] + typedRuntime, plugins: plugin),
  .target(name: "Loyalty", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Maps", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Orders", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Payments", dependencies: ["Platform", "Orders"] + typedRuntime, plugins: plugin),
  .target(name: "Reviews", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Search", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Settings", dependencies: ["Platform"] + typedRuntime, plugins: plugin),
  .target(name: "Wallet", dependencies: ["Platform", "Settings"] + typedRuntime, plugins: plugin),
  .executableTarget(
    name: "FeatureSuite", dependencies: ["Platform"] + features.map { .target(name: $0) } + typedRuntime,
    plugins: plugin),
]

let package = Package(
  name: "PluginPackage",
  dependencies: [
    .package(name: "dicfg", path: "../.."), .package(path: "ScannerSDK"),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    // The prebuilt plugins and the typed runtime (`Scripts/generator-bundle.sh build` first).
    .package(path: "../../Distribution/dicfg-generator"),
  ],
  targets: [
    // The graph file is also bundled as a resource, for loading it at run time.
    .target(
      name: "Shop", dependencies: [.product(name: "DICfg", package: "dicfg")], resources: [.copy("dicfg.yaml")],
      plugins: plugin),
    .executableTarget(name: "ShopApp", dependencies: ["Shop"] + runtime),
    .target(name: "WrongLabel", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "SwappedArguments", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "WrongArgumentType", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "StringForDouble", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "UnknownType", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "LayerValue", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "IsolationFromSwift", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "BrokenGraph", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "ShortenedType", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "LayerParameter", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "ImportedSyntaxError", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "UndeclaredType", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "RenamedType", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "CaptiveSingleton", dependencies: runtime, plugins: plugin),
    .target(name: "LostConformance", dependencies: ["Shop"] + runtime, plugins: plugin),
    .target(name: "LayerRemovedReference", dependencies: runtime, plugins: plugin),
    .target(name: "LayerMainActorSingleton", dependencies: runtime, plugins: plugin),
    .target(name: "LayerUndeclaredExternal", dependencies: runtime, plugins: plugin),
    .target(name: "LayerForeignLiteral", dependencies: runtime, plugins: plugin),
    .target(name: "LayerDebugStandIn", dependencies: runtime, plugins: plugin),
    .target(name: "SwiftValueMistake", dependencies: runtime, plugins: plugin),
    .executableTarget(name: "SDKTypes", dependencies: runtime, plugins: plugin),
  ] + apps + modular + imported + suite,
  swiftLanguageModes: [.v6]
)
