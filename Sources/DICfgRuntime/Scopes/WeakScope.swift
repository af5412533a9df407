/// `weak`: the same instance while anything outside the container holds it, a new one after.
/// Class types only (the link checks).
final class WeakScope: SharedScope {
  let builds: SharedBuilds
  private let instances: WeakInstances

  init(builds: SharedBuilds, serviceCount: Int, services: [Int]) {
    self.builds = builds
    self.instances = WeakInstances(count: serviceCount, services: services)
  }

  @inline(__always)
  func kept(_ service: Int) -> Instance? { instances.object(service).map(Instance.object) }

  func keep(_ instance: Instance, of service: Int) { instances.publish(instance.object, at: service) }

  /// Whether it has room for each of `services`.
  func holds(_ services: [Int]) -> Bool { services.allSatisfy(instances.holds) }
}
