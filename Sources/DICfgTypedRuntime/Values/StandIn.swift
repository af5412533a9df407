/// How a typed container's generated code passes a test's stand-in for a type the graph binds (a
/// protocol a service is bound `as:`) to a service that takes that type: the stand-in where the test
/// gave one, otherwise what the graph builds.
///
/// A release build has no stand-ins: the generated `Replacements` then gives `nil` for every
/// slot, and these calls, inlined, are the build alone.
@_spi(Generated)
public enum StandIn {
  /// `factory`'s instance where a test gave one, otherwise `build`'s.
  @inlinable @inline(__always)
  public static func build<Value>(
    _ factory: (@Sendable () -> Value)?, otherwise build: () throws -> Value
  ) rethrows -> Value {
    if let factory { return factory() }
    return try build()
  }

  /// `factory`'s instance where a test gave one, otherwise what `build` awaits, on the caller's actor.
  @inlinable @inline(__always)
  public static func build<Value>(
    _ factory: (@Sendable () -> Value)?, isolation: isolated (any Actor)? = #isolation,
    otherwise build: () async throws -> Value
  ) async rethrows -> Value {
    if let factory { return factory() }
    return try await build()
  }
}
