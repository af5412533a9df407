/// The arguments an untyped factory asks for by label.
///
/// ```swift
/// try registry.register(WeatherReportViewController.self) { arguments in
///   WeatherReportViewController(view: try arguments("view"), client: try arguments("client"))
/// }
/// ```
///
/// The values are confined to the factory call that receives them.
public struct FactoryArguments {
  let values: [(label: String, value: Any)]
  let serviceID: String

  /// The values built for `linked`'s initializer, under its labels.
  init(_ built: some Sequence<Instance>, of linked: LinkedService) {
    values = zip(linked.labels, built).map { (label: $0, value: $1.any) }
    serviceID = linked.service.id
  }

  /// The value for `label`, converted to `T`.
  ///
  /// - Throws: ``ResolutionError`` when the graph file gives no argument with that label, or
  ///   its value is not a `T`.
  public func callAsFunction<T>(_ label: String, as type: T.Type = T.self) throws -> T {
    guard let entry = values.first(where: { $0.label == label }) else {
      throw ResolutionError(
        .missingArgument,
        "the factory of '\(serviceID)' asks for '\(label)', which its 'init' does not give; "
          + "add '\(label)' to the service's 'init' in the graph file (it has: \(labels))")
    }
    return try ValueConversion.convert(entry.value, to: T.self, what: "argument '\(label)' of '\(serviceID)'")
  }

  /// The labels the graph file gives, in order.
  public var labels: [String] { values.map(\.label) }
}
