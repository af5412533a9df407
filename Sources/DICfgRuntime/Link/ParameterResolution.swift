import DICfgCore

/// Reads a parameter's value at link time: literals as written, `${NAME}` from the environment.
enum ParameterResolution {
  enum Outcome {
    case success(Any)
    case failure(Diagnostic)
  }

  static func resolve(_ parameter: ResolutionPlan.Parameter, environment: [String: String]) -> Outcome {
    switch parameter.value {
    case .literal(let literal):
      return .success(literal.value)
    case .environment(_, let typed):
      let (text, unset) = parameter.value.environmentText(in: environment)
      if let unset {
        return .failure(
          .unsetEnvironmentVariable(unset, parameter: parameter.name, at: parameter.location, severity: .error))
      }
      guard typed else { return .success(text) }
      switch CoreSchema.value(ofPlain: text) {
      case .null: return .success(Optional<Any>.none as Any)
      case .bool(let value): return .success(value)
      case .int(let value): return .success(value)
      case .double(let value): return .success(value)
      case .bigInt(let value), .string(let value): return .success(value)
      }
    }
  }
}
