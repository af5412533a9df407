import DICfgCompiler
public import DICfgCore

/// A compiled plan as the statements that write it with `ResolutionPlan.Builder`: how the
/// generated code carries its plans, the base in full and each environment as the changes its
/// layer makes to the base.
///
/// ``writing(_:files:sourceRoot:)`` and ``changing(_:into:files:sourceRoot:)`` decide the statements
/// (values, no Swift text); ``apply(_:to:)`` runs them, as the Swift the renderer spells from them
/// does.
public enum PlanStatement: Sendable, Equatable {
  /// A location: its file's index in the plans' file table, line, column and offset.
  public struct Location: Sendable, Equatable {
    public var file: Int
    public var line: Int
    public var column: Int
    public var offset: Int
  }

  case parameter(name: String, value: ResolutionPlan.ParameterValue, at: Location, replacing: Int?)
  case parametersKeeping(Int)
  case container(name: String, at: Location, collaborators: [Int], scopes: [String])
  case selectContainer(Int)
  case containersKeeping(Int)
  case collaborators([Int], scopes: [String])
  case external(id: String, type: String, retain: ResolutionPlan.External.Retain, optional: Bool, at: Location)
  case externalsKeeping(Int)
  case alias(id: String, container: Int, service: Int, at: Location)
  case aliasesKeeping(Int)
  case service(id: String, type: String, scope: ScopeKind, at: Location, replacing: Int?)
  case servicesKeeping(Int)
  case bind([String])
  case eager
  case mainActor
  case factory(String)
  case readsReceiverProperty
  case tags([String])
  case argument(name: String, type: String)
  case initializer(label: String, value: ResolutionPlan.Value, at: Location)
  case property(label: String, value: ResolutionPlan.Value, at: Location)

  /// The statements writing `plan` from nothing.
  ///
  /// - Parameters:
  ///   - plan: The plan to write.
  ///   - files: The file table the statements' locations index; the files they name are added.
  ///   - sourceRoot: A directory: files under it are named relative to it.
  public static func writing(_ plan: ResolutionPlan, files: inout [String], sourceRoot: String? = nil)
    -> [PlanStatement]
  {
    changing(ResolutionPlan(parameters: [], containers: []), into: plan, files: &files, sourceRoot: sourceRoot)
  }

  /// The statements changing `base` into `plan`: what differs, and nothing else.
  ///
  /// - Parameters:
  ///   - base: The plan the statements start from (the base plan, for an environment).
  ///   - plan: The plan they end with.
  ///   - files: The file table the statements' locations index; the files they name are added.
  ///   - sourceRoot: A directory: files under it are named relative to it.
  public static func changing(
    _ base: ResolutionPlan, into plan: ResolutionPlan, files: inout [String], sourceRoot: String? = nil
  ) -> [PlanStatement] {
    var writer = Writer(files: files, sourceRoot: sourceRoot)
    writer.parameters(base.parameters, plan.parameters)
    // Containers are changed in place while each stands where the base declares it; from the first
    // that does not, the rest are written again.
    let kept = zip(base.containers, plan.containers).prefix { $0.name == $1.name && $0.location == $1.location }
      .count
    for index in 0..<kept where base.containers[index] != plan.containers[index] {
      writer.change(base.containers[index], into: plan.containers[index], at: index)
    }
    if kept < base.containers.count { writer.statements.append(.containersKeeping(kept)) }
    for container in plan.containers[kept...] { writer.write(container) }
    files = writer.files
    return writer.statements
  }

  /// Runs `statements` on `builder`.
  public static func apply(_ statements: [PlanStatement], to builder: inout ResolutionPlan.Builder) {
    for statement in statements { statement.apply(to: &builder) }
  }

  private func apply(to builder: inout ResolutionPlan.Builder) {
    switch self {
    case .parameter(let name, let value, let at, let replacing):
      builder.parameter(name, value, at: at.tuple, replacing: replacing)
    case .parametersKeeping(let count): builder.parameters(keeping: count)
    case .container(let name, let at, let collaborators, let scopes):
      builder.container(name, at: at.tuple, collaborators: collaborators, scopes: scopes)
    case .selectContainer(let index): builder.container(index)
    case .containersKeeping(let count): builder.containers(keeping: count)
    case .collaborators(let collaborators, let scopes): builder.collaborators(collaborators, scopes: scopes)
    case .external(let id, let type, let retain, let optional, let at):
      builder.external(id, type, retain, optional: optional, at: at.tuple)
    case .externalsKeeping(let count): builder.externals(keeping: count)
    case .alias(let id, let container, let service, let at): builder.alias(id, container, service, at: at.tuple)
    case .aliasesKeeping(let count): builder.aliases(keeping: count)
    case .service(let id, let type, let scope, let at, let replacing):
      builder.service(id, type, scope, at: at.tuple, replacing: replacing)
    case .servicesKeeping(let count): builder.services(keeping: count)
    case .bind(let types): builder.bind(types)
    case .eager: builder.eager()
    case .mainActor: builder.mainActor()
    case .factory(let name): builder.factory(name)
    case .readsReceiverProperty: builder.readsReceiverProperty()
    case .tags(let tags): builder.tags(tags)
    case .argument(let name, let type): builder.argument(name, type)
    case .initializer(let label, let value, let at): builder.initializer(label, value, at: at.tuple)
    case .property(let label, let value, let at): builder.property(label, value, at: at.tuple)
    }
  }

