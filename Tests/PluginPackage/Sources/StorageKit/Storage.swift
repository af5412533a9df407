// A layer module whose store is a shared instance behind a public protocol.

public protocol KeyValueStore: AnyObject, Sendable {
  func value(for key: String) -> String?
}

final class MemoryStore: KeyValueStore {
  func value(for key: String) -> String? { key == "user" ? "ada" : nil }
}

/// The module's shared store, as modules offer one.
public enum StorageModule {
  public static let shared: any KeyValueStore = MemoryStore()
}

/// A store on disk: public, but its initializer is internal to the module.
public final class DiskStore: KeyValueStore {
  let path: String
  init(path: String) { self.path = path }
  public func value(for key: String) -> String? { nil }
}
