/// `unique`: a new instance every time a service is asked for.
struct UniqueScope: Scope {
  func instance(of service: Int, arguments: [String: any Sendable], in resolve: inout Resolve) throws -> Instance {
    try resolve.buildUnlessBuilding(service, arguments: arguments)
  }
}
