/// An external whose type is not `Sendable` (a database handle, a framework's class), as a
/// generated typed container holds it and supplies it to the link.
///
/// `@unchecked Sendable`. Invariants: immutable; the container gives the value to the services that
/// take it on the thread that builds them, as code wiring it by hand would; the host app supplies it
/// for that use. The link unwraps it (``Externals``), so a factory gets the value itself.
@_spi(Generated)
public struct NonSendableExternal<Value>: @unchecked Sendable {
  public let value: Value

  public init(_ value: Value) { self.value = value }
}

/// A ``NonSendableExternal`` of any value type, for the link to unwrap.
protocol SuppliedNonSendable {
  var suppliedValue: Any { get }
}

extension NonSendableExternal: SuppliedNonSendable {
  var suppliedValue: Any { value }
}
