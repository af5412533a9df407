import DICfgCompiler
public import DICfgCore
public import DICfgSwiftModel
@_spi(DeclarationReads) public import DICfgSwiftReader
import SwiftParser
import SwiftSyntax

/// dicfg's reading of a Swift file, done with swift-syntax's parser: the oracle the differential
/// test holds `SwiftDeclarationReader` to. It reads the same facts into the same records, so the
/// two readings compare field by field.
public enum SyntaxDeclarationReader {
  /// One file's declarations as written, and the first place swift-syntax finds an error.
  @_spi(DeclarationReads) public static func scan(path: String, text: String) -> SwiftDeclarationReader.FileRead {
    let tree = Parser.parse(source: text)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var visitor = FileVisitor(path: path, converter: converter, bytes: Array(text.utf8))
    visitor.visit(tree.statements.map(\.item), prefix: nil)
    guard tree.hasError else { return .init(types: visitor.types, functions: visitor.functions, firstError: nil) }
    let error = firstError(in: Syntax(tree)) ?? Syntax(tree)
    return .init(types: visitor.types, functions: visitor.functions, firstError: visitor.location(of: error))
  }

  /// What a target declares, read with swift-syntax.
  public static func read(files: [(path: String, text: String)]) -> SwiftDeclarations {
    SwiftDeclarationReader.collect(files.map { scan(path: $0.path, text: $0.text) })
  }

  private static func firstError(in root: Syntax) -> Syntax? {
    var pending = [root]
    while let node = pending.popLast() {
      if node.is(UnexpectedNodesSyntax.self) || node.as(TokenSyntax.self)?.presence == .missing { return node }
      if node.hasError { pending.append(contentsOf: node.children(viewMode: .all).reversed()) }
    }
    return nil
  }
}

/// Walks one file's declarations.
struct FileVisitor {
  let path: String
  let converter: SourceLocationConverter
  var types: [ReadType] = []
  /// The free functions at the top level.
  var functions: [SwiftFunction] = []

  let bytes: [UInt8]

  /// A node's first token, with its column in Unicode scalars as dicfg's locations count them.
  func location(of node: Syntax) -> DICfgCore.SourceLocation {
    let position = node.positionAfterSkippingLeadingTrivia
    let found = converter.location(for: position)
    let lineStart = position.utf8Offset - (found.column - 1)
    let column = 1 + bytes[lineStart..<position.utf8Offset].filter { $0 & 0xC0 != 0x80 }.count
    return DICfgCore.SourceLocation(file: path, line: found.line, column: column, offset: position.utf8Offset)
  }

  mutating func visit(_ items: [CodeBlockItemSyntax.Item], prefix: String?, conditions: [String] = []) {
    for item in items {
      guard case .decl(let decl) = item else { continue }
      visit(decl, prefix: prefix, conditions: conditions)
    }
  }

  /// The condition of each clause of `ifConfig` where it holds: the earlier clauses' negated, then its own.
  static func clauseConditions(_ ifConfig: IfConfigDeclSyntax) -> [String] {
    var earlier: [String] = []
    return ifConfig.clauses.map { clause in
      let own = clause.condition?.trimmedDescription
      defer { if let own { earlier.append(own) } }
      return (earlier.map { "!(\($0))" } + (own.map { [$0] } ?? [])).joined(separator: " && ")
    }
  }

