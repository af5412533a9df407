import Foundation
import Resolver

extension Resolver {
    public static func registerStorage() {
        register { Clock() }.scope(.application)

        register { UserDefaultsStore(suiteName: "group.com.example.shop") as KeyValueStore }.scope(.application)

        register { DatabaseConnection(path: "Library/Application Support/shop.sqlite", name: "main") }
            .scope(.cached)

        register { SQLiteNotesRepository() as NotesRepository }

        register { MemoryImageCache(countLimit: 200) as ImageCaching }.scope(.shared)

        register { PersistentCartStore(store: resolve()) as CartStore }.scope(.application)
    }
}
