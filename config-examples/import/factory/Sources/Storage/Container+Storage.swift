import Factory
import Foundation

extension Container {
    public var clock: Factory<Clock> {
        self { Clock() }.singleton
    }

    public var keyValueStore: Factory<KeyValueStore> {
        self { UserDefaultsStore(suiteName: "group.com.example.shop") }.singleton
    }

    public var databaseConnection: Factory<DatabaseConnection> {
        self { DatabaseConnection(path: "Library/Application Support/shop.sqlite", name: "main") }.cached
    }

    public var notesRepository: Factory<NotesRepository> {
        self { SQLiteNotesRepository(connection: self.databaseConnection(), clock: self.clock()) }
            .onPreview { PreviewNotesRepository() }
    }

    public var imageCache: Factory<ImageCaching> {
        self { MemoryImageCache(countLimit: 200) }.shared
    }

    public var cartStore: Factory<CartStore> {
        Factory(self) { PersistentCartStore(store: self.keyValueStore(), clock: self.clock()) }
            .singleton
            .onPreview { PreviewCartStore() }
    }
}
