import CDICfgAtomics

/// Where a generated typed container keeps its singletons, weak and cached instances when the app
/// depends on `DICfgTypedRuntime` alone: no link, no registry, no plan, only the storage its
/// accessors build into and read back.
///
/// `@unchecked Sendable`. Invariants:
/// - each slot is nil until its singleton is built, then holds the retained object (the instance
///   itself for a class, else a ``Box``), written once with release order under the mutex and never
///   again until `deinit`; a reader that loads it with acquire order without the lock sees the
///   object whole;
/// - a service's slot is read through one overload with one type: the generated accessor is the
///   only code that names the service's number, and it passes the type it builds (the class for an
///   object, a ``Box`` of the type for any other value, and a box for a build that awaits);
/// - `building`, `weakObjects`, `cachedValues` and `awaiting` are read and written under the mutex.
///
/// First builds hold the mutex (a recursive one, so a build may build the singletons it takes on the
/// same thread): they run one at a time across threads. A built singleton is one atomic load, read
/// through ``TypedSlots``.
@_spi(Generated)
public final class TypedSingletons: @unchecked Sendable {
  @usableFromInline let slots: UnsafeMutablePointer<UnsafeRawPointer?>
  private let slotCount: Int
  /// A recursive mutex (C's, so the storage imports nothing of Foundation).
  private let mutex = dicfg_lock_create()
  /// Whether each service is being built, by its number.
  private var building: [Bool]
  // The tables below are of one type, `[Int: Any]`, so the module compiles the dictionary's code for
  // one type only.
  /// A `WeakObject` for each weak service built, by its number.
  private var weakObjects: [Int: Any] = [:]
  /// By scope (0 for `cached`, then each custom scope), an `[Int: Any]` of the instances by service.
  private var cachedValues: [Int: Any] = [:]
  /// The task of each build that awaits, by service.
  private var awaiting: [Int: Any] = [:]

  /// Storage for the services of a graph file's containers, numbered from 0 to `serviceCount - 1`
  /// across its containers in order.
  public init(serviceCount: Int) {
    slotCount = max(serviceCount, 1)
    building = Array(repeating: false, count: slotCount)
    slots = .allocate(capacity: slotCount)
    slots.initialize(repeating: nil, count: slotCount)
  }

  deinit {
    dicfg_lock_destroy(mutex)
    for index in 0..<slotCount {
      if let raw = slots[index] { Unmanaged<AnyObject>.fromOpaque(raw).release() }
    }
    slots.deallocate()
  }

