import DICfgCompiler
import DICfgCore

// The Swift of the builders a module's generated code declares (``ModuleBuilder``): public static
// functions of one enum per module, each calling the internal initializer or function with its
// parameters.

extension ModuleBuilder {
  /// The enum of `builders` (all of one module), or nothing where there are none. With
  /// `atGraphLines`, each call stands at its service's graph line (`#sourceLocation`), but for a
  /// graph file of a name an earlier one has (Swift takes one file of a name in a module; decision
  /// 133): for a file that maps nothing else.
  package static func swift(_ builders: [ModuleBuilder], atGraphLines: Bool = false) -> String {
    guard let module = builders.first?.module else { return "" }
    var mapped: [String: String] = [:]
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
      let file = builder.location.file
      let name = String(file.split(separator: "/").last ?? "")
      let placed = atGraphLines && mapped[name, default: file] == file
      if placed {
        // The call stands at the service's line: a mistake in it is an error there.
        mapped[name] = file
        text += "#sourceLocation(file: \(QuotedString.quoted(file, in: .swift)), line: \(builder.location.line))\n"
      }
      text += "    \(marks)\(builder.callee)(\(arguments.joined(separator: ", ")))\n"
      if placed { text += "#sourceLocation()\n" }
      text += "  }\n"
    }
    return text + "}\n"
  }
}
