/// An external whose type is not `Sendable` (a database handle, a framework's class), as a
/// generated typed container holds it.
///
/// `@unchecked Sendable`. Invariants: immutable; the container gives the value to the services that
/// take it on the thread that builds them, as code wiring it by hand would; the host app supplies it
/// for that use.
@_spi(Generated)
public struct NonSendableExternal<Value>: @unchecked Sendable {
  public let value: Value

  public init(_ value: Value) { self.value = value }
}
