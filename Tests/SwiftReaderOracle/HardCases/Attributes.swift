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
struct Overloaded {
  @available(*, deprecated, message: "use open(logger:retries:) \"now\"")
  static func open(logger: Int) -> Overloaded { Overloaded() }
  static func open(logger: Int, retries: Int = 3) -> Overloaded { Overloaded() }
  @available(*, unavailable, renamed: "open(logger:)")
  static func make(logger: Int) -> Overloaded { Overloaded() }
  @available(*, deprecated) @available(iOS, unavailable) init(a: Int) {}
  @available(iOS, deprecated: 13, message: "platform only") init(b: Int) {}
  @available(swift, obsoleted: 4) init(c: Int) {}
  @available(*, noasync) init(d: Int) {}
  @available(*, unavailable, message: "say \"hi\"") init(e: Int) {}
  @available(*, deprecated,
             renamed: "init(a:)") init(f: Int) {}
}
@available(*, deprecated) func freeFunction() -> Int { 1 }
