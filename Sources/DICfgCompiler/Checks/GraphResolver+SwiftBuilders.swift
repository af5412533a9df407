import DICfgCore
import DICfgSwiftModel

// The checks of what builds a service: the type a graph file names (did-you-mean over the
// declared types), the initializer its `init:` labels call, and the function, static property or
// factory object's member its `factory:` names, each with Swift's choice between overloads.

extension GraphResolver {
  /// The declared type a `type:` the target does not declare most likely means, and why: one a
  /// letter or two away; one whose name starts with, ends with or contains the written name (a
  /// shortened form, `Checkout` for `CheckoutService`), the longest such name only when it is the
  /// one; or, for a type renamed in Swift only, the one type no service names whose initializer
  /// takes the labels `init:` gives (two or more where no name comes close). Nil where nothing in the target comes close: the type may be
  /// another module's, which the Swift compiler judges.
  func meantType(
    _ name: String, of declaration: ServiceDeclaration, declared: [String], in swift: SwiftDeclarations
  ) -> (String, String?)? {
    let labels = declaration.initializer.map(\.label)
    let named = Set(nodes.compactMap { $0.declaration.type?.value })
    let renamed = Set(
      swift.types.filter { type in
        type.kind != .extension && type.kind != .protocol && !named.contains(type.name)
          && SwiftInitializer.named(by: labels, among: type.initializers.filter { !$0.isPrivate }) != nil
      }.map(\.name))
    let rename: (String, String?)? =
      labels.isEmpty || renamed.count != 1
      ? nil
      : (
        renamed.first ?? "",
        "the one type no service names with an initializer 'init(\(labels.map { $0 + ":" }.joined()))'"
      )
    if let closest = Suggestions.closest(to: name, among: declared) {
      // A close name whose initializers do not take `init:`'s labels, beside the one type whose
      // initializer does, is not what a type renamed in Swift now is.
      if let rename, rename.0 != closest, let type = swift.type(named: closest),
        SwiftInitializer.named(by: labels, among: type.initializers) == nil
      {
        return rename
      }
      return (closest, nil)
    }
    let lowered = name.lowercased()
    let containing = Set(declared.filter { $0.count > name.count && $0.lowercased().contains(lowered) })
    if containing.count == 1, let only = containing.first { return (only, nil) }
    // With no name close to it, one label (`init(path:)`) is too common to tell a type renamed in
    // Swift from another module's (GRDB's `DatabaseQueue(path:)`).
    return labels.count < 2 ? nil : rename
  }

  /// The function `factory:` names, as an initializer, with how Swift names it; nil, with a finding
  /// where the declarations prove it wrong: a static method the type (declared in the target) lacks,
  /// a free function a declared one is a letter or two from, labels that name none of its overloads,
  /// or a return type that cannot be the service's. A static method of a type the target neither
  /// declares nor extends, or a free function of another module, is left to the Swift compiler.
  mutating func checkFactory(
    _ factory: Located<String>, of declaration: ServiceDeclaration, _ service: ResolutionPlan.Service,
    in swift: SwiftDeclarations, context: SwiftContext
  ) -> (SwiftInitializer, String)? {
    let (owner, candidates) = swift.builders(of: service)
    let prefix = owner.map { $0.name + "." } ?? ""
    let named = service.factory ?? factory.value
    guard !candidates.isEmpty else {
      reportUndeclaredFactory(factory, named: named, of: declaration, service, owner: owner, in: swift)
      return nil
    }
    let labels = declaration.initializer.map(\.label)
    let usable = candidates.filter { !$0.isPrivate }
    let overloads = SwiftFunction.overloads(calledBy: labels, among: usable)
    guard let function = overloads.first else {
      let notes = candidates.prefix(6).map {
        Note(message: "'\(prefix)\($0.signature)' is declared here", location: $0.location)
      }
      diagnostics.append(
        .error(
          .initializerMismatch,
          Self.unmatchedLabels(labels, of: declaration.id, named: named, prefix: prefix, usable: usable),
          at: declaration.initializer.last?.location ?? factory.location, notes: notes))
      return nil
    }
    let callee = prefix + function.signature
    guard
      checkChoice(
        overloads.map { (prefix + $0.signature, $0.asInitializer) }, labels: labels, of: declaration,
        at: factory.location)
    else { return nil }
    let note = Note(message: "'\(callee)' is declared here", location: function.location)
    guard let returned = function.returnType else {
      diagnostics.append(
        .error(
          .typeMismatch,
          "'\(declaration.id)' is built by '\(callee)', which returns nothing; a factory returns the service",
          at: factory.location, notes: [note]))
      return nil
    }
    let bare = String(returned.reversed().drop(while: { $0 == "?" || $0 == "!" }).reversed())
    if let typeName = declaration.type?.value, bare != "Self", context.cannotConvert(bare, to: typeName) {
      diagnostics.append(
        .error(
          .typeMismatch,
          "'\(declaration.id)' is of type '\(typeName)', but '\(callee)' returns '\(returned)'; return that type, or "
            + "make 'type:' the type it returns", at: factory.location, notes: [note]))
      return nil
    }
    return (function.asInitializer, callee)
  }

