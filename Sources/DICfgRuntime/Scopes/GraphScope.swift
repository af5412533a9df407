/// `graph`: one instance per top-level resolve, shared by everything that resolve builds, in every
/// container it reaches.
struct GraphScope: Scope {
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance {
    if let instance = resolve.graphInstances[service] { return instance }
    let instance = try resolve.buildUnlessBuilding(service, arguments: arguments)
    resolve.graphInstances.insert(instance, for: service)
    return instance
  }
}
