import DICfgCore

extension GraphResolver {
  /// A type the graph names, as a service's type or binding, a factory's owner or the first name of
  /// a Swift value (`{ swift: AppStrings.notAvailable }`), that the package declares only in a module
  /// the file's module does not depend on: the build cannot find it, so one error at the name, naming
  /// the module to depend on.
  mutating func checkModuleDependencies() {
    let module = generatedModule
    for node in nodes {
      let declaration = node.declaration
      var named: [(name: String, location: SourceLocation)] = []
      if let type = declaration.type { named.append((Self.leadingName(type.value), type.location)) }
      named += declaration.bindings.map { (Self.leadingName($0.value), $0.location) }
      if let factory = declaration.factory, factory.value.contains(".") {
        named.append((Self.leadingName(factory.value), factory.location))
      }
      for argument in declaration.initializer + declaration.properties {
        named += Self.swiftValues(in: argument.value).map { (Self.leadingName($0.expression), $0.location) }
      }
      for (name, location) in named {
        guard let owner = undependedTypes[name] else { continue }
        diagnostics.append(.undependedModule(name, module: owner, from: module, at: location))
      }
    }
  }

  /// The first name of a type or member path (`AppStrings` of `AppStrings.notAvailable`,
  /// `Box` of `Box<Int>`, `Optional` of `Optional<X>`, `X` of `any X`).
  static func leadingName(_ text: String) -> String {
    var rest = Substring(text)
    for keyword in ["any ", "some "] where rest.hasPrefix(keyword) { rest = rest.dropFirst(keyword.count) }
    return String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
  }

  private static func swiftValues(in value: ValueExpression) -> [(expression: String, location: SourceLocation)] {
    switch value {
    case .swift(let expression, let location): return [(expression, location)]
    case .array(let items, _): return items.flatMap(swiftValues)
    default: return []
    }
  }
}
