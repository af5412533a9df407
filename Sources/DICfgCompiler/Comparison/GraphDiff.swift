public import DICfgCore
import DICfgLoader

/// One difference between two compiled graphs: a service, parameter, external, alias or container
/// added, removed or changed, with the place that caused it.
public struct GraphChange: Sendable, Hashable, Codable {
  /// What happened to the subject.
  public enum Kind: String, Sendable, Hashable, Codable {
    case added, removed, changed
  }

  /// What changed.
  public enum Subject: String, Sendable, Hashable, Codable {
    case container, service, alias, external, parameter
  }

  public var kind: Kind
  public var subject: Subject
  /// The container the subject is in; nil for a parameter and a container.
  public var container: String?
  /// The subject's id (a parameter's name without `$`).
  public var id: String
  /// The field that changed (`type`, `scope`, `isolation`, `factory`, `as`, `eager`, `tags`,
  /// `arguments`, `init.LABEL`, `properties.LABEL`, `value`, `retain`, `optional`, `target`);
  /// nil for a subject added or removed.
  public var field: String?
  /// The value before, as the graph file writes it; nil where there was none.
  public var old: String?
  /// The value after; nil where there is none.
  public var new: String?
  /// The line that caused the change: where the newer side sets it, or, for what it no longer
  /// has, where the newer side removes it (`analytics: null`), else where the older side had it.
  public var location: SourceLocation
  /// The layer that holds ``location``: an environment's name, or `base`.
  public var layer: String
  /// Whether ``location`` is in the older side's files (a removal the newer side does not write).
  public var inOlderFiles: Bool

  public init(
    kind: Kind, subject: Subject, container: String?, id: String, field: String? = nil, old: String? = nil,
    new: String? = nil, location: SourceLocation, layer: String, inOlderFiles: Bool = false
  ) {
    self.kind = kind
    self.subject = subject
    self.container = container
    self.id = id
    self.field = field
    self.old = old
    self.new = new
    self.location = location
    self.layer = layer
    self.inOlderFiles = inOlderFiles
  }

  /// The subject as a sentence names it: `service 'api'`, `parameter '$token'`.
  public var subjectName: String {
    let name = subject == .parameter ? "$" + id : id
    let owner = container.map { $0 == ResolutionPlan.Container.defaultName ? "" : " (container '\($0)')" } ?? ""
    return "\(subject.rawValue) '\(name)'\(owner)"
  }

  /// What happened, in a few words: `type: URLSessionHTTPClient → StubHTTPClient`, `removed`.
  public var summary: String {
    switch kind {
    case .added: return "added" + (new.map { ": \($0)" } ?? "")
    case .removed: return "removed" + (old.map { " (was \($0))" } ?? "")
    case .changed:
      let field = self.field.map { $0 + ": " } ?? ""
      return field + "\(old ?? "(none)") → \(new ?? "(none)")"
    }
  }
}

/// Compares two compiled graphs: what an environment changes (the base beside the base with its
/// layer), what differs between two environments, or what changed between two versions of a file.
///
/// Values compare as the graph file would spell them with every reference by id (``PlanSpelling``),
/// so renumbered services are not changes. Each change carries the newer side's line that caused
/// it and the layer that line is in.
///
/// ```swift
/// let base = GraphCompiler().compile(CompileRequest(file: "app.yaml"))
/// let test = GraphCompiler().compile(CompileRequest(file: "app.yaml", environments: ["test"]))
/// let changes = GraphDiff(old: base, new: test)?.changes ?? []
/// ```
public struct GraphDiff: Sendable {
  /// The older or left-hand compile.
  public let old: CompileResult
  /// The newer or right-hand compile.
  public let new: CompileResult
  private let oldPlan: ResolutionPlan
  private let newPlan: ResolutionPlan
  /// The newer side's symbols, for where it removes what the older side has.
  private let newSymbols: GraphSymbols

