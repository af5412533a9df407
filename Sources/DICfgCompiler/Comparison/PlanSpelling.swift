public import DICfgCore

/// A plan's values spelled as a graph file writes them, with every reference by id, so two plans
/// (two environments, two versions of a file) compare by text: `userRepository`, `$apiToken`,
/// `30`, `"https://…"`, `[a, b]`.
public struct PlanSpelling: Sendable {
  /// The plan the values belong to.
  public let plan: ResolutionPlan
  /// The container the values are written in: a reference into another container is spelled
  /// `container.id`.
  public let container: Int

  public init(plan: ResolutionPlan, container: Int) {
    self.plan = plan
    self.container = container
  }

  /// `value` as the graph file writes it.
  public func spell(_ value: ResolutionPlan.Value) -> String {
    switch value {
    case .service(let reference): name(reference)
    case .external(let owner, let index): qualified(owner, plan.containers[owner].externals[index].id)
    case .parameter(let index): "$" + plan.parameters[index].name
    case .argument(let name): "$" + name
    case .container: "$container"
    case .literal(let literal): Self.spell(literal)
    case .provider(let reference): "{ provider: \(name(reference)) }"
    case .lazy(let reference): "{ lazy: \(name(reference)) }"
    case .tagged(let tag, _): "{ tagged: \(tag) }"
    case .array(let values): "[" + values.map(spell).joined(separator: ", ") + "]"
    case .optional(let wrapped?): spell(wrapped) + "?"
    case .optional(nil): "nil"
    case .swift(let expression): expression
    }
  }

  /// The service `reference` names, by id.
  public func name(_ reference: ResolutionPlan.ServiceReference) -> String {
    qualified(reference.container, plan.containers[reference.container].services[reference.service].id)
  }

  private func qualified(_ owner: Int, _ id: String) -> String {
    owner == container ? id : plan.containers[owner].name + "." + id
  }

  /// A constant as YAML's flow style writes it, strings quoted.
  public static func spell(_ literal: ResolutionPlan.Literal) -> String {
    switch literal {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .string(let text): QuotedString.quoted(text, in: .json)
    case .list(let items): "[" + items.map(spell).joined(separator: ", ") + "]"
    case .map(let entries):
      entries.isEmpty ? "{}" : "{ " + entries.map { "\($0.key): \(spell($0.value))" }.joined(separator: ", ") + " }"
    }
  }

  /// A parameter's value as written: a constant, or its text with `${NAME}` parts.
  public static func spell(_ value: ResolutionPlan.ParameterValue) -> String {
    switch value {
    case .literal(let literal): return spell(literal)
    case .environment(let segments, _):
      var text = ""
      for segment in segments {
        switch segment {
        case .text(let part): text += part.replacingDollars
        case .variable(let name, let defaultValue?): text += "${\(name):-\(defaultValue)}"
        case .variable(let name, nil): text += "${\(name)}"
        }
      }
      return QuotedString.quoted(text, in: .json)
    }
  }
}

extension String {
  /// `$` written as the graph file escapes it in a parameter's text (`$$`).
  fileprivate var replacingDollars: String {
    var result = ""
    for character in self { result += character == "$" ? "$$" : String(character) }
    return result
  }
}
