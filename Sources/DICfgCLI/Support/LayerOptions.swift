public import ArgumentParser

/// The options that choose the layers on top of a graph file.
public struct LayerOptions: ParsableArguments {
  @Option(name: .customLong("env"), help: "An environment whose layer files ('FILE.ENV.yaml') to apply; repeatable.")
  public var environments: [String] = []

  @Option(name: .customLong("override"), help: "An override file to apply after the environments; repeatable.")
  public var overrides: [String] = []

  public init() {}
}

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
