import DICfgCore

// Stage 4, plan emission.

extension GraphResolver {

  func emit(_ services: [[ResolutionPlan.Service]]) -> ResolutionPlan {
    let containers = declarations.enumerated().map { index, declaration in
      let aliases = symbols[index].aliases.enumerated().compactMap { position, alias -> ResolutionPlan.Alias? in
        // An alias of an external is a name for references only: externals are not resolved by id.
        guard case .service(let target)? = symbols[index].aliasTargets[position] else { return nil }
        return ResolutionPlan.Alias(id: alias.id, target: serviceReference(target), location: alias.location)
      }
      return ResolutionPlan.Container(
        name: declaration.name, location: declaration.location, collaborators: symbols[index].collaborators,
        customScopes: declaration.customScopes.map(\.value),
        externals: declaration.externals.map {
          ResolutionPlan.External(
            id: $0.id, type: $0.type, retain: $0.retain, optional: $0.optional, location: $0.location)
        },
        services: services[index], aliases: aliases,
        eagerServices: services[index].indices.filter {
          services[index][$0].eager && services[index][$0].scope == .singleton
        })
    }
    return ResolutionPlan(
      parameters: parameters.map { ResolutionPlan.Parameter(name: $0.name, value: $0.value, location: $0.location) },
      containers: containers)
  }
}
