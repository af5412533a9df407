import Foundation
import Swinject

public final class StorageAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)

        container.register(KeyValueStore.self) { _ in
            UserDefaultsStore(suiteName: "group.com.example.shop")
        }.inObjectScope(.container)

        container.register(DatabaseConnection.self) { _ in
            DatabaseConnection(path: "Library/Application Support/shop.sqlite", name: "main")
        }.inObjectScope(.container)

        container.register(NotesRepository.self) { r in
            SQLiteNotesRepository(connection: r.resolve(DatabaseConnection.self)!, clock: r.resolve(Clock.self)!)
        }

        container.register(ImageCaching.self) { _ in MemoryImageCache(countLimit: 200) }.inObjectScope(.weak)

        container.register(CartStore.self) { r in
            PersistentCartStore(store: r.resolve(KeyValueStore.self)!, clock: r.resolve(Clock.self)!)
        }.inObjectScope(.container)

        container.register(ThumbnailStore.self) { r in
            let cache = MemoryImageCache(countLimit: 50)
            return ThumbnailStore(memory: cache, fallback: cache, clock: r.resolve(Clock.self)!)
        }

        container.register(SyncSession.self) { _ in
            let configuration = SyncConfiguration.standard
            configuration.retries = 3
            configuration.label = "sync"
            return SyncSession(configuration: configuration)
        }.inObjectScope(.container)

        container.register(BackupLocation.self) { r in
            BackupLocation(folder: r.resolve(DatabaseConnection.self)!.path)
        }

        container.register(NotesIndex.self) { r in
            NotesIndexBuilder(connection: r.resolve(DatabaseConnection.self)!).build()
        }.inObjectScope(.container)
    }
}
