// swift-format-ignore-file
// Static methods and free functions, which a graph file's `factory:` may name: generics, effects,
// return types of every shape, attributes, operators (not read), `#if`, protocol requirements.
import Foundation

final class Database {
  static func open(at url: URL, schemaVersion: Int = 3, migrate: @escaping (Int) -> Void = { _ in }) throws -> Database { Database() }
  class func inMemory() -> Database { Database() }
  @MainActor static func preview() async -> Database? { nil }
  nonisolated static func copyFromBundle<T: Sequence>(_ names: T, into folder: String) async throws -> Database where T.Element == String { Database() }
  private static func hidden() -> Database { Database() }
  static func == (lhs: Database, rhs: Database) -> Bool { true }
  static func sink(_ value: Int) {}
  func instanceMethod() -> Int { 1 }
  static func generic<Value>(value: Value) -> [String: (Value, Int)] { [:] }
  static func closure() -> (Int) -> Database { { _ in Database() } }
  static func some() -> some Equatable { 1 }
  static func throwing() throws(DatabaseError) -> Database { Database() }
  #if DEBUG
    static func debugOnly() -> Database { Database() }
  #endif
}
struct DatabaseError: Error {}
@MainActor enum Screens {
  static func make(title: String) -> String { title }
}
protocol Maker {
  static func make() -> Self
}
extension URLSession {
  static func configured(timeout: TimeInterval) -> URLSession { .shared }
}
func makeDatabase(path: String, readOnly: Bool = false) -> Database { Database() }
@MainActor func makeScreen() async throws -> Screens.Type { Screens.self }
private func helper() {}
func <*> (lhs: Int, rhs: Int) -> Int { lhs }
infix operator <*>: AdditionPrecedence
#if canImport(UIKit)
  func platformOnly() -> Int { 1 }
#endif
struct Buffer {
  var count: Int { 0 }
  mutating func readInlineArray<
    let count: Int,
    IntegerType: FixedWidthInteger
  >(
    as: [IntegerType].Type = [IntegerType].self
  ) -> [IntegerType]? { nil }
  var after: Int { 1 }
}
protocol SocketAPI {
  static func accept(
    socket: Int,
    address: String?
  )
    throws -> Int?
  static func close(socket: Int)
    async throws
}
final class Connection {
  init(host: String, port: Int)
    async throws {}
  convenience init(url: String)
    throws { try self.init(host: url, port: 80) }
}
