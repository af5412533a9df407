import Foundation

public class Clock {
    public init() {}

    public var now: Date { Date() }
}

public protocol KeyValueStore: AnyObject {
    func data(forKey key: String) -> Data?
    func set(_ data: Data?, forKey key: String)
}

public final class UserDefaultsStore: KeyValueStore {
    private let defaults: UserDefaults

    public init(suiteName: String?) {
        self.defaults = UserDefaults(suiteName: suiteName) ?? .standard
    }

    public func data(forKey key: String) -> Data? {
        defaults.data(forKey: key)
    }

    public func set(_ data: Data?, forKey key: String) {
        defaults.set(data, forKey: key)
    }
}

public final class DatabaseConnection {
    public let path: String
    public let name: String
    private var rows: [String: [UUID: Data]] = [:]
    private let lock = NSLock()

    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }

    public func upsert(_ data: Data, id: UUID, table: String) {
        lock.lock()
        defer { lock.unlock() }
        rows[table, default: [:]][id] = data
    }

    public func fetchAll(table: String) -> [Data] {
        lock.lock()
        defer { lock.unlock() }
        return Array(rows[table, default: [:]].values)
    }

    public func delete(id: UUID, table: String) {
        lock.lock()
        defer { lock.unlock() }
        rows[table]?[id] = nil
    }
}

public struct Note: Codable, Identifiable, Equatable {
    public let id: UUID
    public var title: String
    public var body: String
    public var updatedAt: Date

    public init(id: UUID = UUID(), title: String, body: String, updatedAt: Date) {
        self.id = id
        self.title = title
        self.body = body
        self.updatedAt = updatedAt
    }
}

public protocol NotesRepository: AnyObject {
    func allNotes() -> [Note]
    func note(id: UUID) -> Note?
    func save(_ note: Note)
    func delete(id: UUID)
}

public final class SQLiteNotesRepository: NotesRepository {
    private let connection: DatabaseConnection
    private let clock: Clock
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    public init(connection: DatabaseConnection, clock: Clock) {
        self.connection = connection
        self.clock = clock
    }

    public func allNotes() -> [Note] {
        connection.fetchAll(table: "notes")
            .compactMap { try? decoder.decode(Note.self, from: $0) }
            .sorted { $0.updatedAt > $1.updatedAt }
    }

    public func note(id: UUID) -> Note? {
        allNotes().first { $0.id == id }
    }

    public func save(_ note: Note) {
        var stamped = note
        stamped.updatedAt = clock.now
        guard let data = try? encoder.encode(stamped) else { return }
        connection.upsert(data, id: note.id, table: "notes")
    }

    public func delete(id: UUID) {
        connection.delete(id: id, table: "notes")
    }
}

public protocol ImageCaching: AnyObject {
    func image(for url: URL) -> Data?
    func insert(_ image: Data, for url: URL)
}

public final class MemoryImageCache: ImageCaching {
    private let cache = NSCache<NSURL, NSData>()

    public init(countLimit: Int) {
        cache.countLimit = countLimit
    }

    public func image(for url: URL) -> Data? {
        cache.object(forKey: url as NSURL) as Data?
    }

    public func insert(_ image: Data, for url: URL) {
        cache.setObject(image as NSData, forKey: url as NSURL)
    }
}

public struct CartItem: Codable, Equatable {
    public let productID: String
    public var quantity: Int
    public let unitPrice: Decimal
    public let addedAt: Date

    public init(productID: String, quantity: Int, unitPrice: Decimal, addedAt: Date) {
        self.productID = productID
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.addedAt = addedAt
    }
}

public protocol CartStore: AnyObject {
    var items: [CartItem] { get }
    func add(productID: String, unitPrice: Decimal)
    func remove(productID: String)
    func clear()
}

public final class PersistentCartStore: CartStore {
    public private(set) var items: [CartItem]

    private let store: KeyValueStore
    private let clock: Clock
    private static let storageKey = "cart.items"

    public init(store: KeyValueStore, clock: Clock) {
        self.store = store
        self.clock = clock
        if let data = store.data(forKey: Self.storageKey),
           let saved = try? JSONDecoder().decode([CartItem].self, from: data) {
            self.items = saved
        } else {
            self.items = []
        }
    }

    public func add(productID: String, unitPrice: Decimal) {
        if let index = items.firstIndex(where: { $0.productID == productID }) {
            items[index].quantity += 1
        } else {
            items.append(CartItem(productID: productID, quantity: 1, unitPrice: unitPrice, addedAt: clock.now))
        }
        persist()
    }

    public func remove(productID: String) {
        items.removeAll { $0.productID == productID }
        persist()
    }

    public func clear() {
        items.removeAll()
        persist()
    }

    private func persist() {
        store.set(try? JSONEncoder().encode(items), forKey: Self.storageKey)
    }
}

/// Thumbnails kept in two caches, which the registration makes one object.
public final class ThumbnailStore {
    public let memory: ImageCaching
    public let fallback: ImageCaching
    public let clock: Clock

    public init(memory: ImageCaching, fallback: ImageCaching, clock: Clock) {
        self.memory = memory
        self.fallback = fallback
        self.clock = clock
    }
}

/// A configuration the registration makes from a preset and then sets.
public final class SyncConfiguration {
    public static var standard: SyncConfiguration { SyncConfiguration() }
    public var retries = 0
    public var label = ""

    public init() {}
}

public final class SyncSession {
    public let configuration: SyncConfiguration

    public init(configuration: SyncConfiguration) {
        self.configuration = configuration
    }
}

/// Where backups go: the folder of the database connection's file.
public struct BackupLocation {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }
}

public final class NotesIndex {
    public let path: String

    init(path: String) {
        self.path = path
    }
}

/// Builds the notes index of a connection: an object the registration makes only to call `build()`.
public final class NotesIndexBuilder {
    private let connection: DatabaseConnection

    public init(connection: DatabaseConnection) {
        self.connection = connection
    }

    public func build() -> NotesIndex {
        NotesIndex(path: connection.path + ".index")
    }
}
