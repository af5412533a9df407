import DICfgCompiler
import DICfgCore
import DICfgPlanning

// The Swift of the builders a module's generated code declares (``ModuleBuilder``): public static
// functions of one enum per module, each calling the internal initializer or function with its
// parameters.

extension ModuleBuilder {
  /// The enum of `builders` (all of one module), or nothing where there are none. With
  /// `atGraphLines`, each call stands at its service's graph line (`#sourceLocation`, as
  /// ``SwiftWriter`` maps lines: the first graph file of a name only).
  package static func swift(_ builders: [ModuleBuilder], atGraphLines: Bool = false) -> String {
    guard let module = builders.first?.module else { return "" }
    var writer = SwiftWriter()
    writer.blank()
    writer.documentation([
      "Builds the services of \(module)'s graph files whose types or initializers \(module) keeps",
      "internal, for the graphs that import the files.",
    ])
    writer.line("public enum \(namespace(of: module)) {")
    writer.indent { body in
      for builder in builders {
        var arguments: [String] = []
        var parameters: [String] = []
        for (position, parameter) in builder.parameters.enumerated() {
          let type = parameter.type ?? "Any"
          if let label = parameter.label {
            let name = SwiftIdentifier.escaped(label)
            parameters.append((name == label ? label : "\(label) \(name)") + ": " + type)
            arguments.append("\(label): \(name)")
          } else {
            parameters.append("_ argument\(position + 1): \(type)")
            arguments.append("argument\(position + 1)")
          }
        }
        let effects = (builder.isAsync ? " async" : "") + (builder.isThrowing ? " throws" : "")
        body.documentation(["Builds '\(builder.service)'."])
        body.line(
          (builder.globalActor.map { "@\($0) " } ?? "") + "public static func \(builder.function)("
            + parameters.joined(separator: ", ") + ")\(effects) -> \(builder.returnType) {")
        body.indent { function in
          let call =
            (builder.isThrowing ? "try " : "") + (builder.isAsync ? "await " : "") + builder.callee + "("
            + arguments.joined(separator: ", ") + ")"
          // The call stands at the service's line: a mistake in it is an error there.
          if atGraphLines {
            function.mapped(file: builder.location.file, line: builder.location.line, [call])
          } else {
            function.line(call)
          }
        }
        body.line("}")
      }
    }
    writer.line("}")
    return writer.text
  }
}
