import ScreensKit

/// Main-actor through its superclass, though it writes no '@MainActor'.
final class SettingsController: ScreenController {}

/// A singleton that is not main-actor cannot hold a main-actor screen.
final class Navigator {
  let root: SettingsController
  init(root: SettingsController) { self.root = root }
}
