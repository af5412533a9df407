import DICfgCore
import DICfgSwiftModel
import Foundation

/// A module's public declarations as the Swift toolchain states them (the symbol graph
/// `swift-symbolgraph-extract` writes, which DocC reads), written back as Swift declarations without
/// bodies, which ``SwiftDeclarationReader`` reads as it reads a target's own files: one reader, one
/// rule for labels, defaults, effects, `@MainActor` and availability, whoever declares the type.
///
/// Types, their initializers, methods, properties and enum cases, and free functions are written;
/// operators, subscripts and associated types are not, as no graph file names them. A member of a
/// type the module does not declare (Foundation's members of FoundationEssentials' `JSONDecoder`) is
/// written in an extension of that type.
public enum SymbolGraphInterface {
  /// The form of what is written, part of the cache's key: a cache written in an earlier form is
  /// extracted again.
  static let form = "3"
  /// The Swift text of the symbol graph `data` (one `.symbols.json` file); nil where it is not a
  /// symbol graph.
  public static func swift(fromSymbolGraph data: Data) -> String? {
    guard let graph = try? JSONDecoder().decode(Graph.self, from: data) else { return nil }
    return Writer(graph).text
  }

  // MARK: The file's form (the parts read)

  struct Graph: Decodable {
    var module: Module
    var symbols: [Symbol]
    var relationships: [Relationship]
  }

  struct Module: Decodable {
    var name: String
  }

  struct Symbol: Decodable {
    var kind: Kind
    var identifier: Identifier
    var pathComponents: [String]
    var declarationFragments: [Fragment]?
    var availability: [Availability]?
  }

  struct Kind: Decodable {
    var identifier: String
  }

  struct Identifier: Decodable {
    var precise: String
  }

  struct Fragment: Decodable {
    var kind: String
    var spelling: String
  }

  struct Availability: Decodable {
    var domain: String?
    var introduced: Version?
    var isUnconditionallyDeprecated: Bool?
    var isUnconditionallyUnavailable: Bool?
  }

  struct Version: Decodable {
    var major: Int
    var minor: Int?
    var patch: Int?

    var text: String { [major, minor, patch].compactMap { $0 }.map(String.init).joined(separator: ".") }
  }

  struct Relationship: Decodable {
    var kind: String
    var source: String
    var target: String
    var targetFallback: String?
  }

  // MARK: Writing

  /// The kinds of symbol a graph file's `init:` or `factory:` calls.
  static let callableKinds: Set<String> = ["swift.init", "swift.method", "swift.type.method", "swift.func"]
  static let typeKinds: Set<String> = ["swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor"]
  static let memberKinds: Set<String> = [
    "swift.init", "swift.method", "swift.type.method", "swift.property", "swift.type.property", "swift.enum.case",
    "swift.typealias", "swift.func",
  ]

  private struct Writer {
    var text = ""
    /// Each type's path (`JSONDecoder.KeyDecodingStrategy`) by its precise identifier.
    private var names: [String: String] = [:]

    init(_ graph: Graph) {
      var types: [String: Symbol] = [:]
      var members: [String: [Symbol]] = [:]
      var topLevel: [Symbol] = []
      for symbol in graph.symbols {
        let kind = symbol.kind.identifier
        if Self.isPrivate(symbol) { continue }
        if typeKinds.contains(kind) {
          let path = symbol.pathComponents.joined(separator: ".")
          types[path] = symbol
          names[symbol.identifier.precise] = path
          if symbol.pathComponents.count > 1 {
            members[symbol.pathComponents.dropLast().joined(separator: "."), default: []].append(symbol)
          }
        } else if memberKinds.contains(kind) {
          if symbol.pathComponents.count == 1 {
            topLevel.append(symbol)
          } else {
            members[symbol.pathComponents.dropLast().joined(separator: "."), default: []].append(symbol)
          }
        }
      }
      var inherited: [String: [String]] = [:]
      // A class's superclass first, as Swift writes it.
      let ordered =
        graph.relationships.filter { $0.kind == "inheritsFrom" }
        + graph.relationships.filter { $0.kind == "conformsTo" }
      for relationship in ordered {
        guard let source = names[relationship.source] else { continue }
        // A type of another module is named by its fallback; one without a name is left out.
        guard let target = names[relationship.target] ?? relationship.targetFallback.map(Self.withoutModule)
        else { continue }
        if !inherited[source, default: []].contains(target) { inherited[source, default: []].append(target) }
      }
      var lines = ["// The public declarations of module '\(graph.module.name)', from its symbol graph."]
      // Types declared here, outermost first, their nested types within them.
      func write(_ path: String, indent: String) {
        guard let symbol = types[path] else { return }
        let heritage = inherited[path].map { ": " + $0.joined(separator: ", ") } ?? ""
        lines.append(indent + Self.declaration(of: symbol, isMember: false) + heritage + " {")
        for member in (members[path] ?? []).sorted(by: Self.order) {
          if typeKinds.contains(member.kind.identifier) {
            write(member.pathComponents.joined(separator: "."), indent: indent + "  ")
          } else {
            lines.append(
              indent + "  " + Self.declaration(of: member, isMember: symbol.kind.identifier != "swift.protocol"))
          }
        }
        lines.append(indent + "}")
      }
      for path in types.keys.sorted() where !path.contains(".") { write(path, indent: "") }
      // Members of types other modules declare, or nested types whose parent is another module's.
      for path in members.keys.sorted() where types[path] == nil {
        lines.append("extension \(path) {")
        for member in (members[path] ?? []).sorted(by: Self.order) {
          if typeKinds.contains(member.kind.identifier) {
            write(member.pathComponents.joined(separator: "."), indent: "  ")
          } else {
            lines.append("  " + Self.declaration(of: member, isMember: true))
          }
        }
        lines.append("}")
      }
      for symbol in topLevel.sorted(by: Self.order) { lines.append(Self.declaration(of: symbol, isMember: false)) }
      text = lines.joined(separator: "\n") + "\n"
    }

