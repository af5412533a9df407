import DICfgCore

/// `${NAME}` and `${NAME:-default}` in parameter text; `$$` is a literal `$`.
enum EnvironmentTemplate {
  static func parse(_ text: String) -> Result<[ResolutionPlan.Segment], TemplateProblem> {
    var segments: [ResolutionPlan.Segment] = []
    var literal = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      literal += rest[..<dollar]
      let after = rest[rest.index(after: dollar)...]
      if after.hasPrefix("$") {
        literal += "$"
        rest = after.dropFirst()
        continue
      }
      guard after.hasPrefix("{") else {
        literal += "$"
        rest = after
        continue
      }
      guard let close = after.firstIndex(of: "}") else { return .failure(.unterminated(text)) }
      let body = after[after.index(after: after.startIndex)..<close]
      let name: Substring
      var defaultValue: String?
      if let separator = body.range(of: ":-") {
        name = body[..<separator.lowerBound]
        defaultValue = String(body[separator.upperBound...])
      } else {
        name = body
      }
      guard Identifier.isValid(String(name)) else { return .failure(.invalidName(String(name))) }
      if !literal.isEmpty {
        segments.append(.text(literal))
        literal = ""
      }
      segments.append(.variable(name: String(name), defaultValue: defaultValue))
      rest = after[after.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty || segments.isEmpty { segments.append(.text(literal)) }
    return .success(segments)
  }

  enum TemplateProblem: Error, Equatable {
    case unterminated(String)
    case invalidName(String)
  }
}
