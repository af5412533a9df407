/// A generated container's view of its ``SingletonStorage``, and the one way generated code reads
/// a singleton: `singleton(_:as:build:)` reads a built singleton with one atomic load and no retain
/// of the storage.
///
/// Its invariants: the storage is held `unowned(unsafe)`, so a `SingletonSlots` is used only while
/// the storage lives (a generated container holds both its slots and the link that keeps the storage);
/// it is `Sendable` because the storage is, and the slots' reader only loads atomically.
@_spi(Generated)
public struct SingletonSlots: @unchecked Sendable {
  @usableFromInline let reader: WriteOnceInstances.Reader
  @usableFromInline unowned(unsafe) let storage: SingletonStorage

  init(storage: SingletonStorage) {
    self.reader = storage.reader
    self.storage = storage
  }

  /// The singleton numbered `service`, as `SingletonStorage.singleton(_:as:build:)` gives it.
  @inlinable
  @inline(__always)
  public func singleton<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let object = reader.object(service) { return ClassCast.unchecked(object, to: T.self) }
    return try storage.singleton(service, as: T.self, build: build)
  }

  /// The singleton numbered `service` whose build awaits (an `async` initializer, or an accessor
  /// that awaits): read in place once built, else built once however many tasks await it.
  @inlinable
  public func awaitedSingleton<T>(
    _ service: Int, as type: T.Type = T.self, build: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    if let object = reader.object(service), let typed = ClassCast.exact(object, to: T.self) { return typed }
    return try await storage.awaitedSingleton(service, as: T.self, build: build)
  }

  /// The instance of the weak service numbered `service` while something holds it, else a new
  /// one `build` makes (once however many threads ask).
  @inlinable
  public func weak<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    try storage.weakInstance(service, as: T.self, build)
  }

  /// The cached instance of the service numbered `service`, else the one `build` makes (once
  /// however many threads ask), kept until the dynamic container resets the `cached` scope.
  @inlinable
  public func cached<T>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    try storage.cachedInstance(service, as: T.self, build)
  }

  /// The singleton numbered `service`, of any type.
  @inlinable
  @inline(__always)
  public func singleton<T>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    try storage.singleton(service, as: T.self, build: build)
  }
}
