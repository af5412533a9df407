import DICfgCompiler
import DICfgCore
import DICfgPlanning

/// How ``PlanStatement``s are spelled in Swift: one call of `ResolutionPlan.Builder` each, on a
/// builder named `plan`, with every argument a literal the type checker reads without searching.
extension PlanStatement {
  var swift: String {
    switch self {
    case .parameter(let name, let value, let at, let replacing):
      return "plan.parameter(\(Self.quoted(name)), \(Self.swift(value)), at: \(at.swift)\(Self.replacing(replacing)))"
    case .parametersKeeping(let count): return "plan.parameters(keeping: \(count))"
    case .container(let name, let at, let collaborators, let scopes):
      let extra =
        (collaborators.isEmpty ? "" : ", collaborators: \(collaborators)")
        + (scopes.isEmpty ? "" : ", scopes: \(Self.swift(scopes))")
      return "plan.container(\(Self.quoted(name)), at: \(at.swift)\(extra))"
    case .selectContainer(let index): return "plan.container(\(index))"
    case .containersKeeping(let count): return "plan.containers(keeping: \(count))"
    case .collaborators(let collaborators, let scopes):
      return "plan.collaborators(\(collaborators), scopes: \(Self.swift(scopes)))"
    case .external(let id, let type, let retain, let optional, let at):
      return "plan.external(\(Self.quoted(id)), \(Self.quoted(type)), .\(retain.rawValue)"
        + "\(optional ? ", optional: true" : ""), at: \(at.swift))"
    case .externalsKeeping(let count): return "plan.externals(keeping: \(count))"
    case .alias(let id, let container, let service, let at):
      return "plan.alias(\(Self.quoted(id)), \(container), \(service), at: \(at.swift))"
    case .aliasesKeeping(let count): return "plan.aliases(keeping: \(count))"
    case .service(let id, let type, let scope, let at, let replacing):
      return "plan.service(\(Self.quoted(id)), \(Self.quoted(type)), \(Self.swift(scope)), at: \(at.swift)"
        + "\(Self.replacing(replacing)))"
    case .servicesKeeping(let count): return "plan.services(keeping: \(count))"
    case .bind(let types): return "plan.bind(\(Self.swift(types)))"
    case .eager: return "plan.eager()"
    case .mainActor: return "plan.mainActor()"
    case .factory(let name): return "plan.factory(\(Self.quoted(name)))"
    case .readsReceiverProperty: return "plan.readsReceiverProperty()"
    case .tags(let tags): return "plan.tags(\(Self.swift(tags)))"
    case .argument(let name, let type): return "plan.argument(\(Self.quoted(name)), \(Self.quoted(type)))"
    case .initializer(let label, let value, let at):
      return "plan.initializer(\(Self.quoted(label)), \(Self.swift(value)), at: \(at.swift))"
    case .property(let label, let value, let at):
      return "plan.property(\(Self.quoted(label)), \(Self.swift(value)), at: \(at.swift))"
    }
  }

  private static func quoted(_ text: String) -> String { QuotedString.quoted(text, in: .swift) }

  private static func replacing(_ index: Int?) -> String { index.map { ", replacing: \($0)" } ?? "" }

  private static func swift(_ strings: [String]) -> String { "[" + strings.map(quoted).joined(separator: ", ") + "]" }

  private static func swift(_ scope: ScopeKind) -> String {
    if case .custom(let name) = scope { return ".custom(\(quoted(name)))" }
    return "." + scope.name
  }

  private static func swift(_ reference: ResolutionPlan.ServiceReference) -> String {
    ".init(container: \(reference.container), service: \(reference.service))"
  }

  static func swift(_ value: ResolutionPlan.Value) -> String {
    switch value {
    case .service(let reference): ".service(\(reference.container), \(reference.service))"
    case .external(let container, let index): ".external(container: \(container), index: \(index))"
    case .parameter(let index): ".parameter(\(index))"
    case .argument(let name): ".argument(\(quoted(name)))"
    case .container: ".container"
    case .literal(let literal): ".literal(\(swift(literal)))"
    case .provider(let reference): ".provider(\(swift(reference)))"
    case .lazy(let reference): ".lazy(\(swift(reference)))"
    case .swift(let expression): ".swift(\(quoted(expression)))"
    case .tagged(let tag, let services):
      ".tagged(tag: \(quoted(tag)), services: [\(services.map(swift).joined(separator: ", "))])"
    case .array(let values): ".array([\(values.map(swift).joined(separator: ", "))])"
    case .optional(nil): ".optional(nil)"
    case .optional(let wrapped?): ".optional(\(swift(wrapped)))"
    }
  }

  static func swift(_ literal: ResolutionPlan.Literal) -> String {
    switch literal {
    case .null: ".null"
    case .bool(let value): ".bool(\(value))"
    case .int(let value): ".int(\(value))"
    case .double(let value) where value.isNaN: ".double(.nan)"
    case .double(let value) where value.isInfinite: value < 0 ? ".double(-.infinity)" : ".double(.infinity)"
    case .double(let value): ".double(\(value))"
    case .string(let text): ".string(\(quoted(text)))"
    case .list(let items): ".list([\(items.map(swift).joined(separator: ", "))])"
    case .map(let entries):
      ".map([\(entries.map { ".init(key: \(quoted($0.key)), value: \(swift($0.value)))" }.joined(separator: ", "))])"
    }
  }

  private static func swift(_ value: ResolutionPlan.ParameterValue) -> String {
    switch value {
    case .literal(let literal): return ".literal(\(swift(literal)))"
    case .environment(let segments, let typed):
      let parts = segments.map { segment -> String in
        switch segment {
        case .text(let text): ".text(\(quoted(text)))"
        case .variable(let name, let defaultValue):
          ".variable(name: \(quoted(name)), defaultValue: \(defaultValue.map(quoted) ?? "nil"))"
        }
      }
      return ".environment(segments: [\(parts.joined(separator: ", "))], typed: \(typed))"
    }
  }
}

extension PlanStatement.Location {
  var swift: String { "(\(file), \(line), \(column), \(offset))" }
}