  /// The finding of a `factory:` the target's Swift does not declare (a function, a static member, a
  /// receiver's method or property): what it names instead, or the closest name declared; nothing
  /// where the Swift read cannot prove it missing.
  private mutating func reportUndeclaredFactory(
    _ factory: Located<String>, named: String, of declaration: ServiceDeclaration, _ service: ResolutionPlan.Service,
    owner: SwiftType?, in swift: SwiftDeclarations
  ) {
    let prefix = owner.map { $0.name + "." } ?? ""
    let isMethod = service.receiver != nil
    let readsProperty = service.readsReceiverProperty
    let kind = readsProperty ? "property" : "method"
    var declared: [String] = swift.functions.map(\.name)
    if let owner {
      if !isMethod {
        declared = owner.functions.map(\.name) + owner.staticProperties.map(\.name)
      } else if readsProperty {
        declared = swift.instanceProperties(of: owner).map(\.name)
      } else {
        declared = swift.methods(of: owner).map(\.name)
      }
    } else if isMethod {
      declared = []
    }
    let name = service.factoryMember ?? factory.value
    // A method written as a property, or a property as a method: the key to write.
    if isMethod, let owner {
      let isOtherKind =
        readsProperty
        ? swift.methods(of: owner).contains { $0.name == name }
        : swift.instanceProperties(of: owner).contains { $0.name == name }
      if isOtherKind {
        let otherKind = readsProperty ? "method" : "property"
        let message =
          "'\(declaration.id)' is built by '\(named)', which is a \(otherKind) of '\(owner.name)', not a \(kind); "
          + "write '\(otherKind): \(name)'"
        diagnostics.append(
          .error(
            .initializerMismatch, message, at: factory.location,
            notes: [Note(message: "'\(owner.name)' is declared here", location: owner.location)]))
        return
      }
    }
    let suggestion = Suggestions.closest(to: name, among: Set(declared).sorted())
    // A protocol's requirements are all it has; a type's methods are known where its members are.
    let provable =
      owner.map { owner in
        owner.kind != .extension
          && (isMethod ? owner.kind == .protocol || owner.propertiesComplete : owner.initializersComplete)
      } ?? false
    guard provable || suggestion != nil else { return }
    diagnostics.append(
      .error(
        .initializerMismatch,
        "'\(declaration.id)' is built by '\(named)', which \(owner.map { "'\($0.name)'" } ?? "the target's Swift") "
          + "does not declare\(isMethod ? " as a \(kind)" : "")"
          + (suggestion.map { "; did you mean '\(prefix)\($0)'?" } ?? "; declare it, or build "
            + "'\(declaration.id)' with an initializer"),
        at: factory.location,
        notes: owner.map { [Note(message: "'\($0.name)' is declared here", location: $0.location)] } ?? []))
  }

