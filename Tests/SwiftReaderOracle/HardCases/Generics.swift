// swift-format-ignore-file
// Generic parameters, where clauses, nested generic types and operators.
struct Box<Value: Equatable & Sendable, Other>: Equatable where Other: Hashable, Value: Comparable {
  var value: Value
  var pairs: Dictionary<String, [Value]>
  init<T: Sequence>(values: T, map: [String: Int] = [:]) where T.Element == Value { fatalError() }
  init?<T>(optional: T?) {}
  init(nested: Array<Array<Int>>, function: (Int, String) -> Result<Int, any Error>) {}
}
struct Outer<A> {
  struct Inner<B>: Sendable where B: Sendable {
    let b: B
    enum Deepest<C> { case c(C) }
  }
}
extension Outer.Inner where B == Int {
  init(number: Int) { self.init(b: number) }
}
extension Array where Element: Equatable {
  init(repeatingFirst element: Element) { self = [element] }
}
extension [String] { var joinedValue: String { joined() } }
extension Dictionary<String, Int> { init(single key: String) { self = [key: 1] } }
infix operator <*>: AdditionPrecedence
prefix operator √
struct Operators {
  static func <*> (lhs: Operators, rhs: Operators) -> Operators { lhs }
  static prefix func √ (value: Operators) -> Operators { value }
  static func < (lhs: Operators, rhs: Operators) -> Bool { true }
  var comparison: Bool { 1 < 2 && 3 > 2 }
  let shifted = 1 << 3 >> 1
  init(limit: Int = 1 < 2 ? 3 : 4, closure: (Int) -> Int = { $0 > 1 ? $0 : 1 }) {}
}
protocol Container<Element> { associatedtype Element; init(elements: [Element]) }
struct AfterGenerics<T> { let t: T }
