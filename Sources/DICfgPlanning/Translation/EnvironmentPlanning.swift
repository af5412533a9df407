import DICfgCompiler
import DICfgCore

/// Plans the typed accessors of every environment: each environment's plan is planned on its own
/// (``StraightLinePlanner``), as its link numbers and builds it, and each accessor of the base plan
/// gets one branch per way the environments build its service.
///
/// An environment that changes a parameter, swaps a type or changes an argument of one service
/// changes that service's branch only: the services that take it call its accessor, which switches
/// on the container's environment. A service whose number in the link an environment changes (its
/// layer removes or adds a service before it) is a branch of its own, built into the slot that
/// environment's link keeps it in. A service an environment removes has a branch that stops the
/// app with a message naming the environment. Make functions an environment builds as the base does
/// are the base's; the others carry the environment's name (`_makeClientInTest`).
struct EnvironmentPlanning {
  /// The base first, then each environment.
  let variants: [RegistryGenerator.Variant]
  /// The services that get accessors, by container of the base plan: the base's, then those only
  /// layers add.
  let services: [[ResolutionPlan.Service]]
  /// What each accessor is, by container and service, as ``services`` lists them.
  let facts: [[StraightLinePlanner.AccessorFacts]]
  /// The target's Swift, with its rule of which types convert; nil when unknown (then every
  /// accessor resolves through the link).
  let context: SwiftContext?
  /// The property of each external on the typed container's externals, by its key (the id, or
  /// `container.id` for a container after the first), where the typed container keeps them.
  let externals: [String: String]
  /// The Swift values the registration holds in file-level constants (``StraightLinePlanner/sharedSwiftValues``).
  var sharedSwiftValues = StraightLinePlanner.SharedSwiftValues()
  /// The property of each container but the first on the first, by container, where a container's
  /// code reaches the others (the others are views of the first); nil where it does not.
  var members: [String]?
  /// Each container's typed type (`MainContainer`), by container, where `$container` passes the
  /// typed container itself (over the typed runtime); nil over the link.
  var typedContainerTypes: [String]?

  struct Planned {
    /// Each accessor's branches, by container and service of the base plan.
    var branches: [[[TypedContainerModel.Branch]]]
    /// The make functions each container's accessors call.
    var makers: [[TypedContainerModel.Maker]]
    /// Why an accessor resolves through the link, by container and service of the base plan: the
    /// first environment's cause (named where it is not the base); nil for one the accessors build.
    var causes: [[TypedContainerModel.LinkCause?]] = []
  }

  /// The branches of every accessor. Whether an accessor throws depends on every environment's
  /// branch of it, and the builds that call it `try` it then: planned again until that settles (an
  /// accessor only ever becomes throwing, so this ends).
  func planned() -> Planned {
    var throwing = facts.map { _ in Set<String>() }
    while true {
      let planned = planned(throwing: throwing)
      let found = planned.branches.enumerated().map { index, services in
        Set(
          services.enumerated().filter { $0.element.contains { $0.construction?.isThrowing ?? false } }
            .map { facts[index][$0.offset].property })
      }
      if found == throwing { return planned }
      throwing = found
    }
  }

