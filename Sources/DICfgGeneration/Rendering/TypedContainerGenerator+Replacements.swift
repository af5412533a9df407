import DICfgCompiler
import DICfgCore
import DICfgPlanning

// MARK: Stand-ins

/// How a typed container takes a test's stand-ins: its `Replacements` (over the link, by id; over the
/// typed runtime, slots its accessors and make functions read) and the accessor's read of its own
/// (decision record 173).
extension TypedContainerGenerator {
  func renderReplacements(
    _ container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel, spelling: Spelling,
    access: String, into writer: inout SwiftWriter
  ) {
    guard model.runtime == .full else {
      renderTypedReplacements(
        container, isRoot: isRoot, model: model, spelling: spelling, access: access, into: &writer)
      return
    }
    writer.documentation([
      "Stand-ins for services, for tests: each replaced service keeps its scope and its place in the graph,",
      "and the services that take it get the stand-in.",
    ])
    writer.line("\(access)struct Replacements: Sendable {")
    writer.indent { body in
      body.line("var byID = DICfgRuntime.Replacements()")
      for member in container.members {
        body.line("\(access)var \(SwiftIdentifier.escaped(member.property)) = \(member.typeName).Replacements()")
      }
      body.blank()
      body.line("\(access)init() {}")
      body.blank()
      body.documentation([
        "`replace(service:)` builds the service with `factory`, when its scope builds an instance (`{ stub }` for one",
        "instance).",
      ])
      for accessor in container.accessors where !accessor.isPrivate {
        let key = isRoot ? accessor.id : container.name + "." + accessor.id
        body.line(
          "\(access)mutating func replace(\(SwiftIdentifier.escaped(accessor.property)) factory: @escaping @Sendable () -> "
            + "\(spelling.declared(accessor.replacementType))) { byID.replace(\(QuotedString.quoted(key, in: .swift)), factory: factory) }"
        )
      }
      if isRoot {
        for standIn in model.typeStandIns {
          body.line(
            "\(access)mutating func replace(_ type: \(Self.metatype(standIn, spelling)), factory: @escaping @Sendable () -> "
              + "\(spelling.concrete(standIn.type))) { "
              + standIn.services.map { "byID.replace(\(QuotedString.quoted($0, in: .swift)), factory: factory)" }
              .joined(separator: "; ") + " }")
        }
      }
      if !container.members.isEmpty {
        body.blank()
        body.documentation(["Every container's replacements, as the runtime takes them."])
        body.line("var all: DICfgRuntime.Replacements {")
        body.indent { all in
          all.line("var all = byID")
          for member in container.members { all.line("all.merge(\(SwiftIdentifier.escaped(member.property)).byID)") }
          all.line("return all")
        }
        body.line("}")
      }
    }
    writer.line("}")
    writer.blank()
  }

  /// How a test names a type it replaces: `Store.self` is a `Store.Protocol` for a protocol.
  fileprivate static func metatype(_ standIn: TypedContainerModel.TypeStandIn, _ spelling: Spelling) -> String {
    "(\(spelling.concrete(standIn.type))).\(standIn.isProtocol ? "Protocol" : "Type")"
  }

  /// The accessors a test may give a stand-in for, in order.
  fileprivate static func replaceable(
    _ container: TypedContainerModel.Container, _ spelling: Spelling
  ) -> [TypedContainerModel.Accessor] {
    container.accessors.filter { spelling.replaceable.contains($0.property) }
  }

  /// The type of an accessor's stand-in slot: a factory, main-actor where the accessor is.
  fileprivate static func standInFactory(_ accessor: TypedContainerModel.Accessor, _ spelling: Spelling) -> String {
    "\(accessor.isMainActor ? "@MainActor " : "")@Sendable () -> \(spelling.declared(accessor.type))"
  }

