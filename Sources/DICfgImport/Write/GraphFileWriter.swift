import DICfgCompiler
import DICfgCore
import DICfgSwiftModel

/// Finds the service a value names among the imported registrations: by key and name, as the
/// libraries resolve, in an environment's own registrations first, then the base's.
struct ServiceLookup {
  private var byIdentity: [String: String] = [:]
  /// Services only an environment registers, by identity: what an optional reference of the base
  /// names (nil where that environment is not applied).
  private var inSomeEnvironment: [String: String] = [:]
  private var ids: Set<String> = []
  private var nilIDs: Set<String> = []
  /// The services that registrations imported as bindings return, by the bindings' ids.
  private var bound: [String: String] = [:]

  init(_ registrations: [ImportedRegistration]) {
    for registration in registrations {
      switch registration.outcome {
      case .binding(let target):
        if !target.isEmpty, registration.environment == nil, !registration.id.isEmpty {
          bound[registration.id] = target
        }
        continue
      case .notImported: continue
      case .asWritten, .factoryFunction: break
      }
      if registration.isNil {
        if registration.environment == nil { nilIDs.insert(registration.id) }
      }
      ids.insert(registration.id)
      // An object constructed in place is taken by its id only, never found by its type.
      if registration.isNested { continue }
      let scope = registration.environment ?? ""
      for key in [registration.key, registration.type] + registration.bindings {
        let anywhere = RegistrationImport.identity(key: key, name: registration.name, registration.argumentCount)
        let identity = scope + "|" + anywhere
        if byIdentity[identity] == nil { byIdentity[identity] = registration.id }
        if inSomeEnvironment[anywhere] == nil { inSomeEnvironment[anywhere] = registration.id }
      }
    }
  }

  /// The id of the service `value` names, where an imported registration provides it.
  func target(of value: ImportedValue, in environment: String?) -> String? {
    switch value {
    case .resolved(let key, let name, _):
      let identity = RegistrationImport.identity(key: key, name: name, 0)
      if let environment, let id = byIdentity[environment + "|" + identity] { return id }
      if let id = byIdentity["|" + identity] { return id }
      // An optional reference may name what only an environment provides: nil elsewhere.
      guard case .resolved(_, _, true) = value else { return nil }
      return inSomeEnvironment[identity]
    case .service(let id, _): return ids.contains(id) ? id : bound[id]
    default: return nil
    }
  }

  /// Whether a service has the id `id`.
  func isService(_ id: String) -> Bool { ids.contains(id) }

  /// Whether the base has no instance of `id` (a factory of nil): what takes it takes nil.
  func isNil(_ id: String) -> Bool { nilIDs.contains(id) }
}

/// Writes a graph file, its layers and the factory functions of imported registrations: of them
/// all, or of one module's (a fragment) or of the rest, which imports the fragments.
struct GraphFileWriter {
  /// The registrations whose entries this file writes.
  let registrations: [ImportedRegistration]
  private let lookup: ServiceLookup
  /// Whether it is a module's fragment, which requires what its services take from elsewhere,
  /// rather than the graph the app's container is made from, which declares it as externals.
  private let isFragment: Bool
  /// The fragments the graph imports, as paths from its folder.
  private let imports: [String]
  /// What the registrations resolve that this file does not provide: externals of the app's graph
  /// (none of the files read registers them), requirements of a fragment (another module's too).
  private let externals: [(id: String, type: String, optional: Bool)]

  /// - Parameters:
  ///   - all: Every imported registration, which references are looked up among.
  ///   - holds: Whether this file writes a registration's entry; every one where nil.
  init(
    registrations all: [ImportedRegistration], holds: ((ImportedRegistration) -> Bool)? = nil,
    isFragment: Bool = false, imports: [String] = []
  ) {
    registrations = all.filter { holds?($0) ?? true }
    lookup = ServiceLookup(all)
    self.isFragment = isFragment
    self.imports = imports
    let held = Set(registrations.map(\.id))
    var externals: [(id: String, type: String, optional: Bool)] = []
    for registration in registrations where registration.writesEntry {
      for written in (registration.initializer + registration.properties).map(\.value)
        + [registration.receiver].compactMap({ $0 })
      {
        var needed: (id: String, type: String, optional: Bool)?
        var value = written
        if case .provider(let inner) = written { value = inner }
        switch value {
        case .resolved(let key, let name, let optional):
          let target = lookup.target(of: value, in: registration.environment)
          if target == nil {
            needed = (Self.externalID(key: key, name: name, avoiding: lookup), key, optional)
          } else if let target, isFragment, !held.contains(target) {
            needed = (target, key, false)
          }
        case .service(let id, let optional) where lookup.target(of: value, in: registration.environment) == nil:
          // A factory the import read but could not import: the app supplies it while it is ported.
          if let key = all.first(where: { $0.id == id })?.key { needed = (id, key, optional) }
        case .service(let id, _) where isFragment && !held.contains(id):
          if let key = all.first(where: { $0.id == id })?.key { needed = (id, key, false) }
        case .external(let id, let type, let optional):
          needed = (id, type, optional)
        default: break
        }
        guard let needed else { continue }
        if let index = externals.firstIndex(where: { $0.id == needed.id }) {
          externals[index].optional = externals[index].optional && needed.optional
        } else {
          externals.append(needed)
        }
      }
    }
    // A registration of what the assembly holds: an external under its own id.
    for registration in registrations where registration.isExternal && registration.isImported {
      if !externals.contains(where: { $0.id == registration.id }) {
        externals.append((registration.id, registration.key, false))
      }
    }
    self.externals = externals
  }

