import DICfgCore

/// Whether a provider (`{ provider: name }`) passes where Swift takes a function type: the one rule
/// the compiler's check of the graph file and the typed accessor's planner apply.
package enum ProviderFunction {
  /// What keeps a provider of the service `id` (of `type`, taking the run-time `arguments`) from
  /// being passed as `function`, with the function type that fits: its parameters are the
  /// arguments, in order; its result a type the service is; and it throws, as a provider's call
  /// can fail (the container released, a build that throws). Nil where it fits, or the Swift read
  /// cannot tell.
  package static func mismatch(
    of id: String, type: String?, arguments: [(name: String, type: String)],
    as function: SwiftTypeExpression.FunctionType, context: SwiftContext
  ) -> String? {
    let declared = arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    var fitting = function
    fitting.parameters = arguments.map { SwiftTypeExpression($0.type) }
    fitting.isThrowing = true
    if let type, context.cannotConvert(type, to: function.result.normalized) {
      fitting.result = SwiftTypeExpression(type)
    }
    let problem: String
    if arguments.count != function.parameters.count {
      problem =
        arguments.isEmpty
        ? "'\(id)' takes no run-time arguments" : "'\(id)' takes the run-time arguments (\(declared)), in that order"
    } else if let (argument, parameter) = zip(arguments, function.parameters).first(where: { argument, parameter in
      !SwiftTypeExpression(argument.type).isSame(as: parameter)
        && context.cannotConvert(parameter.normalized, to: argument.type)
    }) {
      problem = "the function passes '\(parameter.normalized)' where '\(id)' takes '\(argument.name): \(argument.type)'"
    } else if fitting.result != function.result {
      problem = "'\(id)' is '\(fitting.result.normalized)', not '\(function.result.normalized)'"
    } else if !function.isThrowing {
      problem =
        "a provider's call throws (once the container is gone, or where the build throws), and the function does not"
    } else {
      return nil
    }
    return problem + "; declare the parameter '\(fitting.spelled)'"
  }
}
