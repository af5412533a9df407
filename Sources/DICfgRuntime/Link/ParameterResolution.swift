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
    case .environment(let segments, let typed):
      var text = ""
      for segment in segments {
        switch segment {
        case .text(let literal):
          text += literal
        case .variable(let name, let defaultValue):
          guard let value = environment[name] ?? defaultValue else {
            return .failure(.unsetEnvironmentVariable(name, of: parameter))
          }
          text += value
        }
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
