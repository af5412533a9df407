/// Rules of a plan that the compiler and the runtime both apply, written once.

extension ResolutionPlan.ParameterValue {
  /// The text of a value read from the environment, each `${NAME}` replaced by `environment`'s
  /// value or else its default; the first variable set nowhere when there is one.
  public func environmentText(in environment: [String: String]) -> (text: String, unset: String?) {
    guard case .environment(let segments, _) = self else { return ("", nil) }
    var text = ""
    for segment in segments {
      switch segment {
      case .text(let literal):
        text += literal
      case .variable(let name, let defaultValue):
        guard let value = environment[name] ?? defaultValue else { return (text, name) }
        text += value
      }
    }
    return (text, nil)
  }

  /// The variables with no default that `environment` does not set.
  public func unsetVariables(in environment: [String: String]) -> [String] {
    guard case .environment(let segments, _) = self else { return [] }
    return segments.compactMap { segment in
      guard case .variable(let name, let defaultValue) = segment, defaultValue == nil, environment[name] == nil
      else { return nil }
      return name
    }
  }
}

extension ResolutionPlan {
  /// The global number of each container's first service: services are numbered across the
  /// plan's containers in order.
  public var firstServiceNumbers: [Int] {
    var first: [Int] = []
    first.reserveCapacity(containers.count)
    var total = 0
    for container in containers {
      first.append(total)
      total += container.services.count
    }
    return first
  }
}

extension Diagnostic {
  /// A `${NAME}` with no default whose variable is not set: a warning when a file is compiled with
  /// an environment, an error when a container is created without it.
  public static func unsetEnvironmentVariable(
    _ name: String, parameter: String, at location: SourceLocation, severity: Severity
  ) -> Diagnostic {
    Diagnostic(
      severity, .unsetEnvironmentVariable,
      "environment variable '\(name)' of parameter '\(parameter)' is not set and has no default; "
        + "set it before creating the container, or write '${\(name):-default}'", at: location)
  }
}