  /// The singleton numbered `service` of a class type: one atomic load once built, else built with
  /// `build` once however many threads ask, and kept. A build that throws keeps nothing.
  @inlinable
  @inline(__always)
  public func singleton<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let raw = dicfg_load_acquire(slots + service) { return Self.object(raw, as: T.self) }
    return try builtObject(service, as: T.self, build)
  }

  /// The singleton numbered `service`, of any type: kept in a box.
  @inlinable
  @inline(__always)
  public func singleton<T>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let raw = dicfg_load_acquire(slots + service) {
      return Unmanaged<Box<T>>.fromOpaque(raw).takeUnretainedValue().value
    }
    return try builtValue(service, as: T.self, build)
  }

  /// The singleton numbered `service` whose build awaits: read in place once built, else built once
  /// however many tasks await it (as a task of its own, which a main-actor build runs there). A
  /// build that throws keeps nothing, so the next call builds again.
  @inlinable
  public func awaitedSingleton<T>(
    _ service: Int, as type: T.Type = T.self, build: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    if let raw = dicfg_load_acquire(slots + service) {
      return Unmanaged<Box<T>>.fromOpaque(raw).takeUnretainedValue().value
    }
    return try await awaitedBuild(service, as: T.self, build)
  }

  /// The instance of the weak service numbered `service` while something holds it, else a new one
  /// `build` makes.
  public func weak<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    if let object = (weakObjects[service] as? WeakObject)?.object { return Self.cast(object, to: T.self) }
    let object = try building(service, build)
    weakObjects[service] = WeakObject(object)
    return object
  }

  /// The cached instance of the service numbered `service`, else the one `build` makes, kept until
  /// its scope is reset: ``resetCached()`` for `scope` 0 (`cached`), ``reset(scope:)`` for a custom one.
  public func cached<T>(
    _ service: Int, scope: Int = 0, as type: T.Type = T.self, build: () throws -> T
  ) rethrows -> T {
    lock()
    defer { unlock() }
    if let value = (cachedValues[scope] as? [Int: Any])?[service] { return Self.cast(value, to: T.self) }
    let value = try building(service, build)
    // Taken out while it changes, so the table is not copied.
    var values = cachedValues.removeValue(forKey: scope) as? [Int: Any] ?? [:]
    values[service] = value
    cachedValues[scope] = values
    return value
  }

  /// Releases the `cached` services' instances: the next use builds new ones.
  public func resetCached() {
    lock()
    defer { unlock() }
    cachedValues[0] = nil
  }

  /// Releases the instances kept in scope `scope` (0 is `cached`, each custom scope a number of its
  /// own): the next use of each builds a new one.
  public func reset(scope: Int) {
    lock()
    defer { unlock() }
    cachedValues[scope] = nil
  }

  // MARK: Building

  private func lock() { dicfg_lock_lock(mutex) }
  private func unlock() { dicfg_lock_unlock(mutex) }

  @usableFromInline
  @inline(__always)
  static func object<T: AnyObject>(_ raw: UnsafeRawPointer, as type: T.Type) -> T {
    cast(Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue(), to: T.self)
  }

  /// `object` as the `T` its accessor built: without the dynamic cast when its class is exactly `T`.
  @usableFromInline
  @inline(__always)
  static func cast<T: AnyObject>(_ object: AnyObject, to type: T.Type) -> T {
    ObjectIdentifier(Swift.type(of: object)) == ObjectIdentifier(T.self)
      ? unsafeDowncast(object, to: T.self) : cast(object as Any, to: T.self)
  }

  @usableFromInline
  static func cast<T>(_ value: Any, to type: T.Type) -> T {
    guard let typed = value as? T else {
      preconditionFailure("a generated container's instance is a \(Swift.type(of: value)), not a \(T.self)")
    }
    return typed
  }

  @usableFromInline
  func builtObject<T: AnyObject>(_ service: Int, as type: T.Type, _ build: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    if let raw = slots[service] { return Self.object(raw, as: T.self) }
    let object = try building(service, build)
    store(object, at: service)
    return object
  }

  @usableFromInline
  func builtValue<T>(_ service: Int, as type: T.Type, _ build: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    if let raw = slots[service] { return Unmanaged<Box<T>>.fromOpaque(raw).takeUnretainedValue().value }
    let value = try building(service, build)
    store(Box(value), at: service)
    return value
  }

  /// Runs `build` for `service`, which must not ask for `service` again: the generated code it runs
  /// cannot, since its initializers form no cycle.
  private func building<R>(_ service: Int, _ build: () throws -> R) rethrows -> R {
    guard !building[service] else {
      preconditionFailure("service \(service) of a generated container was requested while it was being built")
    }
    building[service] = true
    defer { building[service] = false }
    return try build()
  }

  /// Keeps `object` in the slot of `service`: written once, with release order, under the lock.
  private func store(_ object: AnyObject, at service: Int) {
    dicfg_store_release(slots + service, UnsafeRawPointer(Unmanaged.passRetained(object).toOpaque()))
  }

  @usableFromInline
  func awaitedBuild<T>(
    _ service: Int, as type: T.Type, _ build: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let task = awaitedTask(service, build)
    do {
      return kept(try await task.value, service: service)
    } catch {
      forget(task, service: service)
      throw error
    }
  }

  /// The task building `service`: the one a task before started, else a new one.
  private func awaitedTask<T>(
    _ service: Int, _ build: @escaping @Sendable () async throws -> T
  ) -> Task<Box<T>, any Error> {
    lock()
    defer { unlock() }
    if let task = awaiting[service] as? Task<Box<T>, any Error> { return task }
    let task = Task { Box(try await build()) }
    awaiting[service] = task
    return task
  }

  /// The built box kept in the slot (the first kept, where two tasks finish), its task forgotten.
  private func kept<T>(_ box: Box<T>, service: Int) -> T {
    lock()
    defer { unlock() }
    awaiting[service] = nil
    if let raw = slots[service] { return Unmanaged<Box<T>>.fromOpaque(raw).takeUnretainedValue().value }
    store(box, at: service)
    return box.value
  }

  /// A failed build's task, forgotten so the next call builds again.
  private func forget<T>(_ task: Task<Box<T>, any Error>, service: Int) {
    lock()
    defer { unlock() }
    if let current = awaiting[service] as? Task<Box<T>, any Error>, current == task { awaiting[service] = nil }
  }
}