  mutating func visit(
    _ decl: DeclSyntax, prefix: String?, outerIntroduced: [String: String] = [:], conditions: [String] = []
  ) {
    if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
      for (clause, condition) in zip(ifConfig.clauses, Self.clauseConditions(ifConfig)) {
        let inside = conditions + [condition]
        switch clause.elements {
        case .statements(let items)?: visit(items.map(\.item), prefix: prefix, conditions: inside)
        case .decls(let members)?:
          for member in members {
            visit(member.decl, prefix: prefix, outerIntroduced: outerIntroduced, conditions: inside)
          }
        default: break
        }
      }
      return
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      if prefix == nil, let read = read(function, typeActor: nil, owner: nil) { functions.append(read) }
      return
    }
    let kind: SwiftType.Kind
    let name: String
    let members: MemberBlockSyntax
    let attributes: AttributeListSyntax
    let inheritance: InheritanceClauseSyntax?
    if let type = decl.as(StructDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .struct, type.name.text, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else if let type = decl.as(ClassDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .class, type.name.text, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else if let type = decl.as(EnumDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .enum, type.name.text, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else if let type = decl.as(ActorDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .actor, type.name.text, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else if let type = decl.as(ProtocolDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .protocol, type.name.text, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else if let type = decl.as(ExtensionDeclSyntax.self) {
      (kind, name, members, attributes, inheritance) = (
        .extension, type.extendedType.trimmedDescription, type.memberBlock, type.attributes, type.inheritanceClause
      )
    } else {
      return
    }
    let qualified = prefix.map { $0 + "." + name } ?? name
    let actor = Self.globalActor(attributes)
    let modifiers: DeclModifierListSyntax =
      decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? DeclModifierListSyntax([])
    var read = ReadType(
      name: qualified, kind: kind, location: location(of: Syntax(decl)),
      inherited: inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? [], globalActor: actor,
      initializers: [], properties: [], stored: [], complete: !Self.mayAddMembers(attributes),
      isExtension: kind == .extension)
    read.access = Self.access(modifiers) ?? .internal
    read.condition = CompilationCondition.all(conditions.filter { !$0.isEmpty })
    read.genericParameters =
      decl.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause?.parameters.map(\.name.text) ?? []
    let index = types.count
    types.append(read)
    // What the type's `@available` introduces holds for its members, and those of types inside it.
    let introduced = SwiftPlatforms.later(Self.introduced(attributes), outerIntroduced)
    read = readMembers(members, into: read, actor: actor, introduced: introduced, conditions: conditions)
    types[index] = read
  }

  private mutating func readMembers(
    _ block: MemberBlockSyntax, into type: ReadType, actor: String?, introduced: [String: String],
    conditions outer: [String]
  ) -> ReadType {
    var type = type
    // Members in source order, those of every `#if` clause in place, with the clauses they are in.
    var pending = Array(block.members.map { ($0.decl, outer) }.reversed())
    while let (decl, conditions) = pending.popLast() {
      if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        var inside: [(DeclSyntax, [String])] = []
        for (clause, condition) in zip(ifConfig.clauses, Self.clauseConditions(ifConfig)) {
          if case .decls(let members)? = clause.elements {
            inside.append(contentsOf: members.map { ($0.decl, conditions + [condition]) })
          }
        }
        pending.append(contentsOf: inside.reversed())
      } else if let initializer = decl.as(InitializerDeclSyntax.self) {
        var member = read(initializer, typeActor: actor, owner: type)
        member.introduced = SwiftPlatforms.later(member.introduced, introduced)
        type.initializers.append(member)
        if initializer.modifiers.contains(where: { $0.name.text == "override" }) { type.overridesInitializer = true }
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        read(variable, into: &type)
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        let modifiers = function.modifiers.map(\.name.text)
        if var read = read(function, typeActor: actor, owner: type) {
          read.introduced = SwiftPlatforms.later(read.introduced, introduced)
          if modifiers.contains("static") || modifiers.contains("class") {
            type.functions.append(read)
          } else {
            type.methods.append(read)
          }
        }
      } else if let cases = decl.as(EnumCaseDeclSyntax.self), type.kind == .enum {
        // An enum's cases by name, as written without backquotes.
        for element in cases.elements where !type.cases.contains(element.name.identifier?.name ?? element.name.text) {
          type.cases.append(element.name.identifier?.name ?? element.name.text)
        }
      } else if decl.is(MacroExpansionDeclSyntax.self) {
        type.complete = false
      } else if decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
        || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self)
      {
        visit(decl, prefix: type.name, outerIntroduced: introduced, conditions: conditions)
      }
    }
    return type
  }

  /// The access level modifiers write (`private(set)` is the setter's).
  static func access(_ modifiers: DeclModifierListSyntax) -> SwiftAccess? {
    modifiers.lazy.filter { $0.detail == nil }.compactMap { SwiftAccess(keyword: $0.name.text) }.first
  }

  /// A member's access level: the one written, else its protocol's or extension's, else internal.
  static func access(_ modifiers: DeclModifierListSyntax, owner: ReadType?) -> SwiftAccess {
    if let written = access(modifiers) { return written }
    guard let owner, owner.kind == .protocol || owner.isExtension else { return .internal }
    return owner.access
  }

  private func read(_ initializer: InitializerDeclSyntax, typeActor: String?, owner: ReadType) -> SwiftInitializer {
    let parameters = initializer.signature.parameterClause.parameters.map { parameter in
      let label = parameter.firstName.text
      return SwiftParameter(
        label: label == "_" ? nil : label, type: parameter.type.trimmedDescription,
        defaultValue: parameter.defaultValue?.value.trimmedDescription)
    }
    let effects = initializer.signature.effectSpecifiers
    let modifiers = initializer.modifiers.map(\.name.text)
    let nonisolated = modifiers.contains("nonisolated")
    var read = SwiftInitializer(
      parameters: parameters, isThrowing: effects?.throwsClause != nil, isAsync: effects?.asyncSpecifier != nil,
      isFailable: initializer.optionalMark != nil,
      globalActor: nonisolated ? nil : Self.globalActor(initializer.attributes) ?? typeActor,
      access: Self.access(initializer.modifiers, owner: owner), availability: Self.availability(initializer.attributes),
      location: location(of: Syntax(initializer)))
    read.introduced = Self.introduced(initializer.attributes)
    read.genericParameters = initializer.genericParameterClause?.parameters.map(\.name.text) ?? []
    return read
  }

  /// A function named by an identifier (not an operator).
  private func read(_ function: FunctionDeclSyntax, typeActor: String?, owner: ReadType?) -> SwiftFunction? {
    guard case .identifier = function.name.tokenKind else { return nil }
    let parameters = function.signature.parameterClause.parameters.map { parameter in
      let label = parameter.firstName.text
      return SwiftParameter(
        label: label == "_" ? nil : label, type: parameter.type.trimmedDescription,
        defaultValue: parameter.defaultValue?.value.trimmedDescription)
    }
    let effects = function.signature.effectSpecifiers
    let modifiers = function.modifiers.map(\.name.text)
    var read = SwiftFunction(
      name: function.name.text, parameters: parameters, isThrowing: effects?.throwsClause != nil,
      isAsync: effects?.asyncSpecifier != nil, returnType: function.signature.returnClause?.type.trimmedDescription,
      globalActor: modifiers.contains("nonisolated") ? nil : Self.globalActor(function.attributes) ?? typeActor,
      access: Self.access(function.modifiers, owner: owner), availability: Self.availability(function.attributes),
      location: location(of: Syntax(function)))
    read.introduced = Self.introduced(function.attributes)
    return read
  }

  /// Whether a stored property of `type` starts as nil without an initial value: an optional
  /// (`T?`, `T!`, `Optional<T>`), by the tree, so a function type returning one is not.
  private static func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    if let attributed = type.as(AttributedTypeSyntax.self) { return isOptional(attributed.baseType) }
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text == "Optional" }
    return false
  }

