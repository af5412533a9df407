import DICfgCore
import DICfgLoader

/// Meets what the files of a base layer require (`requires:`), once the layer's files are merged.
///
/// A module's fragment declares what it needs from whoever imports it, each requirement an id with
/// its Swift type. A requirement is met by the service or external of that id, else by the one
/// service or external that binds its type (the requirement's id then names it, as an alias does).
/// The file the compile starts from stands alone: what nothing of its graph meets is an external
/// of it, so a fragment checks on its own. A requirement of an imported file that nothing meets is
/// one error at the requirement.
struct RequirementMatcher {
  private(set) var diagnostics: [Diagnostic] = []
  /// The ids of requirements too malformed to stand for anything: their error is the one finding,
  /// and a reference to them is not another.
  private(set) var malformed: Set<String> = []
  /// The requirements of imported files that nothing meets, each reported at its id: what a fragment the
  /// root does not import may provide (``ModuleFragments``).
  private(set) var unmet: [(id: String, type: String, location: SourceLocation)] = []
  /// Each file's requirements by their type (normalized): a reference by that type in the file names
  /// the requirement, whatever else of the type the importing graph binds.
  private(set) var byType: [String: [String: String]] = [:]

  /// Meets the requirements of `files` (the root first) in `merged`, their merged document.
  mutating func meet(_ files: [FileDocument], in merged: inout GraphDocument) {
    guard let root = files.first else { return }
    for file in files {
      for section in file.document.containers {
        guard let index = merged.containerIndex(named: section.name) else { continue }
        for requirement in section.requirements.list {
          guard let type = requiredType(requirement) else {
            malformed.insert(requirement.key.text)
            continue
          }
          let id = requirement.key.text
          byType[file.path, default: [:]][SwiftTypeName.normalized(type)] = id
          let container = merged.containers[index]
          if container.services[id] != nil || container.externals[id] != nil { continue }
          let providers = Self.providers(of: type, in: container)
          if providers.count == 1, let provider = providers.first {
            merged.containers[index].services[id] = Self.alias(requirement, to: provider.key.text)
            continue
          }
          if providers.count > 1 {
            diagnostics.append(.ambiguousRequirement(requirement.key, type: type, providers: providers))
          } else if file.path != root.path {
            let importedAt = files.lazy.flatMap(\.imports).first { $0.resolvedPath == file.path }
            diagnostics.append(
              .unmetRequirement(requirement.key, type: type, root: root.path, importedAt: importedAt?.location))
            unmet.append((id, type, requirement.key.location))
          }
          // An external of the root file alone; after an error, a stand-in, so the references to it are
          // not findings of their own.
          merged.containers[index].externals[id] = requirement
        }
      }
    }
  }

  /// Requirements belong in the base: a layer changes what the graph provides, not what its modules
  /// need.
  mutating func reportMisplaced(in files: [FileDocument]) {
    for file in files {
      for section in file.document.containers {
        for requirement in section.requirements.list {
          diagnostics.append(.misplacedRequirement(requirement.key))
        }
      }
    }
  }

  /// The type a requirement names, or nil when it is malformed (reported).
  private mutating func requiredType(_ requirement: ConfigNode.Entry) -> String? {
    let id = requirement.key.text
    guard let fields = requirement.value.mapping else {
      diagnostics.append(
        .expected("a mapping such as '{ type: Clock }'", for: "requirement '\(id)'", got: requirement.value))
      return nil
    }
    var type: String?
    for field in fields {
      guard field.key.text == "type" else {
        diagnostics.append(
          .unknownKey(field.key, allowed: GraphFileKeys.requirement, context: "in requirement '\(id)'"))
        return nil
      }
      guard let scalar = field.value.scalar, !scalar.text.isEmpty else {
        diagnostics.append(.expected("a type name", for: "type", got: field.value))
        return nil
      }
      type = scalar.text
    }
    guard let type else {
      diagnostics.append(.requirementMissingType(requirement.key))
      return nil
    }
    return type
  }

  /// The services and externals of `container` that bind `type`: by `type:` or `as:`, compared as a
  /// reference by type finds them (`SwiftTypeName.normalized`, as `TypeBindings` does).
  private static func providers(of type: String, in container: ContainerSection) -> [ConfigNode.Entry] {
    let wanted = SwiftTypeName.normalized(type)
    func binds(_ node: ConfigNode?) -> Bool {
      guard let text = node?.scalar?.text else { return false }
      return SwiftTypeName.normalized(text) == wanted
    }
    let services = container.services.list.filter { entry in
      guard let fields = entry.value.mapping else { return false }
      return binds(fields[key: "type"]) || (fields[key: "as"]?.sequence ?? []).contains { binds($0) }
    }
    let externals = container.externals.list.filter { binds($0.value.mapping?[key: "type"]) }
    return services + externals
  }

  /// A service entry naming `target` by the requirement's id.
  private static func alias(_ requirement: ConfigNode.Entry, to target: String) -> ConfigNode.Entry {
    let location = requirement.key.location
    let key = ConfigNode(.scalar(.init("alias")), at: location)
    let value = ConfigNode(.scalar(.init(target)), at: location)
    return ConfigNode.Entry(
      key: requirement.key,
      value: ConfigNode(.mapping(ConfigNode.Entries([ConfigNode.Entry(key: key, value: value)])), at: location))
  }
}