/// A singleton that is not an object, as its slot holds it.
///
/// `@unchecked Sendable`. Invariants: immutable; a singleton is shared between threads and tasks as
/// its scope intends once built, as the services' own code shares it.
@usableFromInline
final class Box<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  init(_ value: Value) { self.value = value }
}

/// The instance of a weak service, held without keeping it alive; read and written under the
/// storage's lock.
private final class WeakObject {
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}

/// A generated container's view of its ``TypedSingletons``: the slots' address beside the storage, so
/// reading a built singleton is one load of the container's field, one atomic load and no reference
/// counting of the storage.
///
/// `@unchecked Sendable`. Invariants: `slots` is the storage's, which `storage` keeps alive; it is read
/// only with acquire loads, and written only by the storage, under its mutex. The object in a
/// service's slot is an instance of the class its accessor builds (the one type that accessor
/// passes), so it is read back without a check.
@_spi(Generated)
public struct TypedSlots: @unchecked Sendable {
  @usableFromInline let slots: UnsafeMutablePointer<UnsafeRawPointer?>
  @usableFromInline let storage: TypedSingletons

  public init(_ storage: TypedSingletons) {
    self.slots = storage.slots
    self.storage = storage
  }

  /// The singleton numbered `service` of a class type: one atomic load once built, else built once by
  /// the storage.
  @inlinable
  @inline(__always)
  public func singleton<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    if let raw = dicfg_load_acquire(slots + service) { return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue() }
    return try storage.builtObject(service, as: T.self, build)
  }

  /// The singleton numbered `service`, of any type: kept in a box.
  @inlinable
  @inline(__always)
  public func singleton<T>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    try storage.singleton(service, as: T.self, build: build)
  }

  /// The singleton numbered `service` whose build awaits.
  @inlinable
  public func awaitedSingleton<T>(
    _ service: Int, as type: T.Type = T.self, build: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await storage.awaitedSingleton(service, as: T.self, build: build)
  }

  /// The instance of the weak service numbered `service` while something holds it, else a new one.
  public func weak<T: AnyObject>(_ service: Int, as type: T.Type = T.self, build: () throws -> T) rethrows -> T {
    try storage.weak(service, as: T.self, build: build)
  }

  /// The cached instance of the service numbered `service`, else the one `build` makes.
  public func cached<T>(
    _ service: Int, scope: Int = 0, as type: T.Type = T.self, build: () throws -> T
  ) rethrows -> T {
    try storage.cached(service, scope: scope, as: T.self, build: build)
  }

  /// Releases the `cached` services' instances.
  public func resetCached() { storage.resetCached() }

  /// Releases the instances kept in scope `scope`.
  public func reset(scope: Int) { storage.reset(scope: scope) }
}
