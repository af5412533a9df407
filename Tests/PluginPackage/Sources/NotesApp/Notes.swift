// An app's composition root as apps write it: a database handle that is not Sendable, supplied as
// an external; a store bound to its protocol; initializers with defaulted arguments, a defaulted
// closure among them; a queue defaulted to a static member; Swift values (an enum case, a static
// member, a property set to a Foundation enum's case and one of its own set to its enum's case, `URLSession.shared`, which Linux declares in
// FoundationNetworking); services built by a static method with code in
// it and by a free function; a test double in debug builds only, named by a layer limited to them. Built in Swift 5 language mode here and
// in Swift 6 mode as NotesApp6, in debug and release, with no warning.
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A database handle, as apps hold one: a class that is not `Sendable`.
public final class Database {
  public let path: String
  public init(path: String) { self.path = path }
}

public protocol NotesStore: AnyObject {
  var name: String { get }
}

public final class SQLNotesStore: NotesStore {
  public let name = "sql"
  let database: Database
  let decoder: JSONDecoder
  let log: (String) -> Void

  public init(database: Database, decoder: JSONDecoder, log: @escaping (String) -> Void = { _ in }) {
    self.database = database
    self.decoder = decoder
    self.log = log
  }

  /// Opens the store as apps do, with code: a schema version and a migration, both defaulted.
  public static func open(
    database: Database, decoder: JSONDecoder, schemaVersion: Int = 3,
    migrate: @escaping (Int) -> Void = { print("migrating to schema \($0)") }
  ) throws -> SQLNotesStore {
    migrate(schemaVersion)
    return SQLNotesStore(database: database, decoder: decoder)
  }
}

#if DEBUG
  /// The test double, in debug builds only: the test layer that names it says `condition: DEBUG`.
  public final class InMemoryNotesStore: NotesStore {
    public let name = "memory"
    public let seed: NotesSeed
    public init(seed: NotesSeed) { self.seed = seed }
  }

  /// The notes a test store starts with: a service only the test layer has.
  public final class NotesSeed {
    public let notes: [String]
    public init(notes: [String] = ["welcome"]) { self.notes = notes }
  }
#endif

public enum SortOrder: Sendable {
  case newest, oldest
}

public final class NotesViewModel {
  public let store: any NotesStore
  public let queue: DispatchQueue
  public let pageSize: Int
  public let order: SortOrder

  public init(store: any NotesStore, queue: DispatchQueue = .main, pageSize: Int = 20, order: SortOrder = .newest) {
    self.store = store
    self.queue = queue
    self.pageSize = pageSize
    self.order = order
  }
}

public final class Exporter {
  public let store: any NotesStore
  public let pageSize: Int
  public let format: String
  /// Set by the graph file to a Swift value, an enum case.
  public var order: SortOrder = .newest

  public init(store: any NotesStore, separator: String = "\n", pageSize: Int = 100, format: String = "markdown") {
    self.store = store
    self.pageSize = pageSize
    self.format = format
  }
}

public final class Backup {
  public let database: Database
  public let interval: Double

  public init(database: Database, every interval: Double = 3600) {
    self.database = database
    self.interval = interval
  }
}

/// A free function that builds a service.
public func scheduleBackup(of database: Database) -> Backup {
  Backup(database: database, every: 60)
}

/// Syncs notes over the network: its session is the shared one, a Swift value of a type Linux's
/// Foundation leaves to FoundationNetworking, which the generated file then imports.
public final class NoteSync {
  public let session: URLSession
  public let endpoint: URL
  public init(session: URLSession, endpoint: URL) {
    self.session = session
    self.endpoint = endpoint
  }
}

/// A value a property wrapper supplies, as Resolver's `@Injected` supplies a service: with `init()`,
/// a property it wraps needs no initial value, so a class of only such properties gets Swift's `init()`.
@propertyWrapper public struct Preference<Value: ExpressibleByIntegerLiteral> {
  public var wrappedValue: Value = 12
  public init() {}
}

public final class Preferences {
  @Preference private var fontSize: Int
  public var size: Int { fontSize }
}
