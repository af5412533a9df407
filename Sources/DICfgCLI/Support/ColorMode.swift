public import ArgumentParser

/// When to colour text output.
public enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
  case auto, always, never

  func enabled(terminal: Bool) -> Bool {
    switch self {
    case .auto: terminal
    case .always: true
    case .never: false
    }
  }
}
