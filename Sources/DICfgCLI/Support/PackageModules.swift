import DICfgCore
import Foundation

/// A Swift package's modules and which depends on which, as `swift package describe --type json`
/// gives them: what a module's build sees, so `validate` checks a graph file as its module's build does.
struct PackageModules {
  struct Module {
    var name: String
    /// Its folder, relative to the package.
    var path: String
    var dependencies: [String]
  }

  var root: String
  var modules: [Module]

  /// Describes the package at `root` with the Swift toolchain; a located error where it cannot.
  static func describe(_ root: String) -> (modules: PackageModules?, failure: Diagnostic?) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", root, "describe", "--type", "json"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
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
    do {
      try process.run()
    } catch {
      return failed("\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let targets = object["targets"] as? [[String: Any]]
    else {
      return failed(message.split(separator: "\n").first.map(String.init) ?? "no description")
    }
    return (
      PackageModules(
        root: root,
        modules: targets.compactMap { target in
          guard let name = target["name"] as? String, let path = target["path"] as? String else { return nil }
          return Module(name: name, path: path, dependencies: target["target_dependencies"] as? [String] ?? [])
        }), nil
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
