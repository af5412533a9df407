import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let database = Database(path: "/var/notes.db")
let container = MainContainer(externals: .init(database: database))
print("created")
let notes = try container.notes
let exporter = try container.exporter
print(
  "base: store \(notes.store.name), one store: \(notes.store === exporter.store), page \(notes.pageSize), "
    + "export page \(exporter.pageSize) \(exporter.format) \(exporter.order), main queue: \(notes.queue.label == DispatchQueue.main.label), "
    + "order \(notes.order), snake case: \(snakeCase(container.decoder)), "
    + "shared session: \(container.sync.session === URLSession.shared), sync host \(container.sync.endpoint.host ?? "none"), "
    + "font \(container.preferences.size)"
)

/// Whether the decoder reads snake-case keys, as the graph file sets it.
func snakeCase(_ decoder: JSONDecoder) -> Bool {
  if case .convertFromSnakeCase = decoder.keyDecodingStrategy { return true }
  return false
}
let backup = container.backup
print("backup of \(backup.database.path) every \(backup.interval)")
let production = MainContainer(environment: .production, externals: .init(database: database))
print("production: export page \(try production.exporter.pageSize)")
#if DEBUG
  let test = MainContainer(environment: .test, externals: .init(database: database))
  print("test: store \(try test.notes.store.name), backup of \(test.backup.database.path)")
#else
  print("environments: \(MainContainer.Environment.allCases.map(\.rawValue))")
#endif
try await everyEnvironmentBuilds()
print("every environment builds: \(MainContainer.Environment.allCases.map(\.rawValue))")