  /// Decides the statements, numbering files as it meets them.
  private struct Writer {
    var files: [String]
    let sourceRoot: String?
    var statements: [PlanStatement] = []

    init(files: [String], sourceRoot: String?) {
      self.files = files
      self.sourceRoot = sourceRoot
    }

    /// How many leading elements two lists share.
    static func sharedPrefix<Element: Equatable>(_ old: [Element], _ new: [Element]) -> Int {
      zip(old, new).prefix { $0 == $1 }.count
    }

    mutating func location(_ location: SourceLocation) -> Location {
      let path = sourceRoot.map { SourceLocation.path(location.file, relativeTo: $0) } ?? location.file
      let file: Int
      if let known = files.firstIndex(of: path) {
        file = known
      } else {
        file = files.count
        files.append(path)
      }
      return Location(file: file, line: location.line, column: location.column, offset: location.offset)
    }

    /// A list changed in place where both have as many elements (and `write` can replace one),
    /// else cut to what they share and written on from there.
    private mutating func list<Element: Equatable>(
      _ old: [Element], _ new: [Element], keeping: (Int) -> PlanStatement, replaces: Bool = true,
      write: (inout Writer, Element, Int?) -> Void
    ) {
      if replaces && old.count == new.count {
        for index in new.indices where old[index] != new[index] { write(&self, new[index], index) }
        return
      }
      let kept = Self.sharedPrefix(old, new)
      if kept < old.count { statements.append(keeping(kept)) }
      for element in new[kept...] { write(&self, element, nil) }
    }

    mutating func parameters(_ old: [ResolutionPlan.Parameter], _ new: [ResolutionPlan.Parameter]) {
      list(old, new, keeping: PlanStatement.parametersKeeping) { writer, parameter, index in
        writer.statements.append(
          .parameter(
            name: parameter.name, value: parameter.value, at: writer.location(parameter.location), replacing: index))
      }
    }

    mutating func write(_ container: ResolutionPlan.Container) {
      statements.append(
        .container(
          name: container.name, at: location(container.location), collaborators: container.collaborators,
          scopes: container.customScopes))
      for external in container.externals { write(external) }
      for service in container.services { write(service, replacing: nil) }
      for alias in container.aliases { write(alias) }
    }

    mutating func change(_ old: ResolutionPlan.Container, into new: ResolutionPlan.Container, at index: Int) {
      statements.append(.selectContainer(index))
      if old.collaborators != new.collaborators || old.customScopes != new.customScopes {
        statements.append(.collaborators(new.collaborators, scopes: new.customScopes))
      }
      // Externals and aliases are only appended: a changed one is written again with those after it.
      list(old.externals, new.externals, keeping: PlanStatement.externalsKeeping, replaces: false) {
        writer, external, _ in
        writer.write(external)
      }
      list(old.services, new.services, keeping: PlanStatement.servicesKeeping) { writer, service, index in
        writer.write(service, replacing: index)
      }
      list(old.aliases, new.aliases, keeping: PlanStatement.aliasesKeeping, replaces: false) { writer, alias, _ in
        writer.write(alias)
      }
    }

    mutating func write(_ external: ResolutionPlan.External) {
      statements.append(
        .external(
          id: external.id, type: external.type, retain: external.retain, optional: external.optional,
          at: location(external.location)))
    }

    mutating func write(_ alias: ResolutionPlan.Alias) {
      statements.append(
        .alias(
          id: alias.id, container: alias.target.container, service: alias.target.service,
          at: location(alias.location)))
    }

    mutating func write(_ service: ResolutionPlan.Service, replacing index: Int?) {
      statements.append(
        .service(
          id: service.id, type: service.type, scope: service.scope, at: location(service.location), replacing: index))
      if !service.bindings.isEmpty { statements.append(.bind(service.bindings)) }
      if service.eager { statements.append(.eager) }
      if service.isolation == .mainActor { statements.append(.mainActor) }
      if let factory = service.factory { statements.append(.factory(factory)) }
      if service.readsReceiverProperty { statements.append(.readsReceiverProperty) }
      if !service.tags.isEmpty { statements.append(.tags(service.tags)) }
      for argument in service.arguments { statements.append(.argument(name: argument.name, type: argument.type)) }
      for argument in service.initializer {
        statements.append(.initializer(label: argument.label, value: argument.value, at: location(argument.location)))
      }
      for property in service.properties {
        statements.append(.property(label: property.label, value: property.value, at: location(property.location)))
      }
    }
  }
}

extension PlanStatement.Location {
  var tuple: ResolutionPlan.Builder.At { (file, line, column, offset) }
}
