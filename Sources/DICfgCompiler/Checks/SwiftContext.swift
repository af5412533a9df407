import DICfgCore
import DICfgSwiftModel

/// The declarations with what the checks ask of them: a type's initializers and properties with
/// its declared superclasses', and whether a type converts to another.
package struct SwiftContext {
  package let declarations: SwiftDeclarations
  package let types: [String: SwiftType]

  /// Protocols of the standard library a type may conform to without making it anything the
  /// checks compare.
  static let markerProtocols: Set<String> = [
    "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Identifiable", "AnyObject",
    "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "Comparable", "CaseIterable",
  ]

  /// The superclass a class declares, when it is a class declared in the target.
  package func superclass(of type: SwiftType) -> SwiftType? {
    guard type.kind == .class, let first = type.inherited.first, let parent = types[first], parent.kind == .class
    else { return nil }
    return parent
  }

  /// Whether `type`'s first inherited type may be a superclass the declarations do not show.
  private func hasUnknownSuperclass(_ type: SwiftType) -> Bool {
    guard type.kind == .class, let first = type.inherited.first else { return false }
    if let parent = types[first] { return parent.kind == .extension }
    return !Self.markerProtocols.contains(first)
  }

  package func initializers(of type: SwiftType) -> [SwiftInitializer] {
    var result = type.initializers
    // A class that declares no designated initializer inherits its superclass's.
    if result.isEmpty, let parent = superclass(of: type) { result = initializers(of: parent) }
    return result
  }

  package func initializersComplete(_ type: SwiftType) -> Bool {
    guard type.initializersComplete, type.kind != .extension, type.kind != .protocol else { return false }
    if type.initializers.isEmpty, let parent = superclass(of: type) { return initializersComplete(parent) }
    return !hasUnknownSuperclass(type) || !type.initializers.isEmpty
  }

  package func properties(of type: SwiftType) -> [SwiftProperty] {
    type.properties + (superclass(of: type).map { properties(of: $0) } ?? [])
  }

  package func property(_ name: String, of type: SwiftType) -> SwiftProperty? {
    properties(of: type).first { $0.name == name }
  }

  package func propertiesComplete(_ type: SwiftType) -> Bool {
    guard type.propertiesComplete, type.kind != .extension, type.kind != .protocol, !hasUnknownSuperclass(type) else {
      return false
    }
    return superclass(of: type).map { propertiesComplete($0) } ?? true
  }

  /// What the declarations prove of passing a value of one type where another is taken.
  package enum Conversion {
    /// It compiles: the same type, `Any`, `AnyObject` for a class, or a type `source` inherits
    /// from, transitively.
    case certain
    /// It cannot compile: both are declared in the target, and every type `source` inherits from,
    /// transitively, is declared there or is a standard marker protocol, none of them `target`.
    case impossible
    /// The declarations cannot tell (a type from another module, say): the Swift compiler judges.
    case unknown
  }

  /// Whether a value of the type named `source` is passed where the type named `target` is taken:
  /// the one rule the checks (which report what is ``Conversion/impossible``) and the straight-line
  /// planner (which writes only what is ``Conversion/certain``) follow.
  package func conversion(_ source: String, to target: String) -> Conversion {
    let target = SwiftTypeName.normalized(target)
    let sourceName = SwiftTypeName.normalized(source)
    if target == "Any" || sourceName == target { return .certain }
    // Two of the standard library's value types: neither converts to the other.
    if Self.standardValueTypes.contains(sourceName) && Self.standardValueTypes.contains(target) { return .impossible }
    guard let from = declarations.type(named: sourceName), from.kind != .extension else { return .unknown }
    if target == "AnyObject" { return from.kind == .class ? .certain : .unknown }
    let to = declarations.type(named: target)
    if let to, to.kind != .extension, to.name == from.name { return .certain }
    var known = to.map { $0.kind != .extension } ?? false
    var pending = [from]
    var seen: Set<String> = [from.name]
    while let type = pending.popLast() {
      for inherited in type.inherited {
        let name = SwiftTypeName.normalized(inherited)
        if name == target || name == to?.name { return .certain }
        if Self.markerProtocols.contains(name) { continue }
        guard let next = declarations.type(named: name), next.kind != .extension else {
          known = false
          continue
        }
        if next.name == to?.name { return .certain }
        if seen.insert(next.name).inserted { pending.append(next) }
      }
    }
    // Conformances added by extensions of other types' protocols are in `inherited` already.
    return known ? .impossible : .unknown
  }

  /// The standard library's scalar value types, none of which a value of another converts to.
  static let standardValueTypes: Set<String> = [
    "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
    "UInt32", "UInt64", "Double", "Float",
  ]

  /// Whether a value of the type named `source` certainly cannot be passed where `target` is taken.
  package func cannotConvert(_ source: String, to target: String) -> Bool {
    conversion(source, to: target) == .impossible
  }
}

extension SwiftContext {
  /// The declarations of `declarations`, indexed by name.
  package init(_ declarations: SwiftDeclarations) {
    var index: [String: SwiftType] = [:]
    for type in declarations.types where index[type.name] == nil { index[type.name] = type }
    self.init(declarations: declarations, types: index)
  }
}

extension Diagnostic {
  static func unknownSwiftType(
    _ name: String, at location: SourceLocation, service: String, suggestion: String, reason: String?,
    declaration: SourceLocation?
  ) -> Diagnostic {
    .error(
      .unknownType,
      "'\(service)' is of type '\(name)', which the target's Swift does not declare; did you mean '\(suggestion)'"
        + (reason.map { ", \($0)" } ?? "") + "?",
      at: location, notes: declaration.map { [Note(message: "'\(suggestion)' is declared here", location: $0)] } ?? [])
  }
}

extension SwiftDeclarations {
  /// Whether a value of one type can be passed where another is taken, by the checks' rule: true
  /// where it certainly can (the same type, or one it inherits from or conforms to), false where
  /// it certainly cannot, nil where the declarations do not tell. The index is built once.
  package func conversionRule() -> @Sendable (_ source: String, _ target: String) -> Bool? {
    let context = SwiftContext(self)
    return { source, target in
      switch context.conversion(source, to: target) {
      case .certain: true
      case .impossible: false
      case .unknown: nil
      }
    }
  }
}
