import DICfgCore
import DICfgSwiftModel

// A type declared only inside `#if FLAG` (a preview's or a test's stand-in under `#if DEBUG`) named
// by a graph that applies in builds without the flag: a release build's generated code could not
// name it, so the error is found in any build, at the graph file's line.

extension GraphResolver {
  /// Reports `type`, which `declaration` names at `location` (as its type, or as the owner of its
  /// factory), where its declaration needs compilation flags that the layers' conditions
  /// (``buildConditions``) do not: one error, with a note at the declaration.
  mutating func checkCondition(_ type: SwiftType?, of declaration: ServiceDeclaration, at location: SourceLocation) {
    guard let type, let condition = type.condition else { return }
    let set = buildConditions.reduce(into: Set<String>()) { $0.formUnion(CompilationCondition.requiredFlags(in: $1)) }
    let missing = CompilationCondition.requiredFlags(in: condition).subtracting(set).sorted()
    guard !missing.isEmpty else { return }
    diagnostics.append(.conditionalType(type, missing: missing, of: declaration.id, at: location))
  }
}

extension Diagnostic {
  static func conditionalType(
    _ type: SwiftType, missing flags: [String], of service: String, at location: SourceLocation
  ) -> Diagnostic {
    let names = flags.map { "'\($0)'" }.joined(separator: " and ")
    let condition = CompilationCondition.all(flags) ?? ""
    return .error(
      .conditionalType,
      "'\(service)' names '\(type.name)', which is declared only where \(names) \(flags.count == 1 ? "is" : "are") "
        + "set, but the files '\(service)' is built from apply in builds without \(names) (a release build), whose "
        + "generated code could not name it; declare '\(service)' in an environment layer whose file "
        + "says 'condition: \(condition)' (a test or preview layer), or declare '\(type.name)' outside '#if'",
      at: location,
      notes: [
        Note(
          message: "'\(type.name)' is declared here, inside '#if \(type.condition ?? condition)'",
          location: type.location)
      ])
  }
}