  /// Nil when either side has no plan (its file has errors).
  public init?(old: CompileResult, new: CompileResult) {
    guard let oldPlan = old.plan, let newPlan = new.plan else { return nil }
    self.old = old
    self.new = new
    self.oldPlan = oldPlan
    self.newPlan = newPlan
    newSymbols = new.symbols
  }

  /// Every change, ordered by container, then subject in the newer file's order, then field.
  public var changes: [GraphChange] {
    var changes = parameterChanges()
    for (newIndex, container) in newPlan.containers.enumerated() {
      guard let oldIndex = oldPlan.containers.firstIndex(where: { $0.name == container.name }) else {
        changes.append(added(.container, nil, container.name, container.location))
        continue
      }
      changes += containerChanges(old: oldIndex, new: newIndex)
    }
    for container in oldPlan.containers where !newPlan.containers.contains(where: { $0.name == container.name }) {
      changes.append(
        removed(
          .container, nil, container.name, container.location,
          written: removal(of: container.name, .container, in: container.name)))
    }
    return changes
  }

  /// The layer a line of the newer side is in: the environment of a `BASE.ENV.yaml` file whose base
  /// this compile read, else `base`.
  public static func layer(of file: String, in result: CompileResult) -> String {
    if let split = Paths.environmentLayer(of: file), result.fileOrder.contains(split.base) {
      return split.environment
    }
    return "base"
  }

  // MARK: - Subjects

  /// One subject of either side, matched by id: added (the newer side's), kept (both), or
  /// removed (the older side's); added and kept in the newer side's order, then the removed.
  private enum Match<Subject> {
    case added(Subject)
    case kept(old: Subject, new: Subject)
    case removed(Subject)
  }