  /// Whether Swift calls the first of `overloads` (ranked by ``SwiftInitializer/overloads(calledBy:among:)``
  /// for `labels`, each with how Swift names it) as the graph means: an error where Swift cannot
  /// choose between the first two, or where every one is unavailable; a warning where the one it
  /// calls is deprecated, naming the label that calls another. False where the call fails.
  mutating func checkChoice(
    _ overloads: [(name: String, initializer: SwiftInitializer)], labels: [String], of declaration: ServiceDeclaration,
    at location: SourceLocation
  ) -> Bool {
    guard let (name, chosen) = overloads.first else { return false }
    let notes = overloads.prefix(6).map {
      Note(message: "'\($0.name)' is declared here", location: $0.initializer.location)
    }
    let given = labels.isEmpty ? "no arguments" : "only " + Self.list(labels)
    if SwiftInitializer.isAmbiguous(overloads.map(\.initializer), labels: labels) {
      let other = overloads[1]
      // For each, a label it takes and the other does not: given, Swift calls that one.
      let naming = [(chosen, other.initializer), (other.initializer, chosen)].compactMap { overload, rival in
        overload.labels.first { !labels.contains($0) && $0 != "_" && !rival.labels.contains($0) }
      }
      diagnostics.append(
        .error(
          .ambiguousBuilder,
          "'\(declaration.id)' is built by '\(name)' or '\(other.name)': with \(given) in 'init:' Swift cannot choose "
            + "between them; "
            + (naming.isEmpty
              ? "build it with another initializer or function"
              : "add \(naming.map { "'\($0)'" }.joined(separator: " or ")) to 'init:' to name one"),
          at: location, notes: notes))
      return false
    }
    // Introduced after a platform the package deploys to: Swift rejects the call there.
    if let (platform, introduced, deployed) = SwiftPlatforms.missing(
      chosen.introduced, deployingTo: swift?.deploymentTargets ?? [:]
    ).first {
      let named = SwiftPlatforms.displayName(platform)
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(declaration.id)' is built by '\(name)', which is only available in \(named) \(introduced) or newer; "
            + "the package deploys to \(named) \(deployed) ('platforms:' in Package.swift): raise its deployment "
            + "target, or build it with another initializer or function",
          at: location, notes: notes))
      return false
    }
    guard let availability = chosen.availability else { return true }
    let better = overloads.dropFirst().first { $0.initializer.availability == nil }
    // A label the better overload takes and the deprecated one does not: given, Swift calls it.
    let naming = better.flatMap { better in
      better.initializer.parameters.first { parameter in
        let label = parameter.label ?? "_"
        return !labels.contains(label) && label != "_" && !chosen.labels.contains(label)
      }
    }
    let call: String
    if let better, let naming {
      call =
        "; add '\(naming.label ?? "_")'" + (naming.defaultValue.map { " (its default is `\($0)`)" } ?? "")
        + " to 'init:' to call '\(better.name)'"
    } else if let renamed = availability.renamed {
      call = "; build it with '\(renamed)', its replacement"
    } else {
      call = "; build it with another initializer or function"
    }
    if availability.isUnavailable {
      diagnostics.append(
        .error(
          .initializerMismatch, "'\(declaration.id)' is built by '\(name)', which \(availability.statement)" + call,
          at: location, notes: notes))
      return false
    }
    let reason = naming != nil ? " (Swift calls it with \(given) in 'init:')" : ""
    diagnostics.append(
      .warning(
        .deprecatedBuilder,
        "'\(declaration.id)' is built by '\(name)', which \(availability.statement)\(reason)" + call,
        at: location, notes: notes))
    return true
  }

  /// The initializer `init:` names; nil, with a finding when the type's initializers are all known,
  /// when it names none.
  mutating func checkInitializer(
    of declaration: ServiceDeclaration, type: SwiftType, context: SwiftContext
  ) -> SwiftInitializer? {
    let labels = declaration.initializer.map(\.label)
    let usable = context.initializers(of: type).filter { !$0.isPrivate }
    let overloads = SwiftInitializer.overloads(calledBy: labels, among: usable)
    if let named = overloads.first {
      let anchor = declaration.initializer.first?.location ?? declaration.type?.location ?? declaration.location
      let choice = overloads.map { ("\(type.name).\($0.signature)", $0) }
      return checkChoice(choice, labels: labels, of: declaration, at: anchor) ? named : nil
    }
    guard context.initializersComplete(type) else { return nil }
    let initializers = context.initializers(of: type)
    let notes =
      [Note(message: "'\(type.name)' is declared here", location: type.location)]
      + initializers.prefix(6).map {
        Note(message: "'\(type.name).\($0.signature)' is declared here", location: $0.location)
      }
    let anchor = declaration.initializer.last?.location ?? declaration.location
    if let hidden = SwiftInitializer.named(by: labels, among: initializers.filter(\.isPrivate)) {
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(declaration.id)' is built with '\(type.name).\(hidden.signature)', which is private; make it internal "
            + "or name another initializer in 'init:'",
          at: anchor, notes: notes))
      return nil
    }
    guard let best = Self.closest(to: labels, among: usable) else {
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'\(type.name)' declares no initializer that generated code can call; declare one, or register '\(declaration.id)' by hand",
          at: declaration.type?.location ?? declaration.location, notes: notes))
      return nil
    }
    reportMismatch(with: best, of: declaration, type: type, usable: usable, notes: notes, at: anchor)
    return nil
  }

  /// Why `init:` names no initializer of `type`, against the closest one: its arguments out of order,
  /// a label the initializer does not take, or one it needs that is missing.
  private mutating func reportMismatch(
    with best: SwiftInitializer, of declaration: ServiceDeclaration, type: SwiftType, usable: [SwiftInitializer],
    notes: [Note], at anchor: SourceLocation
  ) {
    let labels = declaration.initializer.map(\.label)
    let wanted = best.labels
    let required = best.parameters.filter { !$0.hasDefault }.map { $0.label ?? "_" }
    if Set(labels).isSubset(of: wanted), Set(labels).count == labels.count, Set(required).isSubset(of: labels) {
      // Every label is the initializer's, and none it needs is missing: the order is wrong.
      let ordered = wanted.filter(labels.contains)
      let position = labels.indices.first { labels[$0] != ordered[$0] } ?? 0
      diagnostics.append(
        .error(
          .initializerMismatch,
          "'init:' of '\(declaration.id)' lists '\(labels[position])' where '\(type.name).\(best.signature)' takes "
            + "'\(ordered[position])'; list the arguments in the initializer's order (\(Self.list(ordered)))",
          at: declaration.initializer[position].location, notes: notes))
      return
    }
    if let extra = declaration.initializer.first(where: { !wanted.contains($0.label) }) {
      reportUnknownLabel(extra, of: declaration, type: type, closest: best, usable: usable, notes: notes)
      return
    }
    let missing = required.filter { !labels.contains($0) }
    diagnostics.append(
      .error(
        .initializerMismatch,
        "'init:' of '\(declaration.id)' lacks \(Self.list(missing)), which '\(type.name).\(best.signature)' takes "
          + "without a default; add \(missing.count == 1 ? "it" : "them")",
        at: anchor, notes: notes))
  }

  /// The error of an `init:` label no initializer of `type` takes with the others: the label it
  /// likely means, the base's argument a layer's misspelling adds beside, or the initializers.
  private mutating func reportUnknownLabel(
    _ extra: ArgumentDeclaration, of declaration: ServiceDeclaration, type: SwiftType, closest best: SwiftInitializer,
    usable: [SwiftInitializer], notes: [Note]
  ) {
    let labels = declaration.initializer.map(\.label)
    let wanted = best.labels
    let all = Set(usable.flatMap(\.labels)).subtracting(labels)
    let suggestion =
      Suggestions.closest(to: extra.label, among: wanted.filter { !labels.contains($0) })
      ?? Suggestions.closest(to: extra.label, among: all.sorted())
    // A layer's misspelling of an argument the base gives adds an argument beside it rather than
    // replacing it: name the one it meant.
    let given = suggestion == nil ? Suggestions.closest(to: extra.label, among: wanted.filter(labels.contains)) : nil
    let advice =
      suggestion.map { "; did you mean '\($0)'?" }
      ?? given.map { label in
        let place = declaration.initializer.first { $0.label == label }.map { " in '\($0.location.file)'" } ?? ""
        return "; did you mean '\(label)'? '\(declaration.id)' is given '\(label)'\(place), so '\(extra.label)' adds "
          + "an argument beside it instead of replacing it"
      } ?? "; its initializers are " + Self.signatures(usable)
    diagnostics.append(
      .error(
        .initializerMismatch,
        "'\(type.name)' has no initializer taking '\(extra.label)' with the other arguments of '\(declaration.id)'"
          + advice, at: extra.location, notes: notes))
  }

  /// How to write a literal a parameter of type `expected` takes: as Swift, which types it, where the
  /// type is a number or character type a graph literal never reaches; else a value of the type.
  static func fix(_ literal: ResolutionPlan.Literal, for expected: String) -> String {
    let parsed = SwiftTypeExpression(expected)
    let type = (parsed.wrapped ?? parsed).normalized
    guard ResolutionPlan.Literal.unconverted.contains(type), let source = literal.swiftSource else {
      return "write a value of that type"
    }
    let kind =
      switch literal {
      case .int: "an Int"
      case .double: "a Double"
      case .bool: "a Bool"
      default: "a String"
      }
    return "a graph literal reaches it as \(kind), which is not converted; write it as Swift, '{ swift: \(source) }', "
      + "so Swift types it"
  }

  /// Why `init:`'s `labels` name none of `usable`, the functions `named` may call (each spelt after
  /// `prefix`): a private one; for one function, the labels it does not take (with the closest it
  /// does), else the parameters without a default it still needs; else every signature it could be.
  static func unmatchedLabels(
    _ labels: [String], of id: String, named: String, prefix: String, usable: [SwiftFunction]
  ) -> String {
    guard let only = usable.first else {
      return "'\(id)' is built by '\(named)', which is private; make it internal or build '\(id)' another way"
    }
    guard usable.count == 1 else {
      let given = labels.isEmpty ? "no arguments" : "'init:' lists " + list(labels)
      return "'\(id)' is built by '\(named)', but \(given) and it takes "
        + usable.map { "'\(prefix)\($0.signature)'" }.joined(separator: " or ")
        + "; list its arguments in 'init:' in its order (those with a default may be left out)"
    }
    let built = "'\(id)' is built by '\(prefix)\(only.signature)', which takes "
    let taken = only.parameters.map { $0.label ?? "_" }
    let extra = labels.filter { !taken.contains($0) }
    let required = only.parameters.filter { !$0.hasDefault }.map { $0.label ?? "_" }.filter { !labels.contains($0) }
    let written = "'init: { " + required.map { "\($0): …" }.joined(separator: ", ") + " }'"
    if !extra.isEmpty {
      let closest =
        extra.count == 1 ? Suggestions.clause(for: extra[0], among: taken.filter { !labels.contains($0) }) : ""
      if !closest.isEmpty { return built + "no " + list(extra) + closest }
      if required.isEmpty {
        return built + "no " + list(extra) + "; remove \(extra.count == 1 ? "it" : "them") from 'init:'"
      }
      return built + "no " + list(extra) + " and needs \(list(required)) without a default; write " + written
    }
    if !required.isEmpty {
      return built + "\(list(required)) without a default; add \(required.count == 1 ? "it" : "them") to 'init:' "
        + "(\(written))"
    }
    let given = labels.isEmpty ? "no arguments" : "'init:' lists " + list(labels)
    return "'\(id)' is built by '\(named)', but \(given) and it takes '\(prefix)\(only.signature)'; list its "
      + "arguments in 'init:' in its order (those with a default may be left out)"
  }

  /// The initializer sharing the most labels with `labels`, the fewest others breaking ties.
  static func closest(to labels: [String], among initializers: [SwiftInitializer]) -> SwiftInitializer? {
    let given = Set(labels)
    return initializers.max { left, right in
      let l = (Set(left.labels).intersection(given).count, -left.labels.count)
      let r = (Set(right.labels).intersection(given).count, -right.labels.count)
      return l < r
    }
  }

  static func list(_ labels: [String]) -> String {
    labels.map { "'\($0)'" }.joined(separator: ", ")
  }

  static func signatures(_ initializers: [SwiftInitializer]) -> String {
    initializers.map { "'\($0.signature)'" }.joined(separator: ", ")
  }

  static func describe(_ literal: ResolutionPlan.Literal) -> String {
    switch literal {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(value)"
    case .string(let value): "the string \(QuotedString.quoted(value, in: .swift))"
    case .list: "a list"
    case .map: "a mapping"
    }
  }
}