  /// The typed runtime's `Replacements`: a stand-in slot for each of the container's services (and,
  /// on the first container, each type the builds take services as), which the accessors and make
  /// functions read before they build. Stand-ins exist in debug builds only: in a release build
  /// every slot is a computed `nil` and no test or preview type can be named.
  fileprivate func renderTypedReplacements(
    _ container: TypedContainerModel.Container, isRoot: Bool, model: TypedContainerModel, spelling: Spelling,
    access: String, into writer: inout SwiftWriter
  ) {
    let accessors = Self.replaceable(container, spelling)
    let typeStandIns = isRoot ? model.typeStandIns : []
    // Another container's stand-ins are given through the first container's.
    let member =
      isRoot
      ? "" : (model.containers[0].members.first { $0.name == container.name }?.property).map { "\($0)." } ?? ""
    writer.documentation(
      [
        "Stand-ins for services, for tests and previews (debug builds only): a replaced service keeps its scope,",
        "and every service taking it is built in the container given the stand-ins, with the stand-in:",
        "```swift",
        "var replacements = \(model.containers[0].typeName).Replacements()",
        accessors.first.map { "replacements.\(member)replace(\(SwiftIdentifier.escaped($0.property)): { stub })" },
        "```",
      ].compactMap { $0 })
    writer.line("\(access)struct Replacements: Sendable {")
    writer.indent { body in
      body.line("#if DEBUG")
      for accessor in accessors {
        body.line(
          "fileprivate var \(SwiftIdentifier.escaped(accessor.property)): (\(Self.standInFactory(accessor, spelling)))?"
        )
      }
      for member in container.members {
        body.line("\(access)var \(SwiftIdentifier.escaped(member.property)) = \(member.typeName).Replacements()")
      }
      if isRoot { body.line("fileprivate var byType = ByType()") }
      if isRoot, Self.checksStandIns(model) {
        body.documentation([
          "What the container does with a mistake in its stand-ins (a build reaching a service marked `live: true`",
          "without a stand-in, a stand-in no build can use): nil stops the process with the message, so the test",
          "fails there; a test may record it instead (`{ Issue.record(Comment(rawValue: $0)) }`).",
        ])
        body.line("\(access)var onMistake: (@Sendable (String) -> Void)?")
      }
      if model.hasLiveServices { body.line("fileprivate var _check: StandInCheck?") }
      body.line("#else")
      for accessor in accessors {
        body.line(
          "fileprivate var \(SwiftIdentifier.escaped(accessor.property)): (\(Self.standInFactory(accessor, spelling)))? { nil }"
        )
      }
      for member in container.members {
        body.line(
          "fileprivate var \(SwiftIdentifier.escaped(member.property)): \(member.typeName).Replacements { .init() }")
      }
      if isRoot { body.line("fileprivate var byType: ByType { ByType() }") }
      body.line("#endif")
      body.blank()
      body.line("\(access)init() {}")
      if model.hasLiveServices { renderStandingIn(container, into: &body) }
      if isRoot { renderUnusableStandIns(model, access: access, into: &body) }
      if isRoot { renderByType(typeStandIns, spelling: spelling, into: &body) }
      guard !accessors.isEmpty || !typeStandIns.isEmpty else { return }
      body.blank()
      body.line("#if DEBUG")
      body.documentation([
        "`replace(service:)` builds the service with `factory` when its scope builds an instance (`{ stub }` for one",
        "instance); `replace(Type.self, factory:)` gives `factory`'s instance to every service that takes `Type`.",
      ])
      for accessor in accessors {
        let name = SwiftIdentifier.escaped(accessor.property)
        body.line(
          "\(access)mutating func replace(\(name) factory: @escaping \(Self.standInFactory(accessor, spelling))) "
            + "{ \(name) = factory }")
      }
      for standIn in typeStandIns {
        body.line(
          "\(access)mutating func replace(_ type: \(Self.metatype(standIn, spelling)), factory: @escaping @Sendable () -> "
            + "\(spelling.concrete(standIn.type))) { byType.\(standIn.slot) = factory }")
      }
      body.line("#endif")
    }
    writer.line("}")
    writer.blank()
  }

  /// Whether a container created with stand-ins checks them: where a service is marked live, or a
  /// type's stand-in can be given for nothing.
  static func checksStandIns(_ model: TypedContainerModel) -> Bool {
    model.hasLiveServices || !skippableTypeStandIns(model).isEmpty
  }

  /// The type stand-ins that the stand-ins of services can leave unused, each with those services (as
  /// the root's `Replacements` names them, `eventsList.addEventWireframe`): every build reading it is
  /// one that its service's stand-in skips. A type some other build reads (a private service's, or
  /// one whose stand-in is of another type) is always of use.
  static func skippableTypeStandIns(
    _ model: TypedContainerModel
  ) -> [(standIn: TypedContainerModel.TypeStandIn, services: [String])] {
    guard model.runtime == .typed, let root = model.containers.first else { return [] }
    var readers: [String: [String]] = [:]
    var alwaysRead = Set<String>()
    for container in model.containers {
      let spelling = Spelling(model, container)
      let member =
        container.name == root.name
        ? "" : (root.members.first { $0.name == container.name }?.property).map { "\($0)." } ?? ""
      let builds =
        container.makers.map { ($0.everyExpression, spelling.standIn(of: $0)) }
        + container.accessors.map { ($0.everyExpression, spelling.replaceable.contains($0.property) ? $0 : nil) }
      for (expressions, skippedBy) in builds {
        for slot in expressions.flatMap(\.typeStandInSlots) {
          guard let skippedBy else {
            alwaysRead.insert(slot)
            continue
          }
          let name = member + SwiftIdentifier.escaped(skippedBy.property)
          if !readers[slot, default: []].contains(name) { readers[slot, default: []].append(name) }
        }
      }
    }
    return model.typeStandIns.compactMap { standIn in
      guard !alwaysRead.contains(standIn.slot), let services = readers[standIn.slot] else { return nil }
      return (standIn, services)
    }
  }