    /// Underscored names are the module's own business, as Swift's interfaces treat them.
    private static func isPrivate(_ symbol: Symbol) -> Bool {
      symbol.pathComponents.contains { $0.hasPrefix("_") }
    }

    private static func order(_ one: Symbol, _ other: Symbol) -> Bool {
      (one.pathComponents.last ?? "", one.identifier.precise) < (
        other.pathComponents.last ?? "", other.identifier.precise
      )
    }

    /// `Swift.Sendable` → `Sendable`: the name Swift code writes.
    private static func withoutModule(_ name: String) -> String {
      guard let dot = name.firstIndex(of: ".") else { return name }
      return String(name[name.index(after: dot)...])
    }

    /// The declaration as Swift writes it: its attributes, `public` where the declaration takes an
    /// access level, its availability where it is every platform's, and its fragments.
    private static func declaration(of symbol: Symbol, isMember: Bool) -> String {
      var fragments = symbol.declarationFragments ?? []
      // A type's head ends before its own list of what it inherits and its `where` clause: the
      // relationships say what it inherits, after its generic parameters.
      if typeKinds.contains(symbol.kind.identifier),
        let end = fragments.firstIndex(where: {
          ($0.kind == "text" && $0.spelling.contains(":")) || ($0.kind == "keyword" && $0.spelling == "where")
        })
      {
        fragments = Array(fragments[..<end])
      }
      let attributes = fragments.prefix {
        $0.kind == "attribute" || ($0.kind == "text" && $0.spelling.allSatisfy(\.isWhitespace))
      }
      let rest = fragments.dropFirst(attributes.count)
      var availability = ""
      for domain in symbol.availability ?? [] where domain.domain == nil || domain.domain == "*" {
        if domain.isUnconditionallyUnavailable == true { availability = "@available(*, unavailable) " }
        if domain.isUnconditionallyDeprecated == true, availability.isEmpty {
          availability = "@available(*, deprecated) "
        }
      }
      // The version of each platform that introduced it, as `@available(iOS 13.0, macOS 10.15, *)`:
      // for what builds a service (an initializer, a function), the one place the checks ask.
      let introduced = (callableKinds.contains(symbol.kind.identifier) ? symbol.availability ?? [] : []).compactMap {
        domain -> String? in
        guard let name = domain.domain, SwiftPlatforms.normalized(name) != nil, let version = domain.introduced else {
          return nil
        }
        return name + " " + version.text
      }
      if !introduced.isEmpty { availability += "@available(" + introduced.joined(separator: ", ") + ", *) " }
      let kind = symbol.kind.identifier
      // A keyword as a name (`` `default` ``) is the name; the reader compares names as written unquoted.
      let body = rest.map {
        $0.kind == "identifier" ? $0.spelling.replacingOccurrences(of: "`", with: "") : $0.spelling
      }
      .joined()
      // A protocol's requirements and an enum's cases take no access level.
      let isProtocolMember = !isMember && symbol.pathComponents.count > 1 && !typeKinds.contains(kind)
      let access = kind != "swift.enum.case" && !isProtocolMember && !body.hasPrefix("public") ? "public " : ""
      return availability + attributes.map(\.spelling).joined() + access
        + body.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
    }
  }
}
