import DICfgCompiler
import DICfgCore

// The Swift of the builders a module's generated code declares (``ModuleBuilder``): public static
// functions of one enum per module, each calling the internal initializer or function with its
// parameters.

extension ModuleBuilder {
  /// The enum of `builders` (all of one module), or nothing where there are none.
  package static func swift(_ builders: [ModuleBuilder]) -> String {
    guard let module = builders.first?.module else { return "" }
    var text = "\n/// Builds the services of \(module)'s graph files whose types or initializers \(module) keeps\n"
    text += "/// internal, for the graphs that import the files.\n"
    text += "public enum \(namespace(of: module)) {\n"
    for builder in builders {
      text += "  /// Builds '\(builder.service)'.\n"
      text += "  " + (builder.globalActor.map { "@\($0) " } ?? "") + "public static func \(builder.function)("
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
      text += parameters.joined(separator: ", ") + ")\(effects) -> \(builder.returnType) {\n"
      let marks = (builder.isThrowing ? "try " : "") + (builder.isAsync ? "await " : "")
      // The call stands at the service's line: a mistake in it is an error there.
      text +=
        "#sourceLocation(file: \(QuotedString.quoted(builder.location.file, in: .swift)), line: \(builder.location.line))\n"
      text += "    \(marks)\(builder.callee)(\(arguments.joined(separator: ", ")))\n"
      text += "#sourceLocation()\n"
      text += "  }\n"
    }
    return text + "}\n"
  }
}
