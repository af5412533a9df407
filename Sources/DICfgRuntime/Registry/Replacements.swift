import DICfgCore

/// Services a test replaces with an instance or a factory of its own, by id, without writing a
/// graph file: what Factory's `register` in a test or Swinject's re-registration do.
///
/// ```swift
/// var doubles = Replacements()
/// doubles.replace("weatherClient", with: StubWeatherClient())
/// doubles.replace("clock") { FixedClock(now: .distantPast) }
/// let container = try Container(plan: plan, registry: registry, replacing: doubles)
/// ```
///
/// A replaced service keeps its id, its scope and the types it is resolved as; neither its
/// registered factory nor its `init:` and `properties:` dependencies are used, so they need not be
/// registered. An id names a service or an alias of one, in any container (`"root.dataStore"` names
/// one container's); an id the plan does not have is a link error.
public struct Replacements: Sendable {
  struct Replacement: Sendable {
    var isClass: Bool
    var builtType: Any.Type
    var make: @Sendable () throws -> Instance
  }

  var byID: [(id: String, replacement: Replacement)] = []

  public init() {}

  /// Resolves `id` as `instance`, whatever its scope. A later replacement of one id wins.
  public mutating func replace<T: Sendable>(_ id: String, with instance: T) {
    byID.removeAll { $0.id == id }
    byID.append(
      (
        id,
        Replacement(
          isClass: T.self is AnyObject.Type, builtType: T.self, make: { Instance.wrapping(instance) })
      ))
  }

  /// Resolves `id` with `factory`, called when the service's scope builds an instance (once for a
  /// singleton, on each resolve for a graph-scoped service).
  public mutating func replace<T>(_ id: String, factory: @escaping @Sendable () throws -> T) {
    byID.removeAll { $0.id == id }
    byID.append(
      (
        id,
        Replacement(
          isClass: T.self is AnyObject.Type, builtType: T.self,
          make: { Instance.wrapping(try factory()) })
      ))
  }

  /// Whether nothing is replaced.
  public var isEmpty: Bool { byID.isEmpty }

  /// Adds `other`'s replacements; one of an id both replace is `other`'s.
  public mutating func merge(_ other: Replacements) {
    for (id, replacement) in other.byID {
      byID.removeAll { $0.id == id }
      byID.append((id, replacement))
    }
  }

  /// `plan` and `registry` with the replacements in place: each replaced service built by a
  /// factory of its own under a name of its own, still bound to its type, with no dependencies.
  ///
  /// - Throws: ``LinkError`` for an id the plan does not have.
  func applied(to plan: ResolutionPlan, registry: Registry) throws -> (ResolutionPlan, Registry) {
    guard !byID.isEmpty else { return (plan, registry) }
    var plan = plan
    var registry = registry
    var diagnostics: [Diagnostic] = []
    for (id, replacement) in byID {
      guard let target = Self.service(id, in: plan) else {
        let known = plan.containers.flatMap { container in
          (container.services.map(\.id) + container.aliases.map(\.id)).flatMap { [$0, "\(container.name).\($0)"] }
        }
        diagnostics.append(
          .error(
            .unknownService,
            "a replacement names service '\(id)', which the plan does not have"
              + Suggestions.clause(for: id, among: known),
            at: plan.containers.first?.location ?? .start(of: "")))
        continue
      }
      var service = plan.containers[target.container].services[target.service]
      let name = "dicfg.replaced.\(plan.containers[target.container].name).\(service.id)"
      if !service.bindings.contains(service.type) { service.bindings.append(service.type) }
      service.type = name
      // Built by the stand-in's factory alone: not its own factory function, method or receiver.
      service.factory = nil
      service.readsReceiverProperty = false
      service.initializer = []
      service.properties = []
      service.isolation = .nonisolated
      plan.containers[target.container].services[target.service] = service
      let make = replacement.make
      try registry.add(
        Registration(
          name: name, fullName: nil, isClass: replacement.isClass, builtType: replacement.builtType,
          factory: .untyped { _ in try make() }, arguments: nil, labels: nil))
    }
    if !diagnostics.isEmpty { throw LinkError(diagnostics: diagnostics) }
    return (plan, registry)
  }

  /// The service `id` names: a service or alias id, or `container.id`.
  private static func service(_ id: String, in plan: ResolutionPlan) -> ResolutionPlan.ServiceReference? {
    for (index, container) in plan.containers.enumerated() {
      let local = id.hasPrefix(container.name + ".") ? String(id.dropFirst(container.name.count + 1)) : id
      if let found = container.services.firstIndex(where: { $0.id == local }) {
        return ResolutionPlan.ServiceReference(container: index, service: found)
      }
      if let alias = container.aliases.first(where: { $0.id == local }) { return alias.target }
    }
    return nil
  }
}
