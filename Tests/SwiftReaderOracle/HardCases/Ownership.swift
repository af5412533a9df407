// swift-format-ignore-file
// Noncopyable types, ownership modifiers, distributed and other rarer declarations.
struct Unique: ~Copyable {
  let handle: Int
  consuming func close() {}
  borrowing func peek() -> Int { handle }
  deinit {}
}
struct MaybeCopyable<T: ~Copyable>: ~Copyable { var value: Int }
enum Marker: ~Copyable, ~Escapable { case a }
protocol Resource: ~Copyable { init(handle: Int) }
final class Holder: @unchecked Sendable { var items: [Int] = [] }
extension Holder: CustomStringConvertible { var description: String { "" } }
typealias Alias = Holder
struct Keys {
  let path = \Holder.items
  let selectorLike = #selector(Holder.self.description)
  let line = #line
  let file = #fileID
  var dollar$: Int = 0
  let 名前 = "unicode"
  let emoji🙂 = 1
  let hex = 0x1F_FFp-3, exponent = 1.5e+10, binary = 0b1010
}
