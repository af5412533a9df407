// A UI-kit module: its base controller is main-actor, as UIKit's view controllers are. A subclass
// that writes no '@MainActor' is main-actor too.

@MainActor open class ScreenController {
  public init() {}
  open var title: String { "screen" }
}