  private func planned(throwing: [Set<String>]) -> Planned {
    var constructions = services.map { $0.map { _ in [(String?, TypedContainerModel.Construction?)]() } }
    var causes = services.map { $0.map { _ -> TypedContainerModel.LinkCause? in nil } }
    var makers = services.map { _ in [TypedContainerModel.Maker]() }
    for variant in variants {
      let firstService = variant.plan.firstServiceNumbers
      for (index, accessorServices) in services.enumerated() {
        guard variant.plan.containers.indices.contains(index) else {
          for position in accessorServices.indices {
            constructions[index][position].append((variant.environment, nil))
          }
          continue
        }
        let container = variant.plan.containers[index]
        var planned = plan(variant, container: index, throwing: throwing)
        if variant.environment != nil {
          // What this environment makes as the base does is the base's make function.
          let names = Self.sharedFunctions(planned.makers, base: makers[index], suffix: suffix(of: variant))
          planned.makers = planned.makers.filter { names[$0.function] == nil }.map {
            var maker = $0.renamingFunctions(names)
            maker.condition = variant.condition
            return maker
          }
          planned.singletons = planned.singletons.mapValues { $0.renamingFunctions(names) }
          planned.constructions = planned.constructions.mapValues { $0.renamingFunctions(names) }
        }
        makers[index] += planned.makers
        let positions = Dictionary(
          container.services.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for (position, service) in accessorServices.enumerated() {
          guard let own = positions[service.id] else {
            constructions[index][position].append((variant.environment, nil))
            continue
          }
          let facts = facts[index][position]
          let built = container.services[own]
          var construction = TypedContainerModel.Construction.runtime
          if let singleton = planned.singletons[own] {
            construction = .singleton(singleton)
          } else if built.scope.isPerResolve, let line = planned.constructions[own] {
            construction = .straightLine(line)
          } else if !facts.isAsync, built.arguments.isEmpty {
            construction = .linked(firstService[index] + own)
          }
          if construction.isResolvedByTheLink && causes[index][position] == nil {
            let cause = context == nil ? .init("dicfg read none of the target's Swift") : planned.causes[own]
            causes[index][position] = cause.map { cause in
              .init(variant.environment.map { "in environment '\($0)', " + cause.text } ?? cause.text, fix: cause.fix)
            }
          }
          constructions[index][position].append((variant.environment, construction))
        }
      }
    }
    return Planned(branches: constructions.map { $0.map(Self.branches) }, makers: makers, causes: causes)
  }

  /// The externals the code of container `index` reaches, by container and index: all of them,
  /// which the first container keeps, from the first and from the views of it; none from a
  /// container that is not a view.
  private func externals(reachedFrom index: Int, in plan: ResolutionPlan) -> [Int: [Int: String]] {
    var reached: [Int: [Int: String]] = [:]
    guard index == 0 || members != nil else { return [:] }
    for (owner, container) in plan.containers.enumerated() {
      for (position, external) in container.externals.enumerated() {
        let key = owner == 0 ? external.id : container.name + "." + external.id
        if let property = externals[key] { reached[owner, default: [:]][position] = property }
      }
    }
    return reached
  }

  /// One environment's container planned on its own.
  private func plan(
    _ variant: RegistryGenerator.Variant, container index: Int, throwing: [Set<String>]
  ) -> StraightLinePlanner.Planned {
    guard let context else { return StraightLinePlanner.Planned() }
    // Each accessor's facts by the position of its service in this plan's container `index`.
    func accessors(of index: Int) -> [Int: StraightLinePlanner.AccessorFacts] {
      let baseFacts = Dictionary(
        zip(services[index].map(\.id), facts[index]), uniquingKeysWith: { first, _ in first })
      return Dictionary(
        uniqueKeysWithValues: variant.plan.containers[index].services.enumerated().compactMap { position, service in
          baseFacts[service.id].map { (position, $0) }
        })
    }
    var planner = StraightLinePlanner(
      plan: variant.plan, container: index, context: context,
      externals: externals(reachedFrom: index, in: variant.plan),
      accessors: accessors(of: index), throwingAccessors: throwing[index], makerSuffix: suffix(of: variant))
    planner.sharedSwiftValues = sharedSwiftValues
    planner.typedContainerType = typedContainerTypes?[index]
    // Over the typed runtime, the root reads `${NAME}` parameters when it is created and resets the
    // custom scopes; each other container's code reaches those where it is a view of the root.
    planner.reachesRoot = typedContainerTypes != nil && (index == 0 || members != nil)
    if let members {
      // The first container holds the others; each other holds the first (`_root`).
      for other in variant.plan.containers.indices where other != index && services.indices.contains(other) {
        let path = index == 0 ? members[other] : other == 0 ? "_root" : "_root." + members[other]
        planner.others[other] = StraightLinePlanner.OtherContainer(
          path: path, accessors: accessors(of: other), throwing: throwing[other])
      }
    }
    return planner.planned()
  }

  private func suffix(of variant: RegistryGenerator.Variant) -> String {
    variant.environment.map { "In" + SwiftIdentifier.upperCamelCase($0) } ?? ""
  }

  /// The environment's make functions (named with `suffix`) that are the base's: the same once the
  /// make functions they call are renamed likewise. Leaves first, until nothing more is shared.
  private static func sharedFunctions(
    _ makers: [TypedContainerModel.Maker], base: [TypedContainerModel.Maker], suffix: String
  ) -> [String: String] {
    let baseMakers = Dictionary(base.map { ($0.function, $0) }, uniquingKeysWith: { first, _ in first })
    var names: [String: String] = [:]
    var found = true
    while found {
      found = false
      for maker in makers where names[maker.function] == nil && maker.function.hasSuffix(suffix) {
        let name = String(maker.function.dropLast(suffix.count))
        var renamed = maker.renamingFunctions(names)
        renamed.function = name
        if baseMakers[name] == renamed {
          names[maker.function] = name
          found = true
        }
      }
    }
    return names
  }

  /// The environments grouped by how they build the service, in the order they were given.
  private static func branches(
    _ constructions: [(String?, TypedContainerModel.Construction?)]
  ) -> [TypedContainerModel.Branch] {
    var branches: [TypedContainerModel.Branch] = []
    for (environment, construction) in constructions {
      if let index = branches.firstIndex(where: { $0.construction == construction }) {
        branches[index].environments.append(environment)
      } else {
        branches.append(TypedContainerModel.Branch(environments: [environment], construction: construction))
      }
    }
    return branches
  }
}
