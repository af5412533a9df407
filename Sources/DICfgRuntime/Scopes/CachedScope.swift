/// `cached`, and each custom scope declared under `scopes:`: like a singleton until
/// ``reset()``, which releases the instances so the next resolves build new ones.
final class CachedScope: SharedScope {
  /// `cached`, or the custom scope's name.
  let name: String
  let builds: SharedBuilds
  private let instances: ReplaceableInstances

  init(name: String, builds: SharedBuilds, serviceCount: Int, services: [Int]) {
    self.name = name
    self.builds = builds
    self.instances = ReplaceableInstances(count: serviceCount, services: services)
  }

  @inline(__always)
  func kept(_ service: Int) -> Instance? { instances.instance(service) }

  func keep(_ instance: Instance, of service: Int) { instances.publish(instance, at: service) }

  /// Whether it has room for each of `services`.
  func holds(_ services: [Int]) -> Bool { services.allSatisfy(instances.holds) }

  /// Releases every instance of the scope. Resolves racing with a reset get a whole instance, old
  /// or new; an instance whose build is under way when the reset comes is kept when it ends.
  func reset() {
    builds.whileLocked { instances.clear() }
  }
}