  private static func matched<Subject>(
    _ older: [Subject], _ newer: [Subject], by id: (Subject) -> String
  ) -> [Match<Subject>] {
    let olderByID = Dictionary(older.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
    let newerIDs = Set(newer.map(id))
    return newer.map { subject in olderByID[id(subject)].map { .kept(old: $0, new: subject) } ?? .added(subject) }
      + older.filter { !newerIDs.contains(id($0)) }.map { .removed($0) }
  }

  private func parameterChanges() -> [GraphChange] {
    var changes: [GraphChange] = []
    for match in Self.matched(oldPlan.parameters, newPlan.parameters, by: \.name) {
      switch match {
      case .added(let parameter):
        changes.append(
          added(.parameter, nil, parameter.name, parameter.location, value: PlanSpelling.spell(parameter.value)))
      case .kept(let before, let parameter):
        let (oldValue, value) = (PlanSpelling.spell(before.value), PlanSpelling.spell(parameter.value))
        guard oldValue != value else { continue }
        // Set by the older side's layer and not by the newer's: that layer is the cause.
        let olderCause =
          Self.layer(of: parameter.location.file, in: new) == "base"
          && Self.layer(of: before.location.file, in: old) != "base"
        changes.append(
          changed(
            .parameter, nil, parameter.name, "value", oldValue, value,
            olderCause ? before.location : parameter.location, inOlderFiles: olderCause))
      case .removed(let parameter):
        changes.append(
          removed(
            .parameter, nil, parameter.name, parameter.location, value: PlanSpelling.spell(parameter.value),
            written: removal(of: parameter.name, .parameter)))
      }
    }
    return changes
  }

  private func containerChanges(old oldIndex: Int, new newIndex: Int) -> [GraphChange] {
    let before = oldPlan.containers[oldIndex]
    let after = newPlan.containers[newIndex]
    let name = after.name
    var changes: [GraphChange] = []
    let oldSpelling = PlanSpelling(plan: oldPlan, container: oldIndex)
    let newSpelling = PlanSpelling(plan: newPlan, container: newIndex)

    changes += externalChanges(before.externals, after.externals, container: name)
    for match in Self.matched(before.services, after.services, by: \.id) {
      switch match {
      case .added(let service):
        changes.append(added(.service, name, service.id, service.location, value: service.type))
      case .kept(let previous, let service):
        let fields = (
          old: old.places(ofService: service.id, inContainer: name, at: previous.location),
          new: new.places(ofService: service.id, inContainer: name, at: service.location)
        )
        changes += serviceChanges(
          previous, service, container: name, fields: fields, spelling: (oldSpelling, newSpelling))
      case .removed(let service):
        changes.append(
          removed(
            .service, name, service.id, service.location, value: service.type,
            written: removal(of: service.id, .service, in: name)))
      }
    }

    for match in Self.matched(before.aliases, after.aliases, by: \.id) {
      switch match {
      case .added(let alias):
        changes.append(added(.alias, name, alias.id, alias.location, value: newSpelling.name(alias.target)))
      case .kept(let previous, let alias):
        let (oldTarget, target) = (oldSpelling.name(previous.target), newSpelling.name(alias.target))
        if oldTarget != target {
          changes.append(changed(.alias, name, alias.id, "target", oldTarget, target, alias.location))
        }
      case .removed(let alias):
        changes.append(
          removed(
            .alias, name, alias.id, alias.location, value: oldSpelling.name(alias.target),
            written: removal(of: alias.id, .service, in: name)))
      }
    }
    return changes
  }

  /// The externals a container adds, changes (type, retention, optionality) and removes.
  private func externalChanges(
    _ before: [ResolutionPlan.External], _ after: [ResolutionPlan.External], container name: String
  ) -> [GraphChange] {
    var changes: [GraphChange] = []
    for match in Self.matched(before, after, by: \.id) {
      switch match {
      case .added(let external):
        changes.append(added(.external, name, external.id, external.location, value: external.type))
      case .kept(let previous, let external):
        for (field, oldValue, newValue) in [
          ("type", previous.type, external.type), ("retain", previous.retain.rawValue, external.retain.rawValue),
          ("optional", String(previous.optional), String(external.optional)),
        ] where oldValue != newValue {
          changes.append(changed(.external, name, external.id, field, oldValue, newValue, external.location))
        }
      case .removed(let external):
        changes.append(
          removed(
            .external, name, external.id, external.location, value: external.type,
            written: removal(of: external.id, .external, in: name)))
      }
    }
    return changes
  }

  private func serviceChanges(
    _ before: ResolutionPlan.Service, _ after: ResolutionPlan.Service, container: String,
    fields: (old: ServicePlaces, new: ServicePlaces), spelling: (old: PlanSpelling, new: PlanSpelling)
  ) -> [GraphChange] {
    var changes: [GraphChange] = []
    // The newer side's line, unless only its base sets the field and the older side's layer set it
    // (two environments compared: the cause is the other environment's layer).
    func cause(_ key: String, _ label: String? = nil, fallback: SourceLocation? = nil) -> (SourceLocation, Bool) {
      let newer = fields.new.location(of: key, label, fallback: fallback)
      guard Self.layer(of: newer.file, in: new) == "base", let older = fields.old.written(key, label),
        Self.layer(of: older.file, in: old) != "base"
      else { return (newer, false) }
      return (older, true)
    }
    func append(_ field: String, _ oldValue: String?, _ newValue: String?, _ place: (SourceLocation, Bool)) {
      changes.append(
        changed(.service, container, after.id, field, oldValue, newValue, place.0, inOlderFiles: place.1))
    }
    func compare(_ field: String, _ key: String, _ oldValue: String?, _ newValue: String?) {
      guard oldValue != newValue else { return }
      append(field, oldValue, newValue, cause(key))
    }
    func list(_ items: [String]) -> String? { items.isEmpty ? nil : "[" + items.joined(separator: ", ") + "]" }
    compare("type", "type", before.type, after.type)
    compare("factory", "factory", before.factory, after.factory)
    compare("scope", "scope", before.scope.description, after.scope.description)
    compare("isolation", "isolation", before.isolation.rawValue, after.isolation.rawValue)
    compare("eager", "eager", String(before.eager), String(after.eager))
    compare("live", "live", String(before.live), String(after.live))
    compare("as", "as", list(before.bindings), list(after.bindings))
    compare("tags", "tags", list(before.tags), list(after.tags))
    compare(
      "arguments", "arguments", list(before.arguments.map { "\($0.name): \($0.type)" }),
      list(after.arguments.map { "\($0.name): \($0.type)" }))
    for (key, oldArguments, newArguments) in [
      ("init", before.initializer, after.initializer), ("properties", before.properties, after.properties),
    ] {
      let oldValues = Dictionary(
        oldArguments.map { ($0.label, spelling.old.spell($0.value)) }, uniquingKeysWith: { first, _ in first })
      for argument in newArguments {
        let value = spelling.new.spell(argument.value)
        let previous = oldValues[argument.label]
        guard previous != value else { continue }
        append(
          key + "." + argument.label, previous, value, cause(key, argument.label, fallback: argument.location))
      }
      for argument in oldArguments where !newArguments.contains(where: { $0.label == argument.label }) {
        append(key + "." + argument.label, oldValues[argument.label], nil, cause(key, argument.label))
      }
      let oldOrder = oldArguments.map(\.label).filter { label in newArguments.contains { $0.label == label } }
      let newOrder = newArguments.map(\.label).filter { label in oldArguments.contains { $0.label == label } }
      if key == "init", oldOrder != newOrder {
        append("init order", oldOrder.joined(separator: ", "), newOrder.joined(separator: ", "), cause(key))
      }
    }
    return changes
  }

  // MARK: - Changes and their places

  private func located(_ location: SourceLocation) -> (SourceLocation, String) {
    (location, Self.layer(of: location.file, in: new))
  }

  private func added(
    _ subject: GraphChange.Subject, _ container: String?, _ id: String, _ location: SourceLocation,
    value: String? = nil
  ) -> GraphChange {
    let (place, layer) = located(location)
    return GraphChange(
      kind: .added, subject: subject, container: container, id: id, new: value, location: place, layer: layer)
  }

  private func changed(
    _ subject: GraphChange.Subject, _ container: String?, _ id: String, _ field: String, _ oldValue: String?,
    _ newValue: String?, _ location: SourceLocation, inOlderFiles: Bool = false
  ) -> GraphChange {
    GraphChange(
      kind: .changed, subject: subject, container: container, id: id, field: field, old: oldValue, new: newValue,
      location: location, layer: Self.layer(of: location.file, in: inOlderFiles ? old : new),
      inOlderFiles: inOlderFiles)
  }

  /// A removal, at the newer side's `id: null` where it has one, else where the older side had it.
  private func removed(
    _ subject: GraphChange.Subject, _ container: String?, _ id: String, _ location: SourceLocation,
    value: String? = nil, written: SourceLocation?
  ) -> GraphChange {
    let place = written ?? location
    let layer = written.map { Self.layer(of: $0.file, in: new) } ?? Self.layer(of: location.file, in: old)
    return GraphChange(
      kind: .removed, subject: subject, container: container, id: id, old: value, location: place, layer: layer,
      inOlderFiles: written == nil)
  }

  /// Where the newer side's files write `id: null` for a declaration of `kind` in `container` (the
  /// last such file wins, as the layers apply), from the symbols the compiler recorded.
  private func removal(
    of id: String, _ kind: GraphSymbols.Kind, in container: String = ResolutionPlan.Container.defaultName
  ) -> SourceLocation? {
    newSymbols.occurrences.last {
      $0.isRemoval && $0.kind == kind && $0.name == id && (kind == .parameter || $0.container == container)
    }?.location
  }
}
