import DICfgCompiler
import DICfgCore
import DICfgSwiftReader
import Foundation

/// A Swift package's modules and which depends on which, as `swift package describe --type json`
/// gives them: what a module's build sees, so `validate` checks a graph file as its module's build does.
struct PackageModules {
  struct Module {
    var name: String
    /// Its folder, relative to the package.
    var path: String
    var dependencies: [String]
    /// The products of other packages it depends on.
    var products: [String] = []
  }

  var root: String
  var modules: [Module]
  /// The earliest version of each platform the package deploys to (its `platforms:`), by SwiftPM's
  /// names (`ios`, `macos`).
  var platforms: [String: String] = [:]

  /// `swift package --package-path root ARGUMENTS`'s JSON output, or why there is none.
  private static func package(_ root: String, _ arguments: [String]) -> Result<[String: Any], DescriptionFailure> {
    let ran = ChildProcess("/usr/bin/env", ["swift", "package", "--package-path", root] + arguments).run()
    guard ran.status != -1 else { return .failure(DescriptionFailure(reason: ran.errorText)) }
    guard ran.status == 0, let object = try? JSONSerialization.jsonObject(with: ran.output) as? [String: Any]
    else {
      return .failure(
        DescriptionFailure(reason: ran.errorText.split(separator: "\n").first.map(String.init) ?? "no description"))
    }
    return .success(object)
  }

  struct DescriptionFailure: Error {
    var reason: String
  }

  /// The source folders of each product of the packages the package at `root` depends on (those
  /// resolved: checkouts and local paths), by product name, each product's targets with the targets
  /// they depend on; or why they cannot be read.
  static func productFolders(_ root: String) -> Result<[String: [String]], DescriptionFailure> {
    let tree: [String: Any]
    switch package(root, ["show-dependencies", "--format", "json"]) {
    case .success(let object): tree = object
    case .failure(let failure): return .failure(failure)
    }
    var folders: [String: [String]] = [:]
    for dependency in tree["dependencies"] as? [[String: Any]] ?? [] {
      guard let path = dependency["path"] as? String,
        case .success(let described) = package(path, ["describe", "--type", "json"])
      else { continue }
      let targets = Dictionary(
        (described["targets"] as? [[String: Any]] ?? []).compactMap { target -> (String, (String, [String]))? in
          guard let name = target["name"] as? String, let folder = target["path"] as? String else { return nil }
          return (name, (path + "/" + folder, target["target_dependencies"] as? [String] ?? []))
        }, uniquingKeysWith: { first, _ in first })
      for product in described["products"] as? [[String: Any]] ?? [] {
        guard let name = product["name"] as? String else { continue }
        var pending = product["targets"] as? [String] ?? []
        var seen = Set(pending)
        var found: [String] = []
        while let next = pending.popLast() {
          guard let (folder, dependencies) = targets[next] else { continue }
          found.append(folder)
          for other in dependencies where seen.insert(other).inserted { pending.append(other) }
        }
        folders[name] = found.sorted()
      }
    }
    return .success(folders)
  }

  /// Describes the package at `root` with the Swift toolchain; a located error where it cannot.
  static func describe(_ root: String) -> (modules: PackageModules?, failure: Diagnostic?) {
    let failed = { (reason: String) -> (modules: PackageModules?, failure: Diagnostic?) in
      (
        nil,
        Diagnostic.error(
          .ioError,
          "cannot read the package at '\(root)' with 'swift package describe' (\(reason)); which module "
            + "depends on which is unknown, so the Swift given with --swift is read as it is",
          at: .start(of: root + "/Package.swift"))
      )
    }
    let object: [String: Any]
    switch package(root, ["describe", "--type", "json"]) {
    case .success(let described): object = described
    case .failure(let failure): return failed(failure.reason)
    }
    guard let targets = object["targets"] as? [[String: Any]] else { return failed("no targets") }
    var platforms: [String: String] = [:]
    for platform in object["platforms"] as? [[String: Any]] ?? [] {
      guard let name = platform["name"] as? String, let version = platform["version"] as? String else { continue }
      platforms[name] = version
    }
    return (
      PackageModules(
        root: root,
        modules: targets.compactMap { target in
          guard let name = target["name"] as? String, let path = target["path"] as? String else { return nil }
          return Module(
            name: name, path: path, dependencies: target["target_dependencies"] as? [String] ?? [],
            products: target["product_dependencies"] as? [String] ?? [])
        }, platforms: platforms), nil
    )
  }

  /// `module` and the modules it depends on, directly or through others.
  func visible(from module: String) -> Set<String> {
    var seen: Set<String> = [module]
    var stack = [module]
    while let next = stack.popLast() {
      for dependency in modules.first(where: { $0.name == next })?.dependencies ?? []
      where seen.insert(dependency).inserted {
        stack.append(dependency)
      }
    }
    return seen
  }

  /// The module whose folder holds `path` (a file of the package, absolute or relative to it).
  func module(holding path: String) -> Module? {
    let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    return modules.first { relative == $0.path || relative.hasPrefix($0.path + "/") }
  }
}

extension PackageModules {
  /// Reads into `request` the Swift the build of `file`'s module sees: that module's sources and
  /// those of the modules it depends on (among `sources`, all of the package's where nil), the
  /// products of other packages they depend on (`productFolders`, the folders of each), what they
  /// import from the toolchain, and the platforms the package deploys to; the package's other
  /// modules give only the names of their types. False, reading nothing, where `file` lies in no module's folder.
  func read(
    asBuildOf file: String, sources: [String]?, into request: inout GraphRun.Request,
    productFolders: (String) -> Result<[String: [String]], DescriptionFailure>
  ) -> Bool {
    let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
    guard let own = module(holding: absolute(file)) else { return false }
    let visible = visible(from: own.name)
    // Each module's folder the sources cover: a folder given whole (`Sources`) covers those inside it.
    let given = sources?.map(absolute) ?? [root]
    var seen: [String] = []
    var hidden: [String] = []
    for source in given {
      if let module = module(holding: source) {
        if visible.contains(module.name) { seen.append(source) } else { hidden.append(source) }
        continue
      }
      for module in modules where (root + "/" + module.path).hasPrefix(source + "/") || source == root {
        let folder = root + "/" + module.path
        if visible.contains(module.name) { seen.append(folder) } else { hidden.append(folder) }
      }
    }
    // The products of other packages the visible modules depend on: their sources, as the build
    // plugin reads them.
    let products = Set(modules.filter { visible.contains($0.name) }.flatMap(\.products))
    if !products.isEmpty {
      switch productFolders(root) {
      case .success(let folders): seen += products.sorted().flatMap { folders[$0] ?? [] }
      case .failure(let failure):
        request.unreadModules.merge(products.map { ($0, failure.reason) }) { first, _ in first }
      }
    }
    // Read once, with what they import from the toolchain.
    request.readSwift(seen, toolchain: ToolchainInterfaces.locatedOrAbsent())
    request.swift?.deploymentTargets = platforms
    // The modules it does not depend on: only the names of their types.
    request.noteUndepended(hidden.compactMap { path in module(holding: path).map { (module: $0.name, paths: [path]) } })
    return true
  }
}
