import DICfgCompiler
import DICfgCore
import DICfgPlanning

// The parameters a typed root reads from the environment (`${NAME}`) when it is created.
extension TypedContainerGenerator {
  /// Whether the root reads parameters from the environment when it is created: over the typed
  /// runtime, where some environment's plan has a `${NAME}` (over the link, the link reads them).
  static func readsEnvironment(_ model: TypedContainerModel) -> Bool {
    model.runtime == .typed && model.environmentSources.contains { !$0.parameters.isEmpty }
  }

  /// The root's `Parameters`: a property per parameter and type the builds take it as, read when the
  /// container is created as its environment's plan writes it. Every parameter with a `${NAME}` is
  /// read, as the link reads them, so an unset variable fails the creation whether a build takes it
  /// or not; a property no build of the environment reads holds its type's zero value there.
  func renderParameters(_ model: TypedContainerModel, into writer: inout SwiftWriter) {
    writer.documentation([
      "The parameters read from the environment (`${NAME}`) when the container is created, as its builds take them."
    ])
    writer.line("fileprivate struct Parameters: Sendable {")
    writer.indent { body in
      for read in model.environmentReads {
        body.line("let \(SwiftIdentifier.escaped(read.property)): \(read.type)")
      }
      body.blank()
      body.line("init(environment: Environment, variables: [String: String]?) throws {")
      body.indent { initializer in
        initializer.line("switch environment {")
        for sources in model.environmentSources {
          let condition = sources.environment.flatMap { model.conditions[$0] }
          if let condition { initializer.line("#if \(condition)") }
          let name = sources.environment.map { SwiftIdentifier.escaped(SwiftIdentifier.camelCase($0)) } ?? "base"
          initializer.line("case .\(name):")
          initializer.indent { branch in
            var assigned = Set<String>()
            for parameter in sources.parameters {
              let read =
                "EnvironmentParameter(\(QuotedString.quoted(parameter.name, in: .swift)), "
                + "[\(parameter.segments.map(Self.swift).joined(separator: ", "))], typed: \(parameter.typed), "
                + "at: \(QuotedString.quoted(parameter.location, in: .swift)))"
              let reads = model.environmentReads.filter { $0.name == parameter.name }
              guard !reads.isEmpty else {
                branch.line("_ = try \(read).text(in: variables)")
                continue
              }
              for taken in reads {
                branch.line("self.\(taken.property) = try \(read).value(in: variables)")
                assigned.insert(taken.property)
              }
            }
            let unread = model.environmentReads.filter { !assigned.contains($0.property) }
            if !unread.isEmpty {
              branch.line("// Not read from the environment here: no build of this environment takes it so.")
            }
            for read in unread {
              branch.line("self.\(read.property) = \(Self.zero(of: read.type))")
            }
            if sources.parameters.isEmpty && unread.isEmpty { branch.line("break") }
          }
          if condition != nil { initializer.line("#endif") }
        }
        initializer.line("}")
      }
      body.line("}")
    }
    writer.line("}")
    writer.blank()
  }

  private static func swift(_ segment: ResolutionPlan.Segment) -> String {
    switch segment {
    case .text(let text): ".text(\(QuotedString.quoted(text, in: .swift)))"
    case .variable(let name, let defaultValue):
      ".variable(\(QuotedString.quoted(name, in: .swift)), default: "
        + "\(defaultValue.map { QuotedString.quoted($0, in: .swift) } ?? "nil"))"
    }
  }

  /// The value of a type a parameter is read as where no build reads it.
  private static func zero(of type: String) -> String {
    switch type {
    case "String": "\"\""
    case "Bool": "false"
    case "Int", "Double", "Float": "0"
    default: "nil"
    }
  }
}
