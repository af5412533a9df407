// swift-format-ignore-file
// Shapes of real view models, stores and SwiftUI views: generic arguments with commas in an
// initializer expression or a default, raw strings made of quotes, a getter body that calls a
// function named like an accessor, and a property wrapper's nested type.
import Combine
import SwiftUI

final class EventStore {
  private let events = PassthroughSubject<Event, Never>()
  private let state = CurrentValueSubject<[String: Int], Never>([:])
  let table: Dictionary<String, Array<Int>> = Dictionary<String, Array<Int>>()
  var comparison = 1 < 2, other = 3 > 2
  var nested = Result<Array<Int>, Error>.success([])
  let pair = Pair<Int, String>.make(1, "a")
  init(subject: PassthroughSubject<Event, Never> = PassthroughSubject<Event, Never>(), retries: Int = 3) {}
  init(map: [String: Int] = Dictionary<String, Int>(), when: Bool = 1 < 2, limit: Int = 2 > 1 ? 1 : 0) {}
}
struct Pair<A, B> { static func make(_ a: A, _ b: B) -> Pair { Pair() } }
struct Event {}
struct Quotes {
  let quote = #"""#
  let quotes = ##""""##
  let text = #"a "quoted" word"#
  init(mark: String = #"""#, after: Int) {}
}
struct Reader {
  var value: Int { read { $0 } }
  var other: Int { modify(1) }
  func read(_ body: (Int) -> Int) -> Int { body(1) }
  func modify(_ value: Int) -> Int { value }
}
struct FormView: View {
  @FocusState<Field?>.Binding var focus: Field?
  @Binding var name: String
  var body: some View { EmptyView() }
  enum Field: Hashable { case name }
}
