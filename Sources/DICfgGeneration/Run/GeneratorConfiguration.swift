import DICfgCompiler
import DICfgCore
import DICfgPlanning
import Foundation

/// A target's `dicfg-generator-config.json`, read by the generator on every run (the plugins pass
/// its path with `--configuration`), so an edit to it takes effect on the next build:
///
/// ```json
/// { "files": ["config/app.yaml"], "access": "public", "imports": ["ShopKit"],
///   "containerTypes": { "main": "ShopContainer" } }
/// ```
///
/// Every key is optional. `files` are relative to the configuration's folder and replace the graph
/// files named on the command line; `imports` and `containerTypes` add to theirs; `access` replaces
/// the command line's.
struct GeneratorConfiguration: Equatable {
  var files: [String]?
  var access: RegistryGenerator.Access?
  var imports: [String] = []
  var containerTypes: [String: String] = [:]

  static let keys = ["files", "access", "imports", "containerTypes"]

  /// Why a configuration cannot be used: the file and what to change.
  struct Problem: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The configuration in `path`; a problem says what is wrong in it and how to fix it.
  static func read(path: String) throws(Problem) -> GeneratorConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Problem(description: "error: cannot read the generator configuration '\(path)'")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw Problem(
        description: "\(path): error: the generator configuration is not valid JSON; write an object such as "
          + "{ \"access\": \"public\", \"imports\": [\"ShopKit\"] }")
    }
    return try parse(object, path: path)
  }

  static func parse(_ object: Any, path: String) throws(Problem) -> GeneratorConfiguration {
    func problem(_ text: String) -> Problem { Problem(description: "\(path): error: \(text)") }
    guard let fields = object as? [String: Any] else {
      throw problem("the generator configuration is not a JSON object; write { \"access\": \"public\" }, say")
    }
    var configuration = GeneratorConfiguration()
    for key in fields.keys.sorted() where !keys.contains(key) {
      let advice =
        Suggestions.closest(to: key, among: keys).map { "did you mean '\($0)'?" }
        ?? "the keys are " + keys.map { "'\($0)'" }.joined(separator: ", ")
      throw problem("unknown key '\(key)' in the generator configuration; \(advice)")
    }
    func strings(_ key: String) throws(Problem) -> [String]? {
      guard let value = fields[key] else { return nil }
      guard let list = value as? [Any], let names = list as? [String], list.count == names.count else {
        throw problem("'\(key)' is not a list of strings; write \"\(key)\": [\"…\"]")
      }
      return names
    }
    configuration.files = try strings("files")
    configuration.imports = try strings("imports") ?? []
    if let access = fields["access"] {
      guard let level = access as? String, let parsed = RegistryGenerator.Access(rawValue: level) else {
        throw problem("'access' is \(describe(access)); write \"internal\", \"package\" or \"public\"")
      }
      configuration.access = parsed
    }
    if let types = fields["containerTypes"] {
      guard let mapping = types as? [String: Any], let names = mapping as? [String: String] else {
        throw problem("'containerTypes' is not an object of strings; write { \"main\": \"ShopContainer\" }, say")
      }
      configuration.containerTypes = names
    }
    return configuration
  }

  private static func describe(_ value: Any) -> String {
    if let text = value as? String { return "'\(text)'" }
    return "not a string"
  }
}

extension RegistryGeneration {
  /// This run with `configuration`'s options applied: its files, relative to the configuration's
  /// folder, replace the command line's.
  func applying(_ configuration: GeneratorConfiguration, at path: String) -> RegistryGeneration {
    var applied = self
    if let files = configuration.files {
      applied.files = files.map { Paths.resolve($0, from: path) }
    }
    if let access = configuration.access { applied.access = access }
    for module in configuration.imports where !applied.imports.contains(module) { applied.imports.append(module) }
    applied.containerTypes += configuration.containerTypes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return applied
  }
}
