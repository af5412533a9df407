/// One service of a container, looked up once: the fastest way to resolve it repeatedly.
///
/// A built class singleton is read in place, where the container keeps it; any other service is
/// resolved without looking its id up again.
public struct ServiceHandle<T>: Sendable {
  @usableFromInline let container: Container
  @usableFromInline let target: Int
  /// The link's singleton store, where a built singleton is read (the container keeps it alive).
  @usableFromInline let singletons: WriteOnceInstances?

  init(container: Container, target: Int) {
    self.container = container
    self.target = target
    self.singletons = container.fastSingletons
  }

  /// Resolves the service.
  @inlinable
  public func resolve(arguments: [String: any Sendable] = [:]) throws -> T {
    // Inlinable, so the singleton read and the cast to `T` specialize in the caller.
    if arguments.isEmpty, let object = singletons?.object(target),
      let typed = Container.cast(object, to: T.self)
    {
      return typed
    }
    return try container.cast(container.instance(ofService: target, arguments: arguments), to: T.self, target: target)
  }

  /// Calls `body` with the service's instance.
  ///
  /// For a class type, the overload for class types borrows a built singleton without touching
  /// its reference count; for other types this is `body(resolve())`.
  @inlinable
  public func withInstance<Result>(_ body: (T) throws -> Result) throws -> Result {
    try body(resolve())
  }
}

extension ServiceHandle where T: AnyObject {
  /// Calls `body` with the service's instance, borrowed for the call.
  ///
  /// A built singleton whose class is exactly `T` is handed over without changing its reference
  /// count, so any number of threads can use one singleton at once without contending on that
  /// count, as they do when each takes a strong reference. Keep the instance only through what
  /// `body` returns.
  ///
  /// ```swift
  /// let log = try container.handle("eventLog", as: EventLog.self)
  /// try log.withInstance { $0.record(event) }
  /// ```
  @inlinable
  @inline(__always)
  public func withInstance<Result>(_ body: (T) throws -> Result) throws -> Result {
    // The container keeps the link, and the link keeps the singleton, for as long as this handle exists.
    if let result = try singletons?.borrow(target, as: T.self, body) { return result }
    return try body(resolve())
  }
}
