/// The error of a build that takes an external the graph file holds `weak` or `unowned` once the
/// app has released the instance it supplied.
public struct ExternalReleasedError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The external's id in the graph file.
  public var external: String

  public init(external: String) { self.external = external }

  @_optimize(none)  // cold (an error's text): optimizing it costs every app's build more than it saves
  public var description: String {
    "external '\(external)' is held weakly by the container, and the instance the app supplied is gone: keep it "
      + "alive while the container builds the services that take it, or hold it strongly (remove its 'retain:')"
  }
}
