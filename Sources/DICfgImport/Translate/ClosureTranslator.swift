import DICfgCompiler
import DICfgCore
import DICfgSwiftModel
import Foundation

/// Reads what a registration's closure builds: a graph entry where the closure only constructs a
/// type from resolved services, literals and Swift values (and sets properties of it); else a
/// factory function carrying the closure's code, whose resolves become its parameters.
struct ClosureTranslator {
  let registration: FoundRegistration
  let declarations: SwiftDeclarations
  /// The key of each Factory property by its name, for the parameter types of a factory function.
  let factoryKeys: [String: String]
  /// A container's computed properties that return one of its factories' instances
  /// (`var logger: any Logging { ToolsContainer.shared.logManager() }`): the factory each reads.
  var aliases: [String: String] = [:]
  /// The names of the members every type declares, and of the free functions: what tells a closure's
  /// read of a member without `self.` from a global (``SharedNames``, made once for every registration).
  var names = SharedNames()

  /// What every registration's translation asks of the declarations, worked out once.
  struct SharedNames {
    var members: Set<String> = []
    var globals: Set<String> = []

    init() {}

    init(_ declarations: SwiftDeclarations) {
      members = Set(
        declarations.types.flatMap { type in
          (type.properties + type.staticProperties).map(\.name) + (type.methods + type.functions).map(\.name)
        })
      globals = Set(declarations.functions.map(\.name))
    }
  }

  var file: SwiftSourceFile { registration.file }
  var library: ImportedLibrary { registration.library }

  /// The closure's resolver parameter (`r` in Swinject's `{ r in … }`), if it names one.
  func resolverName(_ closure: Closure) -> String? {
    guard library != .factory else { return nil }
    // `{ Repo(client: $0.resolve(Networking.self)!) }`: the resolver is the first anonymous argument.
    guard let first = closure.parameters.first else {
      return anonymousArguments(of: closure).contains { file.text($0) == "$0" } ? "$0" : nil
    }
    return first.name == "_" ? nil : first.name
  }

  /// The `$0`, `$1`… of the closure itself, not of a closure inside it.
  func anonymousArguments(of closure: Closure) -> [Int] {
    var depth = 0
    var found: [Int] = []
    for index in closure.body {
      switch file.kind(index) {
      case .leftBrace: depth += 1
      case .rightBrace: depth -= 1
      // `$0`, not a property wrapper's projection (`.$wallet`).
      case .identifier
      where depth == 0 && file.text(index).hasPrefix("$") && file.text(index).dropFirst().allSatisfy(\.isNumber)
        && !file.text(index).dropFirst().isEmpty && !file.isOperator(index - 1, "."):
        found.append(index)
      default: break
      }
    }
    return found
  }

  /// The run-time arguments of a closure: Swinject's parameters after the resolver, Factory's `$0`;
  /// a `ParameterFactory` of a tuple (`ParameterFactory<(String, String), T>`) one per element, named
  /// by the closure's parameters (`{ spaceId, chatId in … }`) or `$0`, `$1`.
  func argumentNames(_ closure: Closure) -> [(name: String, type: String?)] {
    switch library {
    case .swinject: return Array(closure.parameters.dropFirst())
    case .factory:
      guard let type = registration.parameterType else { return [] }
      guard let elements = Self.tupleElements(type) else { return [(closure.parameters.first?.name ?? "$0", type)] }
      let named = closure.parameters.count == elements.count
      return elements.enumerated().map { index, element in
        (named ? closure.parameters[index].name : "$\(index)", element)
      }
    case .resolver: return []
    }
  }

  /// The type of the run-time argument `name` a value of the closure passes: as the closure writes it,
  /// a Factory tuple's element by the closure's parameter or by the `$1` passed with that label; nil
  /// where the closure does not say.
  func argumentType(_ name: String, in closure: Closure) -> String? {
    guard library == .factory else { return argumentNames(closure).first { $0.name == name }?.type ?? nil }
    guard let type = registration.parameterType else { return nil }
    guard let elements = Self.tupleElements(type) else { return type }
    if let index = closure.parameters.firstIndex(where: { $0.name == name }), index < elements.count {
      return elements[index]
    }
    // `ChatStorage(spaceId: $0, chatId: $1)`: the argument is named by its label.
    guard
      let passed = closure.body.first(where: {
        file.isWord($0, name) && file.kind($0 + 1) == .colon && Self.anonymousIndex(file.text($0 + 2)) != nil
      }), let index = Self.anonymousIndex(file.text(passed + 2)), index < elements.count
    else { return nil }
    return elements[index]
  }

  /// `1` for `$1`; nil for anything else.
  static func anonymousIndex(_ text: String) -> Int? {
    guard text.hasPrefix("$") else { return nil }
    return Int(text.dropFirst())
  }

  /// The element types of a tuple type of two or more elements, labels left out (`(String, id: Int)`
  /// is `String`, `Int`); nil for any other type.
  static func tupleElements(_ type: String) -> [String]? {
    SwiftTypeExpression(type).tupleElements?.map(\.type.normalized)
  }

  /// The key a value declared `declared` resolves by: its type's, or, where it names an alias of a
  /// plain type (`MoonpaySellDataService.Provider` of `typealias Provider = MoonpaySellDataServiceProvider`),
  /// the aliased type's, which is what the library looks the registration up by.
  func declaredKey(_ declared: String) -> String {
    let key = Identifiers.key(of: declared)
    guard let aliased = declarations.typeAlias(named: key), SwiftValueExpression.isFunctionName(aliased) else {
      return key
    }
    return Identifiers.key(of: aliased)
  }
}
