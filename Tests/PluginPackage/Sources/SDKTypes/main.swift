// Services of Foundation's and Dispatch's types, which the generator reads as the toolchain states
// them: the container builds them as it builds the target's own.
import DICfgRuntime
import Foundation

public final class FeedReader: Sendable {
  public let decoder: JSONDecoder
  public init(decoder: JSONDecoder, process: ProcessInfo) { self.decoder = decoder }
}

// The container's name is an alias of a generic class here, and extends as a class does.
// Built as the target's own types are, now the generator reads Foundation's: no `try`.
extension MainContainer {
  var sharesOneDecoder: Bool { reader.decoder === decoder }
}

let container = MainContainer(externals: .init(process: ProcessInfo.processInfo))
print("one decoder: \(container.sharesOneDecoder)")
print("fraction digits: \(container.formatter.maximumFractionDigits)")
print("moment: \(try container.moment(interval: 3).timeIntervalSinceReferenceDate)")
print("boxed: \(try container.boxed.firstObject as? Int ?? -1)")
print("global queue: \(container.worker.label == DispatchQueue.global().label)")
struct Person: Decodable { var firstName: String }
let person = try container.snakeDecoder.decode(Person.self, from: Data(#"{"first_name": "Ada"}"#.utf8))
print("snake case: \(person.firstName)")
print(
  "shared centre and defaults: \(container.notifications === NotificationCenter.default), \(container.defaults === UserDefaults.standard)"
)

var replacements = MainContainer.Replacements()
let stub = NumberFormatter()
replacements.replace(formatter: { stub })
let replaced = try MainContainer(externals: .init(process: ProcessInfo.processInfo), replacing: replacements)
print("stand-in: \(replaced.formatter === stub)")
