/// One step of computing a value on the resolve path, compiled at link time: the engine runs a
/// value's steps in order, each leaving one value on its stack.
enum ValueStep: Sendable {
  /// The instance of a service, kept by its scope or built now.
  case service(Int)
  /// A value that builds no service: an external, a parameter, a run-time argument, the
  /// container, a literal, a provider or lazy value, or nothing.
  case plain(ValueSource)
  /// The last `count` values, replaced by one list of them (`[a, b]`, `{ tagged: }`).
  case list(Int)

  /// The steps that compute `source`.
  static func steps(_ source: ValueSource) -> [ValueStep] {
    var steps: [ValueStep] = []
    append(source, to: &steps)
    return steps
  }

  /// The steps that compute `sources`, one value each, in order.
  static func steps(_ sources: [ValueSource]) -> [ValueStep] {
    var steps: [ValueStep] = []
    for source in sources { append(source, to: &steps) }
    return steps
  }

  private static func append(_ source: ValueSource, to steps: inout [ValueStep]) {
    switch source {
    case .service(let target):
      steps.append(.service(target))
    case .tagged(let targets):
      steps += targets.map(ValueStep.service)
      steps.append(.list(targets.count))
    case .array(let sources):
      for source in sources { append(source, to: &steps) }
      steps.append(.list(sources.count))
    case .external, .parameter, .argument, .container, .constant, .provider, .lazy, .none:
      steps.append(.plain(source))
    }
  }
}
