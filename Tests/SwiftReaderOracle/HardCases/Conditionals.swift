// swift-format-ignore-file
// `#if` at the top level, inside types, around members and around attributes.
#if canImport(Foundation)
import Foundation
struct OnlyWithFoundation { init(url: URL) {} }
#elseif os(WASI)
struct OnlyOnWASI { init(path: String) {} }
#else
struct Elsewhere {}
#endif
struct Conditional {
  init(always: Int) {}
  #if DEBUG
  init(debug: Int) {}
  var debugOnly: Int = 0
  #if os(Linux)
  init(linuxDebug: Int) {}
  #endif
  #else
  init(release: Int) {}
  #endif
  init(last: Int) {}
  #if os(iOS)
  @available(iOS 17, *)
  #endif
  init(attributed: Int) {}
}
#if swift(>=5.9) && !os(Windows)
extension Conditional {
  #if DEBUG
  struct NestedInConditional { let x: Int }
  #endif
}
#endif
#if os(iOS)
@MainActor
#endif
final class AttributedByConditional { init() {} }
