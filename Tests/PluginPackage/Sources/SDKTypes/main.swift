// Services of Foundation's types, which the generator cannot see: the build leaves them to the
// Swift compiler, and the container builds them as it builds the target's own.
import DICfgRuntime
import Foundation

public final class FeedReader: Sendable {
  public let decoder: JSONDecoder
  public init(decoder: JSONDecoder, process: ProcessInfo) { self.decoder = decoder }
}

// The container's name is an alias of a generic class here, and extends as a class does.
extension MainContainer {
  var sharesOneDecoder: Bool {
    get throws { try reader.decoder === decoder }
  }
}

let container = try MainContainer(externals: .init(process: ProcessInfo.processInfo))
print("one decoder: \(try container.sharesOneDecoder)")
print("fraction digits: \(try container.formatter.maximumFractionDigits)")
print("moment: \(try container.moment(interval: 3).timeIntervalSinceReferenceDate)")
print("boxed: \(try container.boxed.firstObject as? Int ?? -1)")

var replacements = MainContainer.Replacements()
let stub = NumberFormatter()
replacements.replace(formatter: { stub })
let replaced = try MainContainer(externals: .init(process: ProcessInfo.processInfo), replacing: replacements)
print("stand-in: \(try replaced.formatter === stub)")