  /// The type Swift gives a literal where nothing else types it.
  private static func literalType(_ value: ExprSyntax) -> String? {
    if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if value.is(FloatLiteralExprSyntax.self) { return "Double" }
    if value.is(StringLiteralExprSyntax.self) { return "String" }
    if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    return nil
  }

  private func read(_ variable: VariableDeclSyntax, into type: inout ReadType) {
    let modifiers = variable.modifiers
    let names = modifiers.map(\.name.text)
    let isStatic = names.contains("static") || names.contains("class")
    let access = Self.access(modifiers, owner: type)
    let isLet = variable.bindingSpecifier.text == "let"
    let isPrivate = modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
    let privateSetter = modifiers.contains {
      ["private", "fileprivate"].contains($0.name.text) && $0.detail?.detail.text == "set"
    }
    let isWrapped = variable.attributes.contains { attribute in
      guard case .attribute(let attribute) = attribute else { return false }
      return attribute.attributeName.trimmedDescription.first?.isUppercase == true
    }
    // The first wrapper's type, as the attribute names it.
    let wrapper = variable.attributes.lazy.compactMap { attribute -> String? in
      guard case .attribute(let attribute) = attribute else { return nil }
      let name = attribute.attributeName.trimmedDescription
      return name.first?.isUppercase == true ? name : nil
    }.first
    // A wrapper given arguments (`@Injected(\.client)`), or one of the injection libraries' that
    // read their service when built, gives the property its value.
    let initializingWrappers: Set<String> = [
      "Injected", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject", "InjectedType",
    ]
    let wrapperInitializes = variable.attributes.contains { attribute in
      guard case .attribute(let attribute) = attribute else { return false }
      let name = attribute.attributeName.trimmedDescription
      return name.first?.isUppercase == true && (attribute.leftParen != nil || initializingWrappers.contains(name))
    }
    // `var a, b: Int`: a binding without a type takes the next one's.
    var bindingTypes: [String?] = []
    var optionalTypes: [Bool] = []
    var next: String?
    var nextIsOptional = false
    for binding in variable.bindings.reversed() {
      if let annotation = binding.typeAnnotation {
        next = annotation.type.trimmedDescription
        nextIsOptional = Self.isOptional(annotation.type)
      } else if let literal = binding.initializer.flatMap({ Self.literalType($0.value) }) {
        // `var count = 0`: a literal alone says its type, as Swift infers it.
        next = literal
        nextIsOptional = false
      }
      bindingTypes.insert(next, at: 0)
      optionalTypes.insert(nextIsOptional, at: 0)
    }
    for ((binding, bindingType), optional) in zip(zip(variable.bindings, bindingTypes), optionalTypes) {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      var isStored = true
      var hasSetter = !isLet
      if let accessors = binding.accessorBlock {
        switch accessors.accessors {
        case .getter:
          isStored = false
          hasSetter = false
        case .accessors(let list):
          let kinds = list.map(\.accessorSpecifier.text)
          if kinds.contains("get") || kinds.contains("_read") {
            isStored = false
            hasSetter = kinds.contains("set") || kinds.contains("_modify")
          }
        }
      }
      let property = SwiftProperty(
        name: name, type: bindingType, isSettable: hasSetter && !isPrivate && !privateSetter, access: access,
        location: location(of: Syntax(binding)))
      if isStatic {
        type.staticProperties.append(property)
        continue
      }
      type.properties.append(property)
      if isStored && !type.isExtension {
        type.stored.append(
          StoredProperty(
            name: name, type: isWrapped ? nil : bindingType,
            hasDefault: binding.initializer != nil || (optional && !isLet) || wrapperInitializes, isLet: isLet,
            isPrivate: isPrivate,
            isLazy: names.contains("lazy"), isWrapped: isWrapped, wrapper: wrapper))
      }
    }
  }

