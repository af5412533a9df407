import DICfgCore
import DICfgLoader

/// Applies override layers (environment files, `--override` files) to the layers below, by the
/// rules of JSON Merge Patch with one addition for services:
///
/// - mappings merge key by key; scalars and lists are replaced whole; `null` deletes the key;
/// - a service entry with `type` (or `alias`) is a full definition: it adds the service or replaces
///   the one below wholesale;
/// - a service entry without one patches the service below, and there must be one.
///
/// Every merged value keeps its own node, so its location names the layer that set it.
struct LayerMerger {
  private(set) var diagnostics: [Diagnostic] = []
  /// The services a layer removed (`id: null`) from the layers below, by id: where the last removal
  /// of each is.
  private(set) var removals: [String: SourceLocation] = [:]

  /// The sections of a service whose entries merge one by one.
  private static let mergedServiceFields: Set<String> = ["init", "properties", "arguments"]

  mutating func apply(_ layer: GraphDocument, onto base: inout GraphDocument) {
    patchEntries(&base.parameters, with: layer.parameters)
    for patch in layer.containers {
      let others = base.containers.filter { $0.name != patch.name }
      if let index = base.containerIndex(named: patch.name) {
        apply(patch, onto: &base.containers[index], others: others)
      } else {
        var added = ContainerSection(name: patch.name, location: patch.location)
        apply(patch, onto: &added, others: others)
        base.containers.append(added)
      }
    }
  }

  /// - Parameter others: The other containers below, where a service the patch misses may live.
  private mutating func apply(_ patch: ContainerSection, onto base: inout ContainerSection, others: [ContainerSection])
  {
    if let entry = patch.defaultScope { base.defaultScope = entry.value.isNull ? nil : entry }
    if let entry = patch.collaborators { base.collaborators = entry.value.isNull ? nil : entry }
    patchEntries(&base.scopes, with: patch.scopes)
    for entry in patch.externals.list {
      base.externals[entry.key.text] = mergePatch(base.externals[entry.key.text], entry, depth: 1)
    }
    for entry in patch.services.list {
      let id = entry.key.text
      if entry.value.isNull {
        if base.services[id] == nil {
          diagnostics.append(missing(entry.key, deleting: true, in: base, others: others))
        } else {
          removals[id] = entry.key.location
        }
        base.services[id] = nil
      } else if isFullDefinition(entry.value) {
        base.services[id] = entry
      } else if let below = base.services[id] {
        base.services[id] = mergeService(below, patch: entry)
      } else {
        diagnostics.append(missing(entry.key, deleting: false, in: base, others: others))
      }
    }
  }

  /// An override of a service the container below lacks: where it is defined when another
  /// container has it, else a did-you-mean.
  private func missing(_ key: ConfigNode, deleting: Bool, in base: ContainerSection, others: [ContainerSection])
    -> Diagnostic
  {
    if let other = others.first(where: { $0.services[key.text] != nil }), let defined = other.services[key.text] {
      return .overrideInOtherContainer(
        key, deleting: deleting, container: base.name, definedIn: other.name, definition: defined.key.location)
    }
    return .overrideMissingService(key, deleting: deleting, candidates: base.services.keys)
  }

  /// Replaces or deletes whole entries (parameters, scopes).
  private func patchEntries(_ base: inout Entries, with patch: Entries) {
    for entry in patch.list {
      base[entry.key.text] = entry.value.isNull ? nil : entry
    }
  }

  private func isFullDefinition(_ service: ConfigNode) -> Bool {
    guard let entries = service.mapping else { return true }
    return entries.contains { ($0.key.text == "type" || $0.key.text == "alias") && !$0.value.isNull }
  }

  private func mergeService(_ below: ConfigNode.Entry, patch: ConfigNode.Entry) -> ConfigNode.Entry {
    guard var fields = below.value.mapping.map({ Entries($0) }), let patchFields = patch.value.mapping else {
      return patch
    }
    for field in patchFields {
      let name = field.key.text
      let depth = Self.mergedServiceFields.contains(name) ? 1 : 0
      fields[name] = mergePatch(fields[name], field, depth: depth)
    }
    return ConfigNode.Entry(
      key: below.key, value: ConfigNode(.mapping(ConfigNode.Entries(fields.list)), at: below.value.location))
  }

  /// JSON Merge Patch of `patch` onto `target`, going `depth` mapping levels deep; below that a
  /// value is replaced whole (literals are never merged into).
  private func mergePatch(_ target: ConfigNode.Entry?, _ patch: ConfigNode.Entry, depth: Int) -> ConfigNode.Entry? {
    if patch.value.isNull { return nil }
    guard depth > 0, let patchEntries = patch.value.mapping, let target, let targetEntries = target.value.mapping
    else { return patch }
    var merged = Entries(targetEntries)
    for entry in patchEntries {
      merged[entry.key.text] = mergePatch(merged[entry.key.text], entry, depth: depth - 1)
    }
    return ConfigNode.Entry(
      key: target.key, value: ConfigNode(.mapping(ConfigNode.Entries(merged.list)), at: target.value.location))
  }
}