  /// `text` as a YAML scalar of a flow mapping: plain where it is a Swift name or member path
  /// (`APIClient`, `Foo.Bar?`, `.main`), else double-quoted (`"[AppService]"`, `"!DEBUG"`,
  /// `"Box<A, B>"`), so any type, name or condition reads back as written.
  static func scalar(_ text: String) -> String {
    // `any P`, `some P`: the keyword, a space and a name read back as written.
    for keyword in ["any ", "some "] where text.hasPrefix(keyword) {
      let rest = String(text.dropFirst(keyword.count))
      if scalar(rest) == rest { return text }
    }
    let plain = text.unicodeScalars.enumerated().allSatisfy { offset, scalar in
      let character = Character(scalar)
      if character.isASCII, character.isLetter || character == "_" { return true }
      if offset == 0 { return character == "." && text.count > 1 }
      return (character.isASCII && character.isNumber) || character == "."
        || ((character == "?" || character == "!") && offset == text.unicodeScalars.count - 1)
    }
    let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
    return plain && !text.isEmpty && !reserved.contains(text.lowercased()) ? text : QuotedString.quoted(text, in: .json)
  }

  /// The id of the external a resolve of `key` that no registration provides names: its type's name,
  /// else (where a service has that id: `Moonpay.Provider` beside a `provider`) its whole spelling.
  static func externalID(key: String, name: String?, avoiding lookup: ServiceLookup) -> String {
    let id = Identifiers.serviceID(key: key, name: name)
    guard lookup.isService(id) else { return id }
    let whole =
      Identifiers.lowerCamel(
        key.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map {
          $0.prefix(1).uppercased() + $0.dropFirst()
        }.joined()) + (name.map(SwiftIdentifier.upperCamelCase) ?? "")
    return whole != id && !lookup.isService(whole) ? whole : id + "External"
  }

  // MARK: Files