  static func globalActor(_ attributes: AttributeListSyntax) -> String? {
    for element in attributes {
      guard case .attribute(let attribute) = element else { continue }
      if attribute.attributeName.trimmedDescription == "MainActor" { return "MainActor" }
    }
    return nil
  }

  /// What the last `@available(*, deprecated|unavailable, …)` says, from the tree's arguments.
  static func availability(_ attributes: AttributeListSyntax) -> SwiftAvailability? {
    var found: SwiftAvailability?
    for element in attributes {
      guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments)? = attribute.arguments,
        arguments.first?.argument.as(PlatformVersionSyntax.self) == nil,
        arguments.first?.argument.as(TokenSyntax.self)?.tokenKind == .binaryOperator("*")
      else { continue }
      var kind: SwiftAvailability.Kind?
      var message: String?
      var renamed: String?
      for argument in arguments.dropFirst() {
        if let token = argument.argument.as(TokenSyntax.self) {
          if token.text == "deprecated" { kind = kind ?? .deprecated }
          if token.text == "unavailable" { kind = .unavailable }
        } else if let labeled = argument.argument.as(AvailabilityLabeledArgumentSyntax.self),
          case .string(let literal) = labeled.value,
          literal.segments.count == 1, let segment = literal.segments.first,
          literal.openingQuote.text == "\""
        {
          if labeled.label.text == "message" {
            message = segment.content.text.replacingOccurrences(of: "\\\"", with: "\"")
          }
          if labeled.label.text == "renamed" {
            renamed = segment.content.text.replacingOccurrences(of: "\\\"", with: "\"")
          }
        }
      }
      if let kind { found = SwiftAvailability(kind: kind, message: message, renamed: renamed) }
    }
    return found
  }

  /// The version of each platform the `@available` attributes introduce a declaration in
  /// (`@available(iOS 17, macOS 14, *)`, `@available(iOS, introduced: 17)`), by SwiftPM's names;
  /// none where an attribute is under `#if`, as the build's condition decides it.
  static func introduced(_ attributes: AttributeListSyntax) -> [String: String] {
    var found: [String: String] = [:]
    for element in attributes {
      guard case .attribute(let attribute) = element else { return [:] }
      guard attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments)? = attribute.arguments
      else { continue }
      if let first = arguments.first?.argument.as(TokenSyntax.self),
        let platform = SwiftPlatforms.normalized(first.text)
      {
        for argument in arguments.dropFirst() {
          guard let labeled = argument.argument.as(AvailabilityLabeledArgumentSyntax.self),
            labeled.label.text == "introduced", case .version(let version) = labeled.value
          else { continue }
          found[platform] = version.trimmedDescription
        }
        continue
      }
      for argument in arguments {
        guard let versioned = argument.argument.as(PlatformVersionSyntax.self),
          let platform = SwiftPlatforms.normalized(versioned.platform.text), let version = versioned.version
        else { continue }
        found[platform] = version.trimmedDescription
      }
    }
    return found
  }

  /// Whether an attribute may be a macro that adds initializers or properties.
  static func mayAddMembers(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return true }
      let name = attribute.attributeName.trimmedDescription
      return !name.hasPrefix("_") && !SwiftDeclarationReader.knownAttributes.contains(name)
    }
  }
}
