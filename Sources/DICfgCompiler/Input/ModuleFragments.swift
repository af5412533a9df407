import DICfgCore
import DICfgLoader

/// The graph files of the other modules of a package, by SwiftPM's layout: for
/// `Sources/App/dicfg.yaml`, the `dicfg.yaml` (`.yml`, `.json`) at the root of each other folder of
/// `Sources/`, as the build plugin finds a target's graph file. A reference nothing provides that one
/// of them defines is a fragment the graph forgot to import, and is reported as that.
struct ModuleFragments {
  /// What a fragment defines: its services' and externals' ids, and the types its services bind.
  struct Definition {
    var file: String
    var location: SourceLocation
  }

  /// The names each fragment defines, the first fragment's first.
  private(set) var definitions: [String: Definition] = [:]

  /// The fragments beside `root`'s module that the compile did not read (`loaded`), of the modules
  /// in `modules` where it is given (those whose Swift the target is checked against: the modules
  /// it depends on), of every module beside it otherwise.
  init(
    beside root: String, loaded: Set<String>, modules: Set<String>?, loader: ConfigLoader,
    fileSystem: some GraphFileSystem
  ) {
    let components = root.split(separator: "/", omittingEmptySubsequences: false)
    guard let sourcesIndex = components.dropLast(2).lastIndex(of: "Sources") else { return }
    let sources = components[...sourcesIndex].joined(separator: "/")
    let ownModule = components[sourcesIndex + 1]
    var reader = DocumentReader()
    for module in fileSystem.fileNames(in: sources).sorted()
    where module != ownModule && modules.map({ $0.contains(module) }) ?? true {
      let candidates = ["dicfg.yaml", "dicfg.yml", "dicfg.json"].map { sources + "/" + module + "/" + $0 }
      guard let path = candidates.first(where: { fileSystem.fileExists($0) }), !loaded.contains(path) else { continue }
      guard let document = reader.read(fileSystem.load(path, with: loader)) else { continue }
      for section in document.document.containers {
        for entry in section.services.list + section.externals.list {
          define(entry.key.text, at: entry.key.location, in: path)
          let bound = [entry.value.mapping?[key: "type"]] + (entry.value.mapping?[key: "as"]?.sequence ?? []).map { $0 }
          for type in bound.compactMap({ $0?.scalar?.text }) { define(type, at: entry.key.location, in: path) }
        }
      }
    }
  }

  private mutating func define(_ name: String, at location: SourceLocation, in file: String) {
    if definitions[name] == nil { definitions[name] = Definition(file: file, location: location) }
  }

  /// `diagnostics` with each `unmet-requirement` among `unmet` that a fragment the root does not import
  /// provides (by the requirement's id, else by its type) saying which fragment, and the line to add to
  /// the root's `imports:`, where a note points.
  func explaining(
    _ unmet: [(id: String, type: String, location: SourceLocation)], in diagnostics: [Diagnostic],
    root: FileDocument
  ) -> [Diagnostic] {
    var result = diagnostics
    let place = root.imports.last?.location ?? root.document.containers.first?.location
    for requirement in unmet {
      guard let definition = definitions[requirement.id] ?? definitions[requirement.type],
        let index = result.firstIndex(where: { $0.code == .unmetRequirement && $0.location == requirement.location })
      else { continue }
      result[index] = .unmetRequirementOfUnimportedFragment(
        id: requirement.id, type: requirement.type, fragment: definition, root: root.path,
        relativePath: Paths.relative(definition.file, from: Paths.directory(of: root.path)),
        importsAt: place, at: requirement.location)
    }
    return result
  }

  /// `diagnostics` with each `unknown-reference` among `unresolved` that a fragment defines replaced
  /// by one error per fragment, at the root's imports (where the line is added), listing the
  /// references as notes. A name a file of the compile declares (one a layer removes) is left as it
  /// is.
  func explaining(
    _ unresolved: [(name: String, location: SourceLocation)], in diagnostics: [Diagnostic], root: FileDocument,
    declared: Set<String>
  ) -> [Diagnostic] {
    var byFragment: [String: [(name: String, location: SourceLocation)]] = [:]
    var order: [String] = []
    var explained = Set<SourceLocation>()
    for reference in unresolved where !declared.contains(reference.name) {
      guard let definition = definitions[reference.name] else { continue }
      if byFragment[definition.file] == nil { order.append(definition.file) }
      byFragment[definition.file, default: []].append(reference)
      explained.insert(reference.location)
    }
    guard !order.isEmpty else { return diagnostics }
    var result = diagnostics.filter { !($0.code == .unknownReference && explained.contains($0.location)) }
    let place = root.imports.last?.location ?? root.document.containers.first?.location
    for file in order {
      let references = byFragment[file] ?? []
      let names = references.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      result.append(
        .unimportedFragment(
          file, relativePath: Paths.relative(file, from: Paths.directory(of: root.path)),
          names: names, references: references.map(\.location), definitions: names.compactMap { definitions[$0] },
          at: place ?? references[0].location))
    }
    return result
  }
}