  func graphFile() -> String {
    let libraries = Set(registrations.map(\.library.rawValue)).sorted().joined(separator: ", ")
    let imported = registrations.filter(\.isImported).count
    var lines = [
      "# Imported by `dicfg import` from \(libraries) registrations: \(imported) of \(registrations.count) imported.",
      "# Each service names the line of the registration it comes from; the import report lists those",
      "# it could not import, with why.",
      "dicfg: 1",
    ]
    if !imports.isEmpty {
      lines.append("# The modules' fragments, each checked in its module's build.")
      lines.append("imports:")
      lines += imports.map { "  - \($0)" }
    }
    let scopes = Set(registrations.compactMap(\.customScope)).sorted()
    if !scopes.isEmpty {
      lines.append("scopes:")
      lines += scopes.map { "  \(Self.scalar($0)): {}" }
    }
    if isFragment, !externals.isEmpty {
      lines.append("# What the module's services take from the graph that imports this file.")
      lines.append("requires:")
      lines += externals.map { "  \(Self.scalar($0.id)): { type: \(Self.scalar($0.type)) }" }
    } else if !externals.isEmpty {
      lines.append("# What the registrations resolve that no registration of the files read provides: the app")
      lines.append("# supplies each when it creates the container (from the container it still has, while it moves).")
      lines.append("externals:")
      for external in externals {
        lines.append(
          "  \(Self.scalar(external.id)): { type: \(Self.scalar(external.type))\(external.optional ? ", optional: true" : "") }"
        )
      }
    }
    let services = services(in: nil)
    lines.append(services.isEmpty ? "services: {}" : "services:")
    lines += services
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each environment's layer: the services registered for it apart.
  func layers() -> [(environment: String, text: String)] {
    var environments: [String] = []
    for registration in registrations {
      if let environment = registration.environment, !environments.contains(environment) {
        environments.append(environment)
      }
    }
    return environments.map { environment in
      // The layer holds where any of its registrations is compiled.
      let conditions = registrations.filter { $0.environment == environment }.compactMap(\.condition)
      var lines = [
        "# The '\(environment)' environment's registrations, imported by `dicfg import`.", "dicfg: 1",
      ]
      if let condition = CompilationCondition.any(conditions) {
        lines.append("condition: \(Self.scalar(condition))")
      }
      lines.append("services:")
      lines += services(in: environment)
      return (environment, lines.joined(separator: "\n") + "\n")
    }
  }

  func functions(imports: [String]) -> String? {
    // A fragment's functions are called by the code generated for the module that imports it.
    let functions = registrations.compactMap { registration -> String? in
      guard registration.isImported, let function = registration.factoryFunction, let name = registration.factory
      else { return nil }
      return function.text(named: name, isPublic: isFragment)
    }
    guard !functions.isEmpty else { return nil }
    var text =
      "// Written by `dicfg import`: the code of the registration closures the graph file cannot say, each a\n"
      + "// function the graph file names with `factory:`. The services a closure resolved are its parameters.\n"
    // A provider parameter is dicfg's `Provider`.
    let providers =
      registrations.contains { $0.factoryFunction?.parameters.contains { $0.contains(": Provider<") } == true }
      ? ["DICfg"] : []
    text += (["Foundation"] + imports.filter { $0 != "Foundation" } + providers).map { "import \($0)\n" }.joined()
    return text + "\n" + functions.joined(separator: "\n")
  }

  // MARK: Entries

  private func services(in environment: String?) -> [String] {
    var lines: [String] = []
    // A heading where the module changes.
    var heading: String?
    for registration in registrations where registration.environment == environment && registration.writesEntry {
      if let module = registration.module, module != heading {
        lines.append("  # \(module)")
        heading = module
      }
      lines.append("  \(Self.scalar(registration.id)):  # \(registration.file):\(registration.line)")
      lines.append("    type: \(Self.scalar(registration.type))")
      if !registration.bindings.isEmpty {
        lines.append("    as: [\(registration.bindings.map(Self.scalar).joined(separator: ", "))]")
      }
      if let scope = registration.scope, scope != "graph" { lines.append("    scope: \(Self.scalar(scope))") }
      if registration.isMainActor { lines.append("    isolation: MainActor") }
      if let factory = registration.factory, let receiver = registration.receiver {
        let id = text(of: receiver, in: registration.environment).filter { $0 != "?" }
        let key = registration.readsReceiverProperty ? "property" : "method"
        lines.append("    factory: { receiver: \(id), \(key): \(factory) }")
      } else if let factory = registration.factory {
        lines.append("    factory: \(factory)")
      }
      if !registration.arguments.isEmpty {
        lines.append(
          "    arguments: { "
            + registration.arguments.map { "\(Self.scalar($0.name)): \(Self.scalar($0.type))" }.joined(separator: ", ")
            + " }")
      }
      if !registration.initializer.isEmpty {
        lines.append("    init: " + mapping(registration.initializer, in: registration.environment))
      }
      if !registration.properties.isEmpty {
        lines.append("    properties: " + mapping(registration.properties, in: registration.environment))
      }
    }
    return lines
  }

  private func mapping(_ values: [(label: String, value: ImportedValue)], in environment: String?) -> String {
    "{ " + values.map { "\(Self.scalar($0.label)): \(text(of: $0.value, in: environment))" }.joined(separator: ", ")
      + " }"
  }

  private func text(of value: ImportedValue, in environment: String?) -> String {
    switch value {
    case .resolved(let key, let name, let optional):
      let id = lookup.target(of: value, in: environment) ?? Self.externalID(key: key, name: name, avoiding: lookup)
      return id + (optional || lookup.isNil(id) ? "?" : "")
    case .service(let written, let optional):
      // A binding's id (`networking` of `self { self.apiClient() }`) names the service it returns.
      let id = lookup.target(of: value, in: environment) ?? written
      return id + (optional || lookup.isNil(id) ? "?" : "")
    case .external(let id, _, let optional): return id + (optional ? "?" : "")
    case .literal(let literal): return "{ value: \(literal) }"
    case .swift(let expression): return "{ swift: \(Self.scalar(expression)) }"
    case .argument(let name): return "$" + name
    case .container: return "$container"
    case .constructed(let construction): return "{ swift: \(Self.scalar(construction.type + "()")) }"
    case .provider(let inner):
      return "{ provider: " + text(of: inner, in: environment).trimmingCharacters(in: ["?"]) + " }"
    }
  }
}

extension ImportedRegistration {
  /// Whether it is part of the graph: as written, through a factory function, or as a binding.
  public var isImported: Bool {
    if case .notImported = outcome { return false }
    return true
  }

  /// Whether the graph file has an entry of its own for it.
  var writesEntry: Bool {
    switch outcome {
    case .asWritten, .factoryFunction: return !isNil && !isExternal
    case .binding, .notImported: return false
    }
  }
}
