/// One service of a container, looked up once: the fastest way to resolve it repeatedly.
///
/// A built class singleton is read in place, where the container keeps it; any other service is
/// resolved without looking its id up again.
public struct ServiceHandle<T>: Sendable {
  @usableFromInline let container: Container
  @usableFromInline let target: Int
  /// The link's singleton store, where a built singleton is read (the container keeps it alive).
  @usableFromInline let singletons: WriteOnceInstances.Reader?
  /// Whether every instance of the service is a `T` without a cast: `T` is a class and the
  /// registered factory declares it returns `T` (an instance may be of a subclass, which a `T`
  /// reference holds as it is).
  @usableFromInline let isAlwaysT: Bool

  init(container: Container, target: Int, registeredType: ObjectIdentifier) {
    self.container = container
    self.target = target
    self.singletons = container.fastSingletons?.reader
    self.isAlwaysT =
      T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
      && registeredType == ObjectIdentifier(T.self)
  }

  /// Resolves the service.
  @inlinable
  @inline(__always)
  public func resolve() throws -> T {
    // Inlined into the caller: a built singleton that is always a `T` is one load (and no
    // arguments dictionary is made for it).
    if isAlwaysT, let object = singletons?.object(target) {
      return ClassCast.unchecked(object, to: T.self)
    }
    return try resolveInstance(arguments: [:])
  }

  /// Resolves the service with run-time arguments.
  @inlinable
  @inline(__always)
  public func resolve(arguments: [String: any Sendable]) throws -> T {
    if arguments.isEmpty { return try resolve() }
    return try resolveInstance(arguments: arguments)
  }

  /// Resolves the service through the container; specialized in the caller, not inlined into it.
  @inlinable
  @inline(never)
  func resolveInstance(arguments: [String: any Sendable]) throws -> T {
    if arguments.isEmpty, let typed = container.builtSingleton(target, as: T.self) { return typed }
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
