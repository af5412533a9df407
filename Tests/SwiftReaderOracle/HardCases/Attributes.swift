// swift-format-ignore-file
// Attributes with arguments, global actors, property wrappers and attached macros.
@available(iOS 15, macOS 12, *)
@MainActor
final class Isolated {
  init(a: Int) {}
  nonisolated init(b: Int) {}
  @MainActor(unsafe) init(c: Int) {}
}
@available(*, deprecated, message: "use { New } instead")
struct Deprecated { init(x: Int) {} }
@propertyWrapper struct Clamped { var wrappedValue: Int; init(wrappedValue: Int) { self.wrappedValue = wrappedValue } }
struct Wrapped {
  @Clamped var level: Int = 3
  @MainActor var isolatedValue: Int = 0
  @objc dynamic var objcValue = 1
}
@Observable final class Observed { var name = "" }
@MemberwiseInit(.public) struct Macroed { let a: Int }
@Model final class Stored { var title: String; init(title: String) { self.title = title } }
@preconcurrency @MainActor protocol Presenter { init(title: String) }
@_spi(Internal) public struct Underscored { public init() {} }
@Foo.Bar<Int>(x: 1) struct Qualified {}
struct Parameters {
  init(@Clamped level: Int, handler: @escaping @Sendable (Int) -> Void, builder: @autoclosure () -> String) {}
}
