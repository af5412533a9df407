// Services of Foundation's types, which the generator cannot see: the build leaves them to the
// Swift compiler, and the container builds them as it builds the target's own.
import DICfgRuntime
import Foundation

public final class FeedReader: Sendable {
  public let decoder: JSONDecoder
  public init(decoder: JSONDecoder, process: ProcessInfo) { self.decoder = decoder }
}

let container = try MainContainer(externals: .init(process: ProcessInfo.processInfo))
let reader = try container.reader
print("one decoder: \(reader.decoder === (try container.decoder))")
print("fraction digits: \(try container.formatter.maximumFractionDigits)")
print("moment: \(try container.moment(interval: 3).timeIntervalSinceReferenceDate)")

var replacements = MainContainer.Replacements()
let stub = NumberFormatter()
replacements.replace(formatter: { stub })
let replaced = try MainContainer(externals: .init(process: ProcessInfo.processInfo), replacing: replacements)
print("stand-in: \(try replaced.formatter === stub)")
