/// `singleton`: one instance per link, built on first use (or when the container is created, for
/// `eager: true`) and kept for the link's lifetime.
///
/// The instance is kept once, in ``WriteOnceInstances``; resolves by id, by type and by handle
/// read it there in place.
final class SingletonScope: SharedScope {
  let builds: SharedBuilds
  let instances: WriteOnceInstances

  init(builds: SharedBuilds, serviceCount: Int) {
    self.builds = builds
    self.instances = WriteOnceInstances(count: serviceCount)
  }

  @inline(__always)
  func kept(_ service: Int) -> Instance? { instances.instance(service) }

  func keep(_ instance: Instance, of service: Int) { instances.publish(instance, at: service) }
}