  /// The root's `Replacements.ByType`: a slot for each type the graph binds services as that some
  /// build takes, a computed `nil` in a build without `DEBUG`.
  fileprivate func renderByType(
    _ typeStandIns: [TypedContainerModel.TypeStandIn], spelling: Spelling, into writer: inout SwiftWriter
  ) {
    writer.blank()
    writer.documentation([
      "The stand-ins for types the graph binds services as, which every service taking that type gets."
    ])
    writer.line("fileprivate struct ByType: Sendable {")
    writer.indent { byType in
      byType.line("#if DEBUG")
      for standIn in typeStandIns {
        byType.line("var \(standIn.slot): (@Sendable () -> \(spelling.concrete(standIn.type)))?")
      }
      byType.line("#else")
      for standIn in typeStandIns {
        byType.line("var \(standIn.slot): (@Sendable () -> \(spelling.concrete(standIn.type)))? { nil }")
      }
      byType.line("#endif")
    }
    writer.line("}")
  }

  /// A container's `standingIn(_:)`: its stand-ins, and its members', as a container created with
  /// them holds them, with the check a build reaching a live service without one reports through.
  fileprivate func renderStandingIn(_ container: TypedContainerModel.Container, into writer: inout SwiftWriter) {
    writer.blank()
    writer.line("#if DEBUG")
    writer.documentation([
      "The stand-ins as a container created with them holds them: a build reaching a live service without one",
      "reports it through `check`.",
    ])
    writer.line("fileprivate func standingIn(_ check: StandInCheck) -> Replacements {")
    writer.indent { standingIn in
      standingIn.line("var standIns = self")
      standingIn.line("standIns._check = check")
      for member in container.members {
        let name = SwiftIdentifier.escaped(member.property)
        standingIn.line("standIns.\(name) = \(name).standingIn(check)")
      }
      standingIn.line("return standIns")
    }
    writer.line("}")
    writer.line("#endif")
  }

  /// The root's list of the type stand-ins given for nothing: each one whose every reader was given a
  /// stand-in of its own, which a container created with them reports.
  fileprivate func renderUnusableStandIns(
    _ model: TypedContainerModel, access: String, into writer: inout SwiftWriter
  ) {
    let skippable = Self.skippableTypeStandIns(model)
    guard !skippable.isEmpty else { return }
    writer.blank()
    writer.line("#if DEBUG")
    writer.documentation(["The stand-ins given that no build of a container created with them can use."])
    writer.line("fileprivate var unusable: [String] {")
    writer.indent { body in
      body.line("var unusable: [String] = []")
      for (standIn, services) in skippable {
        let type = standIn.type
        let message =
          "the stand-in for '\(type)' (replace(\(type).self, factory:)) is never used: every service taking it ("
          + services.map { "'\($0)'" }.joined(separator: ", ")
          + ") has a stand-in of its own in this container; remove the one for '\(type)', or those services' stand-ins"
        let given = (["byType.\(standIn.slot)"] + services).map { "\($0) != nil" }.joined(separator: ", ")
        body.line("if \(given) { unusable.append(\(QuotedString.quoted(message, in: .swift))) }")
      }
      body.line("return unusable")
    }
    writer.line("}")
    writer.line("#endif")
  }

  /// For a service marked `live: true`, in a container created with stand-ins that has none for it:
  /// the report, before the real service is built (debug builds only, as stand-ins are).
  func renderLiveCheck(of accessor: TypedContainerModel.Accessor, into writer: inout SwiftWriter) {
    guard let report = accessor.liveReport else { return }
    writer.line("#if DEBUG")
    writer.line("_standIns._check?.report(\(QuotedString.quoted(report, in: .swift)))")
    writer.line("#endif")
  }

  /// The stand-in a test gave for `accessor`'s service, returned before anything is built: a shared
  /// scope's kept in the service's storage, under the stand-in's type.
  func renderStandIn(
    of accessor: TypedContainerModel.Accessor, spelling: Spelling, into writer: inout SwiftWriter
  ) {
    let slot = "_standIns.\(SwiftIdentifier.escaped(accessor.property))"
    let type = spelling.declared(accessor.type)
    let singleton = accessor.branches.lazy.compactMap { branch -> TypedContainerModel.SingletonBuild? in
      if case .singleton(let build)? = branch.construction { build } else { nil }
    }.first
    guard let singleton else {
      writer.line("if let standIn = \(slot) { return standIn() }")
      return
    }
    let kept: String
    if singleton.isAsync {
      kept =
        "try await _singletons.awaitedSingleton(\(singleton.number), as: \(type).self) { "
        + "\(accessor.isMainActor ? "@MainActor in " : "")standIn() }"
    } else {
      // A weak service's stand-in is held weakly where it is of the service's class.
      let isClass = singleton.scope == .weak && spelling.concrete(singleton.type) == type
      let scope: ScopeKind = isClass ? .weak : singleton.scope == .weak ? .singleton : singleton.scope
      kept = "\(spelling.storageCall(scope, singleton.number, as: type)) { standIn() }"
    }
    writer.line("if let standIn = \(slot) { return \(kept) }")
  }
}
