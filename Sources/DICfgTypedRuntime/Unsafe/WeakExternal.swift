/// An external the graph file holds `weak` or `unowned`, as a generated typed container holds it:
/// the container does not keep the instance alive, and a build that takes it once it is gone
/// throws ``ExternalReleasedError``.
///
/// `@unchecked Sendable`. Invariants: the reference is weak, so reading it is safe from any thread;
/// the container gives the instance to the services that take it on the thread that builds them, as
/// code wiring it by hand would (as ``NonSendableExternal``); the host app supplies it for that use.
@_spi(Generated)
public struct WeakExternal<Value: AnyObject>: @unchecked Sendable {
  public private(set) weak var value: Value?

  public init(_ value: Value?) { self.value = value }

  /// The instance of external `id`, read from the container's externals.
  public static func value(_ value: Value?, external id: String) throws(ExternalReleasedError) -> Value {
    guard let value else { throw ExternalReleasedError(external: id) }
    return value
  }
}
